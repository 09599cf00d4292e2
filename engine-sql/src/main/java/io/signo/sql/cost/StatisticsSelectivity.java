package io.signo.sql.cost;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.signo.sql.translate.DateIntervalFolding;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Calc;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeFamily;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.Sarg;

import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalInt;

/**
 * The fraction of a node's rows that satisfy a predicate, from column statistics: ranges from
 * min/max under a uniform assumption, equality and IN lists from distinct counts, fixed guesses
 * where statistics say nothing (LIKE, expressions). Conjuncts are assumed independent.
 *
 * <p>Every node type is estimated the same way, over the node's own output columns; column
 * origins and distinct counts come through the metadata query, so a predicate above a join or a
 * projection still finds its table column.
 */
public final class StatisticsSelectivity
        implements MetadataHandler<BuiltInMetadata.Selectivity>
{
    public static final RelMetadataProvider SOURCE = ReflectiveRelMetadataProvider.reflectiveSource(
            new StatisticsSelectivity(), BuiltInMetadata.Selectivity.Handler.class);

    /** Equality or ranges over values the statistics cannot place. */
    static final double EQUALS_GUESS = 0.15;
    static final double RANGE_GUESS = 1.0 / 3;
    static final double LIKE_GUESS = 0.1;
    static final double OTHER_GUESS = 0.25;
    /** A range outside [min, max] still keeps a sliver: statistics may be stale and rounding is coarse. */
    static final double MIN_RANGE_SELECTIVITY = 0.001;

    private StatisticsSelectivity() {}

    @Override
    public MetadataDef<BuiltInMetadata.Selectivity> getDef()
    {
        return BuiltInMetadata.Selectivity.DEF;
    }

    // Calcite dispatches on the most specific node class any handler declares; each class its
    // default handler knows is declared here too so that this estimate wins for all of them.

    public Double getSelectivity(RelNode rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(TableScan rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Filter rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Project rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Calc rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Join rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Aggregate rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Sort rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    public Double getSelectivity(Union rel, RelMetadataQuery metadata, RexNode predicate)
    {
        return estimate(rel, metadata, predicate);
    }

    /** The fraction of {@code rel}'s output rows that satisfy {@code predicate}, a predicate over those rows. */
    static double estimate(RelNode rel, RelMetadataQuery metadata, RexNode predicate)
    {
        if (predicate == null) {
            return 1.0;
        }
        return clamp(new Estimator(rel, metadata, false).selectivity(predicate));
    }

    /** The fraction of a join's pairs of input rows that satisfy {@code condition}, its own condition over its inputs' columns. */
    static double estimateJoinCondition(Join join, RelMetadataQuery metadata, RexNode condition)
    {
        return clamp(new Estimator(join, metadata, true).selectivity(condition));
    }

    private static double clamp(double selectivity)
    {
        if (Double.isNaN(selectivity)) {
            return OTHER_GUESS;
        }
        return Math.max(0.0, Math.min(1.0, selectivity));
    }

    /** @param joinCondition the predicate is {@code rel}'s own join condition, over its inputs' rows rather than its output rows */
    private record Estimator(RelNode rel, RelMetadataQuery metadata, boolean joinCondition)
    {
        double selectivity(RexNode predicate)
        {
            if (predicate instanceof RexLiteral literal) {
                Boolean value = literal.getValueAs(Boolean.class);
                return value != null && value ? 1.0 : 0.0;
            }
            if (predicate instanceof RexInputRef) {
                return 0.5;
            }
            if (!(predicate instanceof RexCall call)) {
                return OTHER_GUESS;
            }
            return switch (call.getKind()) {
                case AND -> conjunction(call);
                case OR -> {
                    double combined = 0.0;
                    for (RexNode operand : call.getOperands()) {
                        double operandSelectivity = clamp(selectivity(operand));
                        combined = combined + operandSelectivity - combined * operandSelectivity;
                    }
                    yield combined;
                }
                case NOT -> 1.0 - clamp(selectivity(call.getOperands().getFirst()));
                case IS_TRUE -> selectivity(call.getOperands().getFirst());
                case IS_NOT_FALSE -> selectivity(call.getOperands().getFirst());
                case IS_FALSE, IS_NOT_TRUE -> 1.0 - clamp(selectivity(call.getOperands().getFirst()));
                case IS_NULL -> nullFraction(call.getOperands().getFirst());
                case IS_NOT_NULL -> 1.0 - nullFraction(call.getOperands().getFirst());
                case EQUALS, NOT_EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> comparison(call);
                case SEARCH -> search(call);
                case LIKE -> LIKE_GUESS;
                default -> OTHER_GUESS;
            };
        }

        /**
         * Conjuncts multiply, except bounds on one column: {@code x >= a AND x < b} is one range,
         * not two independent halves.
         */
        private double conjunction(RexCall call)
        {
            double product = 1.0;
            Map<Integer, Range<Double>> ranges = new LinkedHashMap<>();
            for (RexNode operand : call.getOperands()) {
                ColumnRange columnRange = columnRange(operand);
                if (columnRange == null) {
                    product *= clamp(selectivity(operand));
                    continue;
                }
                Range<Double> previous = ranges.get(columnRange.field());
                if (previous == null) {
                    ranges.put(columnRange.field(), columnRange.range());
                }
                else if (previous.isConnected(columnRange.range())) {
                    ranges.put(columnRange.field(), previous.intersection(columnRange.range()));
                }
                else {
                    ranges.put(columnRange.field(), Range.closedOpen(0.0, 0.0));
                }
            }
            for (Map.Entry<Integer, Range<Double>> entry : ranges.entrySet()) {
                int field = entry.getKey();
                double nonNull = 1.0 - nullFraction(field);
                product *= entry.getValue().isEmpty() ? MIN_RANGE_SELECTIVITY : nonNull * rangeFraction(field, entry.getValue(), false);
            }
            return product;
        }

        /** {@code column < constant} and the like with a constant the statistics can place, else null. */
        private ColumnRange columnRange(RexNode predicate)
        {
            if (!(predicate instanceof RexCall call) || call.getOperands().size() != 2) {
                return null;
            }
            SqlKind kind = call.getKind();
            if (kind != SqlKind.LESS_THAN && kind != SqlKind.LESS_THAN_OR_EQUAL && kind != SqlKind.GREATER_THAN && kind != SqlKind.GREATER_THAN_OR_EQUAL) {
                return null;
            }
            RexNode left = constantOrSelf(stripCast(call.getOperands().get(0)), rel.getCluster().getRexBuilder());
            RexNode right = constantOrSelf(stripCast(call.getOperands().get(1)), rel.getCluster().getRexBuilder());
            if (left instanceof RexLiteral && right instanceof RexInputRef) {
                RexNode swap = left;
                left = right;
                right = swap;
                kind = kind.reverse();
            }
            if (!(left instanceof RexInputRef column) || !(right instanceof RexLiteral literal) || literal.isNull()) {
                return null;
            }
            double value = toNumber(literal);
            if (Double.isNaN(value)) {
                return null;
            }
            boolean lower = kind == SqlKind.GREATER_THAN || kind == SqlKind.GREATER_THAN_OR_EQUAL;
            BoundType bound = kind == SqlKind.GREATER_THAN_OR_EQUAL || kind == SqlKind.LESS_THAN_OR_EQUAL ? BoundType.CLOSED : BoundType.OPEN;
            return new ColumnRange(column.getIndex(), lower ? Range.downTo(value, bound) : Range.upTo(value, bound));
        }

        private double comparison(RexCall call)
        {
            ColumnRange columnRange = columnRange(call);
            if (columnRange != null) {
                return (1.0 - nullFraction(columnRange.field())) * rangeFraction(columnRange.field(), columnRange.range(), false);
            }
            RexNode left = stripCast(call.getOperands().get(0));
            RexNode right = stripCast(call.getOperands().get(1));
            SqlKind kind = call.getKind();
            if (left instanceof RexLiteral && right instanceof RexInputRef) {
                RexNode swap = left;
                left = right;
                right = swap;
                kind = kind.reverse();
            }
            if (left instanceof RexInputRef leftColumn && right instanceof RexInputRef rightColumn) {
                // column against column: the classic containment assumption for equality
                double equal = 1.0 / Math.max(distinctValues(leftColumn.getIndex()), distinctValues(rightColumn.getIndex()));
                return switch (kind) {
                    case EQUALS -> equal;
                    case NOT_EQUALS -> 1.0 - equal;
                    default -> RANGE_GUESS;
                };
            }
            if (!(left instanceof RexInputRef column) || !(right instanceof RexLiteral literal)) {
                return kind == SqlKind.EQUALS ? EQUALS_GUESS : kind == SqlKind.NOT_EQUALS ? 1.0 - EQUALS_GUESS : RANGE_GUESS;
            }
            if (literal.isNull()) {
                return 0.0;
            }
            int field = column.getIndex();
            double nonNull = 1.0 - nullFraction(column);
            return switch (kind) {
                case EQUALS -> nonNull / distinctValues(field);
                case NOT_EQUALS -> nonNull * (1.0 - 1.0 / distinctValues(field));
                // a range over values the statistics cannot place (strings)
                default -> nonNull * RANGE_GUESS;
            };
        }

        /** {@code x IN (...)}, {@code BETWEEN} and their combinations, which Calcite folds into one Sarg. */
        private double search(RexCall call)
        {
            RexNode operand = stripCast(call.getOperands().get(0));
            if (!(operand instanceof RexInputRef column) || !(call.getOperands().get(1) instanceof RexLiteral literal)) {
                return OTHER_GUESS;
            }
            Sarg<?> sarg = literal.getValueAs(Sarg.class);
            if (sarg == null) {
                return OTHER_GUESS;
            }
            int field = column.getIndex();
            double nullFraction = nullFraction(column);
            double nonNull = 1.0 - nullFraction;
            double selectivity;
            if (sarg.isPoints()) {
                selectivity = nonNull * Math.min(1.0, sarg.pointCount / distinctValues(field));
            }
            else if (sarg.isComplementedPoints()) {
                selectivity = nonNull * Math.max(0.0, 1.0 - sarg.negate().pointCount / distinctValues(field));
            }
            else {
                selectivity = 0.0;
                for (Range<?> range : sarg.rangeSet.asRanges()) {
                    selectivity += nonNull * sargRangeFraction(field, range);
                }
            }
            return switch (sarg.nullAs) {
                case TRUE -> selectivity + nullFraction;
                default -> selectivity;
            };
        }

        private double sargRangeFraction(int field, Range<?> range)
        {
            if (range.hasLowerBound() && range.hasUpperBound()
                    && range.lowerBoundType() == BoundType.CLOSED && range.upperBoundType() == BoundType.CLOSED
                    && range.lowerEndpoint().equals(range.upperEndpoint())) {
                return 1.0 / distinctValues(field);
            }
            boolean unknown = false;
            double low = Double.NEGATIVE_INFINITY;
            double high = Double.POSITIVE_INFINITY;
            if (range.hasLowerBound()) {
                low = toNumber((Comparable<?>) range.lowerEndpoint());
                unknown = Double.isNaN(low);
            }
            if (range.hasUpperBound()) {
                high = toNumber((Comparable<?>) range.upperEndpoint());
                unknown |= Double.isNaN(high);
            }
            if (unknown) {
                return rangeFraction(field, Range.all(), true);
            }
            Range<Double> numeric = Range.range(low, range.hasLowerBound() ? range.lowerBoundType() : BoundType.OPEN,
                    high, range.hasUpperBound() ? range.upperBoundType() : BoundType.OPEN);
            return rangeFraction(field, numeric, false);
        }

        /** Fraction of non-null values inside {@code range}, values spread uniformly over [min, max]. */
        private double rangeFraction(int field, Range<Double> range, boolean valueUnknown)
        {
            ColumnOrigin origin = origin(field);
            double min = origin == null ? Double.NaN : origin.min();
            double max = origin == null ? Double.NaN : origin.max();
            boolean discrete = origin != null && origin.isDiscrete();
            if (origin == null) {
                double[] bounds = aggregateBounds(field);
                if (bounds != null) {
                    min = bounds[0];
                    max = bounds[1];
                }
            }
            if (valueUnknown || Double.isNaN(min) || Double.isNaN(max)) {
                return range.hasLowerBound() && range.hasUpperBound() ? RANGE_GUESS * RANGE_GUESS * 2 : RANGE_GUESS;
            }
            // a discrete domain holds max - min + 1 values; x < v is x <= v - 1
            double unit = discrete ? 1.0 : 0.0;
            double low = min;
            double high = max + unit;
            if (range.hasLowerBound()) {
                double bound = range.lowerEndpoint();
                if (discrete) {
                    bound = range.lowerBoundType() == BoundType.OPEN ? Math.floor(bound) + 1 : Math.ceil(bound);
                }
                low = Math.max(low, bound);
            }
            if (range.hasUpperBound()) {
                double bound = range.upperEndpoint();
                if (discrete) {
                    bound = range.upperBoundType() == BoundType.OPEN ? Math.ceil(bound) - 1 : Math.floor(bound);
                }
                high = Math.min(high, bound + unit);
            }
            double width = max + unit - min;
            if (width <= 0) {
                // a single value: the range holds it or not
                return range.contains(min) ? 1.0 : MIN_RANGE_SELECTIVITY;
            }
            return Math.max(MIN_RANGE_SELECTIVITY, Math.min(1.0, (high - low) / width));
        }

        /**
         * Bounds of an aggregate's MIN, MAX, AVG or SUM of a table column, as {min, max}, or null.
         * A sum over a group of the average size n lies in [n * min, n * max]; a HAVING filter on
         * it is then a range like any other (TPC-H Q18's {@code sum(l_quantity) > 300}).
         */
        private double[] aggregateBounds(int field)
        {
            if (!(input(field) instanceof Aggregate aggregate)) {
                return null;
            }
            int call = inputField(field) - aggregate.getGroupCount();
            if (call < 0 || call >= aggregate.getAggCallList().size() || aggregate.getGroupSets().size() != 1) {
                return null;
            }
            AggregateCall aggregateCall = aggregate.getAggCallList().get(call);
            if (aggregateCall.getArgList().size() != 1 || aggregateCall.isDistinct() || aggregateCall.filterArg >= 0) {
                return null;
            }
            ColumnOrigin argument = ColumnOrigin.of(metadata, aggregate.getInput(), aggregateCall.getArgList().getFirst());
            if (argument == null || Double.isNaN(argument.min()) || Double.isNaN(argument.max())) {
                return null;
            }
            return switch (aggregateCall.getAggregation().getKind()) {
                case MIN, MAX, AVG -> new double[] {argument.min(), argument.max()};
                case SUM, SUM0 -> {
                    Double inputRows = metadata.getRowCount(aggregate.getInput());
                    Double groups = metadata.getRowCount(aggregate);
                    if (inputRows == null || groups == null || groups < 1) {
                        yield null;
                    }
                    double groupSize = Math.max(1.0, inputRows / groups);
                    yield new double[] {Math.min(argument.min(), groupSize * argument.min()), Math.max(argument.max(), groupSize * argument.max())};
                }
                default -> null;
            };
        }

        /**
         * A join's condition is estimated over its inputs: the join's own counts are what is being
         * computed (asking for them would cycle), and a semi join has no right columns to ask about.
         */
        private RelNode input(int field)
        {
            if (rel instanceof Join join) {
                return field < join.getLeft().getRowType().getFieldCount() ? join.getLeft() : join.getRight();
            }
            return rel;
        }

        private int inputField(int field)
        {
            if (rel instanceof Join join) {
                int leftCount = join.getLeft().getRowType().getFieldCount();
                return field < leftCount ? field : field - leftCount;
            }
            return field;
        }

        private ColumnOrigin origin(int field)
        {
            return ColumnOrigin.of(metadata, input(field), inputField(field));
        }

        private double distinctValues(int field)
        {
            RelNode input = input(field);
            Double rows = metadata.getRowCount(input);
            Double distinct = metadata.getDistinctRowCount(input, ImmutableBitSet.of(inputField(field)), null);
            if (distinct == null || distinct < 1) {
                return 1.0 / EQUALS_GUESS;
            }
            if (rows != null && rows >= 1) {
                distinct = Math.min(distinct, rows);
            }
            return Math.max(1.0, distinct);
        }

        private double nullFraction(RexNode operand)
        {
            RexNode stripped = stripCast(operand);
            if (stripped instanceof RexInputRef column) {
                return nullFraction(column.getIndex());
            }
            return operand.getType().isNullable() ? 0.1 : 0.0;
        }

        /** The stored NULLs of the column's table, and the rows in which an outer join below made the column NULL. */
        private double nullFraction(int field)
        {
            ColumnOrigin origin = origin(field);
            double stored = origin == null ? 0.0 : origin.nullFraction();
            double joined = joinCondition
                    ? OuterJoinNulls.fraction(metadata, input(field), inputField(field))
                    : OuterJoinNulls.fraction(metadata, rel, field);
            return 1.0 - (1.0 - stored) * (1.0 - joined);
        }
    }

    /**
     * {@code DATE '1994-01-01' + INTERVAL '1' YEAR} as a DATE literal: Calcite leaves date arithmetic
     * on literals unfolded, and TPC-H writes most of its ranges that way. A date no DATE literal holds
     * stays as it is: the estimate goes without the bound, and the rows compute (or fail on) the date.
     */
    private static RexNode constantOrSelf(RexNode node, RexBuilder rexBuilder)
    {
        if (!(node instanceof RexCall)) {
            return node;
        }
        OptionalInt days = DateIntervalFolding.foldedDays(node);
        return days.isPresent() ? rexBuilder.makeDateLiteral(DateString.fromDaysSinceEpoch(days.getAsInt())) : node;
    }

    private record ColumnRange(int field, Range<Double> range) {}

    /** A cast between numeric or date types keeps a column's order and distinct values. */
    private static RexNode stripCast(RexNode node)
    {
        RexNode stripped = node;
        while (stripped.getKind() == SqlKind.CAST) {
            RexNode operand = ((RexCall) stripped).getOperands().getFirst();
            if (!preservesOrder(operand, stripped)) {
                break;
            }
            stripped = operand;
        }
        return RexUtil.isLiteral(stripped, false) || stripped instanceof RexInputRef ? stripped : node;
    }

    private static boolean preservesOrder(RexNode from, RexNode to)
    {
        SqlTypeFamily fromFamily = from.getType().getSqlTypeName().getFamily();
        SqlTypeFamily toFamily = to.getType().getSqlTypeName().getFamily();
        return fromFamily == toFamily && (fromFamily == SqlTypeFamily.NUMERIC || from.getType().getSqlTypeName() == SqlTypeName.DATE);
    }

    private static double toNumber(RexLiteral literal)
    {
        SqlTypeName type = literal.getType().getSqlTypeName();
        if (type == SqlTypeName.DATE) {
            return toNumber(literal.getValueAs(DateString.class));
        }
        if (type.getFamily() == SqlTypeFamily.NUMERIC) {
            return toNumber(literal.getValueAs(BigDecimal.class));
        }
        return Double.NaN;
    }

    /** A literal or Sarg endpoint as a number in SQL units (DATE as days), or NaN for other types. */
    private static double toNumber(Comparable<?> value)
    {
        return switch (value) {
            case BigDecimal decimal -> decimal.doubleValue();
            case Number number -> number.doubleValue();
            case DateString date -> date.getDaysSinceEpoch();
            case null, default -> Double.NaN;
        };
    }
}
