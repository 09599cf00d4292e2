package io.signo.core.operator.aggregation;

public enum AggregateKind
{
    COUNT_STAR,
    COUNT,
    SUM,
    AVG,
    MIN,
    MAX,
    VAR_SAMP,
    VAR_POP,
    STDDEV_SAMP,
    STDDEV_POP,
    APPROX_COUNT_DISTINCT,
    STRING_AGG,
    /** A scalar sub-query's value: the group's only row's, NULL without rows, an error with more. */
    SINGLE_VALUE,
    /** PERCENTILE_CONT (and MEDIAN): the value at a fraction of the sorted values, interpolated. */
    PERCENTILE_CONT,
    /** PERCENTILE_DISC: the first value whose cumulative share reaches the fraction. */
    PERCENTILE_DISC;

    /** Whether the aggregate takes only numeric input. */
    public boolean takesNumbers()
    {
        return switch (this) {
            case SUM, AVG, VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP, PERCENTILE_CONT, PERCENTILE_DISC -> true;
            case COUNT_STAR, COUNT, MIN, MAX, APPROX_COUNT_DISTINCT, STRING_AGG, SINGLE_VALUE -> false;
        };
    }
}
