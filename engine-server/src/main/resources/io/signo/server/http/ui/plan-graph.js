// Draws a query's physical plan (the planTree of GET /v1/queries/{id}) as an SVG graph: operators as
// boxes from the root at the top down to the scans, each stage as a dashed box around its operators,
// and on every remote exchange the counters it sent. Under the planner's estimate each operator shows
// what it did (its actual rows, the time in its calls and its peak memory, summed over drivers and
// workers) once its drivers counted it. Plain DOM calls; no text is parsed as HTML.
"use strict";

const SignoPlanGraph = (() => {
  const SVG = "http://www.w3.org/2000/svg";
  const NODE_WIDTH = 230;
  const NODE_HEIGHT = 78;
  const GAP_X = 24;
  const GAP_Y = 46;
  const MARGIN = 28;

  function element(name, attributes, text) {
    const node = document.createElementNS(SVG, name);
    for (const [key, value] of Object.entries(attributes || {})) {
      node.setAttribute(key, String(value));
    }
    if (text !== undefined) {
      node.textContent = text;
    }
    return node;
  }

  function shorten(text, length) {
    return text.length <= length ? text : text.slice(0, length - 1) + "\u2026";
  }

  function formatCount(value) {
    if (value === null || value === undefined) {
      return "?";
    }
    return Number(value).toLocaleString("en-US");
  }

  function formatBytes(bytes) {
    const units = ["B", "kB", "MB", "GB", "TB"];
    let value = Number(bytes);
    let unit = 0;
    while (value >= 1024 && unit < units.length - 1) {
      value /= 1024;
      unit++;
    }
    return (unit === 0 ? value : value.toFixed(1)) + " " + units[unit];
  }

  function formatMillis(millis) {
    const value = Number(millis);
    return value < 10 ? value.toFixed(2) + " ms" : value < 10000 ? value.toFixed(0) + " ms" : (value / 1000).toFixed(1) + " s";
  }

  // The sum of the actual rows over the tree: changes whenever an operator's counters do.
  function actualRowsTotal(node) {
    if (!node) {
      return 0;
    }
    let total = node.actual ? node.actual.rows + node.actual.inputRows : 0;
    for (const source of node.sources || []) {
      total += actualRowsTotal(source);
    }
    return total;
  }

  // Lays the tree out: leaves side by side, each parent centred over its sources.
  function layout(root) {
    const placed = [];
    let nextLeafX = 0;
    function place(node, depth) {
      const sources = node.sources || [];
      let x;
      if (sources.length === 0) {
        x = nextLeafX;
        nextLeafX += NODE_WIDTH + GAP_X;
      } else {
        const children = sources.map((source) => place(source, depth + 1));
        x = (children[0].x + children[children.length - 1].x) / 2;
      }
      const item = { node, x, y: depth * (NODE_HEIGHT + GAP_Y), sources: [] };
      item.sources = sources.map((source) => placed.find((p) => p.node === source));
      placed.push(item);
      return item;
    }
    place(root, 0);
    return placed;
  }

  // Sums the counters of an exchange over the nodes that reported them.
  function exchangeTotals(exchanges) {
    const totals = new Map();
    for (const counters of exchanges || []) {
      const total = totals.get(counters.exchange) || { bytesSent: 0, pagesSent: 0 };
      total.bytesSent += counters.bytesSent;
      total.pagesSent += counters.pagesSent;
      totals.set(counters.exchange, total);
    }
    return totals;
  }

  function render(container, tree, exchanges) {
    container.replaceChildren();
    if (!tree) {
      const note = document.createElement("p");
      note.className = "muted";
      note.textContent = "No plan yet: the statement is being planned, or it has none (SET, DDL).";
      container.append(note);
      return;
    }
    const placed = layout(tree);
    const totals = exchangeTotals(exchanges);
    const width = Math.max(...placed.map((p) => p.x)) + NODE_WIDTH + 2 * MARGIN;
    const height = Math.max(...placed.map((p) => p.y)) + NODE_HEIGHT + 2 * MARGIN;
    const svg = element("svg", { width, height, viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": "query plan", id: "plan-graph" });

    // stages behind everything
    const stages = new Map();
    for (const item of placed) {
      const stage = item.node.stage;
      const box = stages.get(stage) || { minX: Infinity, minY: Infinity, maxX: -Infinity, maxY: -Infinity };
      box.minX = Math.min(box.minX, item.x);
      box.minY = Math.min(box.minY, item.y);
      box.maxX = Math.max(box.maxX, item.x + NODE_WIDTH);
      box.maxY = Math.max(box.maxY, item.y + NODE_HEIGHT);
      stages.set(stage, box);
    }
    const runsOn = new Map([[0, "coordinator"]]);
    for (const item of placed) {
      if (item.node.sourceStageRunsOn) {
        for (const source of item.node.sources) {
          runsOn.set(source.stage, item.node.sourceStageRunsOn);
        }
      }
    }
    for (const [stage, box] of [...stages.entries()].sort((a, b) => a[0] - b[0])) {
      const group = element("g", { class: "stage", "data-stage": stage });
      group.append(element("rect", { class: "stage", x: MARGIN + box.minX - 10, y: MARGIN + box.minY - 20, width: box.maxX - box.minX + 20, height: box.maxY - box.minY + 28, rx: 6 }));
      group.append(element("text", { class: "stage", x: MARGIN + box.minX - 4, y: MARGIN + box.minY - 6 }, `Stage ${stage} on ${runsOn.get(stage) === "workers" ? "every worker" : "the coordinator"}`));
      svg.append(group);
    }

    for (const item of placed) {
      for (const source of item.sources) {
        const fromX = MARGIN + item.x + NODE_WIDTH / 2;
        const fromY = MARGIN + item.y + NODE_HEIGHT;
        const toX = MARGIN + source.x + NODE_WIDTH / 2;
        const toY = MARGIN + source.y;
        const middle = (fromY + toY) / 2;
        svg.append(element("path", { class: "edge", d: `M${toX},${toY} C${toX},${middle} ${fromX},${middle} ${fromX},${fromY}` }));
      }
    }

    for (const item of placed) {
      const node = item.node;
      const isExchange = node.exchange !== undefined;
      const group = element("g", { class: "operator", "data-operator": node.name, "data-stage": node.stage, transform: `translate(${MARGIN + item.x},${MARGIN + item.y})` });
      group.append(element("title", {}, node.description));
      group.append(element("rect", { class: isExchange ? "node exchange" : "node", width: NODE_WIDTH, height: NODE_HEIGHT, rx: 5 }));
      const title = node.sharedRef !== undefined ? `shared ${node.sharedRef}, computed once` : (node.shared !== undefined ? `shared ${node.shared}: ` : "") + node.name;
      group.append(element("text", { class: "name", x: 8, y: 17 }, shorten(title, 32)));
      const argumentsText = node.description.slice(node.name.length);
      group.append(element("text", { class: "detail", x: 8, y: 33 }, shorten(argumentsText, 36)));
      let line = `est. rows ${formatCount(node.estimatedRows)} \u00b7 ${node.distribution}`;
      if (isExchange) {
        const total = totals.get(node.exchange);
        line = total ? `exchange ${node.exchange}: ${formatBytes(total.bytesSent)}, ${formatCount(total.pagesSent)} pages` : `exchange ${node.exchange} \u00b7 est. rows ${formatCount(node.estimatedRows)}`;
      }
      group.append(element("text", { class: "detail", x: 8, y: 50 }, shorten(line, 38)));
      const actual = node.actual;
      if (actual) {
        group.dataset.actualRows = actual.rows;
        const text = `actual ${formatCount(actual.rows)} rows \u00b7 ${formatMillis(actual.wallMillis)} \u00b7 ${formatBytes(actual.peakMemoryBytes)}`;
        const actualLine = element("text", { class: "actual", x: 8, y: 67 }, shorten(text, 38));
        group.append(actualLine);
        const operators = (actual.operators || []).map((o) => `${o.operator}: ${formatCount(o.inputRows)} rows in, ${formatCount(o.outputRows)} out, `
          + `wall ${formatMillis(o.wallMillis)}, cpu ${formatMillis(o.cpuMillis)}, peak ${formatBytes(o.peakMemoryBytes)}, ${o.instances} instance${o.instances === 1 ? "" : "s"}`);
        group.querySelector("title").textContent = node.description + "\n" + operators.join("\n");
      }
      svg.append(group);
    }
    container.append(svg);
  }

  return { render, formatBytes, formatCount, actualRowsTotal };
})();
