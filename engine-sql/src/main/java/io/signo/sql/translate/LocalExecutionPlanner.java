package io.signo.sql.translate;

import io.signo.core.driver.DriverFactory;
import io.signo.core.exchange.Exchange;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSinkOperator;
import io.signo.core.exchange.ExchangeSourceOperator;
import io.signo.core.exchange.LocalExchange;
import io.signo.core.operator.FilterProjectOperator.FilterProjectOperatorFactory;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.core.operator.LimitOperator.LimitOperatorFactory;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.PageCollectorOperator;
import io.signo.core.operator.TableScanOperator;
import io.signo.core.operator.ValuesOperator.ValuesOperatorFactory;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.join.JoinType;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.core.operator.join.NestedLoopJoinOperator.NestedLoopJoinOperatorFactory;
import io.signo.core.operator.sort.OrderByOperator.OrderByOperatorFactory;
import io.signo.core.operator.sort.TopNOperator.TopNOperatorFactory;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.LimitNode;
import io.signo.sql.rel.NestedLoopJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.SortNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.TopNNode;
import io.signo.sql.rel.ValuesNode;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * Cuts a physical plan into pipelines of operator factories for the nodes of a cluster. A pipeline
 * ends at a pipeline breaker (hash build, exchange sink, the result); exchanges connect pipelines.
 *
 * <p>Workers 0 .. n-1 each read their share of every partitioned table (partition p lives on worker
 * p mod n) and run the parallel stages with their own drivers; SINGLE stages run on the
 * coordinator, which in a cluster of one is worker 0 itself. This planner instantiates every node
 * in this process, wiring the exchanges between them in memory: the same plan that runs over the
 * network when the nodes are processes.
 */
public final class LocalExecutionPlanner
{
    /** Bytes an in-process exchange buffers before its producers wait. */
    private static final long EXCHANGE_BUFFER_BYTES = 64L << 20;

    private final int workerCount;
    private final int driversPerNode;
    private final List<DriverFactory> pipelines = new ArrayList<>();
    private final Map<ExchangeNode, Exchange> remoteExchanges = new IdentityHashMap<>();

    public LocalExecutionPlanner(int parallelism)
    {
        this(1, parallelism);
    }

    public LocalExecutionPlanner(int workerCount, int driversPerNode)
    {
        if (workerCount < 1 || driversPerNode < 1) {
            throw new IllegalArgumentException("need at least one worker and one driver per node");
        }
        this.workerCount = workerCount;
        this.driversPerNode = driversPerNode;
    }

    /** The pipelines of every node that run the plan and collect its result pages into {@code result}. */
    public List<DriverFactory> plan(PlanNode root, PageCollectorOperator.ResultPages result)
    {
        Pipeline pipeline = visit(root, coordinator());
        pipeline.factories.add(new PageCollectorOperator.Factory(result));
        close(pipeline);
        return List.copyOf(pipelines);
    }

    private int coordinator()
    {
        return workerCount == 1 ? 0 : workerCount;
    }

    private List<Integer> nodesRunning(PlanNode node)
    {
        if (node.distribution().isSingle()) {
            return List.of(coordinator());
        }
        List<Integer> workers = new ArrayList<>();
        for (int i = 0; i < workerCount; i++) {
            workers.add(i);
        }
        return workers;
    }

    private static final class Pipeline
    {
        final List<OperatorFactory> factories = new ArrayList<>();
        final int driverCount;

        Pipeline(OperatorFactory source, int driverCount)
        {
            factories.add(source);
            this.driverCount = driverCount;
        }
    }

    private void close(Pipeline pipeline)
    {
        pipelines.add(new DriverFactory(pipelines.size(), pipeline.factories, pipeline.driverCount));
    }

