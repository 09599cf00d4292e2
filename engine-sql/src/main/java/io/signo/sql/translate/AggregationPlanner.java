package io.signo.sql.translate;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.aggregation.AggregationStep;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.sql.planner.SignoOperatorTable;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.GroupIdNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.RowIfEmptyNode;
import io.signo.sql.rule.GroupingSetsWithDistinctToUnion;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import org.apache.calcite.rel.RelFieldCollation;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * Plans Calcite's aggregates: one step over a single stream; else a partial step on every stream,
 * an exchange that brings the partial results of each group together, and a final step. What the
 * aggregation operator does not compute (the constant of LITERAL_AGG, SUM0's zero for a group of
 * nulls, GROUPING) is projected after it. GROUPING SETS, ROLLUP and CUBE aggregate each row once
 * per set ({@link GroupIdNode}), grouped by the keys' copies and the set's index: over several
 * streams the rows repeated are the partial step's groups by all the sets' keys, over one stream
 * the input rows.
 */
final class AggregationPlanner
{
    /** The most groups (estimated) an aggregation whose result is gathered may have to run its final step on the coordinator; see {@link #gatherToCoordinator}. */
    static final double GATHERED_FINAL_MAX_GROUPS = 10_000;
    /** The fewest groups (estimated) an aggregation must have for the final step below it to be partitioned on its keys; see {@link #finalStepPartitionedOn}. */
    static final double REKEYED_MIN_GROUPS = 1_000;

    private final PhysicalPlanner planner;
    private final RexBuilder rexBuilder;

    AggregationPlanner(PhysicalPlanner planner, RexBuilder rexBuilder)
    {
        this.planner = planner;
        this.rexBuilder = rexBuilder;
    }

    /**
     * An aggregate's calls as the operator runs them, and per Calcite call its LITERAL_AGG constant
     * or null, and its GROUPING value per grouping set or null. FILTER (WHERE f) calls aggregate {@code CASE WHEN f THEN x END} instead,
     * computed as extra channels after the input's.
     */
    private record Calls(List<AggregateCall> calls, List<Boolean> sumZero, List<RexNode> literals, List<List<Long>> groupings, List<Expression> filteredInputs,
            List<String> filteredTexts)
    {
        /** Whether the aggregation's output needs a projection: a constant to add, a null sum to replace by zero, a GROUPING value. */
        boolean projectsAfter()
        {
            return sumZero.contains(true) || literals.stream().anyMatch(Objects::nonNull) || groupings.stream().anyMatch(Objects::nonNull);
        }
    }

    PlanNode plan(Aggregate aggregate)
    {
        PlanNode source = planner.visit(aggregate.getInput());
        List<Type> inputTypes = source.outputTypes();
        List<Integer> keyChannels = aggregate.getGroupSet().asList();
        Calls calls = translateCalls(aggregate, inputTypes);
        if (!calls.filteredInputs().isEmpty()) {
            source = withFilteredInputs(source, calls);
        }
        double rows = planner.rows(aggregate);
        boolean groupingSets = aggregate.getGroupType() != Aggregate.Group.SIMPLE;
        if (groupingSets && !source.distribution().isSingle()) {
            return groupingSetsOfPartialGroups(aggregate, source, keyChannels, calls, rows);
        }
        List<Integer> groupChannels = keyChannels;
        if (groupingSets) {
            // the keys' copies (NULL outside their sets) and the set's index are the group keys
            int width = source.outputTypes().size();
            source = new GroupIdNode(source, keyChannels, setIndexes(aggregate), source.estimatedRows() * aggregate.getGroupSets().size());
            groupChannels = new ArrayList<>();
            for (int i = 0; i <= keyChannels.size(); i++) {
                groupChannels.add(width + i);
            }
        }
        List<Type> groupTypes = new ArrayList<>();
        for (int channel : groupChannels) {
            groupTypes.add(source.outputTypes().get(channel));
        }
        List<Type> outputTypes = new ArrayList<>(groupTypes);
        for (AggregateCall call : calls.calls()) {
            outputTypes.add(call.outputType());
        }
        if (!groupingSets && !source.distribution().isSingle()) {
            PlanNode rekeyed = finalStepPartitionedOn(source, groupChannels, rows);
            source = rekeyed != null ? rekeyed : source;
        }
        PlanNode result = source.distribution().isSingle()
                ? new AggregationNode(source, groupChannels, groupTypes, calls.calls(), AggregationStep.SINGLE, outputTypes, Distribution.SINGLE, rows)
                : partialAndFinal(source, groupChannels, groupTypes, calls.calls(), outputTypes, rows);
        return finish(aggregate, result, groupChannels.size(), outputTypes, calls, rows);
    }

