package io.signo.server.http;

import io.signo.core.driver.OperatorStatistics;
import io.signo.server.cluster.ExchangeCounters;
import io.signo.server.query.ManagedQuery;
import io.signo.server.query.NodeInfo;
import io.signo.sql.QuerySteps;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.PlanNodeNumbers;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.error.SignoException;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** How the REST API shows statements and nodes: JSON objects as ordered maps, field names as in the OpenAPI document. */
final class QueryJson
{
    /** A stage header as {@link io.signo.sql.translate.PlanPrinter} writes it: {@code Stage 2 on every worker}. */
    private static final Pattern STAGE = Pattern.compile("^\\s*Stage (\\d+) on (.+)$");

    private QueryJson() {}

    static Map<String, Object> summary(ManagedQuery query)
    {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("id", query.id());
        json.put("user", query.user());
        json.put("state", query.state().name());
        json.put("sql", query.sql());
        json.put("created", query.created().toString());
        json.put("elapsedMillis", query.elapsed().toMillis());
        json.put("rows", query.rows());
        json.put("bytes", query.bytes());
        json.put("memoryBytes", query.memoryBytes());
        json.put("peakMemoryBytes", query.peakMemoryBytes());
        json.put("error", error(query.error()));
        return json;
    }

    static Map<String, Object> detail(ManagedQuery query)
    {
        Map<String, Object> json = summary(query);
        List<String> plan = query.plan();
        json.put("plan", plan);
        json.put("stages", stages(plan));
        PlanNode root = query.planRoot();
        json.put("planTree", root == null ? null : new PlanTree(query.operators()).node(root, 0));
        List<Map<String, Object>> exchanges = new ArrayList<>();
        for (ExchangeCounters counters : query.exchanges()) {
            exchanges.add(exchange(counters));
        }
        json.put("exchanges", exchanges);
        List<Map<String, Object>> steps = new ArrayList<>();
        for (QuerySteps.Step step : query.steps()) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("node", step.node());
            entry.put("step", step.name());
            entry.put("millis", Math.round(step.millis() * 1000) / 1000.0);
            steps.add(entry);
        }
        json.put("steps", steps);
        return json;
    }

    /**
     * The physical plan as nested JSON objects, for the console's graph: each node with its operator
     * name, its description, the planner's row estimate, its distribution and the stage it runs in
     * (numbered as EXPLAIN numbers them); a remote exchange also with its id, the {@code exchange} of
     * its counters. A node that several parents read is given whole under the first, with a
     * {@code shared} number, and as {@code sharedRef} under the others. Each node's {@code actual}
     * holds what its operators did so far, summed over drivers and nodes (null before any of them
     * counted), as EXPLAIN ANALYZE prints it.
     */
    private static final class PlanTree
    {
        private final Map<Integer, List<OperatorStatistics>> operators = new HashMap<>();
        private Map<PlanNode, Integer> planNodeIds;

        PlanTree(List<OperatorStatistics> statistics)
        {
            for (OperatorStatistics operator : statistics) {
                operators.computeIfAbsent(operator.planNodeId(), _ -> new ArrayList<>()).add(operator);
            }
        }

        private final Map<PlanNode, Integer> sharedNumbers = new IdentityHashMap<>();
        private final Set<PlanNode> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Set<PlanNode> shared = Collections.newSetFromMap(new IdentityHashMap<>());
        private final Map<ExchangeNode, Integer> exchangeIds = new IdentityHashMap<>();
        private int nextStage = 1;
        private int nextNode;

        Map<String, Object> node(PlanNode root, int stage)
        {
            planNodeIds = PlanNodeNumbers.of(root);
            findShared(root);
            numberExchanges(root);
            return visit(root, stage);
        }

        private void findShared(PlanNode node)
        {
            if (!seen.add(node)) {
                shared.add(node);
                return;
            }
            node.sources().forEach(this::findShared);
        }

        /** Remote exchanges numbered in a walk from the root, as the fragmenter numbers them. */
        private void numberExchanges(PlanNode node)
        {
            if (node instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE && !exchangeIds.containsKey(exchange)) {
                exchangeIds.put(exchange, exchangeIds.size());
            }
            node.sources().forEach(this::numberExchanges);
        }

        private Map<String, Object> visit(PlanNode node, int stage)
        {
            Map<String, Object> json = new LinkedHashMap<>();
            json.put("id", nextNode++);
            String description = node.describe();
            int bracket = description.indexOf('[');
            json.put("name", bracket < 0 ? description : description.substring(0, bracket));
            json.put("description", description);
            double rows = node.estimatedRows();
            json.put("estimatedRows", Double.isNaN(rows) || Double.isInfinite(rows) ? null : Math.round(rows));
            json.put("distribution", node.distribution().toString());
            json.put("stage", stage);
            json.put("actual", actual(operators.get(planNodeIds.get(node))));
            if (shared.contains(node)) {
                Integer number = sharedNumbers.get(node);
                if (number != null) {
                    json.put("sharedRef", number);
                    json.put("sources", List.of());
                    return json;
                }
                sharedNumbers.put(node, sharedNumbers.size() + 1);
                json.put("shared", sharedNumbers.get(node));
            }
            boolean remote = node instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE;
            if (remote) {
                json.put("exchange", exchangeIds.get((ExchangeNode) node));
            }
            List<Map<String, Object>> sources = new ArrayList<>();
            for (PlanNode source : node.sources()) {
                int sourceStage = stage;
                if (remote) {
                    sourceStage = nextStage++;
                    json.put("sourceStageRunsOn", source.distribution().isSingle() ? "coordinator" : "workers");
                }
                sources.add(visit(source, sourceStage));
            }
            json.put("sources", sources);
            return json;
        }
    }

    private static Map<String, Object> actual(List<OperatorStatistics> nodeOperators)
    {
        if (nodeOperators == null || nodeOperators.isEmpty()) {
            return null;
        }
        PlanPrinter.NodeActuals actuals = PlanPrinter.NodeActuals.of(nodeOperators);
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("rows", actuals.outputRows());
        json.put("pages", actuals.outputPages());
        json.put("inputRows", actuals.inputRows());
        json.put("wallMillis", actuals.wallNanos() / 1e6);
        json.put("cpuMillis", actuals.cpuNanos() / 1e6);
        json.put("peakMemoryBytes", actuals.peakMemoryBytes());
        List<Map<String, Object>> list = new ArrayList<>();
        for (OperatorStatistics operator : nodeOperators) {
            Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("operator", operator.operator());
            entry.put("instances", operator.instances());
            entry.put("inputRows", operator.inputRows());
            entry.put("inputPages", operator.inputPages());
            entry.put("outputRows", operator.outputRows());
            entry.put("outputPages", operator.outputPages());
            entry.put("wallMillis", operator.wallNanos() / 1e6);
            entry.put("cpuMillis", operator.cpuNanos() / 1e6);
            entry.put("peakMemoryBytes", operator.peakMemoryBytes());
            list.add(entry);
        }
        json.put("operators", list);
        return json;
    }

    private static Map<String, Object> error(SignoException error)
    {
        if (error == null) {
            return null;
        }
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("code", error.errorCode().name());
        json.put("message", error.getMessage());
        return json;
    }

    private static List<Map<String, Object>> stages(List<String> plan)
    {
        List<Map<String, Object>> stages = new ArrayList<>();
        for (String line : plan) {
            Matcher matcher = STAGE.matcher(line);
            if (matcher.matches()) {
                Map<String, Object> stage = new LinkedHashMap<>();
                stage.put("id", Integer.parseInt(matcher.group(1)));
                stage.put("runsOn", matcher.group(2).startsWith("every worker") ? "workers" : "coordinator");
                stages.add(stage);
            }
        }
        return stages;
    }

    private static Map<String, Object> exchange(ExchangeCounters counters)
    {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("exchange", counters.exchange());
        json.put("bytesSent", counters.bytesSent());
        json.put("pagesSent", counters.pagesSent());
        json.put("bytesReceived", counters.bytesReceived());
        json.put("pagesReceived", counters.pagesReceived());
        json.put("uncompressedBytesSent", counters.rawBytesSent());
        json.put("blockedOnWriteMillis", counters.blockedOnWriteNanos() / 1_000_000);
        json.put("waitingForCreditMillis", counters.waitingForCreditNanos() / 1_000_000);
        json.put("peakBufferedBytes", counters.peakBufferedBytes());
        json.put("messagesSent", counters.messagesSent());
        json.put("compressedMessagesSent", counters.compressedMessagesSent());
        json.put("consumerIdleMillis", counters.consumerIdleNanos() / 1_000_000);
        json.put("creditWaitWhileConsumerIdleMillis", counters.creditWaitWhileIdleNanos() / 1_000_000);
        json.put("largestWindowBytes", counters.largestWindowBytes());
        return json;
    }

    static Map<String, Object> node(NodeInfo node)
    {
        Map<String, Object> json = new LinkedHashMap<>();
        json.put("address", node.address());
        json.put("role", node.role());
        json.put("state", node.state());
        json.put("heapUsedBytes", node.heapUsedBytes());
        json.put("heapMaxBytes", node.heapMaxBytes());
        json.put("lastHeartbeat", node.lastHeartbeat() == null ? null : node.lastHeartbeat().toString());
        return json;
    }
}
