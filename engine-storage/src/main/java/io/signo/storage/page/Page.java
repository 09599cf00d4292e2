package io.signo.storage.page;

import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;

/**
 * A row count plus one vector per column: the unit that flows between operators and over the
 * network. Immutable once published; operators never modify a page they received.
 */
public final class Page
{
    private final int positionCount;
    private final ColumnVector[] columns;

    public Page(int positionCount, ColumnVector... columns)
    {
        for (ColumnVector column : columns) {
            if (column.positionCount() != positionCount) {
                throw new IllegalArgumentException("column has " + column.positionCount() + " positions, page has " + positionCount);
            }
        }
        this.positionCount = positionCount;
        this.columns = columns;
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
        return new Page(positionCount, selected);
    }

    /** This page's columns followed by {@code other}'s; both must have the same row count. */
    public Page appendColumns(Page other)
    {
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
        return bytes;
    }

    @Override
    public String toString()
    {
        return "Page{positions=" + positionCount + ", columns=" + columns.length + "}";
    }
}
