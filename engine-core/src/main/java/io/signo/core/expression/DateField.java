package io.signo.core.expression;

/**
 * Fields EXTRACT reads from a DATE or a TIMESTAMP. DAY_OF_WEEK counts as PostgreSQL and DuckDB do:
 * 0 = Sunday .. 6 = Saturday. SECOND is the whole seconds; a DATE's time fields are 0.
 */
public enum DateField
{
    YEAR,
    QUARTER,
    MONTH,
    DAY,
    DAY_OF_WEEK,
    DAY_OF_YEAR,
    HOUR,
    MINUTE,
    SECOND
}
