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

    /**
     * True when every page this factory's operators allocate goes into the one output page they hand
     * out next, and they keep none of it once that page was taken: when the consumer keeps nothing
     * of the page either, the driver recycles the memory for the next one.
     */
    default boolean allocatesOnlyItsNextOutput()
    {
        return false;
    }

    /**
     * True when this factory's operators may keep nothing of a page once {@code addInput} returned
     * (they copy what they need); {@link Operator#keptNothingOfLastInput()} says it page by page.
     */
    default boolean keepsNothingOfInput()
    {
        return false;
    }

    /**
     * True when an operator of this factory keeps nothing of its input once it {@linkplain
     * Operator#needsInput() needs input} again, except what the output pages it handed on hold (views
     * of the input's columns): a filter-and-project. A source below it may then reuse its memory once
     * the operator after it keeps nothing (see {@link #allocatesInRounds()}).
     */
    default boolean keepsInputOnlyInItsOutput()
    {
        return false;
    }

    /**
     * True for a source whose operators allocate their output in rounds (a table scan: one segment
     * decoded, then handed on in parts) and start each round only when their consumer needs input:
     * when every operator after it up to one that {@linkplain #keepsNothingOfInput() keeps nothing
     * of its input} passes pages on ({@link #keepsInputOnlyInItsOutput()}), the driver reuses a
     * round's memory for the next one, unless that last consumer kept a page of the round.
     */
    default boolean allocatesInRounds()
    {
        return false;
    }
}
