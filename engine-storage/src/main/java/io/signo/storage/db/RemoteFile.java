package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;

import static java.util.Objects.requireNonNull;

/**
 * A segment file that lives on a worker of the cluster, as the coordinator's catalog shows it: the
 * planner counts its rows, and a plan sent to the workers names it so that the worker holding it
 * reads it. The coordinator never reads it itself.
 */
public record RemoteFile(FileEntry file, int columnCount)
        implements Segment
{
    public RemoteFile
    {
        requireNonNull(file, "file is null");
    }

    @Override
    public int rowCount()
    {
        return file.rowCount() - file.deletes().count();
    }

    @Override
    public int statisticsRowCount()
    {
        return file.rowCount();
    }

    @Override
    public ColumnStatistics[] columnStatistics()
    {
        return null;
    }

    @Override
    public Page read(int[] columns)
    {
        throw new IllegalStateException("segment file " + file.fileId() + " lives on a worker; the coordinator does not read it");
    }

    @Override
    public long retainedBytes()
    {
        return 0;
    }
}
