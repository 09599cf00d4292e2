package io.signo.core.operator.window;

/** Computes one window function for the rows of a partition, appending a value per row in row order. */
interface FunctionEvaluator
{
    void evaluate(WindowPartition partition, OutputColumn output);

    /** Memory held between partitions. */
    default long retainedBytes()
    {
        return 0;
    }

    static FunctionEvaluator of(WindowFunction function)
    {
        return switch (function.kind()) {
            case ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST, NTILE -> new RankingEvaluator(function);
            case LAG, LEAD, FIRST_VALUE, LAST_VALUE, NTH_VALUE -> new ValueEvaluator(function);
            case AGGREGATE -> new AggregateEvaluator(function);
        };
    }
}
