package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.type.PhysicalType;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * The segment files of one store opened for reading, each mapped once, and the tables built from a
 * manifest's entries over them: what a database and a worker's share of a cluster's tables both
 * read through. Thread safe.
 */
final class SegmentFiles
{
    private final FileStore store;
    private final BlockCache cache;
    private final Map<Long, SegmentFile> open = new ConcurrentHashMap<>();

    SegmentFiles(FileStore store, BlockCache cache)
    {
        this.store = store;
        this.cache = cache;
    }

    /** The file, checked against what the manifest says of it; an error naming the file and table when it is missing or damaged. */
    SegmentFile open(String table, List<Column> columns, FileEntry entry)
    {
        SegmentFile file = open.get(entry.fileId());
        if (file != null) {
            return file;
        }
        String name = store.describe(entry.fileId()) + " of table " + table;
        MemorySegment data;
        try {
            data = store.open(entry.fileId());
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.CORRUPT_DATA, "segment file " + name + " cannot be read: " + e, e);
        }
        file = SegmentFile.open(entry.fileId(), name, data, columns);
        if (file.rowCount() != entry.rowCount()) {
            throw new SignoException(ErrorCode.CORRUPT_DATA, "segment file " + name + " is damaged: it has " + file.rowCount() + " rows, the manifest says " + entry.rowCount());
        }
        open.put(entry.fileId(), file);
        return file;
    }

    /** Forgets a file no version names any more, and removes it from the store. */
    void delete(long fileId)
    {
        open.remove(fileId);
        cache.forget(fileId);
        store.delete(fileId);
    }

    /** The statistics of one file's rows, deleted ones included: bounds stay bounds. */
    TableStatistics statistics(String table, List<Column> columns, FileEntry entry)
    {
        SegmentFile file = open(table, columns, entry);
        Map<String, ColumnStatistics> statistics = new LinkedHashMap<>();
        for (int c = 0; c < columns.size(); c++) {
            statistics.put(columns.get(c).name(), file.fileStatistics()[c]);
        }
        return new TableStatistics(file.rowCount(), statistics);
    }

    /**
     * The table of {@code entry} over the files {@code holds} accepts, a segment per block, in the
     * partitions the entry places them in; a table that fails when read, naming the file, when one of
     * them is missing or damaged (the other tables stay readable).
     */
    Table table(TableEntry entry, Predicate<FileEntry> holds)
    {
        TableLayout layout = entry.layout();
        List<List<Segment>> segmentsByPartition = new ArrayList<>();
        for (int p = 0; p < layout.partitionCount(); p++) {
            segmentsByPartition.add(new ArrayList<>());
        }
        List<TableStatistics> fileStatistics = new ArrayList<>();
        long rows = 0;
        for (FileEntry fileEntry : entry.files()) {
            if (!holds.test(fileEntry)) {
                continue;
            }
            SegmentFile file;
            try {
                file = open(entry.name(), entry.columns(), fileEntry);
            }
            catch (SignoException e) {
                return new Table(entry.name(), entry.columns(), List.of(new Partition(0, List.of(new DamagedSegment(entry.columns().size(), e)))),
                        new Partitioning(null, List.of(), false), null);
            }
            for (int block = 0; block < file.blockCount(); block++) {
                segmentsByPartition.get(fileEntry.partition()).add(new StoredSegment(file, cache, block, fileEntry.deletes()));
            }
            fileStatistics.add(statistics(entry.name(), entry.columns(), fileEntry));
            rows += fileEntry.rowCount() - fileEntry.deletes().count();
        }
        return new Table(entry.name(), entry.columns(), partitions(segmentsByPartition), layout.partitioning(entry.columns()),
                merged(fileStatistics, rows, entry.columns()));
    }

    static List<Partition> partitions(List<List<Segment>> segmentsByPartition)
    {
        List<Partition> partitions = new ArrayList<>();
        for (int p = 0; p < segmentsByPartition.size(); p++) {
            partitions.add(new Partition(p, List.copyOf(segmentsByPartition.get(p))));
        }
        return partitions;
    }

    /** The files' statistics merged, with the live row count: deleted rows still count in min, max and distinct values. */
    static TableStatistics merged(List<TableStatistics> fileStatistics, long liveRows, List<Column> columns)
    {
        TableStatistics statistics = fileStatistics.isEmpty() ? emptyStatistics(columns) : TableStatistics.merge(fileStatistics);
        return new TableStatistics(liveRows, statistics.columns());
    }

    private static TableStatistics emptyStatistics(List<Column> columns)
    {
        Map<String, ColumnStatistics> statistics = new LinkedHashMap<>();
        for (Column column : columns) {
            PhysicalType physical = column.type().physicalType();
            statistics.put(column.name(), new ColumnStatistics(0, 0, null, null, physical.fixedWidth() > 0 ? physical.fixedWidth() : 0));
        }
        return new TableStatistics(0, statistics);
    }
}
