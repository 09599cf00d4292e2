package io.signo.core.operator.window;

/** LAG, LEAD, FIRST_VALUE, LAST_VALUE and NTH_VALUE: each row's value copied from another row of the partition. */
final class ValueEvaluator
        implements FunctionEvaluator
{
    private final WindowFunction function;
    private final int valueChannel;
    /** LAG's and LEAD's default, a channel of the current row; -1 for NULL. */
    private final int defaultChannel;

    ValueEvaluator(WindowFunction function)
    {
        this.function = function;
        this.valueChannel = function.arguments().getFirst();
        this.defaultChannel = function.arguments().size() > 1 ? function.arguments().get(1) : -1;
    }

    @Override
    public void evaluate(WindowPartition partition, OutputColumn output)
    {
        SortedRows rows = partition.rows();
        for (int row = partition.start(); row < partition.end(); row++) {
            int source = sourceRow(partition, row);
            if (source >= 0) {
                output.next().appendFrom(rows.column(valueChannel, source), SortedRows.position(source));
            }
            else if (defaultChannel >= 0) {
                output.next().appendFrom(rows.column(defaultChannel, row), SortedRows.position(row));
            }
            else {
                output.next().appendNull();
            }
        }
    }

    /** The row whose value {@code row} gets, or -1 for none. */
    private int sourceRow(WindowPartition partition, int row)
    {
        if (!function.kind().usesFrame()) {
            long source = function.kind() == WindowFunctionKind.LAG ? row - function.constant() : row + function.constant();
            return source >= partition.start() && source < partition.end() ? (int) source : -1;
        }
        int frameStart = partition.frameStart(function.frame(), row);
        int frameEnd = partition.frameEnd(function.frame(), row);
        long source = switch (function.kind()) {
            case FIRST_VALUE -> frameStart;
            case LAST_VALUE -> frameEnd - 1L;
            case NTH_VALUE -> frameStart + function.constant() - 1;
            default -> throw new IllegalStateException("not a value function: " + function.kind());
        };
        return source >= frameStart && source < frameEnd ? (int) source : -1;
    }
}
