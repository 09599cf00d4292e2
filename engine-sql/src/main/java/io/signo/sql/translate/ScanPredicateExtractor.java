package io.signo.sql.translate;

import com.google.common.collect.BoundType;
import com.google.common.collect.Range;
import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.sql.catalog.CalciteTypes;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUnknownAs;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.util.DateString;
import org.apache.calcite.util.NlsString;
import org.apache.calcite.util.Sarg;
import org.apache.calcite.util.TimestampString;

import java.math.BigDecimal;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static java.util.Objects.requireNonNull;

/**
 * Takes from a filter over a table scan the conjuncts that bound a single column by constants
 * (comparisons, ranges and IN lists, IS NOT NULL), so the scan can skip segments whose min/max rule
 * them out. Conservative: a conjunct of any other form is ignored, and a constant that the column
 * cannot represent exactly widens its bound, never narrows it. The filter itself still runs.
 */
public final class ScanPredicateExtractor
{
    /** Which way a constant that the column cannot represent exactly is rounded. */
    private enum Rounding
    {
        /** A lower bound: round down, so the range only grows. */
        DOWN,
        /** An upper bound: round up. */
        UP,
        /** A point (IN list, equality): the constant must be representable, else the conjunct is dropped. */
        EXACT,
    }

    private final Table table;

    private ScanPredicateExtractor(Table table)
    {
        this.table = requireNonNull(table, "table is null");
    }

    /**
     * The segment predicate implied by {@code condition}, a boolean expression over the table's
     * columns (input i is table column i); {@link SegmentPredicate#ALL} when nothing can be used.
     */
    public static SegmentPredicate extract(RexNode condition, Table table)
    {
        if (condition == null) {
            return SegmentPredicate.ALL;
        }
        ScanPredicateExtractor extractor = new ScanPredicateExtractor(table);
        List<ColumnConstraint> constraints = new ArrayList<>();
        for (RexNode conjunct : RexUtil.flattenAnd(List.of(condition))) {
            extractor.addConstraints(conjunct, constraints);
        }
        return constraints.isEmpty() ? SegmentPredicate.ALL : new SegmentPredicate(constraints);
    }

    private void addConstraints(RexNode conjunct, List<ColumnConstraint> constraints)
    {
        if (!(conjunct instanceof RexCall call)) {
            return;
        }
        List<RexNode> operands = call.getOperands();
        switch (call.getKind()) {
            case EQUALS, LESS_THAN, LESS_THAN_OR_EQUAL, GREATER_THAN, GREATER_THAN_OR_EQUAL -> comparison(call.getKind(), operands.get(0), operands.get(1), constraints);
            case IS_NOT_NULL -> {
                Integer column = column(operands.get(0));
                if (column != null) {
                    constraints.add(ColumnConstraint.notNull(column));
                }
            }
            case SEARCH -> search(operands.get(0), operands.get(1), constraints);
            case IN -> inList(operands, constraints);
            default -> {
                // any other form cannot be used to prune
            }
        }
    }

    private void comparison(SqlKind kind, RexNode left, RexNode right, List<ColumnConstraint> constraints)
    {
        Integer column = column(left);
        RexNode constant = right;
        if (column == null) {
            column = column(right);
            constant = left;
            kind = kind.reverse();
        }
        if (column == null) {
            return;
        }
        Type type = columnType(column);
        ConstantValue value = constantValue(constant);
        if (value == null) {
            return;
        }
        switch (kind) {
            case EQUALS -> {
                Object point = convert(value, type, Rounding.EXACT);
                if (point != null) {
                    constraints.add(ColumnConstraint.equalTo(column, point));
                }
            }
            case GREATER_THAN, GREATER_THAN_OR_EQUAL -> addBound(column, type, value, kind == SqlKind.GREATER_THAN_OR_EQUAL, true, constraints);
            case LESS_THAN, LESS_THAN_OR_EQUAL -> addBound(column, type, value, kind == SqlKind.LESS_THAN_OR_EQUAL, false, constraints);
            default -> {
                // not a range comparison
            }
        }
    }

    private static void addBound(int column, Type type, ConstantValue value, boolean inclusive, boolean lower, List<ColumnConstraint> constraints)
    {
        Object bound = convert(value, type, lower ? Rounding.DOWN : Rounding.UP);
        if (bound == null) {
            return;
        }
        // a rounded bound is widened to include the rounded value itself
        boolean exact = convert(value, type, Rounding.EXACT) != null;
        boolean boundInclusive = inclusive || !exact;
        constraints.add(lower
                ? new ColumnConstraint.Range(column, bound, boundInclusive, null, false)
                : new ColumnConstraint.Range(column, null, false, bound, boundInclusive));
    }

