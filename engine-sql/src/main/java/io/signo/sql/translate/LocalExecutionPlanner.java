package io.signo.sql.translate;

import io.signo.core.driver.DriverFactory;
import io.signo.core.exchange.Exchange;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSinkOperator;
import io.signo.core.exchange.ExchangeSourceOperator;
import io.signo.core.exchange.LocalExchange;
import io.signo.core.exchange.ResultBuffer;
import io.signo.core.exchange.Spool;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.core.operator.FilterProjectOperator.FilterProjectOperatorFactory;
import io.signo.core.operator.LimitOperator.LimitOperatorFactory;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.PageCollectorOperator;
import io.signo.core.operator.RowIfEmptyOperator.RowIfEmptyOperatorFactory;
import io.signo.core.operator.TableScanOperator;
import io.signo.core.operator.ValuesOperator.ValuesOperatorFactory;
import io.signo.core.operator.aggregation.GroupIdOperator.GroupIdOperatorFactory;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.core.operator.join.BuildRowMarks;
import io.signo.core.operator.join.DistributedRuntimeFilter;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.core.operator.join.NestedLoopJoinOperator.NestedLoopJoinOperatorFactory;
import io.signo.core.operator.join.RightSemiJoinOperator.RightSemiJoinOperatorFactory;
import io.signo.core.operator.join.RuntimeFilterKeys;
import io.signo.core.operator.join.RuntimeFilterPublisher;
import io.signo.core.operator.join.RuntimeFilterSource;
import io.signo.core.operator.recursive.PageTable;
import io.signo.core.operator.recursive.PageTableScanOperator;
import io.signo.core.operator.recursive.PageTableSinkOperator;
import io.signo.core.operator.recursive.RecursiveUnionOperator;
import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.ConstraintTest;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.core.operator.sort.OrderByOperator.OrderByOperatorFactory;
import io.signo.core.operator.sort.TopNOperator.TopNOperatorFactory;
import io.signo.core.operator.window.TopNPerPartitionOperator.TopNPerPartitionOperatorFactory;
import io.signo.core.operator.window.WindowOperator.WindowOperatorFactory;
import io.signo.core.operator.write.TableWriterOperator;
import io.signo.sql.fragment.ExchangeLayout;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.fragment.SharedSplitScans;
import io.signo.sql.fragment.Stage;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.GroupIdNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.LimitNode;
import io.signo.sql.rel.NestedLoopJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.RecursionInputNode;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.RowIfEmptyNode;
import io.signo.sql.rel.SortNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.TableWriterNode;
import io.signo.sql.rel.TopNNode;
import io.signo.sql.rel.TopNPerPartitionNode;
import io.signo.sql.rel.ValuesNode;
import io.signo.sql.rel.WindowNode;
import io.signo.sql.rel.WorkingTableNode;
import io.signo.storage.source.NodeShare;
import io.signo.storage.table.ColumnTest;
import io.signo.storage.table.Segment;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * Turns the stages of a {@link FragmentedPlan} into pipelines of operator factories for one node
 * or for every node of a cluster. A pipeline ends at a pipeline breaker (hash build, exchange sink,
 * the result); exchanges connect pipelines. Which node runs which stage, how many drivers run each
 * pipeline and the shape of every remote exchange come from the fragmented plan.
 */
public final class LocalExecutionPlanner
{
    /** Bytes an in-process exchange buffers before its producers wait. */
    private static final long EXCHANGE_BUFFER_BYTES = 64L << 20;

