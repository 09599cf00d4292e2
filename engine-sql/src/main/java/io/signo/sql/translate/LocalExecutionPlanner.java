package io.signo.sql.translate;

import io.signo.core.driver.DriverFactory;
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
import java.util.List;

/**
 * Cuts a physical plan into pipelines of operator factories. A pipeline ends at a pipeline breaker
 * (hash build, exchange sink, the result); exchanges connect pipelines in memory, since in one
 * process the cluster has one node.
 */
public final class LocalExecutionPlanner
{
    /** Bytes an in-process exchange buffers before its producers wait. */
    private static final long EXCHANGE_BUFFER_BYTES = 64L << 20;

    private final int parallelism;
    private final List<DriverFactory> pipelines = new ArrayList<>();

    public LocalExecutionPlanner(int parallelism)
    {
        this.parallelism = parallelism;
    }

    /** The pipelines that run the plan and collect its result pages into {@code result}. */
    public List<DriverFactory> plan(PlanNode root, PageCollectorOperator.ResultPages result)
    {
        Pipeline pipeline = visit(root);
        pipeline.factories.add(new PageCollectorOperator.Factory(result));
        close(pipeline);
        return List.copyOf(pipelines);
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

    private Pipeline visit(PlanNode node)
    {
        return switch (node) {
            case TableScanNode scan -> {
                List<Segment> segments = new ArrayList<>();
                for (Partition partition : scan.table().partitions()) {
                    segments.addAll(partition.segments());
                }
                int drivers = Math.max(1, Math.min(parallelism, segments.size()));
                yield new Pipeline(new TableScanOperator.Factory(scan.table().name(), new TableScanOperator.SegmentCursor(segments), scan.columns(), scan.predicate()), drivers);
            }
            case FilterProjectNode filterProject -> {
                Pipeline pipeline = visit(filterProject.source());
                PageFilter filter = filterProject.filter() == null ? null : new PageFilter(filterProject.filter());
                pipeline.factories.add(new FilterProjectOperatorFactory(new PageProcessor(filter, filterProject.projections())));
                yield pipeline;
            }
            case AggregationNode aggregation -> {
                Pipeline pipeline = visit(aggregation.source());
                pipeline.factories.add(new HashAggregationOperatorFactory(aggregation.groupChannels(), aggregation.groupTypes(), aggregation.calls(), aggregation.step()));
                yield pipeline;
            }
            case HashJoinNode join -> {
                Pipeline build = visit(join.build());
                JoinBridge bridge = new JoinBridge();
                build.factories.add(new HashBuilderOperatorFactory(bridge, join.buildKeys(), join.build().outputTypes(), build.driverCount));
                close(build);
                Pipeline probe = visit(join.probe());
                boolean outputBuild = join.joinType() == JoinType.INNER || join.joinType() == JoinType.LEFT;
                probe.factories.add(new LookupJoinOperatorFactory(bridge, join.joinType(), join.probeKeys(), join.probe().outputTypes(),
                        range(join.probe().outputTypes().size()), outputBuild ? range(join.build().outputTypes().size()) : List.of(), join.residual()));
                yield probe;
            }
            case NestedLoopJoinNode join -> {
                Pipeline build = visit(join.build());
                JoinBridge bridge = new JoinBridge();
                build.factories.add(new HashBuilderOperatorFactory(bridge, List.of(), join.build().outputTypes(), build.driverCount));
                close(build);
                Pipeline probe = visit(join.probe());
                probe.factories.add(new NestedLoopJoinOperatorFactory(bridge, join.joinType(), join.probe().outputTypes(),
                        range(join.probe().outputTypes().size()), range(join.build().outputTypes().size()), join.residual()));
                yield probe;
            }
            case SortNode sort -> {
                Pipeline pipeline = visit(sort.source());
                pipeline.factories.add(new OrderByOperatorFactory(sort.sortChannels(), sort.orders(), sort.outputTypes()));
                yield pipeline;
            }
            case TopNNode topN -> {
                Pipeline pipeline = visit(topN.source());
                pipeline.factories.add(new TopNOperatorFactory((int) Math.min(topN.count(), Integer.MAX_VALUE), topN.sortChannels(), topN.orders(), topN.outputTypes()));
                yield pipeline;
            }
            case LimitNode limit -> {
                Pipeline pipeline = visit(limit.source());
                pipeline.factories.add(new LimitOperatorFactory(limit.limit(), limit.offset()));
                yield pipeline;
            }
            case ValuesNode values -> new Pipeline(new ValuesOperatorFactory(values.pages()), 1);
            case ExchangeNode exchange -> {
                List<Pipeline> producers = new ArrayList<>();
                for (PlanNode source : exchange.sources()) {
                    producers.add(visit(source));
                }
                int producerCount = 0;
                for (Pipeline producer : producers) {
                    producerCount += producer.driverCount;
                }
                int partitions = exchange.kind() == ExchangeKind.GATHER ? 1 : parallelism;
                int[] hashChannels = exchange.hashChannels().stream().mapToInt(Integer::intValue).toArray();
                LocalExchange localExchange = new LocalExchange(exchange.kind(), partitions, producerCount, hashChannels, EXCHANGE_BUFFER_BYTES);
                for (Pipeline producer : producers) {
                    producer.factories.add(new ExchangeSinkOperator.Factory(localExchange));
                    close(producer);
                }
                yield new Pipeline(new ExchangeSourceOperator.Factory(localExchange), partitions);
            }
        };
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