    private void search(RexNode reference, RexNode sargNode, List<ColumnConstraint> constraints)
    {
        Integer column = column(reference);
        if (column == null || !(sargNode instanceof RexLiteral sargLiteral)) {
            return;
        }
        Sarg<?> sarg = sargLiteral.getValueAs(Sarg.class);
        // when NULL satisfies the search, a segment of NULLs matches whatever its min/max
        if (sarg == null || sarg.nullAs == RexUnknownAs.TRUE || sarg.rangeSet.isEmpty()) {
            return;
        }
        Type type = columnType(column);
        if (sarg.isPoints()) {
            List<Object> points = new ArrayList<>();
            for (Range<?> range : sarg.rangeSet.asRanges()) {
                Object point = convert(new ConstantValue(range.lowerEndpoint()), type, Rounding.EXACT);
                if (point == null) {
                    return;
                }
                points.add(point);
            }
            constraints.add(points.size() == 1 ? ColumnConstraint.equalTo(column, points.getFirst()) : ColumnConstraint.in(column, points));
            return;
        }
        // several ranges are covered by their span, a superset
        Range<?> span = sarg.rangeSet.span();
        Object lower = null;
        boolean lowerInclusive = false;
        if (span.hasLowerBound()) {
            ConstantValue value = new ConstantValue(span.lowerEndpoint());
            lower = convert(value, type, Rounding.DOWN);
            lowerInclusive = span.lowerBoundType() == BoundType.CLOSED || convert(value, type, Rounding.EXACT) == null;
        }
        Object upper = null;
        boolean upperInclusive = false;
        if (span.hasUpperBound()) {
            ConstantValue value = new ConstantValue(span.upperEndpoint());
            upper = convert(value, type, Rounding.UP);
            upperInclusive = span.upperBoundType() == BoundType.CLOSED || convert(value, type, Rounding.EXACT) == null;
        }
        if (lower != null || upper != null) {
            constraints.add(new ColumnConstraint.Range(column, lower, lowerInclusive, upper, upperInclusive));
        }
        else if (!span.hasLowerBound() && !span.hasUpperBound()) {
            // a search unbounded on both sides (x <> 5) still rejects NULL
            constraints.add(ColumnConstraint.notNull(column));
        }
    }

    private void inList(List<RexNode> operands, List<ColumnConstraint> constraints)
    {
        Integer column = column(operands.getFirst());
        if (column == null) {
            return;
        }
        Type type = columnType(column);
        List<Object> points = new ArrayList<>();
        for (RexNode operand : operands.subList(1, operands.size())) {
            ConstantValue value = constantValue(operand);
            if (value == null) {
                return;
            }
            if (value.value() == null) {
                // NULL in an IN list never matches; it does not widen the list
                continue;
            }
            Object point = convert(value, type, Rounding.EXACT);
            if (point == null) {
                return;
            }
            points.add(point);
        }
        if (!points.isEmpty()) {
            constraints.add(ColumnConstraint.in(column, points));
        }
    }

    /** The table column a node reads, or null when it is not a plain column of a type pruning handles. */
    private Integer column(RexNode node)
    {
        if (!(node instanceof RexInputRef reference) || reference.getIndex() >= table.columns().size()) {
            return null;
        }
        Type type = columnType(reference.getIndex());
        if (type.isLongDecimal()) {
            // statistics keep no minimum or maximum of a long DECIMAL
            return null;
        }
        return switch (type.kind()) {
            case INTEGER, BIGINT, DECIMAL, DATE, TIMESTAMP, DOUBLE, VARCHAR, CHAR -> reference.getIndex();
            // a REAL column's comparisons round their constants to float: no segment is skipped on them
            case BOOLEAN, REAL -> null;
            case TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> null;
        };
    }

    private Type columnType(int column)
    {
        return table.columns().get(column).type();
    }

    /** A constant in Calcite's form (BigDecimal, Double, DateString, TimestampString, NlsString), null for a NULL literal. */
    private record ConstantValue(Object value) {}

    private static ConstantValue constantValue(RexNode node)
    {
        if (node instanceof RexLiteral literal) {
            if (SqlTypeName.INTERVAL_TYPES.contains(literal.getType().getSqlTypeName())) {
                return null;
            }
            if (literal.isNull()) {
                return new ConstantValue(null);
            }
            SqlTypeName typeName = literal.getType().getSqlTypeName();
            // the literal's own value of a DATE or TIMESTAMP is a Calendar; in a Sarg it is a DateString or TimestampString
            Object value = switch (typeName) {
                case DATE -> literal.getValueAs(DateString.class);
                case TIMESTAMP -> literal.getValueAs(TimestampString.class);
                default -> literal.getValue();
            };
            return new ConstantValue(value);
        }
        if (node instanceof RexCall call && (call.getKind() == SqlKind.PLUS || call.getKind() == SqlKind.MINUS)) {
            if (call.getType().getSqlTypeName() == SqlTypeName.DATE) {
                OptionalInt days = DateIntervalFolding.foldedDays(call);
                return days.isPresent() ? new ConstantValue(DateString.fromDaysSinceEpoch(days.getAsInt())) : null;
            }
            BigDecimal sum = exactSum(call);
            return sum == null ? null : new ConstantValue(sum);
        }
        return null;
    }