    private Pipeline visit(PlanNode node, int nodeIndex)
    {
        return switch (node) {
            case TableScanNode scan -> {
                boolean single = scan.distribution().isSingle();
                List<Segment> segments = new ArrayList<>();
                for (Partition partition : scan.table().partitions()) {
                    if (single || partition.index() % workerCount == nodeIndex) {
                        segments.addAll(partition.segments());
                    }
                }
                int drivers = single ? 1 : Math.max(1, Math.min(driversPerNode, segments.size()));
                yield new Pipeline(new TableScanOperator.Factory(scan.table().name(), new TableScanOperator.SegmentCursor(segments), scan.columns(), scan.predicate()), drivers);
            }
            case FilterProjectNode filterProject -> {
                Pipeline pipeline = visit(filterProject.source(), nodeIndex);
                PageFilter filter = filterProject.filter() == null ? null : new PageFilter(filterProject.filter());
                pipeline.factories.add(new FilterProjectOperatorFactory(new PageProcessor(filter, filterProject.projections())));
                yield pipeline;
            }
            case AggregationNode aggregation -> {
                Pipeline pipeline = visit(aggregation.source(), nodeIndex);
                pipeline.factories.add(new HashAggregationOperatorFactory(aggregation.groupChannels(), aggregation.groupTypes(), aggregation.calls(), aggregation.step()));
                yield pipeline;
            }
            case HashJoinNode join -> {
                Pipeline build = visit(join.build(), nodeIndex);
                JoinBridge bridge = new JoinBridge();
                build.factories.add(new HashBuilderOperatorFactory(bridge, join.buildKeys(), join.build().outputTypes(), build.driverCount));
                close(build);
                Pipeline probe = visit(join.probe(), nodeIndex);
                boolean outputBuild = join.joinType() == JoinType.INNER || join.joinType() == JoinType.LEFT;
                probe.factories.add(new LookupJoinOperatorFactory(bridge, join.joinType(), join.probeKeys(), join.probe().outputTypes(),
                        range(join.probe().outputTypes().size()), outputBuild ? range(join.build().outputTypes().size()) : List.of(), join.residual()));
                yield probe;
            }
            case NestedLoopJoinNode join -> {
                Pipeline build = visit(join.build(), nodeIndex);
                JoinBridge bridge = new JoinBridge();
                build.factories.add(new HashBuilderOperatorFactory(bridge, List.of(), join.build().outputTypes(), build.driverCount));
                close(build);
                Pipeline probe = visit(join.probe(), nodeIndex);
                probe.factories.add(new NestedLoopJoinOperatorFactory(bridge, join.joinType(), join.probe().outputTypes(),
                        range(join.probe().outputTypes().size()), range(join.build().outputTypes().size()), join.residual()));
                yield probe;
            }
            case SortNode sort -> {
                Pipeline pipeline = visit(sort.source(), nodeIndex);
                pipeline.factories.add(new OrderByOperatorFactory(sort.sortChannels(), sort.orders(), sort.outputTypes()));
                yield pipeline;
            }
            case TopNNode topN -> {
                Pipeline pipeline = visit(topN.source(), nodeIndex);
                pipeline.factories.add(new TopNOperatorFactory((int) Math.min(topN.count(), Integer.MAX_VALUE), topN.sortChannels(), topN.orders(), topN.outputTypes()));
                yield pipeline;
            }
            case LimitNode limit -> {
                Pipeline pipeline = visit(limit.source(), nodeIndex);
                pipeline.factories.add(new LimitOperatorFactory(limit.limit(), limit.offset()));
                yield pipeline;
            }
            case ValuesNode values -> new Pipeline(new ValuesOperatorFactory(values.pages()), 1);
            case ExchangeNode exchange when exchange.scope() == ExchangeNode.Scope.LOCAL -> localExchange(exchange, nodeIndex);
            case ExchangeNode exchange -> remoteExchangeConsumer(exchange, nodeIndex);
        };
    }

    /** An exchange between the drivers of one node: its own producers feed its own consumers. */
    private Pipeline localExchange(ExchangeNode exchange, int nodeIndex)
    {
        List<Pipeline> producers = new ArrayList<>();
        for (PlanNode source : exchange.sources()) {
            producers.add(visit(source, nodeIndex));
        }
        int partitions = exchange.kind() == ExchangeKind.GATHER ? 1 : driversPerNode;
        LocalExchange localExchange = new LocalExchange(exchange.kind(), partitions, driverCount(producers), channels(exchange), EXCHANGE_BUFFER_BYTES);
        for (Pipeline producer : producers) {
            producer.factories.add(new ExchangeSinkOperator.Factory(localExchange));
            close(producer);
        }
        return new Pipeline(new ExchangeSourceOperator.Factory(localExchange), partitions);
    }

    /**
     * The consuming side, on one node, of an exchange between nodes. The producers are planned once,
     * on every node their distribution puts them on, when the first consumer asks.
     */
    private Pipeline remoteExchangeConsumer(ExchangeNode exchange, int nodeIndex)
    {
        Exchange shared = remoteExchanges.computeIfAbsent(exchange, this::remoteExchange);
        if (exchange.kind() == ExchangeKind.GATHER) {
            return new Pipeline(new ExchangeSourceOperator.Factory(shared, 0), 1);
        }
        return new Pipeline(new ExchangeSourceOperator.Factory(shared, nodeIndex * driversPerNode), driversPerNode);
    }

    private Exchange remoteExchange(ExchangeNode exchange)
    {
        List<Pipeline> producers = new ArrayList<>();
        for (PlanNode source : exchange.sources()) {
            for (int node : nodesRunning(source)) {
                producers.add(visit(source, node));
            }
        }
        int partitions = exchange.kind() == ExchangeKind.GATHER ? 1 : workerCount * driversPerNode;
        int partitionsPerNode = exchange.kind() == ExchangeKind.GATHER ? 1 : driversPerNode;
        LocalExchange inMemory = new LocalExchange(exchange.kind(), partitions, partitionsPerNode, driverCount(producers), channels(exchange), EXCHANGE_BUFFER_BYTES);
        for (Pipeline producer : producers) {
            producer.factories.add(new ExchangeSinkOperator.Factory(inMemory));
            close(producer);
        }
        return inMemory;
    }

    private static int driverCount(List<Pipeline> pipelines)
    {
        int count = 0;
        for (Pipeline pipeline : pipelines) {
            count += pipeline.driverCount;
        }
        return count;
    }

    private static int[] channels(ExchangeNode exchange)
    {
        return exchange.hashChannels().stream().mapToInt(Integer::intValue).toArray();
    }

    private static List<Integer> range(int count)
    {
        List<Integer> channels = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            channels.add(i);
        }
        return channels;
    }
}