    private final FragmentedPlan plan;
    private final int driversPerNode;
    private final ExchangeProvider exchanges;
    private final List<DriverFactory> pipelines = new ArrayList<>();
    /** The bridge of each hash join being planned on the current node; its probe side's scans read their runtime filters from it. */
    private final Map<HashJoinNode, JoinBridge> bridges = new IdentityHashMap<>();
    private final RuntimeFilterPlan runtimeFilters;
    private final Set<PlanNode> sharedNodes;
    /** The scans whose splits may go to any worker, by their number in {@link SharedSplitScans#of}. */
    private final Map<TableScanNode, Integer> sharedSplitScans = new IdentityHashMap<>();
    /** Where this node's scans among them get their splits; absent when the node reads its own share. */
    private final Map<TableScanNode, SplitSupplier> splitSuppliers = new IdentityHashMap<>();
    /** The spool of each shared node, per node index it was planned on. */
    private final Map<PlanNode, Map<Integer, PlannedSpool>> spools = new IdentityHashMap<>();
    /** When planning one run of a recursive term: the tables its working-table and input nodes read; null otherwise. */
    private final RecursionTables recursionTables;

    /** Plans for nodes of the cluster inside this process, exchanges wired in memory. */
    public LocalExecutionPlanner(FragmentedPlan plan)
    {
        this(plan, new InMemoryExchanges());
    }

    public LocalExecutionPlanner(FragmentedPlan plan, ExchangeProvider exchanges)
    {
        this(plan, exchanges, RuntimeFilterPlan.of(plan.root()), null);
    }

    private LocalExecutionPlanner(FragmentedPlan plan, ExchangeProvider exchanges, RuntimeFilterPlan runtimeFilters, RecursionTables recursionTables)
    {
        this.plan = requireNonNull(plan, "plan is null");
        this.exchanges = requireNonNull(exchanges, "exchanges is null");
        this.driversPerNode = plan.shape().driversPerNode();
        this.runtimeFilters = runtimeFilters;
        this.sharedNodes = runtimeFilters.sharedNodes();
        this.recursionTables = recursionTables;
        List<TableScanNode> shared = SharedSplitScans.of(plan.root());
        for (int i = 0; i < shared.size(); i++) {
            sharedSplitScans.put(shared.get(i), i);
        }
    }

    /** The tables one recursion's runs read: its working table and its inputs computed once. */
    private record RecursionTables(PageTable workingTable, List<PageTable> inputs) {}

    /** The pipelines of every node, the root stage collecting the result pages into {@code result}. */
    public List<DriverFactory> planAllNodes(ResultBuffer result)
    {
        for (int node : plan.shape().nodes()) {
            planStages(node, result);
        }
        return List.copyOf(pipelines);
    }

    /** The pipelines one node runs; {@code result} is used only on the coordinator and may be null elsewhere. */
    public List<DriverFactory> planNode(int nodeIndex, ResultBuffer result)
    {
        planStages(nodeIndex, result);
        return List.copyOf(pipelines);
    }

    private void planStages(int nodeIndex, ResultBuffer result)
    {
        for (Stage stage : plan.stages()) {
            // every node opens its end of every remote exchange, also of one it neither feeds nor reads: its exchange counters list them all
            Exchange output = stage.isRoot() ? null : remoteExchange(stage.output(), nodeIndex);
            if (!plan.runsOn(stage, nodeIndex)) {
                continue;
            }
            OperatorFactory sink = stage.isRoot()
                    ? new PageCollectorOperator.Factory(requireNonNull(result, "result is null on the node that runs the root stage"))
                    : new ExchangeSinkOperator.Factory(output);
            Pipeline pipeline = visit(stage.root(), nodeIndex);
            pipeline.add(sink, stage.isRoot() ? null : stage.output());
            close(pipeline);
        }
    }

    private Exchange remoteExchange(ExchangeNode node, int nodeIndex)
    {
        return exchanges.exchange(node, plan.exchangeLayout(node, nodeIndex));
    }

    private final class Pipeline
    {
        final List<OperatorFactory> factories = new ArrayList<>();
        /** The plan node each factory's operators run, -1 for none: what their statistics are summed under. */
        final List<Integer> planNodeIds = new ArrayList<>();
        final int driverCount;

        Pipeline(OperatorFactory source, PlanNode node, int driverCount)
        {
            this.driverCount = driverCount;
            add(source, node);
        }

