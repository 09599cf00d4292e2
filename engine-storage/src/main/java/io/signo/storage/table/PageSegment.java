package io.signo.storage.table;

import io.signo.storage.page.Page;

/** A segment held in memory as one page (generated tables); reading it copies nothing. */
public record PageSegment(Page page, ColumnStatistics[] columnStatistics)
        implements Segment
{
    @Override
    public int rowCount()
    {
        return page.positionCount();
    }

    @Override
    public int columnCount()
    {
        return page.columnCount();
    }

    @Override
    public Page read(int[] columns)
    {
        return page.selectColumns(columns);
    }

    @Override
    public long retainedBytes()
    {
        return page.retainedBytes();
    }
}
