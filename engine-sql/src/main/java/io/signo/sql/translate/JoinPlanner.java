package io.signo.sql.translate;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.core.operator.join.JoinType;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.HashJoinStrategy;
import io.signo.sql.rel.JoinDistribution;
import io.signo.sql.rel.NestedLoopJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * Plans Calcite's joins: a hash join on the equality keys (a nested-loop join without any), which
 * side is hashed, where the rows of both sides meet ({@link JoinCostModel}), and which columns each
 * side outputs: only those this join and the nodes above it read.
 */
final class JoinPlanner
{
    private final PhysicalPlanner planner;
    private final RexBuilder rexBuilder;
    private final JoinCostModel costModel;

    JoinPlanner(PhysicalPlanner planner, RexBuilder rexBuilder, JoinCostModel costModel)
    {
        this.planner = planner;
        this.rexBuilder = rexBuilder;
        this.costModel = costModel;
    }

    /** A join's plan and where each of Calcite's join fields is in its output. */
    record JoinOutput(PlanNode node, FieldChannels channels) {}

    /** A join whose output is in Calcite's field order, every field included. */
    PlanNode planAllFields(Join join)
    {
        int fieldCount = join.getRowType().getFieldCount();
        JoinOutput output = plan(join, ImmutableBitSet.range(fieldCount));
        if (output.channels().fieldCount() == fieldCount && output.channels().isIdentity()) {
            return output.node();
        }
        List<Integer> channels = new ArrayList<>();
        for (int field = 0; field < fieldCount; field++) {
            channels.add(output.channels().channel(field));
        }
        return selectChannels(output.node(), channels);
    }

    /** A join that outputs at least the fields in {@code required}. */
    JoinOutput plan(Join join, ImmutableBitSet required)
    {
        // (a AND b) OR (a AND c) hides the join key a; pull it out so the join can hash on it (TPC-H Q19)
        RexNode condition = RexUtil.pullFactors(rexBuilder, join.getCondition());
        JoinInfo info = JoinInfo.of(join.getLeft(), join.getRight(), condition);
        RexNode remaining = info.getRemaining(rexBuilder);
        if (join.getJoinType() == JoinRelType.INNER && remaining.isAlwaysTrue() && !info.leftKeys.isEmpty()) {
            PlanNode semiJoin = distinctSideAsSemiJoin(join, info);
            if (semiJoin != null) {
                return new JoinOutput(semiJoin, FieldChannels.identity(join.getRowType().getFieldCount()));
            }
        }
        JoinSides sides = planSides(join, info, remaining.isAlwaysTrue() ? null : remaining, required);
        if (info.leftKeys.isEmpty()) {
            return nestedLoopJoin(join, sides);
        }
        JoinPlacement placement = sides.type() == JoinType.FULL
                ? costModel.placeEachRowOnce(sides.probe(), sides.build(), sides.probeKeys(), sides.buildKeys())
                : costModel.place(sides.type(), sides.probe(), sides.build(), sides.probeKeys(), sides.buildKeys());
        if (repartitionsDistinctKeys(sides, placement)) {
            sides = withDistinctBuildKeys(sides);
            placement = new JoinPlacement(placement.probe(), ExchangeNode.remote(sides.build(), ExchangeKind.HASH, sides.buildKeys()), placement.choice(),
                    placement.distribution(), placement.distributedAsBuild());
        }
        if (costModel.hashesKeptSide(sides.type(), placement, sides.probe(), sides.build())) {
            return keptRowsJoin(sides, placement);
        }
        boolean hashesLeft = costModel.hashesPreservedSide(sides.type(), placement, sides.probe(), sides.build());
        return lookupJoin(sides, placement, required, hashesLeft);
    }

    /**
     * Whether a SEMI or ANTI join repartitions its right side, of which it reads only the keys: then
     * only each key's first row matters, and a partial aggregation on the keys before the exchange
     * sends each worker's distinct keys instead of every row (TPC-H Q22's NOT EXISTS sends the
     * customers of 1.5 million orders as about 100,000 keys per worker). The partial step stops
     * grouping by itself where the keys hardly repeat.
     */
    private static boolean repartitionsDistinctKeys(JoinSides sides, JoinPlacement placement)
    {
        return (sides.type() == JoinType.SEMI || sides.type() == JoinType.ANTI) && sides.residualCondition() == null
                && placement.choice().kind() == JoinDistribution.Kind.PARTITIONED;
    }