        /** Appends an operator that runs {@code node} (null: one of no plan node). */
        void add(OperatorFactory factory, PlanNode node)
        {
            factories.add(factory);
            planNodeIds.add(node == null ? -1 : plan.planNodeId(node));
        }
    }

    private void close(Pipeline pipeline)
    {
        pipelines.add(new DriverFactory(pipelines.size(), pipeline.factories, pipeline.driverCount, pipeline.planNodeIds));
    }

    private Pipeline visit(PlanNode node, int nodeIndex)
    {
        return sharedNodes.contains(node) ? readSpool(node, nodeIndex) : plan(node, nodeIndex);
    }

    /** A shared node's spool on this node and what its producing pipeline's drivers are. */
    private record PlannedSpool(Spool spool, int driverCount) {}

    /** A pipeline reading a shared node's spool; the first reader on a node plans the pipeline that computes it. */
    private Pipeline readSpool(PlanNode node, int nodeIndex)
    {
        Map<Integer, PlannedSpool> byNode = spools.computeIfAbsent(node, _ -> new HashMap<>());
        PlannedSpool planned = byNode.get(nodeIndex);
        if (planned == null) {
            Pipeline producer = plan(node, nodeIndex);
            Spool spool = new Spool(producer.driverCount);
            producer.add(new ExchangeSinkOperator.SpoolFactory(spool), null);
            close(producer);
            planned = new PlannedSpool(spool, producer.driverCount);
            byNode.put(nodeIndex, planned);
        }
        return new Pipeline(new ExchangeSourceOperator.SpoolReaderFactory(planned.spool().addReader(planned.driverCount())), null, planned.driverCount());
    }