    /**
     * An aggregation over the final step of another one whose keys include all of its own (COUNT
     * DISTINCT is one aggregation on its keys and the distinct column, then one on its keys, TPC-H
     * Q16): the inner partial groups repartitioned on the outer keys instead of all the inner keys,
     * so that every outer group is whole on one node and the outer aggregation needs no exchange of its
     * own: one stage and one exchange fewer. Null when {@code source} is not of that shape, or when
     * the outer aggregation is estimated at fewer than {@link #REKEYED_MIN_GROUPS} groups: fewer keys
     * spread over the nodes worse, and few groups would leave nodes idle.
     */
    private static PlanNode finalStepPartitionedOn(PlanNode source, List<Integer> outerKeys, double outerGroups)
    {
        if (outerKeys.isEmpty() || outerGroups < REKEYED_MIN_GROUPS || !(source instanceof AggregationNode inner) || inner.step() != AggregationStep.FINAL
                || !(inner.source() instanceof ExchangeNode exchange) || exchange.scope() != ExchangeNode.Scope.REMOTE || exchange.kind() != ExchangeKind.HASH
                || exchange.tableBuckets() != 0 || exchange.sources().size() != 1 || !(exchange.sources().getFirst() instanceof AggregationNode partial)
                || partial.step() != AggregationStep.PARTIAL || outerKeys.size() >= inner.groupChannels().size()) {
            return null;
        }
        for (int key : outerKeys) {
            // the inner final step outputs its keys first, in the partial step's order
            if (key >= inner.groupChannels().size()) {
                return null;
            }
        }
        ExchangeNode rekeyed = ExchangeNode.remote(partial, ExchangeKind.HASH, outerKeys);
        return new AggregationNode(rekeyed, inner.groupChannels(), inner.groupTypes(), inner.calls(), AggregationStep.FINAL, inner.outputTypes(), rekeyed.distribution(),
                inner.estimatedRows());
    }

    /** The empty grouping set's row over no input, and what the aggregation operator does not compute. */
    private PlanNode finish(Aggregate aggregate, PlanNode aggregation, int groupCount, List<Type> outputTypes, Calls calls, double rows)
    {
        PlanNode result = aggregation;
        int keyCount = aggregate.getGroupSet().cardinality();
        boolean groupingSets = aggregate.getGroupType() != Aggregate.Group.SIMPLE;
        int emptySet = aggregate.getGroupSets().indexOf(ImmutableBitSet.of());
        if (groupingSets && emptySet >= 0) {
            // the empty set has a row even for no input, as a global aggregate has
            if (!result.distribution().isSingle()) {
                result = ExchangeNode.gather(result);
            }
            result = new RowIfEmptyNode(result, rowOfNoInput(keyCount, emptySet, calls.calls()));
        }
        if (calls.projectsAfter() || groupingSets) {
            result = projectAfter(result, keyCount, groupCount, outputTypes, calls, rows);
        }
        return result;
    }

