package io.signo.sql.translate;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.core.operator.join.JoinType;
import io.signo.core.operator.sort.SortOrder;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import io.signo.storage.error.SignoException;
import io.signo.storage.error.ErrorCode;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.catalog.SignoCalciteTable;
import io.signo.sql.planner.SharedSubPlans;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.Distribution;
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
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.core.Values;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns an optimized logical plan into Signo's physical plan: picks operators and build sides,
 * prunes scanned columns, and places exchanges where the distribution must change (aggregations
 * split into partial and final steps, sorts and limits gathered).
 */
public final class PhysicalPlanner
{
    private final RexBuilder rexBuilder;
    private final RelMetadataQuery metadata;
    private final PlannerOptions options;
    private final JoinCostModel costModel;
    /** Aggregates and joins that several parents read, and the one plan each gets: computed once, see {@link SharedPlanNodes}. */
    private Set<RelNode> sharedRels = Set.of();
    private final Map<RelNode, PlanNode> sharedPlans = new IdentityHashMap<>();

    public PhysicalPlanner(RexBuilder rexBuilder, RelMetadataQuery metadata)
    {
        this(rexBuilder, metadata, PlannerOptions.singleNode());
    }

    public PhysicalPlanner(RexBuilder rexBuilder, RelMetadataQuery metadata, PlannerOptions options)
    {
        this.rexBuilder = rexBuilder;
        this.metadata = metadata;
        this.options = options;
        this.costModel = new JoinCostModel(options);
    }

    /** The physical plan of a whole query; its root is a single stream in the query's row order. */
    public PlanNode plan(RelNode root)
    {
        sharedRels = SharedSubPlans.of(root);
        PlanNode node = visit(root);
        if (!node.distribution().isSingle()) {
            node = ExchangeNode.gather(node);
        }
        return node;
    }

    private double rows(RelNode rel)
    {
        Double rows = metadata.getRowCount(rel);
        return rows == null ? 1000 : rows;
    }

    private PlanNode visit(RelNode rel)
    {
        if (sharedRels.contains(rel)) {
            PlanNode planned = sharedPlans.get(rel);
            if (planned == null) {
                planned = visitOnce(rel);
                sharedPlans.put(rel, planned);
            }
            return planned;
        }
        return visitOnce(rel);
    }

