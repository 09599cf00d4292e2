package io.signo.core.expression;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * A filter term that selects rows straight from a column's values: an integer-like column
 * (INTEGER, DATE, BIGINT, DECIMAL) compared with a constant of the same scale, or with another such
 * column. It reads the selected rows once and narrows the selection in the same loop, where the
 * general path widens both operands to heap arrays, writes a BOOLEAN vector and reads it back.
 * Comparisons with a constant are held as an inclusive range [low, high] (or its complement for
 * {@code <>}), so {@code d >= X AND d < Y} on one column becomes one range and one pass.
 * A row with a NULL operand never passes, as a comparison with NULL is never TRUE.
 */
final class ComparisonSelection
{
    private static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    private final int channel;
    /** The column compared with, or -1 for a constant range. */
    private final int otherChannel;
    private final ComparisonOperator operator;
    private final long low;
    private final long high;
    /** For a constant: keep the values outside [low, high] instead (the {@code <>} of one value). */
    private final boolean outside;

    private ComparisonSelection(int channel, int otherChannel, ComparisonOperator operator, long low, long high, boolean outside)
    {
        this.channel = channel;
        this.otherChannel = otherChannel;
        this.operator = operator;
        this.low = low;
        this.high = high;
        this.outside = outside;
    }

    /** The selection of this term, or null when it is not a comparison this class runs. */
    static ComparisonSelection of(Expression term)
    {
        if (!(term instanceof ComparisonExpression comparison)) {
            return null;
        }
        ComparisonOperator operator = comparison.operator();
        Expression left = comparison.left();
        Expression right = comparison.right();
        if (left instanceof ConstantExpression && right instanceof InputReference) {
            left = comparison.right();
            right = comparison.left();
            operator = operator.flip();
        }
        if (!(left instanceof InputReference column) || !integerLike(column.type())) {
            return null;
        }
        if (right instanceof InputReference other) {
            if (!integerLike(other.type()) || other.type().scale() != column.type().scale() || operator == ComparisonOperator.IS_DISTINCT_FROM
                    || operator == ComparisonOperator.IS_NOT_DISTINCT_FROM) {
                return null;
            }
            return new ComparisonSelection(column.channel(), other.channel(), operator, 0, 0, false);
        }
        if (!(right instanceof ConstantExpression constant) || constant.isNull() || !integerLike(constant.type()) || constant.type().scale() != column.type().scale()) {
            return null;
        }
        long value = constant.longValue();
        return switch (operator) {
            case EQUAL -> range(column, value, value);
            case NOT_EQUAL -> new ComparisonSelection(column.channel(), -1, operator, value, value, true);
            case LESS_THAN -> value == Long.MIN_VALUE ? range(column, 1, 0) : range(column, Long.MIN_VALUE, value - 1);
            case LESS_THAN_OR_EQUAL -> range(column, Long.MIN_VALUE, value);
            case GREATER_THAN -> value == Long.MAX_VALUE ? range(column, 1, 0) : range(column, value + 1, Long.MAX_VALUE);
            case GREATER_THAN_OR_EQUAL -> range(column, value, Long.MAX_VALUE);
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> null;
        };
    }

    private static ComparisonSelection range(InputReference column, long low, long high)
    {
        return new ComparisonSelection(column.channel(), -1, null, low, high, false);
    }

    private static boolean integerLike(Type type)
    {
        TypeKind kind = type.kind();
        return kind == TypeKind.INTEGER || kind == TypeKind.DATE || kind == TypeKind.BIGINT || (kind == TypeKind.DECIMAL && !type.isLongDecimal()) || kind == TypeKind.TIMESTAMP
                || type.isTimeOrInterval();
    }

    /** The one range both this and {@code other} select, when both are ranges over the same column; else null. */
    ComparisonSelection intersect(ComparisonSelection other)
    {
        if (otherChannel >= 0 || outside || other.otherChannel >= 0 || other.outside || channel != other.channel) {
            return null;
        }
        return new ComparisonSelection(channel, -1, null, Math.max(low, other.low), Math.min(high, other.high), false);
    }