    private Pipeline plan(PlanNode node, int nodeIndex)
    {
        return switch (node) {
            case TableScanNode scan -> scan(scan, segments(scan, nodeIndex), scanRuntimeFilters(scan));
            case FilterProjectNode filterProject -> {
                PageFilter filter = filterProject.filter() == null ? null : new PageFilter(filterProject.filter());
                PageProcessor processor = new PageProcessor(filter, filterProject.projections());
                if (filterProject.source() instanceof TableScanNode scan) {
                    List<Segment> segments = segments(scan, nodeIndex);
                    if (decodesOnRead(segments)) {
                        // stored segments test the runtime filters' keys before decoding the other columns
                        Pipeline pipeline = scan(scan, segments, scanRuntimeFilters(scan));
                        pipeline.add(new FilterProjectOperatorFactory(processor), filterProject);
                        yield pipeline;
                    }
                    // the scan's runtime filters start this operator's filter: the rows are copied once, after both
                    Pipeline pipeline = scan(scan, segments, List.of());
                    pipeline.add(new FilterProjectOperatorFactory(processor, scanRuntimeFilters(scan)), filterProject);
                    yield pipeline;
                }
                Pipeline pipeline = visit(filterProject.source(), nodeIndex);
                pipeline.add(new FilterProjectOperatorFactory(processor), filterProject);
                yield pipeline;
            }
            case AggregationNode aggregation -> {
                Pipeline pipeline = visit(aggregation.source(), nodeIndex);
                // each node holds its share of the groups, split over its drivers by the exchange before the step
                int nodes = aggregation.distribution().isSingle() ? 1 : plan.shape().workerCount();
                long expectedGroups = (long) (aggregation.estimatedRows() / Math.max(1, nodes * pipeline.driverCount));
                pipeline.add(new HashAggregationOperatorFactory(aggregation.groupChannels(), aggregation.groupTypes(), aggregation.calls(), aggregation.step(), expectedGroups), aggregation);
                yield pipeline;
            }
            case HashJoinNode join when join.filtersBuildRows() -> {
                Pipeline build = visit(join.build(), nodeIndex);
                JoinBridge bridge = bridge(join, nodeIndex);
                build.add(new HashBuilderOperatorFactory(bridge, join.buildKeys(), join.build().outputTypes(), build.driverCount), join);
                close(build);
                Pipeline probe = visit(join.probe(), nodeIndex);
                // the marks see only this node's probe rows: the planner keeps the build rows only when they see all that can match
                probe.add(new RightSemiJoinOperatorFactory(bridge, new BuildRowMarks(probe.driverCount), join.joinType(), join.probeKeys(),
                        join.probe().outputTypes(), join.residual()), join);
                yield probe;
            }
            case HashJoinNode join -> {
                Pipeline build = visit(join.build(), nodeIndex);
                JoinBridge bridge = bridge(join, nodeIndex);
                build.add(new HashBuilderOperatorFactory(bridge, join.buildKeys(), join.build().outputTypes(), build.driverCount), join);
                close(build);
                Pipeline probe = visit(join.probe(), nodeIndex);
                boolean outputBuild = join.joinType().outputsBuildColumns();
                // a RIGHT or FULL join's marks see only this node's probe rows: the planner hashes the preserved side only when they see all that can match
                BuildRowMarks marks = join.joinType().emitsUnmatchedBuildRows() ? new BuildRowMarks(probe.driverCount) : null;
                probe.add(new LookupJoinOperatorFactory(bridge, join.joinType(), join.probeKeys(), join.probe().outputTypes(),
                        join.probeOutputs(), outputBuild ? join.buildOutputs() : List.of(), join.residual(), marks), join);
                yield probe;
            }
            case NestedLoopJoinNode join -> {
                Pipeline build = visit(join.build(), nodeIndex);
                JoinBridge bridge = new JoinBridge();
                build.add(new HashBuilderOperatorFactory(bridge, List.of(), join.build().outputTypes(), build.driverCount), join);
                close(build);
                Pipeline probe = visit(join.probe(), nodeIndex);
                // a RIGHT or FULL join runs on one node (the planner gathers both sides), so its marks see every probe row
                BuildRowMarks marks = join.joinType().emitsUnmatchedBuildRows() ? new BuildRowMarks(probe.driverCount) : null;
                probe.add(new NestedLoopJoinOperatorFactory(bridge, join.joinType(), join.probe().outputTypes(),
                        range(join.probe().outputTypes().size()), range(join.build().outputTypes().size()), join.residual(), marks), join);
                yield probe;
            }
            case SortNode sort -> {
                Pipeline pipeline = visit(sort.source(), nodeIndex);
                pipeline.add(new OrderByOperatorFactory(sort.sortChannels(), sort.orders(), sort.outputTypes()), sort);
                yield pipeline;
            }
            case RowIfEmptyNode rowIfEmpty -> {
                Pipeline pipeline = visit(rowIfEmpty.source(), nodeIndex);
                pipeline.add(new RowIfEmptyOperatorFactory(rowIfEmpty.outputTypes(), rowIfEmpty.row()), rowIfEmpty);
                yield pipeline;
            }
            case GroupIdNode groupId -> {
                Pipeline pipeline = visit(groupId.source(), nodeIndex);
                pipeline.add(new GroupIdOperatorFactory(groupId.source().outputTypes(), groupId.keyChannels(), groupId.groupingSets()), groupId);
                yield pipeline;
            }
            case WindowNode window -> {
                Pipeline pipeline = visit(window.source(), nodeIndex);
                pipeline.add(new WindowOperatorFactory(window.partitionChannels(), window.orderChannels(), window.orders(), window.functions(),
                        window.source().outputTypes()), window);
                yield pipeline;
            }
            case TopNPerPartitionNode topN -> {
                Pipeline pipeline = visit(topN.source(), nodeIndex);
                pipeline.add(new TopNPerPartitionOperatorFactory(topN.partitionChannels(), topN.sortChannels(), topN.orders(), topN.ranking(), topN.maxRank(),
                        topN.partial(), topN.rankType(), topN.source().outputTypes()), topN);
                yield pipeline;
            }
            case TopNNode topN -> {
                Pipeline pipeline = visit(topN.source(), nodeIndex);
                pipeline.add(new TopNOperatorFactory((int) Math.min(topN.count(), Integer.MAX_VALUE), topN.sortChannels(), topN.orders(), topN.outputTypes()), topN);
                yield pipeline;
            }
            case LimitNode limit -> {
                Pipeline pipeline = visit(limit.source(), nodeIndex);
                pipeline.add(new LimitOperatorFactory(limit.limit(), limit.offset()), limit);
                yield pipeline;
            }
            case ValuesNode values -> new Pipeline(new ValuesOperatorFactory(values.pages()), values, 1);
            case RecursiveUnionNode recursive -> recursiveUnion(recursive, nodeIndex);
            case WorkingTableNode workingTable -> new Pipeline(new PageTableScanOperator.Factory(recursionTables(workingTable).workingTable(), "WorkingTable"), workingTable, 1);
            case RecursionInputNode input -> new Pipeline(new PageTableScanOperator.Factory(recursionTables(input).inputs().get(input.index()), "ComputedOnce"), input, 1);
            case TableWriterNode writer -> {
                Pipeline pipeline = visit(writer.source(), nodeIndex);
                pipeline.add(new TableWriterOperator.Factory(writer.write()), writer);
                yield pipeline;
            }
            case ExchangeNode exchange when exchange.scope() == ExchangeNode.Scope.LOCAL -> localExchange(exchange, nodeIndex);
            case ExchangeNode exchange -> {
                // the consuming end on this node; the producing stages are planned on their own
                Exchange shared = remoteExchange(exchange, nodeIndex);
                yield exchange.kind() == ExchangeKind.GATHER
                        ? new Pipeline(new ExchangeSourceOperator.Factory(shared, 0), exchange, 1)
                        : new Pipeline(new ExchangeSourceOperator.Factory(shared, nodeIndex * driversPerNode), exchange, driversPerNode);
            }
        };
    }