    private PlanNode visitOnce(RelNode rel)
    {
        return switch (rel) {
            case TableScan scan -> scan(scan, null);
            case Project project -> project(project);
            case Filter filter -> filter(filter);
            case Aggregate aggregate -> aggregate(aggregate);
            case Join join -> join(join);
            case Sort sort -> sort(sort);
            case Union union -> union(union);
            case Values values -> values(values);
            case Intersect intersect -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: INTERSECT");
            case Minus minus -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: EXCEPT");
            case Correlate correlate -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: a correlated sub-query that could not be decorrelated");
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + rel.getRelTypeName().replace("Logical", ""));
        };
    }

    private TableScanNode scan(TableScan scan, int[] columns)
    {
        SignoCalciteTable table = scan.getTable().unwrap(SignoCalciteTable.class);
        if (table == null) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "unknown table " + scan.getTable().getQualifiedName());
        }
        if (columns == null) {
            columns = new int[table.table().columns().size()];
            for (int i = 0; i < columns.length; i++) {
                columns[i] = i;
            }
        }
        return new TableScanNode(table.table(), columns, rows(scan));
    }

    /** A filter and/or projection over an input; over a scan, only the referenced columns are read. */
    private PlanNode filterProject(RelNode input, RexNode condition, List<RexNode> projects, RelNode rel)
    {
        PlanNode source;
        int[] channels;
        List<Type> channelTypes;
        if (input instanceof TableScan scan) {
            ImmutableBitSet.Builder used = ImmutableBitSet.builder();
            if (condition != null) {
                used.addAll(org.apache.calcite.plan.RelOptUtil.InputFinder.bits(condition));
            }
            for (RexNode project : projects) {
                used.addAll(org.apache.calcite.plan.RelOptUtil.InputFinder.bits(project));
            }
            int[] columns = used.build().toArray();
            if (columns.length == 0) {
                columns = new int[] {0};
            }
            TableScanNode tableScan = scan(scan, columns);
            source = tableScan.withPredicate(ScanPredicateExtractor.extract(condition, tableScan.table()));
            channels = new int[scan.getRowType().getFieldCount()];
            for (int i = 0; i < columns.length; i++) {
                channels[columns[i]] = i;
            }
        }
        else if (input instanceof Join join && !sharedRels.contains(join)) {
            // only the join columns this filter and projection read are gathered by the join
            ImmutableBitSet.Builder used = ImmutableBitSet.builder();
            if (condition != null) {
                used.addAll(org.apache.calcite.plan.RelOptUtil.InputFinder.bits(condition));
            }
            for (RexNode project : projects) {
                used.addAll(org.apache.calcite.plan.RelOptUtil.InputFinder.bits(project));
            }
            JoinOutput output = join(join, used.build());
            source = output.node();
            channels = output.channelOfField();
        }
        else {
            source = visit(input);
            channels = identity(input.getRowType().getFieldCount());
        }
        channelTypes = source.outputTypes();
        RexTranslator translator = new RexTranslator(rexBuilder, channels, channelTypes);
        Expression filter = condition == null ? null : translator.translate(condition);
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        List<String> names = rel.getRowType().getFieldNames();
        for (int i = 0; i < projects.size(); i++) {
            projections.add(translator.translate(projects.get(i)));
            texts.add(names.get(i) + " := " + explainText(projects.get(i)));
        }
        return new FilterProjectNode(source, filter, condition == null ? null : explainText(condition), projections, texts, rows(rel));
    }

    /** An expression as EXPLAIN shows it: Calcite's digest without its charset prefix on every string. */
    private static String explainText(RexNode node)
    {
        return node.toString().replace("_UTF-8'", "'");
    }

    private static int[] identity(int count)
    {
        int[] channels = new int[count];
        for (int i = 0; i < count; i++) {
            channels[i] = i;
        }
        return channels;
    }

    private PlanNode project(Project project)
    {
        if (project.getInput() instanceof Filter filter) {
            return filterProject(filter.getInput(), filter.getCondition(), project.getProjects(), project);
        }
        return filterProject(project.getInput(), null, project.getProjects(), project);
    }

    private PlanNode filter(Filter filter)
    {
        return filterProject(filter.getInput(), filter.getCondition(), rexBuilder.identityProjects(filter.getInput().getRowType()), filter);
    }

    private PlanNode aggregate(Aggregate aggregate)
    {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: GROUPING SETS, ROLLUP and CUBE"
                    + " (the planner also uses them for several DISTINCT aggregates, or a DISTINCT aggregate next to others, in one query)");
        }
        PlanNode source = visit(aggregate.getInput());
        List<Type> inputTypes = source.outputTypes();
        List<Integer> groupChannels = aggregate.getGroupSet().asList();
        List<Type> groupTypes = new ArrayList<>();
        for (int channel : groupChannels) {
            groupTypes.add(inputTypes.get(channel));
        }
        List<AggregateCall> calls = new ArrayList<>();
        List<Boolean> sumZero = new ArrayList<>();
        // LITERAL_AGG (from NOT IN and IN rewrites) is the same constant for every group: project it after aggregating
        List<RexNode> literals = new ArrayList<>();
        // FILTER (WHERE f) aggregates CASE WHEN f THEN x END instead, computed as extra channels after the input's
        List<Expression> filteredInputs = new ArrayList<>();
        List<String> filteredTexts = new ArrayList<>();
        for (org.apache.calcite.rel.core.AggregateCall call : aggregate.getAggCallList()) {
            if (call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.LITERAL_AGG) {
                literals.add(call.rexList.getFirst());
                continue;
            }
            literals.add(null);
            if (call.isDistinct()) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: this combination of DISTINCT aggregates: " + call);
            }
            AggregateKind kind = switch (call.getAggregation().getKind()) {
                case COUNT -> call.getArgList().isEmpty() ? AggregateKind.COUNT_STAR : AggregateKind.COUNT;
                case SUM, SUM0 -> AggregateKind.SUM;
                case AVG -> AggregateKind.AVG;
                case MIN -> AggregateKind.MIN;
                case MAX -> AggregateKind.MAX;
                default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: aggregate function " + call.getAggregation().getName());
            };
            if (kind != AggregateKind.COUNT_STAR && call.getArgList().size() != 1) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + call.getAggregation().getName() + " with " + call.getArgList().size() + " arguments");
            }
            int inputChannel = kind == AggregateKind.COUNT_STAR ? -1 : call.getArgList().getFirst();
            Type inputType = inputChannel < 0 ? Type.BIGINT : inputTypes.get(inputChannel);
            if (call.filterArg >= 0) {
                Expression value = inputChannel < 0 ? Expressions.constant(Type.BIGINT, 1L) : Expressions.input(inputChannel, inputType);
                Expression condition = Expressions.input(call.filterArg, inputTypes.get(call.filterArg));
                filteredInputs.add(Expressions.searchedCase(List.of(condition), List.of(value), null, inputType));
                filteredTexts.add("CASE WHEN #" + call.filterArg + " THEN " + (inputChannel < 0 ? "1" : "#" + inputChannel) + " END");
                inputChannel = inputTypes.size() + filteredInputs.size() - 1;
                kind = kind == AggregateKind.COUNT_STAR ? AggregateKind.COUNT : kind;
            }
            calls.add(new AggregateCall(kind, inputChannel, inputType, CalciteTypes.toSigno(call.getType())));
            sumZero.add(call.getAggregation().getKind() == org.apache.calcite.sql.SqlKind.SUM0);
        }
        if (!filteredInputs.isEmpty()) {
            List<Expression> projections = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < inputTypes.size(); i++) {
                projections.add(Expressions.input(i, inputTypes.get(i)));
                texts.add("#" + i);
            }
            projections.addAll(filteredInputs);
            texts.addAll(filteredTexts);
            source = new FilterProjectNode(source, null, null, projections, texts, source.estimatedRows());
        }
        List<Type> outputTypes = new ArrayList<>(groupTypes);
        for (AggregateCall call : calls) {
            outputTypes.add(call.outputType());
        }
        double rows = rows(aggregate);
        PlanNode result;
        Distribution sourceDistribution = source.distribution();
        List<Integer> finalGroupChannels = new ArrayList<>();
        for (int i = 0; i < groupChannels.size(); i++) {
            finalGroupChannels.add(i);
        }
        if (sourceDistribution.isSingle()) {
            result = new AggregationNode(source, groupChannels, groupTypes, calls, AggregationStep.SINGLE, outputTypes, Distribution.SINGLE, rows);
        }
        else {
            List<Type> partialTypes = new ArrayList<>(groupTypes);
            for (AggregateCall call : calls) {
                partialTypes.addAll(call.intermediateTypes());
            }
            Distribution partialDistribution = sourceDistribution.project(sourceChannelsOf(groupChannels, partialTypes.size()));
            PlanNode partial = new AggregationNode(source, groupChannels, groupTypes, calls, AggregationStep.PARTIAL, partialTypes, partialDistribution, rows);
            PlanNode exchange;
            Distribution finalDistribution;
            if (groupChannels.isEmpty()) {
                exchange = ExchangeNode.gather(partial);
                finalDistribution = Distribution.SINGLE;
            }
            else if (sourceDistribution.isPartitionedWithin(groupChannels)) {
                // every group is whole on one node: only the node's drivers need to meet
                exchange = new ExchangeNode(List.of(partial), ExchangeKind.HASH, ExchangeNode.Scope.LOCAL, finalGroupChannels, rows);
                finalDistribution = sourceDistribution.project(sourceChannelsOf(groupChannels, partialTypes.size()));
            }
            else {
                exchange = ExchangeNode.remote(partial, ExchangeKind.HASH, finalGroupChannels);
                finalDistribution = exchange.distribution();
            }
            result = new AggregationNode(exchange, finalGroupChannels, groupTypes, calls, AggregationStep.FINAL, outputTypes, finalDistribution, rows);
        }
        if (sumZero.contains(true) || literals.stream().anyMatch(java.util.Objects::nonNull)) {
            RexTranslator constants = RexTranslator.identity(rexBuilder, List.of());
            List<Expression> projections = new ArrayList<>();
            List<String> texts = new ArrayList<>();
            for (int i = 0; i < groupChannels.size(); i++) {
                projections.add(Expressions.input(i, outputTypes.get(i)));
                texts.add("#" + i);
            }
            int callIndex = 0;
            for (RexNode literal : literals) {
                if (literal != null) {
                    Expression constant = constants.translate(literal);
                    projections.add(constant);
                    texts.add(literal.toString());
                    continue;
                }
                int channel = groupChannels.size() + callIndex;
                Type type = outputTypes.get(channel);
                Expression column = Expressions.input(channel, type);
                if (sumZero.get(callIndex)) {
                    column = Expressions.coalesce(List.of(column, Expressions.constant(type, zeroOf(type))), type);
                    texts.add("coalesce(#" + channel + ", 0)");
                }
                else {
                    texts.add("#" + channel);
                }
                projections.add(column);
                callIndex++;
            }
            result = new FilterProjectNode(result, null, null, projections, texts, rows);
        }
        return result;
    }

    /** For the final step's output: which partial input channel each output channel passes through. */
    private static int[] sourceChannelsOf(List<Integer> groupChannels, int outputCount)
    {
        int[] sourceOfOutput = new int[outputCount];
        java.util.Arrays.fill(sourceOfOutput, -1);
        for (int i = 0; i < groupChannels.size(); i++) {
            sourceOfOutput[i] = groupChannels.get(i);
        }
        return sourceOfOutput;
    }

    private static Object zeroOf(Type type)
    {
        return switch (type.kind()) {
            case INTEGER -> 0;
            case BIGINT -> 0L;
            case DOUBLE -> 0.0;
            case DECIMAL -> java.math.BigDecimal.ZERO.setScale(type.scale());
            default -> throw new SignoException(ErrorCode.INTERNAL_ERROR, "no zero of type " + type);
        };
    }

    /** A join's plan and, for each of Calcite's join fields, the output channel holding it (-1 when not output). */
    private record JoinOutput(PlanNode node, int[] channelOfField) {}

    /** A join whose output is in Calcite's field order, every field included. */
    private PlanNode join(Join join)
    {
        int fieldCount = join.getRowType().getFieldCount();
        JoinOutput output = join(join, ImmutableBitSet.range(fieldCount));
        int[] channelOfField = output.channelOfField();
        if (java.util.Arrays.equals(channelOfField, identity(fieldCount))) {
            return output.node();
        }
        List<Type> types = output.node().outputTypes();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int field = 0; field < fieldCount; field++) {
            projections.add(Expressions.input(channelOfField[field], types.get(channelOfField[field])));
            texts.add("#" + channelOfField[field]);
        }
        return new FilterProjectNode(output.node(), null, null, projections, texts, output.node().estimatedRows());
    }

    /** An input of a join: a join below outputs only the fields required of it, anything else (a shared join too) all its fields. */
    private JoinOutput joinInput(RelNode input, ImmutableBitSet required)
    {
        if (input instanceof Join join && !sharedRels.contains(join)) {
            return join(join, required);
        }
        return new JoinOutput(visit(input), identity(input.getRowType().getFieldCount()));
    }

    private static List<Integer> mapChannels(List<Integer> fields, int[] channelOfField)
    {
        List<Integer> channels = new ArrayList<>(fields.size());
        for (int field : fields) {
            channels.add(channelOfField[field]);
        }
        return channels;
    }

    /** A join that outputs at least the fields in {@code required}. */
    private JoinOutput join(Join join, ImmutableBitSet required)
    {
        // (a AND b) OR (a AND c) hides the join key a; pull it out so the join can hash on it (TPC-H Q19)
        RexNode condition = RexUtil.pullFactors(rexBuilder, join.getCondition());
        JoinInfo info = JoinInfo.of(join.getLeft(), join.getRight(), condition);
        RexNode remaining = info.getRemaining(rexBuilder);
        boolean hasResidual = !remaining.isAlwaysTrue();
        if (join.getJoinType() == JoinRelType.INNER && !hasResidual && !info.leftKeys.isEmpty()) {
            PlanNode semiJoin = distinctSideAsSemiJoin(join, info);
            if (semiJoin != null) {
                return new JoinOutput(semiJoin, identity(join.getRowType().getFieldCount()));
            }
        }
        int leftCount = join.getLeft().getRowType().getFieldCount();
        int rightCount = join.getRight().getRowType().getFieldCount();
        double rows = rows(join);

        JoinType type = switch (join.getJoinType()) {
            case INNER -> JoinType.INNER;
            case LEFT, RIGHT -> JoinType.LEFT;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + join.getJoinType() + " JOIN");
        };
        // the probe side streams; the build side is held in memory, so build from the smaller side
        boolean swap = switch (join.getJoinType()) {
            case INNER -> rows(join.getLeft()) < rows(join.getRight());
            case RIGHT -> true;
            default -> false;
        };
        // each side outputs only what this join and the nodes above it read (its keys, its residual's columns, the required fields)
        ImmutableBitSet residualFields = hasResidual ? org.apache.calcite.plan.RelOptUtil.InputFinder.bits(remaining) : ImmutableBitSet.of();
        ImmutableBitSet.Builder leftRequired = ImmutableBitSet.builder();
        ImmutableBitSet.Builder rightRequired = ImmutableBitSet.builder();
        for (int field : required.union(residualFields)) {
            if (field < leftCount) {
                leftRequired.set(field);
            }
            else if (field < leftCount + rightCount) {
                rightRequired.set(field - leftCount);
            }
        }
        info.leftKeys.forEach(leftRequired::set);
        info.rightKeys.forEach(rightRequired::set);
        JoinOutput left = joinInput(join.getLeft(), leftRequired.build());
        JoinOutput right = joinInput(join.getRight(), rightRequired.build());
        JoinOutput probeSide = swap ? right : left;
        JoinOutput buildSide = swap ? left : right;
        PlanNode probe = probeSide.node();
        PlanNode build = buildSide.node();
        List<Integer> probeKeys = mapChannels(swap ? info.rightKeys : info.leftKeys, probeSide.channelOfField());
        List<Integer> buildKeys = mapChannels(swap ? info.leftKeys : info.rightKeys, buildSide.channelOfField());
        int probeCount = probe.outputTypes().size();

        // Calcite's join row is [left, right]; the operator's row is [probe, build]; -1 for fields the inputs do not output
        int[] channels = new int[leftCount + rightCount];
        for (int i = 0; i < leftCount; i++) {
            int channel = left.channelOfField()[i];
            channels[i] = channel < 0 ? -1 : swap ? probeCount + channel : channel;
        }
        for (int i = 0; i < rightCount; i++) {
            int channel = right.channelOfField()[i];
            channels[leftCount + i] = channel < 0 ? -1 : swap ? channel : probeCount + channel;
        }
        List<Type> joinedTypes = new ArrayList<>(probe.outputTypes());
        joinedTypes.addAll(build.outputTypes());
        Expression residual = hasResidual ? new RexTranslator(rexBuilder, channels, joinedTypes).translate(remaining) : null;
        String residualText = hasResidual ? explainText(remaining) : null;

        if (info.leftKeys.isEmpty()) {
            if (type != JoinType.INNER && type != JoinType.LEFT) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + join.getJoinType() + " join without an equality condition");
            }
            JoinPlacement placement = costModel.placeWithoutKeys(probe, build);
            // the nested-loop join outputs [probe, build] whole: field f is at channels[f]
            return new JoinOutput(new NestedLoopJoinNode(placement.probe(), placement.build(), type, residual, residualText, placement.choice(), placement.distribution(), rows), channels);
        }
        JoinPlacement placement = costModel.place(probe, build, probeKeys, buildKeys);
        if (costModel.keepsBuildRows(type, placement, probe, build)) {
            // hash the smaller left side, the rows to keep, and stream the right side past it; the residual then sees [right, left]
            List<Type> flippedTypes = new ArrayList<>(build.outputTypes());
            flippedTypes.addAll(probe.outputTypes());
            int[] flippedChannels = new int[leftCount + rightCount];
            int buildCount = build.outputTypes().size();
            for (int field = 0; field < leftCount + rightCount; field++) {
                int channel = channels[field];
                flippedChannels[field] = channel < 0 ? -1 : channel < probeCount ? buildCount + channel : channel - probeCount;
            }
            Expression flippedResidual = hasResidual ? new RexTranslator(rexBuilder, flippedChannels, flippedTypes).translate(remaining) : null;
            HashJoinNode flipped = new HashJoinNode(placement.build(), placement.probe(), type, true, buildKeys, probeKeys, flippedResidual, residualText,
                    placement.choice(), placement.distribution(), rows, List.of(), List.of());
            // it outputs the left side whole: field f where the left input put it
            return new JoinOutput(flipped, java.util.Arrays.copyOf(channels, leftCount));
        }
        PlanNode probeNode = placement.probe();
        PlanNode buildNode = placement.build();
        JoinType joinType = type;
        List<Integer> joinProbeKeys = probeKeys;
        List<Integer> joinBuildKeys = buildKeys;
        int[] joinChannels = channels;
        Expression joinResidual = residual;
        int joinProbeCount = probeCount;
        boolean hashesLeft = costModel.hashesPreservedSide(type, placement, probe, build);
        if (hashesLeft) {
            // hash the smaller left side, the rows to preserve, and stream the right side past it as a RIGHT join; [right, left] rows
            probeNode = placement.build();
            buildNode = placement.probe();
            joinType = JoinType.RIGHT;
            joinProbeKeys = buildKeys;
            joinBuildKeys = probeKeys;
            int rightOutputCount = build.outputTypes().size();
            joinChannels = new int[channels.length];
            for (int field = 0; field < channels.length; field++) {
                int channel = channels[field];
                joinChannels[field] = channel < 0 ? -1 : channel < probeCount ? rightOutputCount + channel : channel - probeCount;
            }
            List<Type> flippedTypes = new ArrayList<>(build.outputTypes());
            flippedTypes.addAll(probe.outputTypes());
            joinResidual = hasResidual ? new RexTranslator(rexBuilder, joinChannels, flippedTypes).translate(remaining) : null;
            joinProbeCount = rightOutputCount;
        }
        boolean outputsBuild = joinType.outputsBuildColumns();
        int fieldCount = outputsBuild ? leftCount + rightCount : leftCount;
        java.util.TreeSet<Integer> probeNeeded = new java.util.TreeSet<>();
        java.util.TreeSet<Integer> buildNeeded = new java.util.TreeSet<>();
        for (int field : required) {
            if (field >= fieldCount || joinChannels[field] < 0) {
                continue;
            }
            int channel = joinChannels[field];
            if (channel < joinProbeCount) {
                probeNeeded.add(channel);
            }
            else {
                buildNeeded.add(channel - joinProbeCount);
            }
        }
        if (probeNeeded.isEmpty() && buildNeeded.isEmpty()) {
            // pages need a column to carry their row count
            probeNeeded.add(joinProbeKeys.getFirst());
        }
        List<Integer> probeOutputs = new ArrayList<>(probeNeeded);
        List<Integer> buildOutputs = new ArrayList<>(buildNeeded);
        int[] channelOfField = new int[fieldCount];
        for (int field = 0; field < fieldCount; field++) {
            int channel = joinChannels[field];
            channelOfField[field] = channel < 0 ? -1 : channel < joinProbeCount
                    ? probeOutputs.indexOf(channel)
                    : buildOutputs.contains(channel - joinProbeCount) ? probeOutputs.size() + buildOutputs.indexOf(channel - joinProbeCount) : -1;
        }
        // the placement's distribution is the left side's: the probe's, or the build's when the left side is hashed
        int[] sourceOfOutput = new int[probeOutputs.size() + buildOutputs.size()];
        java.util.Arrays.fill(sourceOfOutput, -1);
        if (hashesLeft) {
            for (int i = 0; i < buildOutputs.size(); i++) {
                sourceOfOutput[probeOutputs.size() + i] = buildOutputs.get(i);
            }
        }
        else {
            for (int i = 0; i < probeOutputs.size(); i++) {
                sourceOfOutput[i] = probeOutputs.get(i);
            }
        }
        Distribution distribution = placement.distribution().project(sourceOfOutput);
        HashJoinNode node = new HashJoinNode(probeNode, buildNode, joinType, false, joinProbeKeys, joinBuildKeys, joinResidual, residualText,
                placement.choice(), distribution, rows, probeOutputs, buildOutputs);
        return new JoinOutput(node, channelOfField);
    }

    /**
     * An inner equi join with one side a DISTINCT of exactly its join keys (how Calcite decorrelates
     * EXISTS and IN, TPC-H Q4) is a SEMI join of the other side with the DISTINCT's input: each row
     * of the other side meets at most one distinct row, exactly when some input row has its keys,
     * and that row's columns equal the other side's keys. The SEMI join skips the aggregation and may
     * hash the smaller side. Null when the join is not of that shape.
     */
    private PlanNode distinctSideAsSemiJoin(Join join, JoinInfo info)
    {
        boolean leftDistinct = isDistinctOfKeys(join.getLeft(), info.leftKeys, join.getRight(), info.rightKeys);
        if (!leftDistinct && !isDistinctOfKeys(join.getRight(), info.rightKeys, join.getLeft(), info.leftKeys)) {
            return null;
        }
        Aggregate distinct = (Aggregate) (leftDistinct ? join.getLeft() : join.getRight());
        RelNode kept = leftDistinct ? join.getRight() : join.getLeft();
        List<Integer> keptKeys = leftDistinct ? info.rightKeys : info.leftKeys;
        List<Integer> distinctKeys = leftDistinct ? info.leftKeys : info.rightKeys;
        int keptCount = kept.getRowType().getFieldCount();
        List<RexNode> equalities = new ArrayList<>();
        for (int pair = 0; pair < keptKeys.size(); pair++) {
            int inputKey = distinct.getGroupSet().nth(distinctKeys.get(pair));
            equalities.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS,
                    rexBuilder.makeInputRef(kept, keptKeys.get(pair)),
                    rexBuilder.makeInputRef(distinct.getInput().getRowType().getFieldList().get(inputKey).getType(), keptCount + inputKey)));
        }
        Join semi = LogicalJoin.create(kept, distinct.getInput(), List.of(), RexUtil.composeConjunction(rexBuilder, equalities), Set.of(), JoinRelType.SEMI);
        PlanNode semiJoin = join(semi);
        if (!(semiJoin instanceof HashJoinNode hashJoin && hashJoin.keepsBuildRows())) {
            // unflipped, the SEMI join would hash the un-deduplicated input instead of the DISTINCT: keep the aggregate
            return null;
        }

        // the join's row again: the distinct side's columns are the kept side's keys
        List<Type> keptTypes = semiJoin.outputTypes();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        int distinctCount = distinct.getGroupCount();
        for (int column = 0; column < join.getRowType().getFieldCount(); column++) {
            boolean distinctColumn = leftDistinct ? column < distinctCount : column >= keptCount;
            int channel;
            if (distinctColumn) {
                channel = keptKeys.get(distinctKeys.indexOf(leftDistinct ? column : column - keptCount));
            }
            else {
                channel = leftDistinct ? column - distinctCount : column;
            }
            projections.add(Expressions.input(channel, keptTypes.get(channel)));
            texts.add("#" + channel);
        }
        return new FilterProjectNode(semiJoin, null, null, projections, texts, semiJoin.estimatedRows());
    }

    /** A DISTINCT (an aggregate without calls) of exactly the given join keys, each of the other side's key's type. */
    private static boolean isDistinctOfKeys(RelNode side, List<Integer> keys, RelNode other, List<Integer> otherKeys)
    {
        if (!(side instanceof Aggregate aggregate) || !aggregate.getAggCallList().isEmpty() || aggregate.getGroupType() != Aggregate.Group.SIMPLE
                || aggregate.getGroupCount() != keys.size() || !ImmutableBitSet.of(keys).equals(ImmutableBitSet.range(keys.size()))) {
            return false;
        }
        for (int pair = 0; pair < keys.size(); pair++) {
            RelDataType type = side.getRowType().getFieldList().get(keys.get(pair)).getType();
            RelDataType otherType = other.getRowType().getFieldList().get(otherKeys.get(pair)).getType();
            if (type.getSqlTypeName() != otherType.getSqlTypeName() || type.getPrecision() != otherType.getPrecision() || type.getScale() != otherType.getScale()) {
                return false;
            }
        }
        return true;
    }

    /** Where each column of Calcite's join row [left, right] is in the operator's row: [left, right], or [right, left] when swapped. */
    private static int[] joinChannels(int leftCount, int rightCount, boolean swap)
    {
        int[] channels = new int[leftCount + rightCount];
        for (int i = 0; i < leftCount; i++) {
            channels[i] = swap ? rightCount + i : i;
        }
        for (int i = 0; i < rightCount; i++) {
            channels[leftCount + i] = swap ? i : leftCount + i;
        }
        return channels;
    }

    private PlanNode sort(Sort sort)
    {
        PlanNode source = visit(sort.getInput());
        List<Integer> channels = new ArrayList<>();
        List<SortOrder> orders = new ArrayList<>();
        for (RelFieldCollation collation : sort.getCollation().getFieldCollations()) {
            channels.add(collation.getFieldIndex());
            boolean ascending = !collation.getDirection().isDescending();
            boolean nullsFirst = switch (collation.nullDirection) {
                case FIRST -> true;
                case LAST -> false;
                case UNSPECIFIED -> !ascending;
            };
            orders.add(new SortOrder(ascending, nullsFirst));
        }
        long offset = sort.offset == null ? 0 : longValue(sort.offset, "OFFSET");
        Long fetch = sort.fetch == null ? null : longValue(sort.fetch, "LIMIT");
        double rows = rows(sort);
        if (channels.isEmpty()) {
            if (fetch == null && offset == 0) {
                return source;
            }
            long limit = fetch == null ? Long.MAX_VALUE : fetch;
            if (!source.distribution().isSingle()) {
                long partialLimit = fetch == null ? Long.MAX_VALUE : saturatedAdd(limit, offset);
                source = ExchangeNode.gather(new LimitNode(source, partialLimit, 0, true, rows));
            }
            return new LimitNode(source, limit, offset, false, rows);
        }
        if (fetch != null) {
            long count = saturatedAdd(fetch, offset);
            if (!source.distribution().isSingle()) {
                source = ExchangeNode.gather(new TopNNode(source, count, channels, orders, true, rows));
            }
            PlanNode topN = new TopNNode(source, count, channels, orders, false, rows);
            return offset == 0 ? topN : new LimitNode(topN, fetch, offset, false, rows);
        }
        if (!source.distribution().isSingle()) {
            source = ExchangeNode.gather(source);
        }
        PlanNode sorted = new SortNode(source, channels, orders, rows);
        return offset == 0 ? sorted : new LimitNode(sorted, Long.MAX_VALUE, offset, false, rows);
    }

    private static long saturatedAdd(long a, long b)
    {
        long sum = a + b;
        return sum < 0 ? Long.MAX_VALUE : sum;
    }

    private static long longValue(RexNode node, String clause)
    {
        if (node instanceof RexLiteral literal) {
            Long value = literal.getValueAs(Long.class);
            if (value != null && value >= 0) {
                return value;
            }
        }
        throw new SignoException(ErrorCode.INVALID_ARGUMENT, clause + " must be a non-negative integer constant: " + node);
    }

    private PlanNode union(Union union)
    {
        if (!union.all) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "UNION DISTINCT should have been rewritten to an aggregation");
        }
        List<PlanNode> sources = new ArrayList<>();
        for (RelNode input : union.getInputs()) {
            sources.add(visit(input));
        }
        return new ExchangeNode(sources, ExchangeKind.ROUND_ROBIN, ExchangeNode.Scope.REMOTE, List.of(), rows(union));
    }

    private PlanNode values(Values values)
    {
        List<Type> types = new ArrayList<>();
        for (var field : values.getRowType().getFieldList()) {
            types.add(CalciteTypes.toSigno(field.getType()));
        }
        int rowCount = values.getTuples().size();
        ColumnVector[] columns = new ColumnVector[types.size()];
        for (int column = 0; column < types.size(); column++) {
            VectorBuilder builder = new VectorBuilder(types.get(column), rowCount);
            RexTranslator translator = RexTranslator.identity(rexBuilder, List.of());
            for (List<RexLiteral> tuple : values.getTuples()) {
                Expression constant = translator.translate(tuple.get(column));
                ColumnVector vector = constant.type().equals(types.get(column))
                        ? constant.evaluate(new Page(1), null, 1, io.signo.storage.memory.PageAllocator.transientPages())
                        : Expressions.cast(constant, types.get(column)).evaluate(new Page(1), null, 1, io.signo.storage.memory.PageAllocator.transientPages());
                builder.appendFrom(vector, 0);
            }
            columns[column] = builder.build();
        }
        List<Page> pages = rowCount == 0 ? List.of() : List.of(new Page(rowCount, columns));
        return new ValuesNode(types, pages, rowCount);
    }
}
