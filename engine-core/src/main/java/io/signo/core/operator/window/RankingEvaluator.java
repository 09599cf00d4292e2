package io.signo.core.operator.window;

/** ROW_NUMBER, RANK, DENSE_RANK, PERCENT_RANK, CUME_DIST and NTILE: from the positions of rows and peer groups alone. */
final class RankingEvaluator
        implements FunctionEvaluator
{
    private final WindowFunction function;

    RankingEvaluator(WindowFunction function)
    {
        this.function = function;
    }

    @Override
    public void evaluate(WindowPartition partition, OutputColumn output)
    {
        int start = partition.start();
        int end = partition.end();
        int size = partition.size();
        switch (function.kind()) {
            case ROW_NUMBER -> {
                for (int row = start; row < end; row++) {
                    output.appendInteger(row - start + 1);
                }
            }
            case RANK -> {
                for (int row = start; row < end; row++) {
                    output.appendInteger(partition.peerStart(row) - start + 1);
                }
            }
            case DENSE_RANK -> {
                long rank = 0;
                for (int row = start; row < end; row++) {
                    if (partition.peerStart(row) == row) {
                        rank++;
                    }
                    output.appendInteger(rank);
                }
            }
            case PERCENT_RANK -> {
                for (int row = start; row < end; row++) {
                    output.next().appendDouble(size == 1 ? 0 : (double) (partition.peerStart(row) - start) / (size - 1));
                }
            }
            case CUME_DIST -> {
                for (int row = start; row < end; row++) {
                    output.next().appendDouble((double) (partition.peerEnd(row) - start) / size);
                }
            }
            case NTILE -> {
                // size = buckets * quotient + remainder: the first `remainder` buckets get one row more
                long buckets = function.constant();
                long quotient = size / buckets;
                long remainder = size % buckets;
                long largeRows = remainder * (quotient + 1);
                for (int row = start; row < end; row++) {
                    long index = row - start;
                    output.appendInteger(index < largeRows ? index / (quotient + 1) + 1 : remainder + (index - largeRows) / quotient + 1);
                }
            }
            default -> throw new IllegalStateException("not a ranking function: " + function.kind());
        }
    }
}
