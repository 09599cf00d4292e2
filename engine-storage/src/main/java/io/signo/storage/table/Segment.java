package io.signo.storage.table;

import io.signo.storage.page.Page;

/**
 * A split of a table partition: an immutable run of rows that one driver reads as a morsel, with
 * the min and max of each column for pruning. It may live in memory ({@link PageSegment}) or in a
 * database file, read and decoded only when a scan asks for it.
 */
public interface Segment
{
    /** The rows a scan of this segment returns (rows deleted since it was written are not counted). */
    int rowCount();

    /**
     * The rows {@link #columnStatistics()} describe: the rows written, deleted ones included. Pruning
     * compares null counts with this count.
     */
    default int statisticsRowCount()
    {
        return rowCount();
    }

    /** {@code columnStatistics()[i]} describes table column i; null when unknown. */
    ColumnStatistics[] columnStatistics();

    /** The rows of the given table columns, in that order: a page of {@link #rowCount()} rows. */
    Page read(int[] columns);

    /** How many table columns the segment has. */
    int columnCount();

    /** Every column: for tools and tests that look at whole rows. */
    default Page readAll()
    {
        int[] columns = new int[columnCount()];
        for (int i = 0; i < columns.length; i++) {
            columns[i] = i;
        }
        return read(columns);
    }

    /** The bytes the segment holds in memory while it exists (decoded pages cached elsewhere are not counted). */
    long retainedBytes();
}
