package io.signo.core.operator;

/**
 * The immutable, plan-side description of an operator: it creates one operator per driver of its
 * pipeline. Factories are shared by the drivers of a pipeline and must be thread safe. Creating an
 * operator allocates no tracked memory.
 */
public interface OperatorFactory
{
    Operator createOperator(OperatorContext context);

    /** A short name for EXPLAIN ANALYZE and errors, such as "HashAggregation". */
    String name();

    /**
     * True when this factory's operators accept {@linkplain io.signo.storage.page.Page#selected selected
     * pages}: they read every column through {@code Page.rows()} when it is not null. The operator
     * before such a one may pass columns through without copying the rows it keeps.
     */
    default boolean takesSelectedRows()
    {
        return false;
    }
}