    /**
     * A recursion: each input computed once by a pipeline of its own into a page table, the seed's
     * pipeline ending in the recursion's operator, which plans every run of the recursive term afresh
     * through {@link #planRun} (its bridges and exchanges serve one run).
     */
    private Pipeline recursiveUnion(RecursiveUnionNode recursive, int nodeIndex)
    {
        List<PageTable> inputs = new ArrayList<>();
        for (PlanNode input : recursive.inputs()) {
            Pipeline pipeline = visit(input, nodeIndex);
            PageTable table = new PageTable(pipeline.driverCount);
            pipeline.add(new PageTableSinkOperator.Factory(table), null);
            close(pipeline);
            inputs.add(table);
        }
        PageTable workingTable = new PageTable(0);
        PageTable runOutput = new PageTable(0);
        RecursionTables tables = new RecursionTables(workingTable, inputs);
        PlanNode term = recursive.recursiveTerm();
        RecursiveUnionOperator.IterationPlanner iterations = () -> new LocalExecutionPlanner(plan, exchanges, runtimeFilters, tables).planRun(term, runOutput, nodeIndex);
        Pipeline seed = visit(recursive.seed(), nodeIndex);
        if (seed.driverCount != 1) {
            throw new IllegalStateException("the seed of " + recursive.name() + " runs on " + seed.driverCount + " drivers, not one");
        }
        seed.add(new RecursiveUnionOperator.Factory(recursive.name(), recursive.outputTypes(), recursive.distinct(), recursive.maxIterations(), workingTable,
                runOutput, inputs, iterations), recursive);
        return seed;
    }

    /** The pipelines of one run of a recursive term, the last writing the run's rows into {@code output}. */
    private List<DriverFactory> planRun(PlanNode term, PageTable output, int nodeIndex)
    {
        Pipeline pipeline = visit(term, nodeIndex);
        pipeline.add(new PageTableSinkOperator.Factory(output), null);
        close(pipeline);
        return List.copyOf(pipelines);
    }

    private RecursionTables recursionTables(PlanNode reader)
    {
        if (recursionTables == null) {
            throw new IllegalStateException(reader.describe() + " outside the recursive term of a recursion");
        }
        return recursionTables;
    }

