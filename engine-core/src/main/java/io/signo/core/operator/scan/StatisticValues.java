package io.signo.core.operator.scan;

/**
 * Orders values in their Java object form the way the engine orders the column's values: numbers
 * numerically (so -0.0 equals 0.0), strings by code point, which is the unsigned UTF-8 byte order
 * that segment statistics are computed in.
 */
final class StatisticValues
{
    /** The result of {@link #compare} for values that cannot be ordered: different kinds, or NaN. */
    static final int UNORDERED = Integer.MIN_VALUE;

    private StatisticValues() {}

    static int compare(Object left, Object right)
    {
        return switch (left) {
            case Integer leftInteger when right instanceof Integer rightInteger -> Integer.compare(leftInteger, rightInteger);
            case Long leftLong when right instanceof Long rightLong -> Long.compare(leftLong, rightLong);
            case Double leftDouble when right instanceof Double rightDouble -> compareDoubles(leftDouble, rightDouble);
            case String leftString when right instanceof String rightString -> compareCodePoints(leftString, rightString);
            case Boolean leftBoolean when right instanceof Boolean rightBoolean -> Boolean.compare(leftBoolean, rightBoolean);
            default -> UNORDERED;
        };
    }

    /** False only when {@code value} is provably below {@code min} or above {@code max}. */
    static boolean mayLieBetween(Object value, Object min, Object max)
    {
        if (min != null) {
            int comparison = compare(value, min);
            if (comparison != UNORDERED && comparison < 0) {
                return false;
            }
        }
        if (max != null) {
            int comparison = compare(value, max);
            if (comparison != UNORDERED && comparison > 0) {
                return false;
            }
        }
        return true;
    }

    static String toText(Object value)
    {
        if (value instanceof String string) {
            return "'" + string.replace("'", "''") + "'";
        }
        return String.valueOf(value);
    }

    private static int compareDoubles(double left, double right)
    {
        if (Double.isNaN(left) || Double.isNaN(right)) {
            return UNORDERED;
        }
        return left < right ? -1 : (left > right ? 1 : 0);
    }

    private static int compareCodePoints(String left, String right)
    {
        int leftIndex = 0;
        int rightIndex = 0;
        while (leftIndex < left.length() && rightIndex < right.length()) {
            int leftCodePoint = left.codePointAt(leftIndex);
            int rightCodePoint = right.codePointAt(rightIndex);
            if (leftCodePoint != rightCodePoint) {
                return Integer.compare(leftCodePoint, rightCodePoint);
            }
            leftIndex += Character.charCount(leftCodePoint);
            rightIndex += Character.charCount(rightCodePoint);
        }
        return Integer.compare(left.length() - leftIndex, right.length() - rightIndex);
    }
}