    /**
     * Folds the sum or difference of two exact numeric literals (0.06 - 0.01 in TPC-H Q6, left
     * unfolded by the planner); exact, as the engine's DECIMAL addition is.
     */
    private static BigDecimal exactSum(RexCall call)
    {
        if (!SqlTypeName.EXACT_TYPES.contains(call.getType().getSqlTypeName())
                || !(call.getOperands().get(0) instanceof RexLiteral left)
                || !(call.getOperands().get(1) instanceof RexLiteral right)
                || !SqlTypeName.EXACT_TYPES.contains(left.getType().getSqlTypeName())
                || !SqlTypeName.EXACT_TYPES.contains(right.getType().getSqlTypeName())
                || left.isNull() || right.isNull()) {
            return null;
        }
        BigDecimal leftValue = left.getValueAs(BigDecimal.class);
        BigDecimal rightValue = right.getValueAs(BigDecimal.class);
        return call.getKind() == SqlKind.PLUS ? leftValue.add(rightValue) : leftValue.subtract(rightValue);
    }

    /**
     * The constant in the column's Java value form, rounded as asked; null when it cannot be
     * converted (another kind, out of the column's range, or not exact for {@link Rounding#EXACT}).
     */
    private static Object convert(ConstantValue constant, Type type, Rounding rounding)
    {
        Object value = constant.value();
        return switch (type.kind()) {
            case INTEGER -> {
                BigDecimal number = exactNumber(value);
                Long whole = number == null ? null : whole(number, rounding);
                yield whole == null || whole != whole.intValue() ? null : (Object) whole.intValue();
            }
            case BIGINT -> {
                BigDecimal number = exactNumber(value);
                yield number == null ? null : whole(number, rounding);
            }
            case DECIMAL -> {
                BigDecimal number = exactNumber(value);
                yield number == null ? null : whole(number.movePointRight(type.scale()), rounding);
            }
            case DOUBLE -> toDouble(value, rounding);
            case REAL -> null;
            case DATE -> value instanceof DateString date ? date.getDaysSinceEpoch() : null;
            case TIMESTAMP -> value instanceof TimestampString timestamp ? CalciteTypes.timestampMicros(timestamp) : null;
            case VARCHAR, CHAR -> {
                if (!(value instanceof NlsString string) || string.getValue() == null) {
                    yield null;
                }
                yield string(string.getValue(), type, rounding);
            }
            case BOOLEAN, TIME, TIMESTAMP_TZ, INTERVAL_YEAR_MONTH, INTERVAL_DAY_TIME -> null;
        };
    }

    /**
     * CHAR values are stored and compared without trailing spaces. Against VARCHAR the engine may
     * compare a constant with or without them (a CHAR literal loses them), so a bound takes the
     * wider of the two and a point with trailing spaces is not used.
     */
    private static String string(String value, Type type, Rounding rounding)
    {
        String stripped = value.stripTrailing();
        if (type.kind() == TypeKind.CHAR || stripped.equals(value)) {
            return stripped;
        }
        return switch (rounding) {
            case DOWN -> stripped;
            case UP -> value;
            case EXACT -> null;
        };
    }

    private static BigDecimal exactNumber(Object value)
    {
        return switch (value) {
            case BigDecimal decimal -> decimal;
            case Double number when Double.isFinite(number) -> new BigDecimal(number);
            case Float number when Float.isFinite(number) -> new BigDecimal(number);
            case Long number -> BigDecimal.valueOf(number);
            case Integer number -> BigDecimal.valueOf(number);
            case null, default -> null;
        };
    }

    /** The number as a long, rounded the safe way; null when not exact for EXACT or out of range. */
    private static Long whole(BigDecimal number, Rounding rounding)
    {
        BigDecimal rounded = switch (rounding) {
            case DOWN -> number.setScale(0, RoundingMode.FLOOR);
            case UP -> number.setScale(0, RoundingMode.CEILING);
            case EXACT -> number.stripTrailingZeros().scale() <= 0 ? number.setScale(0, RoundingMode.UNNECESSARY) : null;
        };
        if (rounded == null) {
            return null;
        }
        try {
            return rounded.longValueExact();
        }
        catch (ArithmeticException e) {
            return null;
        }
    }

    private static Double toDouble(Object value, Rounding rounding)
    {
        if (value instanceof Double number) {
            return Double.isNaN(number) ? null : number;
        }
        BigDecimal number = exactNumber(value);
        if (number == null) {
            return null;
        }
        double approximation = number.doubleValue();
        if (Double.isInfinite(approximation)) {
            return null;
        }
        int comparison = new BigDecimal(approximation).compareTo(number);
        if (comparison == 0) {
            return approximation;
        }
        return switch (rounding) {
            case DOWN -> comparison > 0 ? Math.nextDown(approximation) : approximation;
            case UP -> comparison < 0 ? Math.nextUp(approximation) : approximation;
            case EXACT -> null;
        };
    }
}