    /**
     * The join's bridge on the current node, publishing a runtime filter when a scan of its probe
     * side in this task applies one, and its build keys when one beyond an exchange does.
     */
    private JoinBridge bridge(HashJoinNode join, int nodeIndex)
    {
        RuntimeFilterPublisher remote = null;
        if (runtimeFilters.publishesRemotely(join) && publishesKeys(join, nodeIndex)) {
            remote = exchanges.runtimeFilterPublisher(runtimeFilters.joinNumber(join), expectedPartials(join), buildKeyTypes(join));
        }
        JoinBridge bridge = new JoinBridge(runtimeFilters.publishesLocally(join), remote);
        // replaces the bridge of the same join on the node planned before: its probe pipeline is planned right after this
        bridges.put(join, bridge);
        return bridge;
    }

    private Pipeline scan(TableScanNode scan, List<Segment> segments, List<ScanRuntimeFilter> runtimeFilters)
    {
        boolean decodesOnRead = decodesOnRead(segments);
        List<ColumnTest> columnTests = new ArrayList<>();
        if (decodesOnRead) {
            for (ColumnConstraint constraint : scan.predicate().constraints()) {
                ColumnTest test = ConstraintTest.of(constraint, scan.table().columns().get(constraint.column()).type());
                if (test != null) {
                    columnTests.add(test);
                }
            }
            // a string column's test runs on its dictionary's few entries: the cheapest first
            columnTests.sort(Comparator.comparing(test -> scan.table().columns().get(test.column()).type().physicalType() != PhysicalType.BYTES));
        }
        return new Pipeline(new TableScanOperator.Factory(scan.table().name(), new TableScanOperator.SegmentCursor(segments, splitSupplier(scan)), scan.columns(), scan.predicate(),
                runtimeFilters, columnTests, decodesOnRead), scan, plan.driverCount(scan));
    }

    /** The segments of the scan this node reads. */
    private List<Segment> segments(TableScanNode scan, int nodeIndex)
    {
        if (splitSupplier(scan) != null) {
            // every split of the table: the supplier says which this node reads
            return NodeShare.WHOLE.splits(scan.table());
        }
        // a replicated table is read whole: by the coordinator, or by every worker from its copy
        NodeShare share = scan.distribution().isSingle() || scan.onEveryWorker() ? NodeShare.WHOLE : new NodeShare(nodeIndex, plan.shape().workerCount());
        return share.splits(scan.table());
    }

    /** Where this node's drivers of {@code scan} get their splits as they ask, or null when they read the node's own share. */
    private SplitSupplier splitSupplier(TableScanNode scan)
    {
        Integer index = sharedSplitScans.get(scan);
        if (index == null) {
            return null;
        }
        return splitSuppliers.computeIfAbsent(scan, _ -> exchanges.splits(index));
    }

    /** Whether a scan reads stored segments, which test columns as they read, before decoding the others. */
    private static boolean decodesOnRead(List<Segment> segments)
    {
        return segments.stream().anyMatch(Segment::decodesOnRead);
    }

    /**
     * How many nodes' builds of the join make up its whole build side: one when the join runs on the
     * coordinator or every node builds all rows (a replicated build), else every worker's partition.
     */
    private int expectedPartials(HashJoinNode join)
    {
        boolean replicatedBuild = join.build().distribution().kind() == Distribution.Kind.REPLICATED;
        return join.distribution().isSingle() || replicatedBuild ? 1 : plan.shape().workerCount();
    }

    /** Whether this node's build of the join sends its keys: all do, except that of a replicated build only the first. */
    private boolean publishesKeys(HashJoinNode join, int nodeIndex)
    {
        boolean replicatedBuild = join.build().distribution().kind() == Distribution.Kind.REPLICATED;
        return join.distribution().isSingle() || !replicatedBuild || nodeIndex == 0;
    }

    private static List<Type> buildKeyTypes(HashJoinNode join)
    {
        List<Type> types = new ArrayList<>();
        for (int key : join.buildKeys()) {
            types.add(join.build().outputTypes().get(key));
        }
        return types;
    }

