package io.signo.storage.db;

import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;

/** Stands for a segment file that could not be opened: the table's scans fail with the reason, other tables stay readable. */
record DamagedSegment(int columnCount, SignoException failure)
        implements Segment
{
    @Override
    public int rowCount()
    {
        return 0;
    }

    @Override
    public ColumnStatistics[] columnStatistics()
    {
        return null;
    }

    @Override
    public Page read(int[] columns)
    {
        throw new SignoException(failure.errorCode(), failure.getMessage(), failure);
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }
}
