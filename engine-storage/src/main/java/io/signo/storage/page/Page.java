package io.signo.storage.page;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;

/**
 * A row count plus one vector per column: the unit that flows between operators and over the
 * network. Immutable once published; operators never modify a page they received.
 *
 * <p>A <em>selected</em> page ({@link #selected}) holds some rows of larger vectors without copying
 * them: its position p is row {@code rows()[p]} of every column. A filter hands such a page to a
 * consumer that reads through the rows anyway (a join probe gathers only the rows it outputs, an
 * aggregation reads its keys and values in place), so the kept rows are copied at most once, by the
 * consumer. Only operators that declare it ({@code OperatorFactory.takesSelectedRows}) receive
 * selected pages; the driver {@link #compact}s a selected page for any other, and none reaches an
 * exchange or a client.
 */
public final class Page
{
    private final int positionCount;
    private final ColumnVector[] columns;
    /** Null for a dense page; else ascending rows of the columns, positionCount of them used. */
    private final int[] rows;

    public Page(int positionCount, ColumnVector... columns)
    {
        for (ColumnVector column : columns) {
            if (column.positionCount() != positionCount) {
                throw new IllegalArgumentException("column has " + column.positionCount() + " positions, page has " + positionCount);
            }
        }
        this.positionCount = positionCount;
        this.columns = columns;
        this.rows = null;
    }

    private Page(int[] rows, int positionCount, ColumnVector[] columns)
    {
        this.positionCount = positionCount;
        this.columns = columns;
        this.rows = rows;
    }

    /**
     * The rows {@code rows[0 .. count)} of these equally long columns, as a page of {@code count}
     * positions, without copying. The page owns {@code rows} from now on: the caller must not change it.
     * The rows must ascend and lie inside the columns (a filter's selection does).
     */
    public static Page selected(int[] rows, int count, ColumnVector... columns)
    {
        if (count < 0 || count > rows.length) {
            throw new IllegalArgumentException("count " + count + " outside the " + rows.length + " selected rows");
        }
        for (ColumnVector column : columns) {
            if (column.positionCount() != columns[0].positionCount()) {
                throw new IllegalArgumentException("selected columns differ in length: " + column.positionCount() + " and " + columns[0].positionCount());
            }
        }
        if (count > 0 && columns.length > 0 && (rows[0] < 0 || rows[count - 1] >= columns[0].positionCount())) {
            throw new IllegalArgumentException("selected rows outside the columns' " + columns[0].positionCount() + " positions");
        }
        return new Page(rows, count, columns);
    }

    /** True when this page is some rows of its columns ({@link #rows()}), not all of them. */
    public boolean isSelected()
    {
        return rows != null;
    }

    /**
     * For a selected page, the row of its columns at each position ({@code positionCount()} of them
     * used, ascending); null for a dense page, whose position p is row p. Read only.
     */
    public int[] rows()
    {
        return rows;
    }

    /**
     * The rows of the columns that hold {@code positions[0 .. count)} of this page: the positions
     * themselves for a dense page, else their rows, written to {@code scratch} (which may be {@code positions}).
     */
    public int[] rowsAt(int[] positions, int count, int[] scratch)
    {
        if (rows == null) {
            return positions;
        }
        for (int i = 0; i < count; i++) {
            scratch[i] = rows[positions[i]];
        }
        return scratch;
    }

    /**
     * A dense page of every row of the columns: this page itself when it is dense, else the whole
     * columns it selects from ({@code rows()} are their positions in it). The page must have a column.
     */
    public Page allRows()
    {
        if (rows == null) {
            return this;
        }
        if (columns.length == 0) {
            throw new IllegalStateException("a selected page without columns has no rows to select from");
        }
        return new Page(columns[0].positionCount(), columns);
    }

    /** A dense page of the same values: this page itself when it is dense, else its rows copied. */
    public Page compact(PageAllocator allocator)
    {
        if (rows == null) {
            return this;
        }
        ColumnVector[] copies = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            copies[i] = columns[i].copyPositions(rows, positionCount, allocator);
        }
        return new Page(positionCount, copies);
    }

    public int positionCount()
    {
        return positionCount;
    }

    public int columnCount()
    {
        return columns.length;
    }

    public ColumnVector column(int index)
    {
        return columns[index];
    }

    /** A page holding only the given columns, in that order; no data is copied. */
    public Page selectColumns(int... channels)
    {
        ColumnVector[] selected = new ColumnVector[channels.length];
        for (int i = 0; i < channels.length; i++) {
            selected[i] = columns[channels[i]];
        }
        return new Page(rows, positionCount, selected);
    }

    /** Rows {@code [from, from + count)} of a page that is not selected, as views of its vectors ({@link ColumnVector#region}). */
    public Page region(int from, int count, PageAllocator allocator)
    {
        if (isSelected()) {
            throw new IllegalStateException("a region of a selected page");
        }
        ColumnVector[] regions = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            regions[i] = columns[i].region(from, count, allocator);
        }
        return new Page(count, regions);
    }

    /** This page's columns followed by {@code other}'s; both must have the same row count. */
    public Page appendColumns(Page other)
    {
        if (rows != null || other.rows != null) {
            throw new IllegalStateException("cannot append the columns of selected pages; compact them first");
        }
        ColumnVector[] combined = Arrays.copyOf(columns, columns.length + other.columns.length);
        System.arraycopy(other.columns, 0, combined, columns.length, other.columns.length);
        return new Page(positionCount, combined);
    }

    public long retainedBytes()
    {
        long bytes = 0;
        for (ColumnVector column : columns) {
            bytes += column.retainedBytes();
        }
        return rows == null ? bytes : bytes + (long) rows.length * Integer.BYTES;
    }

    @Override
    public String toString()
    {
        return "Page{positions=" + positionCount + ", columns=" + columns.length + (rows != null ? ", selected" : "") + "}";
    }
}