    /**
     * Keeps, of {@code positions[0 .. count)} (of 0 .. count - 1 when {@code all}), those this term
     * holds for, in order, at the front of {@code positions}; returns how many.
     */
    int select(Page page, int[] positions, int count, boolean all)
    {
        ColumnVector column = page.column(channel);
        if (otherChannel < 0) {
            // NULLs hold some value in the vector: take out the survivors that are NULL
            return ColumnVector.removeNullPositions(column.nulls(), positions, selectRange(column, positions, count, all));
        }
        ColumnVector other = page.column(otherChannel);
        int kept = selectColumns(column, other, positions, count, all);
        return ColumnVector.removeNullPositions(other.nulls(), positions, ColumnVector.removeNullPositions(column.nulls(), positions, kept));
    }

    private int selectRange(ColumnVector column, int[] positions, int count, boolean all)
    {
        MemorySegment values = column.values();
        boolean wide = column.type().physicalType() == PhysicalType.LONG;
        long low = this.low;
        long high = this.high;
        boolean inside = !outside;
        int kept = 0;
        if (all && wide) {
            for (int i = 0; i < count; i++) {
                long value = values.getAtIndex(LONG, i);
                positions[kept] = i;
                kept += (value >= low & value <= high) == inside ? 1 : 0;
            }
        }
        else if (all) {
            for (int i = 0; i < count; i++) {
                long value = values.getAtIndex(INT, i);
                positions[kept] = i;
                kept += (value >= low & value <= high) == inside ? 1 : 0;
            }
        }
        else if (wide) {
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                long value = values.getAtIndex(LONG, position);
                positions[kept] = position;
                kept += (value >= low & value <= high) == inside ? 1 : 0;
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                long value = values.getAtIndex(INT, position);
                positions[kept] = position;
                kept += (value >= low & value <= high) == inside ? 1 : 0;
            }
        }
        return kept;
    }

    private int selectColumns(ColumnVector column, ColumnVector other, int[] positions, int count, boolean all)
    {
        // a > b is b < a: four loops cover the six operators
        return switch (operator) {
            case LESS_THAN -> selectLess(column, other, positions, count, all, false);
            case LESS_THAN_OR_EQUAL -> selectLess(column, other, positions, count, all, true);
            case GREATER_THAN -> selectLess(other, column, positions, count, all, false);
            case GREATER_THAN_OR_EQUAL -> selectLess(other, column, positions, count, all, true);
            case EQUAL -> selectEqual(column, other, positions, count, all, true);
            case NOT_EQUAL -> selectEqual(column, other, positions, count, all, false);
            case IS_DISTINCT_FROM, IS_NOT_DISTINCT_FROM -> throw new IllegalStateException("not a selection operator: " + operator);
        };
    }

    private static int selectLess(ColumnVector column, ColumnVector other, int[] positions, int count, boolean all, boolean orEqual)
    {
        MemorySegment left = column.values();
        MemorySegment right = other.values();
        boolean leftWide = column.type().physicalType() == PhysicalType.LONG;
        boolean rightWide = other.type().physicalType() == PhysicalType.LONG;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int position = all ? i : positions[i];
            long l = leftWide ? left.getAtIndex(LONG, position) : left.getAtIndex(INT, position);
            long r = rightWide ? right.getAtIndex(LONG, position) : right.getAtIndex(INT, position);
            positions[kept] = position;
            kept += (l < r | (orEqual & l == r)) ? 1 : 0;
        }
        return kept;
    }

    private static int selectEqual(ColumnVector column, ColumnVector other, int[] positions, int count, boolean all, boolean equal)
    {
        MemorySegment left = column.values();
        MemorySegment right = other.values();
        boolean leftWide = column.type().physicalType() == PhysicalType.LONG;
        boolean rightWide = other.type().physicalType() == PhysicalType.LONG;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            int position = all ? i : positions[i];
            long l = leftWide ? left.getAtIndex(LONG, position) : left.getAtIndex(INT, position);
            long r = rightWide ? right.getAtIndex(LONG, position) : right.getAtIndex(INT, position);
            positions[kept] = position;
            kept += (l == r) == equal ? 1 : 0;
        }
        return kept;
    }

    @Override
    public String toString()
    {
        if (otherChannel >= 0) {
            return operator + "(#" + channel + ", #" + otherChannel + ")";
        }
        return (outside ? "NOT_BETWEEN(#" : "BETWEEN(#") + channel + ", " + low + ", " + high + ")";
    }
}
