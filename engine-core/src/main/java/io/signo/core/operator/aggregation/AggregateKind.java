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
    SINGLE_VALUE;

    /** Whether the aggregate takes only numeric input. */
    public boolean takesNumbers()
    {
        return switch (this) {
            case SUM, AVG, VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP -> true;
            case COUNT_STAR, COUNT, MIN, MAX, APPROX_COUNT_DISTINCT, STRING_AGG, SINGLE_VALUE -> false;
        };
    }
}
