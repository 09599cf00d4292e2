package io.signo.storage.db;

import io.signo.storage.db.Database.TableWriter;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A worker's share of a cluster's database: the segment files of the partitions it holds, in its own
 * directory. The coordinator's manifest is the one committed version of every table; a worker
 * writes new files for a statement and makes them durable when the coordinator asks it to prepare,
 * and they count once the coordinator's commit names them. Files no committed version names (of a
 * statement that failed, or was under way when a node died) are removed when the coordinator next
 * tells the worker which files are live. Thread safe.
 */
public final class WorkerStorage
        implements TableWriters, AutoCloseable
{
    private static final String IDENTITY_FILE = "worker";

    private final FileStore store;
    private final SegmentFiles files;
    private final String location;
    private final int workerIndex;
    private final AtomicLong nextFileId;

    private WorkerStorage(FileStore store, BlockCache cache, String location, int workerIndex)
            throws IOException
    {
        this.store = store;
        this.files = new SegmentFiles(store, cache);
        this.location = location;
        this.workerIndex = workerIndex;
        long first = Database.firstWorkerFileId(workerIndex);
        long next = first;
        for (long id : store.fileIds()) {
            if (id >= first && id < first + Database.WORKER_FILE_IDS) {
                next = Math.max(next, id + 1);
            }
        }
        this.nextFileId = new AtomicLong(next);
    }

    /**
     * Opens (or creates) the directory of worker {@code workerIndex} of a cluster of
     * {@code workerCount}; a directory that another worker number or cluster size wrote is refused,
     * since its files hold other partitions.
     */
    public static WorkerStorage open(Path directory, BlockCache cache, int workerIndex, int workerCount)
    {
        if (workerCount < 1 || workerCount > Database.MAX_WORKERS || workerIndex < 0 || workerIndex >= workerCount) {
            throw new IllegalArgumentException("no worker " + workerIndex + " of " + workerCount);
        }
        FileStore store;
        try {
            store = DirectoryStore.open(directory);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot open worker directory " + directory + ": " + e.getMessage(), e);
        }
        try {
            checkIdentity(directory, workerIndex, workerCount);
            return new WorkerStorage(store, cache, directory.toString(), workerIndex);
        }
        catch (IOException | RuntimeException e) {
            store.close();
            if (e instanceof SignoException signo) {
                throw signo;
            }
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot open worker directory " + directory + ": " + e.getMessage(), e);
        }
    }

    /** Writes which worker the directory belongs to the first time, and checks it afterwards. */
    private static void checkIdentity(Path directory, int workerIndex, int workerCount)
            throws IOException
    {
        String identity = "worker " + workerIndex + " of " + workerCount;
        Path file = directory.resolve(IDENTITY_FILE);
        if (Files.exists(file)) {
            String stored = Files.readString(file, StandardCharsets.UTF_8).strip();
            if (!stored.equals(identity)) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "directory " + directory + " holds the files of " + stored + ", not of " + identity
                        + ": start each worker with its own directory, in the same order");
            }
            return;
        }
        Path temporary = directory.resolve(IDENTITY_FILE + ".tmp");
        Files.writeString(temporary, identity + "\n", StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE);
    }

    public int workerIndex()
    {
        return workerIndex;
    }

    /**
     * Keeps the files the committed version names for this worker and removes every other file of
     * its range; returns the statistics of each kept file, for the coordinator's planner. A live file
     * that is missing or damaged is an error naming it.
     */
    public Map<Long, TableStatistics> retainOnly(List<TableEntry> liveTables)
    {
        Map<Long, TableStatistics> statistics = new HashMap<>();
        for (TableEntry table : liveTables) {
            for (FileEntry file : table.files()) {
                statistics.put(file.fileId(), files.statistics(table.name(), table.columns(), file));
            }
        }
        try {
            for (long id : store.fileIds()) {
                if (!statistics.containsKey(id)) {
                    files.delete(id);
                }
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot list worker directory " + location + ": " + e.getMessage(), e);
        }
        return statistics;
    }

    /** Makes the files written since the last call durable: this worker's vote that a statement may commit. */
    public void prepare()
    {
        try {
            store.syncFiles();
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot make the files in " + location + " durable: " + e.getMessage(), e);
        }
    }

    /** The statistics of a file this worker wrote. */
    public TableStatistics statistics(String table, List<Column> columns, FileEntry file)
    {
        return files.statistics(table, columns, file);
    }

    /** The rows of {@code table} in the partitions this worker holds, as of the version its entry is from. */
    public Table table(TableEntry table, int workerCount)
    {
        return files.table(table, file -> file.partition() % workerCount == workerIndex);
    }

    /**
     * A replicated table as a worker sees it: the coordinator keeps it, and only the coordinator's
     * stages read it; a worker that tried would fail, naming it.
     */
    public static Table keptOnCoordinator(TableEntry table)
    {
        SignoException failure = new SignoException(ErrorCode.INTERNAL_ERROR, "table " + table.name() + " is kept on the coordinator; a worker cannot read it");
        return new Table(table.name(), table.columns(), List.of(new Partition(0, List.of(new DamagedSegment(table.columns().size(), failure)))),
                table.layout().partitioning(table.columns()), null);
    }

    /** Removes files that no version names any more (dropped, compacted, or of a statement that failed). */
    public void remove(Collection<Long> fileIds)
    {
        for (long id : fileIds) {
            files.delete(id);
        }
    }

    @Override
    public TableWriter newWriter(List<Column> columns, TableLayout layout)
    {
        return new TableWriter(store, nextFileId::getAndIncrement, columns, layout);
    }

    @Override
    public void close()
    {
        store.close();
    }
}
