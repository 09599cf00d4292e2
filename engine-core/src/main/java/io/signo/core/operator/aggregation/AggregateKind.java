package io.signo.core.operator.aggregation;

public enum AggregateKind
{
    COUNT_STAR,
    COUNT,
    SUM,
    AVG,
    MIN,
    MAX
}
