package io.signo.core.expression;

/** Fields EXTRACT reads from a DATE. DAY_OF_WEEK counts as PostgreSQL and DuckDB do: 0 = Sunday .. 6 = Saturday. */
public enum DateField
{
    YEAR,
    QUARTER,
    MONTH,
    DAY,
    DAY_OF_WEEK,
    DAY_OF_YEAR
}
