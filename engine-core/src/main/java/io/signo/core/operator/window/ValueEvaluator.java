package io.signo.core.operator.window;

/**
 * LAG, LEAD, FIRST_VALUE, LAST_VALUE and NTH_VALUE: each row's value copied from another row of the
 * partition. With IGNORE NULLS they count only the rows whose value is not NULL: per partition, the
 * rows with a value in order and, per row, how many of them come before it, so that each row finds
 * its source with a subtraction.
 */
final class ValueEvaluator
        implements FunctionEvaluator
{
    private final WindowFunction function;
    private final int valueChannel;
    /** LAG's and LEAD's default, a channel of the current row; -1 for NULL. */
    private final int defaultChannel;
    /** IGNORE NULLS: the partition's rows with a value, in order ({@code valueRowCount} of them). */
    private int[] valueRows = new int[0];
    private int valueRowCount;
    /** IGNORE NULLS: per row of the partition and one past its end (index row - start), the rows with a value before it. */
    private int[] valuesBefore = new int[0];

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
        if (function.ignoreNulls()) {
            countValues(partition);
        }
        for (int row = partition.start(); row < partition.end(); row++) {
            int source = function.ignoreNulls() ? sourceRowIgnoringNulls(partition, row) : sourceRow(partition, row);
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

    private void countValues(WindowPartition partition)
    {
        int size = partition.size();
        if (valuesBefore.length < size + 1) {
            valuesBefore = new int[Math.max(size + 1, valuesBefore.length * 2)];
            valueRows = new int[valuesBefore.length];
        }
        SortedRows rows = partition.rows();
        int count = 0;
        for (int row = partition.start(); row < partition.end(); row++) {
            valuesBefore[row - partition.start()] = count;
            if (!rows.column(valueChannel, row).isNull(SortedRows.position(row))) {
                valueRows[count++] = row;
            }
        }
        valuesBefore[size] = count;
        valueRowCount = count;
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

    /** {@link #sourceRow} counting only the rows with a value; LAG and LEAD at offset 0 are the row itself. */
    private int sourceRowIgnoringNulls(WindowPartition partition, int row)
    {
        int start = partition.start();
        if (!function.kind().usesFrame()) {
            long offset = function.kind() == WindowFunctionKind.LAG ? function.constant() : -function.constant();
            if (offset == 0) {
                return row;
            }
            // LAG n: the n-th row with a value before this one; LEAD n: the n-th after it
            long index = offset > 0 ? valuesBefore[row - start] - offset : valuesBefore[row - start + 1] - offset - 1;
            return index >= 0 && index < valueRowCount ? valueRows[(int) index] : -1;
        }
        int frameStart = partition.frameStart(function.frame(), row);
        int frameEnd = Math.max(frameStart, partition.frameEnd(function.frame(), row));
        int first = valuesBefore[frameStart - start];
        int end = valuesBefore[frameEnd - start];
        long index = switch (function.kind()) {
            case FIRST_VALUE -> first;
            case LAST_VALUE -> end - 1L;
            case NTH_VALUE -> first + function.constant() - 1;
            default -> throw new IllegalStateException("not a value function: " + function.kind());
        };
        return index >= first && index < end ? valueRows[(int) index] : -1;
    }

    @Override
    public long retainedBytes()
    {
        return (long) (valueRows.length + valuesBefore.length) * Integer.BYTES;
    }
}