    /** The join with its build side reduced to the distinct keys per stream (a partial aggregation without calls), the keys its channels 0 .. k - 1. */
    private static JoinSides withDistinctBuildKeys(JoinSides sides)
    {
        PlanNode build = sides.build();
        List<Integer> keys = sides.buildKeys();
        List<Type> keyTypes = new ArrayList<>();
        List<Integer> keyChannels = new ArrayList<>();
        int[] channelOfBuildChannel = new int[build.outputTypes().size()];
        Arrays.fill(channelOfBuildChannel, FieldChannels.ABSENT);
        for (int i = 0; i < keys.size(); i++) {
            keyTypes.add(build.outputTypes().get(keys.get(i)));
            keyChannels.add(i);
            if (channelOfBuildChannel[keys.get(i)] == FieldChannels.ABSENT) {
                channelOfBuildChannel[keys.get(i)] = i;
            }
        }
        int[] sourceOfOutput = new int[keys.size()];
        for (int i = 0; i < keys.size(); i++) {
            sourceOfOutput[i] = keys.get(i);
        }
        PlanNode distinct = new AggregationNode(build, keys, keyTypes, List.of(), AggregationStep.PARTIAL, keyTypes, build.distribution().project(sourceOfOutput),
                build.estimatedRows());
        FieldChannels channels = sides.channels().remapSecondSide(sides.probeCount(), channelOfBuildChannel);
        return new JoinSides(sides.type(), sides.probe(), distinct, sides.probeKeys(), keyChannels, channels, null, null, sides.leftCount(), sides.estimatedRows());
    }

