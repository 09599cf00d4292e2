package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;

import java.util.ArrayList;
import java.util.List;

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

    /**
     * The entry of a table the coordinator's catalog shows with its rows on the workers, as of the
     * version the table object is from: what a plan sent to the workers names. The row-id column a
     * write's plan shows is left out; the entry's layout states how partitions are placed, not the
     * sort order, which reading does not need.
     */
    public static TableEntry entryOf(Table table)
    {
        List<FileEntry> files = new ArrayList<>();
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                if (!(segment instanceof RemoteFile remote)) {
                    throw new IllegalArgumentException("table " + table.name() + " is not on the workers");
                }
                files.add(remote.file());
            }
        }
        List<Column> columns = table.columns().stream().filter(column -> !column.name().equals(Table.ROW_ID_COLUMN)).toList();
        TableLayout layout = new TableLayout(table.partitioning().keyColumns(), table.partitionCount(), false, List.of());
        return new TableEntry(table.name(), columns, layout, files);
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