    /**
     * The runtime filters this scan's rows go through, each bound to its join's bridge on the current
     * node, or, beyond an exchange, to the filter every node's build of the join makes up.
     */
    private List<ScanRuntimeFilter> scanRuntimeFilters(TableScanNode scan)
    {
        List<ScanRuntimeFilter> filters = new ArrayList<>();
        for (RuntimeFilterPlan.Target target : runtimeFilters.targets(scan)) {
            if (target.remote()) {
                RuntimeFilterSource source = exchanges.runtimeFilter(target.joinNumber(), expectedPartials(target.join()), buildKeyTypes(target.join()));
                if (source != null) {
                    filters.add(new ScanRuntimeFilter(source, target.scanChannels(), RuntimeFilterPlan.describe(scan, target)));
                }
                continue;
            }
            JoinBridge bridge = bridges.get(target.join());
            if (bridge == null) {
                throw new IllegalStateException("runtime filter of a join not planned before its probe side: " + target.join().describe());
            }
            filters.add(new ScanRuntimeFilter(bridge, target.scanChannels(), RuntimeFilterPlan.describe(scan, target)));
        }
        return filters;
    }

    /** An exchange between the drivers of one node: its own producers feed its own consumers. */
    private Pipeline localExchange(ExchangeNode exchange, int nodeIndex)
    {
        List<Pipeline> producers = new ArrayList<>();
        int producerCount = 0;
        for (PlanNode source : exchange.sources()) {
            Pipeline producer = visit(source, nodeIndex);
            producers.add(producer);
            producerCount += producer.driverCount;
        }
        int partitions = exchange.kind() == ExchangeKind.GATHER ? 1 : driversPerNode;
        LocalExchange localExchange = new LocalExchange(exchange.kind(), partitions, producerCount, channels(exchange), EXCHANGE_BUFFER_BYTES);
        for (Pipeline producer : producers) {
            producer.add(new ExchangeSinkOperator.Factory(localExchange), exchange);
            close(producer);
        }
        return new Pipeline(new ExchangeSourceOperator.Factory(localExchange), exchange, partitions);
    }

    static int[] channels(ExchangeNode exchange)
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

    /** All nodes in this process: one in-memory exchange per exchange number, shared by every node. */
    private static final class InMemoryExchanges
            implements ExchangeProvider
    {
        private final Map<Integer, Exchange> exchanges = new HashMap<>();
        /** One filter per join, which every node's build adds its keys to and every node's scans read. */
        private final Map<Integer, DistributedRuntimeFilter> runtimeFilters = new HashMap<>();

        @Override
        public Exchange exchange(ExchangeNode node, ExchangeLayout layout)
        {
            return exchanges.computeIfAbsent(layout.exchangeId(), id -> new LocalExchange(node.kind(), layout.partitionCount(), layout.partitionsPerNode(),
                    layout.producerCount(), channels(node), node.tableBuckets(), EXCHANGE_BUFFER_BYTES));
        }

        @Override
        public RuntimeFilterSource runtimeFilter(int joinNumber, int expectedPartials, List<Type> keyTypes)
        {
            return runtimeFilters.computeIfAbsent(joinNumber, _ -> new DistributedRuntimeFilter(expectedPartials, keyTypes, DistributedRuntimeFilter.DEFAULT_MAX_WAIT_MILLIS));
        }

        @Override
        public RuntimeFilterPublisher runtimeFilterPublisher(int joinNumber, int expectedPartials, List<Type> keyTypes)
        {
            DistributedRuntimeFilter filter = runtimeFilters.computeIfAbsent(joinNumber,
                    _ -> new DistributedRuntimeFilter(expectedPartials, keyTypes, DistributedRuntimeFilter.DEFAULT_MAX_WAIT_MILLIS));
            // the build's pages are recycled when its join ends, before another node's build may add its keys
            return keyPages -> filter.addPartial(RuntimeFilterKeys.copyOf(keyPages));
        }
    }
}
