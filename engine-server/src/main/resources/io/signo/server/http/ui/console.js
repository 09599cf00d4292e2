// The Signo web console: the query list and the cluster's nodes (#/), one query's page (#/query/ID)
// with its SQL, its plan as a graph, its exchange counters and a cancel button. Everything comes
// from the REST API; with a token configured on the server, the token typed into the login form is
// kept in this tab's session storage and sent as "Authorization: Bearer" with every request.
"use strict";

(() => {
  const TOKEN_KEY = "signo.token";
  const REFRESH_MILLIS = 1000;
  let timer = null;

  const $ = (id) => document.getElementById(id);

  class Unauthorized extends Error {}

  async function api(method, path) {
    const headers = { Accept: "application/json" };
    const token = sessionStorage.getItem(TOKEN_KEY);
    if (token) {
      headers.Authorization = "Bearer " + token;
    }
    const response = await fetch(path, { method, headers, cache: "no-store" });
    if (response.status === 401) {
      throw new Unauthorized("the server requires a token");
    }
    if (response.status === 204) {
      return null;
    }
    const body = await response.json().catch(() => null);
    if (!response.ok) {
      const error = new Error(body && body.error ? body.error : `${method} ${path} answered ${response.status}`);
      error.status = response.status;
      throw error;
    }
    return body;
  }

  function cell(row, text, className) {
    const td = document.createElement("td");
    td.textContent = text;
    if (className) {
      td.className = className;
    }
    row.append(td);
    return td;
  }

  function stateBadge(state) {
    const span = document.createElement("span");
    span.className = "state " + state;
    span.textContent = state;
    return span;
  }

  function formatMillis(millis) {
    if (millis < 1000) {
      return millis + " ms";
    }
    const seconds = millis / 1000;
    if (seconds < 60) {
      return seconds.toFixed(1) + " s";
    }
    return Math.floor(seconds / 60) + " min " + Math.round(seconds % 60) + " s";
  }

  function isRunning(state) {
    return state === "RUNNING" || state === "PLANNING";
  }

  function show(section) {
    for (const id of ["login", "overview", "query"]) {
      $(id).hidden = id !== section;
    }
    $("logout").hidden = !sessionStorage.getItem(TOKEN_KEY);
  }

  function status(text) {
    $("status").textContent = text || "";
  }

  async function cancel(id) {
    try {
      await api("DELETE", "/v1/queries/" + encodeURIComponent(id));
      status("");
    } catch (e) {
      status("Cancel failed: " + e.message);
    }
    refresh();
  }

  function cancelButton(id) {
    const button = document.createElement("button");
    button.type = "button";
    button.className = "danger cancel";
    button.textContent = "Cancel";
    button.addEventListener("click", (event) => {
      event.preventDefault();
      button.disabled = true;
      cancel(id);
    });
    return button;
  }

  async function renderOverview() {
    const [info, queries, cluster] = await Promise.all([api("GET", "/v1/info"), api("GET", "/v1/queries"), api("GET", "/v1/cluster")]);
    $("server-info").textContent = `version ${info.version} \u00b7 ${info.state} \u00b7 ${info.nodeCount} node${info.nodeCount === 1 ? "" : "s"} \u00b7 ${info.runningQueries} running`;
    const body = $("queries").tBodies[0];
    body.replaceChildren();
    for (const query of queries.queries) {
      const row = document.createElement("tr");
      row.dataset.queryId = query.id;
      row.dataset.state = query.state;
      const link = document.createElement("a");
      link.href = "#/query/" + encodeURIComponent(query.id);
      link.textContent = query.id;
      cell(row, "").append(link);
      cell(row, "").append(stateBadge(query.state));
      cell(row, query.user);
      cell(row, formatMillis(query.elapsedMillis), "number");
      cell(row, SignoPlanGraph.formatCount(query.rows), "number");
      cell(row, SignoPlanGraph.formatBytes(query.bytes), "number");
      cell(row, SignoPlanGraph.formatBytes(query.memoryBytes), "number memory");
      cell(row, SignoPlanGraph.formatBytes(query.peakMemoryBytes), "number peak-memory");
      const sql = cell(row, query.sql, "sql");
      sql.title = query.sql;
      const actions = cell(row, "");
      if (isRunning(query.state)) {
        actions.append(cancelButton(query.id));
      }
      body.append(row);
    }
    $("queries-empty").hidden = queries.queries.length > 0;
    const nodes = $("nodes").tBodies[0];
    nodes.replaceChildren();
    for (const node of cluster.nodes) {
      const row = document.createElement("tr");
      row.dataset.address = node.address;
      cell(row, node.address);
      cell(row, node.role);
      cell(row, node.state);
      cell(row, node.heapUsedBytes < 0 ? "not reported" : SignoPlanGraph.formatBytes(node.heapUsedBytes), "number");
      cell(row, node.heapMaxBytes < 0 ? "not reported" : SignoPlanGraph.formatBytes(node.heapMaxBytes), "number");
      cell(row, node.lastHeartbeat ? new Date(node.lastHeartbeat).toLocaleTimeString() : "");
      nodes.append(row);
    }
    show("overview");
  }

  let drawnPlanFor = null;

  async function renderQuery(id) {
    let query;
    try {
      query = await api("GET", "/v1/queries/" + encodeURIComponent(id));
    } catch (e) {
      if (e.status === 404) {
        show("query");
        $("query-id").textContent = id;
        $("query-error").textContent = e.message;
        return;
      }
      throw e;
    }
    $("query-id").textContent = query.id;
    $("query-state").replaceChildren(stateBadge(query.state));
    $("query-state").dataset.state = query.state;
    $("cancel").hidden = !isRunning(query.state);
    $("cancel").disabled = false;
    $("cancel").dataset.queryId = query.id;
    const facts = $("query-facts");
    facts.replaceChildren();
    for (const [name, value] of [["user", query.user], ["created", new Date(query.created).toLocaleString()], ["elapsed", formatMillis(query.elapsedMillis)],
      ["rows", SignoPlanGraph.formatCount(query.rows)], ["bytes", SignoPlanGraph.formatBytes(query.bytes)],
      ["memory", SignoPlanGraph.formatBytes(query.memoryBytes)], ["peak memory", SignoPlanGraph.formatBytes(query.peakMemoryBytes)]]) {
      const dt = document.createElement("dt");
      dt.textContent = name;
      const dd = document.createElement("dd");
      dd.textContent = value;
      facts.append(dt, dd);
    }
    $("query-error").textContent = query.error ? `${query.error.code}: ${query.error.message}` : "";
    $("query-sql").textContent = query.sql;
    $("plan-text").textContent = (query.plan || []).join("\n");
    // redrawn while the plan is missing or the counters may still change, not on every refresh
    const planKey = query.id + ":" + (query.planTree ? "plan" : "none") + ":" + query.exchanges.length + ":" + query.state + ":" + SignoPlanGraph.actualRowsTotal(query.planTree);
    if (drawnPlanFor !== planKey) {
      SignoPlanGraph.render($("plan"), query.planTree, query.exchanges);
      drawnPlanFor = planKey;
    }
    const body = $("exchanges").tBodies[0];
    body.replaceChildren();
    for (const e of query.exchanges) {
      const row = document.createElement("tr");
      cell(row, String(e.exchange));
      cell(row, SignoPlanGraph.formatBytes(e.bytesSent), "number");
      cell(row, SignoPlanGraph.formatBytes(e.uncompressedBytesSent), "number");
      cell(row, SignoPlanGraph.formatCount(e.pagesSent), "number");
      cell(row, SignoPlanGraph.formatBytes(e.bytesReceived), "number");
      cell(row, SignoPlanGraph.formatCount(e.pagesReceived), "number");
      cell(row, SignoPlanGraph.formatCount(e.messagesSent), "number");
      cell(row, SignoPlanGraph.formatCount(e.compressedMessagesSent), "number");
      cell(row, formatMillis(e.blockedOnWriteMillis), "number");
      cell(row, formatMillis(e.waitingForCreditMillis), "number");
      cell(row, formatMillis(e.consumerIdleMillis), "number");
      cell(row, SignoPlanGraph.formatBytes(e.peakBufferedBytes), "number");
      body.append(row);
    }
    $("exchanges-empty").hidden = query.exchanges.length > 0;
    show("query");
  }

  async function refresh() {
    clearTimeout(timer);
    const route = location.hash.replace(/^#/, "");
    try {
      if (route.startsWith("/query/")) {
        await renderQuery(decodeURIComponent(route.slice("/query/".length)));
      } else {
        await renderOverview();
      }
      status("");
      timer = setTimeout(refresh, REFRESH_MILLIS);
    } catch (e) {
      if (e instanceof Unauthorized) {
        show("login");
        $("token").focus();
        return;
      }
      status("The server did not answer: " + e.message);
      timer = setTimeout(refresh, REFRESH_MILLIS * 3);
    }
  }

  $("login-form").addEventListener("submit", async (event) => {
    event.preventDefault();
    sessionStorage.setItem(TOKEN_KEY, $("token").value.trim());
    $("token").value = "";
    try {
      await api("GET", "/v1/queries");
      $("login-error").textContent = "";
      refresh();
    } catch (e) {
      sessionStorage.removeItem(TOKEN_KEY);
      $("login-error").textContent = e instanceof Unauthorized ? "The server refused this token." : e.message;
    }
  });
  $("logout").addEventListener("click", () => {
    sessionStorage.removeItem(TOKEN_KEY);
    refresh();
  });
  $("cancel").addEventListener("click", () => {
    $("cancel").disabled = true;
    cancel($("cancel").dataset.queryId);
  });
  window.addEventListener("hashchange", () => {
    drawnPlanFor = null;
    refresh();
  });
  refresh();
})();
