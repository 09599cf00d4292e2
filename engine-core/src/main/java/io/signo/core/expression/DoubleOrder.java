package io.signo.core.expression;

/**
 * The order of DOUBLE and REAL values in SQL, as DuckDB and PostgreSQL have it: NaN equals NaN and is
 * greater than every other value (+Infinity included), and -0.0 equals 0.0. IEEE 754's operators
 * make NaN unordered (every comparison false) and {@link Double#compare} puts -0.0 below 0.0; both
 * differ. The methods combine plain comparisons with non-short-circuit operators, so a loop over
 * them has no branch and stays as fast as the plain operator on values without NaN.
 */
public final class DoubleOrder
{
    private DoubleOrder() {}

    public static boolean equal(double left, double right)
    {
        return left == right | (Double.isNaN(left) & Double.isNaN(right));
    }

    public static boolean lessThan(double left, double right)
    {
        // below a NaN is every number; a NaN is below nothing
        return left < right | (Double.isNaN(right) & !Double.isNaN(left));
    }

    public static boolean lessThanOrEqual(double left, double right)
    {
        return left <= right | Double.isNaN(right);
    }

    /** Negative, zero or positive as {@code left} is below, equal to or above {@code right}. */
    public static int compare(double left, double right)
    {
        if (left < right) {
            return -1;
        }
        if (left > right) {
            return 1;
        }
        if (left == right) {
            return 0;
        }
        // at least one NaN
        return Boolean.compare(Double.isNaN(left), Double.isNaN(right));
    }
}