    /** Plans both inputs, each outputting only what this join and the nodes above it read (its keys, its residual's columns, the required fields). */
    private JoinSides planSides(Join join, JoinInfo info, RexNode residual, ImmutableBitSet required)
    {
        int leftCount = join.getLeft().getRowType().getFieldCount();
        int rightCount = join.getRight().getRowType().getFieldCount();
        double rows = planner.rows(join);
        JoinType type = switch (join.getJoinType()) {
            case INNER -> JoinType.INNER;
            case LEFT, RIGHT -> JoinType.LEFT;
            case FULL -> JoinType.FULL;
            case SEMI -> JoinType.SEMI;
            case ANTI -> JoinType.ANTI;
            default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + join.getJoinType() + " JOIN");
        };
        // the probe side streams; the build side is held in memory, so build from the smaller side
        boolean swap = switch (join.getJoinType()) {
            case INNER, FULL -> planner.rows(join.getLeft()) < planner.rows(join.getRight());
            case RIGHT -> true;
            default -> false;
        };
        ImmutableBitSet fieldsRead = residual == null ? required : required.union(RelOptUtil.InputFinder.bits(residual));
        ImmutableBitSet.Builder leftRequired = ImmutableBitSet.builder();
        ImmutableBitSet.Builder rightRequired = ImmutableBitSet.builder();
        for (int field : fieldsRead) {
            if (field < leftCount) {
                leftRequired.set(field);
            }
            else if (field < leftCount + rightCount) {
                rightRequired.set(field - leftCount);
            }
        }
        info.leftKeys.forEach(leftRequired::set);
        info.rightKeys.forEach(rightRequired::set);
        JoinOutput left = planInput(join.getLeft(), leftRequired.build());
        JoinOutput right = planInput(join.getRight(), rightRequired.build());
        JoinOutput probe = swap ? right : left;
        JoinOutput build = swap ? left : right;
        List<Integer> probeKeys = probe.channels().channelsOf(swap ? info.rightKeys : info.leftKeys);
        List<Integer> buildKeys = build.channels().channelsOf(swap ? info.leftKeys : info.rightKeys);
        // Calcite's join row is [left, right]; the operator's row is [probe, build]
        int probeCount = probe.node().outputTypes().size();
        FieldChannels channels = swap
                ? FieldChannels.concat(left.channels(), probeCount, right.channels(), 0)
                : FieldChannels.concat(left.channels(), 0, right.channels(), probeCount);
        String residualText = residual == null ? null : PhysicalPlanner.explainText(residual);
        return new JoinSides(type, probe.node(), build.node(), probeKeys, buildKeys, channels, residual, residualText, leftCount, rows);
    }

    /**
     * An input of a join, outputting only the fields required of it: a join below plans only those; a
     * filter and projection keeps only those of its projections; anything else (a shared node too)
     * gets a projection of them. A column that only a filter below reads is not hashed, nor sent
     * through an exchange (TPC-H Q13 repartitioned every order's comment, read only by its NOT LIKE).
     */
    private JoinOutput planInput(RelNode input, ImmutableBitSet required)
    {
        boolean shared = planner.isShared(input) || planner.isComputedOnce(input);
        if (input instanceof Join join && !shared) {
            return plan(join, required);
        }
        PlanNode node = planner.visit(input);
        int fieldCount = input.getRowType().getFieldCount();
        if (required.isEmpty() || required.cardinality() == fieldCount) {
            return new JoinOutput(node, FieldChannels.identity(fieldCount));
        }
        int[] columns = required.toArray();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        PlanNode source = node;
        Expression filter = null;
        String filterText = null;
        if (node instanceof FilterProjectNode project && !shared) {
            source = project.source();
            filter = project.filter();
            filterText = project.filterText();
            for (int column : columns) {
                projections.add(project.projections().get(column));
                texts.add(project.projectionTexts().get(column));
            }
        }
        else {
            for (int column : columns) {
                projections.add(Expressions.input(column, node.outputTypes().get(column)));
                texts.add("#" + column);
            }
        }
        PlanNode pruned = new FilterProjectNode(source, filter, filterText, projections, texts, node.estimatedRows());
        return new JoinOutput(pruned, FieldChannels.ofColumns(fieldCount, columns));
    }

    private JoinOutput nestedLoopJoin(Join join, JoinSides sides)
    {
        if (sides.type() != JoinType.INNER && sides.type() != JoinType.LEFT && !sides.type().emitsUnmatchedBuildRows()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + join.getJoinType() + " join without an equality condition");
        }
        JoinPlacement placement = sides.type().emitsUnmatchedBuildRows()
                ? costModel.placeOnOneNode(sides.probe(), sides.build())
                : costModel.placeWithoutKeys(sides.probe(), sides.build());
        NestedLoopJoinNode node = new NestedLoopJoinNode(placement.probe(), placement.build(), sides.type(), sides.residual(rexBuilder), sides.residualText(),
                placement.choice(), placement.distribution(), sides.estimatedRows());
        // the nested-loop join outputs [probe, build] whole
        return new JoinOutput(node, sides.channels());
    }

    /**
     * A SEMI or ANTI join that hashes its left side, the rows it keeps, and streams the right side past
     * it; the left side comes out whole, each field where the left input put it.
     */
    private JoinOutput keptRowsJoin(JoinSides sides, JoinPlacement placement)
    {
        JoinSides hashingLeft = sides.swapped();
        HashJoinNode node = HashJoinNode.filteringBuildRows(placement.build(), placement.probe(), sides.type(), hashingLeft.probeKeys(), hashingLeft.buildKeys(),
                hashingLeft.residual(rexBuilder), sides.residualText(), placement.choice(), placement.distribution(), sides.estimatedRows(), costModel.runtimeFilters());
        return new JoinOutput(node, sides.channels().prefix(sides.leftCount()));
    }

    /**
     * A hash join whose probe rows look up their matches in the build's hash table. With
     * {@code hashesLeft}, a LEFT join hashes its left side, the rows to preserve, and streams the right
     * side past it as a RIGHT join.
     */
    private JoinOutput lookupJoin(JoinSides planned, JoinPlacement placement, ImmutableBitSet required, boolean hashesLeft)
    {
        JoinSides sides = hashesLeft ? planned.swapped() : planned;
        PlanNode probe = hashesLeft ? placement.build() : placement.probe();
        PlanNode build = hashesLeft ? placement.probe() : placement.build();
        JoinType type = hashesLeft ? JoinType.RIGHT : sides.type();
        int fieldCount = type.outputsBuildColumns() ? sides.channels().fieldCount() : sides.leftCount();
        List<Integer> probeOutputs = new ArrayList<>();
        List<Integer> buildOutputs = new ArrayList<>();
        outputChannels(sides, required, fieldCount, probeOutputs, buildOutputs);
        FieldChannels channels = sides.channels().selectOutputs(fieldCount, sides.probeCount(), probeOutputs, buildOutputs);

        // the placement's distribution is the left side's: the probe's, or the build's when the left side is hashed
        // or when a replicated probe is read where the build rows are
        int[] sourceOfOutput = new int[probeOutputs.size() + buildOutputs.size()];
        Arrays.fill(sourceOfOutput, -1);
        boolean buildDistributes = hashesLeft || placement.distributedAsBuild();
        List<Integer> leftOutputs = buildDistributes ? buildOutputs : probeOutputs;
        int leftStart = buildDistributes ? probeOutputs.size() : 0;
        for (int i = 0; i < leftOutputs.size(); i++) {
            sourceOfOutput[leftStart + i] = leftOutputs.get(i);
        }
        // a FULL join's unmatched rows come out with NULL keys on any node: partitioned on neither side's keys
        Distribution distribution = type == JoinType.FULL && !placement.distribution().isSingle() ? Distribution.ANY : placement.distribution().project(sourceOfOutput);
        if (type == JoinType.INNER && !buildDistributes && placement.distribution().kind() == Distribution.Kind.PARTITIONED && distribution.kind() != Distribution.Kind.PARTITIONED) {
            distribution = partitionedOnBuildKeys(placement.distribution(), sides, probe, build, probeOutputs, buildOutputs, distribution);
        }
        HashJoinNode node = new HashJoinNode(probe, build, type, HashJoinStrategy.LOOKUP, sides.probeKeys(), sides.buildKeys(), sides.residual(rexBuilder), sides.residualText(),
                placement.choice(), distribution, sides.estimatedRows(), probeOutputs, buildOutputs, costModel.runtimeFilters());
        return new JoinOutput(node, channels);
    }

    /**
     * The distribution of an inner join whose probe side is partitioned on join keys it does not
     * output: every output row has equal probe and build keys, so where the probe's key is not output
     * the build's equal key (of the same type) carries the partitioning. Lets the joins above stay
     * co-located (TPC-H Q21: orders joined with lineitem on the order key outputs only
     * {@code l_orderkey}, which the EXISTS on {@code lineitem} joins on). {@code otherwise} when a key
     * has no such stand-in.
     */
    private static Distribution partitionedOnBuildKeys(Distribution probeDistribution, JoinSides sides, PlanNode probe, PlanNode build, List<Integer> probeOutputs,
            List<Integer> buildOutputs, Distribution otherwise)
    {
        List<Integer> outputKeys = new ArrayList<>();
        for (int key : probeDistribution.keys()) {
            int output = probeOutputs.indexOf(key);
            if (output < 0) {
                int joinKey = sides.probeKeys().indexOf(key);
                if (joinKey < 0) {
                    return otherwise;
                }
                int buildKey = sides.buildKeys().get(joinKey);
                int buildOutput = buildOutputs.indexOf(buildKey);
                if (buildOutput < 0 || !probe.outputTypes().get(key).equals(build.outputTypes().get(buildKey))) {
                    return otherwise;
                }
                output = probeOutputs.size() + buildOutput;
            }
            outputKeys.add(output);
        }
        return Distribution.partitioned(probeDistribution.scheme(), outputKeys);
    }

    /** Adds to {@code probeOutputs} and {@code buildOutputs}, in order, the channels of each side that hold a required field. */
    private static void outputChannels(JoinSides sides, ImmutableBitSet required, int fieldCount, List<Integer> probeOutputs, List<Integer> buildOutputs)
    {
        int probeCount = sides.probeCount();
        TreeSet<Integer> probeNeeded = new TreeSet<>();
        TreeSet<Integer> buildNeeded = new TreeSet<>();
        for (int field : required) {
            if (field >= fieldCount || sides.channels().channel(field) == FieldChannels.ABSENT) {
                continue;
            }
            int channel = sides.channels().channel(field);
            if (channel < probeCount) {
                probeNeeded.add(channel);
            }
            else {
                buildNeeded.add(channel - probeCount);
            }
        }
        if (probeNeeded.isEmpty() && buildNeeded.isEmpty()) {
            // pages need a column to carry their row count
            probeNeeded.add(sides.probeKeys().getFirst());
        }
        probeOutputs.addAll(probeNeeded);
        buildOutputs.addAll(buildNeeded);
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
        PlanNode semiJoin = planAllFields(semi);
        if (!(semiJoin instanceof HashJoinNode hashJoin && hashJoin.filtersBuildRows())) {
            // unflipped, the SEMI join would hash the un-deduplicated input instead of the DISTINCT: keep the aggregate
            return null;
        }

        // the join's row again: the distinct side's columns are the kept side's keys
        List<Integer> channels = new ArrayList<>();
        int distinctCount = distinct.getGroupCount();
        for (int column = 0; column < join.getRowType().getFieldCount(); column++) {
            boolean distinctColumn = leftDistinct ? column < distinctCount : column >= keptCount;
            if (distinctColumn) {
                channels.add(keptKeys.get(distinctKeys.indexOf(leftDistinct ? column : column - keptCount)));
            }
            else {
                channels.add(leftDistinct ? column - distinctCount : column);
            }
        }
        return selectChannels(semiJoin, channels);
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

    /** The given channels of a node's output, in the given order. */
    private static PlanNode selectChannels(PlanNode source, List<Integer> channels)
    {
        List<Type> types = source.outputTypes();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int channel : channels) {
            projections.add(Expressions.input(channel, types.get(channel)));
            texts.add("#" + channel);
        }
        return new FilterProjectNode(source, null, null, projections, texts, source.estimatedRows());
    }
}
