package io.signo.core.expression;

/** Fields EXTRACT reads from a DATE. DAY_OF_WEEK follows SQL (and Calcite): 1 = Sunday .. 7 = Saturday. */
public enum DateField
{
    YEAR,
    QUARTER,
    MONTH,
    DAY,
    DAY_OF_WEEK,
    DAY_OF_YEAR
}
