package io.signo.storage.table;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.util.List;

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

    /**
     * Statistics of table column {@code column} zone by zone (a Parquet file's pages, from its page
     * index), which together cover the segment's rows; empty when the segment has none. A predicate
     * on the column that no zone may match rules the whole segment out, even where the segment's
     * own min and max, which span the gaps between zones, do not. May read a file; called by the
     * driver that is about to read the segment.
     */
    default List<ZoneStatistics> zoneStatistics(int column)
    {
        return List.of();
    }

    /** The rows of the given table columns, in that order: a page of {@link #rowCount()} rows. */
    Page read(int[] columns);

    /**
     * As {@link #read(int[])}, with the memory of what the read decodes taken from {@code allocator}
     * (a scan's, which may reuse it once the page is done with); segments that decode nothing ignore it.
     */
    default Page read(int[] columns, PageAllocator allocator)
    {
        return read(columns);
    }

    /**
     * The rows of the given table columns that pass every test, the tests run in order, each on the
     * rows the ones before kept: a page of at most {@link #rowCount()} rows. A segment read from a
     * file runs the tests before it decodes the other columns ({@link #decodesOnRead()}); this
     * default reads every column, then tests.
     */
    default Page read(int[] columns, List<ColumnTest> tests)
    {
        Page page = read(columns);
        int[] positions = new int[page.positionCount()];
        int count = positions.length;
        for (int i = 0; i < count; i++) {
            positions[i] = i;
        }
        for (ColumnTest test : tests) {
            int channel = -1;
            for (int i = 0; i < columns.length && channel < 0; i++) {
                channel = columns[i] == test.column() ? i : -1;
            }
            ColumnVector values = channel >= 0 ? page.column(channel) : read(new int[] {test.column()}).column(0);
            count = test.keep(values, positions, count);
        }
        if (count == page.positionCount()) {
            return page;
        }
        ColumnVector[] kept = new ColumnVector[columns.length];
        for (int i = 0; i < kept.length; i++) {
            kept[i] = page.column(i).copyPositions(positions, count, PageAllocator.transientPages());
        }
        return new Page(count, kept);
    }

    /**
     * As {@link #read(int[], List)}, with the memory of what the read decodes taken from
     * {@code allocator} (a scan's, which may reuse it once the page is done with).
     */
    default Page read(int[] columns, List<ColumnTest> tests, PageAllocator allocator)
    {
        return read(columns, tests);
    }

    /**
     * As {@link #read(int[], PageAllocator)}, for a consumer that takes {@linkplain Page#selected
     * selected pages}: the page may be the live rows of the segment's whole vectors as a selection, so
     * that rows deleted since the segment was written cost one pass to skip and no copy. This default
     * reads a dense page.
     */
    default Page readAsSelection(int[] columns, PageAllocator allocator)
    {
        return read(columns, allocator);
    }

    /** As {@link #read(int[], List, PageAllocator)}, but the page may be a selection as in {@link #readAsSelection(int[], PageAllocator)}. */
    default Page readAsSelection(int[] columns, List<ColumnTest> tests, PageAllocator allocator)
    {
        return read(columns, tests, allocator);
    }

    /**
     * True when a read decodes stored data, so that testing some columns before decoding the others
     * ({@link #read(int[], List)}) saves work; false for segments in memory.
     */
    default boolean decodesOnRead()
    {
        return false;
    }

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