    /**
     * Grouping sets over several streams: a partial step groups the rows by all the sets' keys first,
     * so that each set repeats the partial groups ({@link GroupIdNode}) rather than every input row
     * (TPC-DS q22's ROLLUP of four item keys over 11.7 million inventory rows repeats a few partial
     * groups per item five times instead); the final step merges the partial results by the keys' copies and
     * the set's index, as it merges the partial results of different drivers.
     */
    private PlanNode groupingSetsOfPartialGroups(Aggregate aggregate, PlanNode source, List<Integer> keyChannels, Calls calls, double rows)
    {
        int keyCount = keyChannels.size();
        List<Type> keyTypes = new ArrayList<>();
        for (int channel : keyChannels) {
            keyTypes.add(source.outputTypes().get(channel));
        }
        List<Type> partialTypes = new ArrayList<>(keyTypes);
        for (AggregateCall call : calls.calls()) {
            partialTypes.addAll(call.intermediateTypes());
        }
        Distribution partialDistribution = source.distribution().project(sourceChannelsOf(keyChannels, partialTypes.size()));
        PlanNode partial = new AggregationNode(source, keyChannels, keyTypes, calls.calls(), AggregationStep.PARTIAL, partialTypes, partialDistribution, rows);
        List<Integer> partialKeys = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) {
            partialKeys.add(i);
        }
        int width = partialTypes.size();
        double repeatedRows = rows * aggregate.getGroupSets().size();
        PlanNode repeated = new GroupIdNode(partial, partialKeys, setIndexes(aggregate), repeatedRows);
        // the final step reads its group keys (the keys' copies and the set's index) first, then the intermediate columns
        List<Type> repeatedTypes = repeated.outputTypes();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int channel = width; channel <= width + keyCount; channel++) {
            projections.add(Expressions.input(channel, repeatedTypes.get(channel)));
            texts.add("#" + channel);
        }
        for (int channel = keyCount; channel < width; channel++) {
            projections.add(Expressions.input(channel, repeatedTypes.get(channel)));
            texts.add("#" + channel);
        }
        PlanNode reordered = new FilterProjectNode(repeated, null, null, projections, texts, repeatedRows);
        List<Integer> groupChannels = new ArrayList<>();
        List<Type> groupTypes = new ArrayList<>();
        for (int i = 0; i <= keyCount; i++) {
            groupChannels.add(i);
            groupTypes.add(repeatedTypes.get(width + i));
        }
        List<Type> outputTypes = new ArrayList<>(groupTypes);
        for (AggregateCall call : calls.calls()) {
            outputTypes.add(call.outputType());
        }
        PlanNode exchange = ExchangeNode.remote(reordered, ExchangeKind.HASH, groupChannels);
        PlanNode aggregation = new AggregationNode(exchange, groupChannels, groupTypes, calls.calls(), AggregationStep.FINAL, outputTypes, exchange.distribution(), rows);
        return finish(aggregate, aggregation, groupChannels.size(), outputTypes, calls, rows);
    }

    /** Per grouping set, the indexes into the aggregate's group keys of the keys it groups by. */
    private static List<List<Integer>> setIndexes(Aggregate aggregate)
    {
        List<Integer> keys = aggregate.getGroupSet().asList();
        List<List<Integer>> sets = new ArrayList<>();
        for (ImmutableBitSet set : aggregate.getGroupSets()) {
            sets.add(set.asList().stream().map(keys::indexOf).toList());
        }
        return sets;
    }

    /** The aggregation's row for the empty grouping set over no input: NULL keys, the set's index, each call's value of no rows. */
    private static List<Object> rowOfNoInput(int keyCount, int emptySet, List<AggregateCall> calls)
    {
        List<Object> row = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) {
            row.add(null);
        }
        row.add(emptySet);
        for (AggregateCall call : calls) {
            boolean counts = call.kind() == AggregateKind.COUNT || call.kind() == AggregateKind.COUNT_STAR || call.kind() == AggregateKind.APPROX_COUNT_DISTINCT;
            row.add(counts ? (Object) 0L : null);
        }
        return row;
    }

    private Calls translateCalls(Aggregate aggregate, List<Type> inputTypes)
    {
        Calls calls = new Calls(new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>(), new ArrayList<>());
        for (var call : aggregate.getAggCallList()) {
            SqlKind callKind = call.getAggregation().getKind();
            if (callKind == SqlKind.LITERAL_AGG) {
                // (from NOT IN and IN rewrites) the same constant for every group: projected after aggregating
                calls.literals().add(call.rexList.getFirst());
                calls.groupings().add(null);
                continue;
            }
            calls.literals().add(null);
            if (callKind == SqlKind.GROUPING || callKind == SqlKind.GROUPING_ID) {
                // a constant per grouping set: projected after aggregating, from the set's index
                calls.groupings().add(groupingValues(aggregate, call.getArgList()));
                continue;
            }
            calls.groupings().add(null);
            if (callKind == SqlKind.GROUP_ID) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: GROUP_ID()");
            }
            if (callKind == SqlKind.PERCENTILE_CONT || callKind == SqlKind.PERCENTILE_DISC || call.getAggregation().getName().equalsIgnoreCase(SignoOperatorTable.MEDIAN_NAME)) {
                calls.calls().add(percentile(aggregate, call, inputTypes));
                calls.sumZero().add(false);
                continue;
            }
            // Calcite reads APPROX_COUNT_DISTINCT(x) as an approximate COUNT(DISTINCT x)
            boolean approximateDistinct = call.isApproximate() && call.isDistinct() && call.getAggregation().getKind() == SqlKind.COUNT;
            if (call.isDistinct() && !approximateDistinct) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: this combination of DISTINCT aggregates: " + call);
            }
            AggregateKind kind = switch (call.getAggregation().getKind()) {
                case COUNT -> approximateDistinct ? AggregateKind.APPROX_COUNT_DISTINCT : call.getArgList().isEmpty() ? AggregateKind.COUNT_STAR : AggregateKind.COUNT;
                case SUM, SUM0 -> AggregateKind.SUM;
                case AVG -> AggregateKind.AVG;
                case MIN -> AggregateKind.MIN;
                case MAX -> AggregateKind.MAX;
                case VAR_SAMP -> AggregateKind.VAR_SAMP;
                case VAR_POP -> AggregateKind.VAR_POP;
                case STDDEV_SAMP -> AggregateKind.STDDEV_SAMP;
                case STDDEV_POP -> AggregateKind.STDDEV_POP;
                case STRING_AGG, LISTAGG -> AggregateKind.STRING_AGG;
                case SINGLE_VALUE -> AggregateKind.SINGLE_VALUE;
                default -> throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: aggregate function " + call.getAggregation().getName());
            };
            if (!call.collation.getFieldCollations().isEmpty()) {
                // Calcite reads STRING_AGG(x, s ORDER BY y) as LISTAGG(x, s) WITHIN GROUP (ORDER BY y)
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: ORDER BY (or WITHIN GROUP) inside aggregate function " + call.getAggregation().getName());
            }
            String separator = kind == AggregateKind.STRING_AGG ? separator(aggregate, call) : null;
            int arguments = call.getArgList().size();
            if (kind != AggregateKind.COUNT_STAR && arguments != 1 && !(kind == AggregateKind.STRING_AGG && arguments == 2)) {
                throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + call.getAggregation().getName() + " with " + call.getArgList().size() + " arguments");
            }
            int inputChannel = kind == AggregateKind.COUNT_STAR ? -1 : call.getArgList().getFirst();
            Type inputType = inputChannel < 0 ? Type.BIGINT : inputTypes.get(inputChannel);
            if (call.filterArg >= 0) {
                Expression value = inputChannel < 0 ? Expressions.constant(Type.BIGINT, 1L) : Expressions.input(inputChannel, inputType);
                Expression condition = Expressions.input(call.filterArg, inputTypes.get(call.filterArg));
                calls.filteredInputs().add(Expressions.searchedCase(List.of(condition), List.of(value), null, inputType));
                calls.filteredTexts().add("CASE WHEN #" + call.filterArg + " THEN " + (inputChannel < 0 ? "1" : "#" + inputChannel) + " END");
                inputChannel = inputTypes.size() + calls.filteredInputs().size() - 1;
                kind = kind == AggregateKind.COUNT_STAR ? AggregateKind.COUNT : kind;
            }
            calls.calls().add(new AggregateCall(kind, inputChannel, inputType, CalciteTypes.toSigno(call.getType()), separator));
            calls.sumZero().add(call.getAggregation().getKind() == SqlKind.SUM0);
        }
        return calls;
    }

    /** STRING_AGG's separator: its second argument, which must be a constant, or a comma (as in DuckDB and the standard's LISTAGG). */
    /**
     * PERCENTILE_CONT(f) and PERCENTILE_DISC(f) WITHIN GROUP (ORDER BY x), f a constant (of a
     * descending order, 1 - f), and MEDIAN(x), PERCENTILE_CONT(0.5) of x.
     */
    private static AggregateCall percentile(Aggregate aggregate, org.apache.calcite.rel.core.AggregateCall call, List<Type> inputTypes)
    {
        String name = call.getAggregation().getName();
        if (call.isDistinct() || call.filterArg >= 0) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + name + " with DISTINCT or FILTER");
        }
        Type outputType = CalciteTypes.toSigno(call.getType());
        if (call.getAggregation().getKind() != SqlKind.PERCENTILE_CONT && call.getAggregation().getKind() != SqlKind.PERCENTILE_DISC) {
            int channel = call.getArgList().getFirst();
            return AggregateCall.percentile(AggregateKind.PERCENTILE_CONT, channel, numeric(inputTypes.get(channel), name), outputType, 0.5);
        }
        List<RelFieldCollation> order = call.collation.getFieldCollations();
        if (order.size() != 1 || call.getArgList().size() != 1) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + name + " without exactly one WITHIN GROUP (ORDER BY) key");
        }
        RexNode constant = constantArgument(aggregate, call.getArgList().getFirst());
        BigDecimal fraction = constant instanceof RexLiteral literal ? literal.getValueAs(BigDecimal.class) : null;
        if (fraction == null || fraction.signum() < 0 || fraction.compareTo(BigDecimal.ONE) > 0) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, name + " takes a constant fraction from 0 to 1, not " + (constant == null ? "an expression" : constant));
        }
        double share = order.getFirst().getDirection().isDescending() ? 1 - fraction.doubleValue() : fraction.doubleValue();
        int channel = order.getFirst().getFieldIndex();
        AggregateKind kind = call.getAggregation().getKind() == SqlKind.PERCENTILE_CONT ? AggregateKind.PERCENTILE_CONT : AggregateKind.PERCENTILE_DISC;
        return AggregateCall.percentile(kind, channel, numeric(inputTypes.get(channel), name), outputType, share);
    }

    private static Type numeric(Type type, String function)
    {
        if (!type.isNumeric()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: " + function + " of " + type + " (numbers only)");
        }
        return type;
    }

    /** The constant an aggregate's input column holds (Calcite projects an argument such as a separator or a fraction below the aggregate), or null. */
    private static RexNode constantArgument(Aggregate aggregate, int inputChannel)
    {
        RelNode input = aggregate.getInput();
        RexNode argument = aggregate.getCluster().getRexBuilder().makeInputRef(input, inputChannel);
        return aggregate.getCluster().getMetadataQuery().getPulledUpPredicates(input).constantMap.get(argument);
    }

    private static String separator(Aggregate aggregate, org.apache.calcite.rel.core.AggregateCall call)
    {
        if (call.getArgList().size() != 2) {
            return ",";
        }
        RexNode constant = constantArgument(aggregate, call.getArgList().get(1));
        if (!(constant instanceof RexLiteral literal) || literal.getValueAs(String.class) == null) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "not supported: STRING_AGG or LISTAGG with a separator that is not a constant string");
        }
        return literal.getValueAs(String.class);
    }

    /** The source's channels followed by the inputs of the FILTER (WHERE f) calls. */
    private static PlanNode withFilteredInputs(PlanNode source, Calls calls)
    {
        List<Type> inputTypes = source.outputTypes();
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < inputTypes.size(); i++) {
            projections.add(Expressions.input(i, inputTypes.get(i)));
            texts.add("#" + i);
        }
        projections.addAll(calls.filteredInputs());
        texts.addAll(calls.filteredTexts());
        return new FilterProjectNode(source, null, null, projections, texts, source.estimatedRows());
    }

    /** A partial step where the source's rows are, an exchange by group, and the final step. */
    private static PlanNode partialAndFinal(PlanNode source, List<Integer> groupChannels, List<Type> groupTypes, List<AggregateCall> calls, List<Type> outputTypes, double rows)
    {
        Distribution sourceDistribution = source.distribution();
        List<Integer> finalGroupChannels = new ArrayList<>();
        for (int i = 0; i < groupChannels.size(); i++) {
            finalGroupChannels.add(i);
        }
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
            exchange = new ExchangeNode(List.of(partial), ExchangeKind.HASH, ExchangeNode.Scope.LOCAL, finalGroupChannels, rows, 0);
            finalDistribution = sourceDistribution.project(sourceChannelsOf(groupChannels, partialTypes.size()));
        }
        else {
            exchange = ExchangeNode.remote(partial, ExchangeKind.HASH, finalGroupChannels);
            finalDistribution = exchange.distribution();
        }
        return new AggregationNode(exchange, finalGroupChannels, groupTypes, calls, AggregationStep.FINAL, outputTypes, finalDistribution, rows);
    }

    /**
     * {@code node} gathered onto the coordinator. When it is the final step of an aggregation
     * estimated at no more than {@link #GATHERED_FINAL_MAX_GROUPS} groups, run after a hash exchange on
     * the workers (through projections), the partial groups are gathered instead and the final step
     * runs on the coordinator: every group comes to the coordinator either way, and this saves a
     * stage on every worker, an exchange and a hop (TPC-H Q1's four groups, Q12's two). Only where
     * every row is gathered anyway (the result, a full sort), never under a limit, where the workers'
     * top rows are fewer than their groups.
     */
    static PlanNode gatherToCoordinator(PlanNode node)
    {
        PlanNode gathered = finalStepOnCoordinator(node);
        return gathered != null ? gathered : ExchangeNode.gather(node);
    }

    private static PlanNode finalStepOnCoordinator(PlanNode node)
    {
        return switch (node) {
            case FilterProjectNode project -> {
                PlanNode source = finalStepOnCoordinator(project.source());
                yield source == null ? null : project.withSource(source);
            }
            case AggregationNode aggregation when aggregation.step() == AggregationStep.FINAL && aggregation.estimatedRows() <= GATHERED_FINAL_MAX_GROUPS
                    && aggregation.source() instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE && exchange.kind() == ExchangeKind.HASH
                    && exchange.tableBuckets() == 0 && exchange.sources().size() == 1
                    && exchange.sources().getFirst() instanceof AggregationNode partial && partial.step() == AggregationStep.PARTIAL ->
                new AggregationNode(ExchangeNode.gather(partial), aggregation.groupChannels(), aggregation.groupTypes(), aggregation.calls(), AggregationStep.FINAL,
                        aggregation.outputTypes(), Distribution.SINGLE, aggregation.estimatedRows());
            default -> null;
        };
    }

    /**
     * A join build that is the final step of an aggregation on the coordinator (through projections),
     * over the partial groups gathered there, as the final step on every worker over the partial groups
     * broadcast to them; null when {@code build} is not of that shape. The build would otherwise be
     * broadcast from the coordinator: the partial groups went to the coordinator and its result back
     * to the workers, one stage and one hop more through the coordinator (TPC-H Q11, Q15 and Q22 join
     * with a global aggregate of their own rows). Only where the final step already runs on the
     * coordinator, which it does for a global aggregate or a few groups, so the partial groups are few.
     */
    static PlanNode finalStepOnEveryWorker(PlanNode build)
    {
        return switch (build) {
            case FilterProjectNode project -> {
                PlanNode source = finalStepOnEveryWorker(project.source());
                yield source == null ? null : project.withSource(source);
            }
            case AggregationNode aggregation when aggregation.step() == AggregationStep.FINAL && aggregation.distribution().isSingle()
                    && aggregation.source() instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE && exchange.kind() == ExchangeKind.GATHER
                    && exchange.sources().size() == 1 && exchange.sources().getFirst() instanceof AggregationNode partial && partial.step() == AggregationStep.PARTIAL
                    && !partial.distribution().isSingle() && aggregation.calls().stream().allMatch(AggregationPlanner::independentOfInputOrder) -> {
                // a broadcast brings each page to one driver of every worker; the final step needs each group's pages in one driver
                PlanNode broadcast = ExchangeNode.remote(partial, ExchangeKind.BROADCAST, List.of());
                ExchangeKind localKind = aggregation.groupChannels().isEmpty() ? ExchangeKind.GATHER : ExchangeKind.HASH;
                PlanNode local = new ExchangeNode(List.of(broadcast), localKind, ExchangeNode.Scope.LOCAL, aggregation.groupChannels(), partial.estimatedRows(), 0);
                yield new AggregationNode(local, aggregation.groupChannels(), aggregation.groupTypes(), aggregation.calls(), AggregationStep.FINAL, aggregation.outputTypes(),
                        Distribution.REPLICATED, aggregation.estimatedRows());
            }
            default -> null;
        };
    }

    /**
     * Whether a call's result is the same whatever order its partial steps arrive in. Each worker
     * finishes a broadcast aggregate from the partial steps in the order they reached it; a floating
     * point sum (or a string concatenation) in another order could differ from one worker to the
     * next, and rows equal on two workers would then meet different values of one scalar subquery.
     */
    private static boolean independentOfInputOrder(AggregateCall call)
    {
        return switch (call.kind()) {
            case COUNT_STAR, COUNT, MIN, MAX, SINGLE_VALUE, APPROX_COUNT_DISTINCT -> true;
            case SUM, AVG -> call.inputType().kind() != TypeKind.DOUBLE && call.inputType().kind() != TypeKind.REAL;
            default -> false;
        };
    }

    /** For the final step's output: which partial input channel each output channel passes through. */
    private static int[] sourceChannelsOf(List<Integer> groupChannels, int outputCount)
    {
        int[] sourceOfOutput = new int[outputCount];
        Arrays.fill(sourceOfOutput, -1);
        for (int i = 0; i < groupChannels.size(); i++) {
            sourceOfOutput[i] = groupChannels.get(i);
        }
        return sourceOfOutput;
    }

    /**
     * GROUPING(a, b, ...) in each grouping set: a bit per argument, the first the most significant,
     * set when the set does not group by the argument (its NULL there is not a value).
     */
    private static List<Long> groupingValues(Aggregate aggregate, List<Integer> arguments)
    {
        for (int argument : arguments) {
            if (!aggregate.getGroupSet().get(argument)) {
                // a column that is no group key would count as rolled up in every set: fail rather than answer
                // wrongly (the conversion can miss a GROUPING argument among equal group expressions, docs/fuzzing.md)
                throw new SignoException(ErrorCode.INTERNAL_ERROR, "GROUPING argument $" + argument + " is not a group key of " + aggregate.getGroupSet());
            }
        }
        List<Long> values = new ArrayList<>();
        for (ImmutableBitSet set : aggregate.getGroupSets()) {
            values.add(GroupingSetsWithDistinctToUnion.groupingValue(arguments, set));
        }
        return values;
    }

    /**
     * The aggregation's output in Calcite's order: the group keys (without the grouping set's index,
     * which follows them when there are grouping sets), then per call its value, its LITERAL_AGG
     * constant, its GROUPING value by the set's index, or SUM0's zero for a sum of no values.
     */
    private PlanNode projectAfter(PlanNode aggregation, int keyCount, int groupCount, List<Type> outputTypes, Calls calls, double rows)
    {
        RexTranslator constants = RexTranslator.identity(rexBuilder, List.of());
        List<Expression> projections = new ArrayList<>();
        List<String> texts = new ArrayList<>();
        for (int i = 0; i < keyCount; i++) {
            projections.add(Expressions.input(i, outputTypes.get(i)));
            texts.add("#" + i);
        }
        int callIndex = 0;
        for (int i = 0; i < calls.literals().size(); i++) {
            RexNode literal = calls.literals().get(i);
            List<Long> grouping = calls.groupings().get(i);
            if (literal != null) {
                projections.add(constants.translate(literal));
                texts.add(literal.toString());
                continue;
            }
            if (grouping != null) {
                projections.add(byGroupingSet(grouping, Expressions.input(keyCount, Type.INTEGER)));
                texts.add("grouping" + grouping + "[#" + keyCount + "]");
                continue;
            }
            int channel = groupCount + callIndex;
            Type type = outputTypes.get(channel);
            Expression column = Expressions.input(channel, type);
            if (calls.sumZero().get(callIndex)) {
                column = Expressions.coalesce(List.of(column, Expressions.constant(type, zeroOf(type))), type);
                texts.add("coalesce(#" + channel + ", 0)");
            }
            else {
                texts.add("#" + channel);
            }
            projections.add(column);
            callIndex++;
        }
        return new FilterProjectNode(aggregation, null, null, projections, texts, rows);
    }

    /** {@code values[set]} for the grouping set whose index {@code setIndex} holds (a GROUPING value); one set's without grouping sets. */
    private static Expression byGroupingSet(List<Long> values, Expression setIndex)
    {
        if (values.size() == 1) {
            return Expressions.constant(Type.BIGINT, values.getFirst());
        }
        List<Expression> conditions = new ArrayList<>();
        List<Expression> results = new ArrayList<>();
        for (int set = 0; set < values.size() - 1; set++) {
            conditions.add(Expressions.comparison(ComparisonOperator.EQUAL, setIndex, Expressions.constant(Type.INTEGER, set)));
            results.add(Expressions.constant(Type.BIGINT, values.get(set)));
        }
        return Expressions.searchedCase(conditions, results, Expressions.constant(Type.BIGINT, values.getLast()), Type.BIGINT);
    }

    static Object zeroOf(Type type)
    {
        return switch (type.kind()) {
            case INTEGER -> 0;
            case BIGINT -> 0L;
            case DOUBLE, REAL -> 0.0;
            case DECIMAL -> BigDecimal.ZERO.setScale(type.scale());
            default -> throw new SignoException(ErrorCode.INTERNAL_ERROR, "no zero of type " + type);
        };
    }
}
