package io.signo.storage.db;

import io.signo.storage.db.Database.TableWriter;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
    /** Copies of replicated tables' files being received, by file id. */
    private final Map<Long, FileStore.SegmentOutput> incomingCopies = new HashMap<>();

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
     * What a worker keeps of the committed version: the statistics of each of its files, for the
     * coordinator's planner, and the copies of replicated tables' files it lacks (a new worker
     * directory, or one that missed a write), which the coordinator then sends.
     */
    public record Retained(Map<Long, TableStatistics> statistics, List<Long> missingCopies) {}

    /**
     * Keeps the files the committed version names for this worker (its partitions' and its copies of
     * the replicated tables') and removes every other file; a live file of a partition that is
     * missing or damaged is an error naming it, a missing copy is reported.
     */
    public Retained retainOnly(List<TableEntry> liveTables)
    {
        Map<Long, TableStatistics> statistics = new HashMap<>();
        Set<Long> live = new HashSet<>();
        List<Long> missingCopies = new ArrayList<>();
        Set<Long> present = fileIds();
        for (TableEntry table : liveTables) {
            for (FileEntry file : table.files()) {
                live.add(file.fileId());
                if (table.layout().replicated()) {
                    TableStatistics copy = copyStatistics(table, file, present);
                    if (copy == null) {
                        missingCopies.add(file.fileId());
                    }
                    else {
                        statistics.put(file.fileId(), copy);
                    }
                    continue;
                }
                statistics.put(file.fileId(), files.statistics(table.name(), table.columns(), file));
            }
        }
        for (long id : present) {
            if (!live.contains(id)) {
                files.delete(id);
            }
        }
        return new Retained(statistics, missingCopies);
    }

    /** The statistics of this worker's copy of a replicated table's file, or null when it has none whole (a copy cut short is removed). */
    private TableStatistics copyStatistics(TableEntry table, FileEntry file, Set<Long> present)
    {
        if (!present.contains(file.fileId())) {
            return null;
        }
        try {
            return files.statistics(table.name(), table.columns(), file);
        }
        catch (SignoException e) {
            files.delete(file.fileId());
            return null;
        }
    }

    private Set<Long> fileIds()
    {
        try {
            return store.fileIds();
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot list worker directory " + location + ": " + e.getMessage(), e);
        }
    }

    /**
     * Writes part of the copy of a replicated table's segment file the coordinator sends, the same
     * bytes under the same id: the coordinator's row ids and delete vectors then hold for the copy.
     * The copy is durable once {@link #prepare()} returns.
     */
    public synchronized void receiveCopy(long fileId, long offset, byte[] bytes, boolean last)
    {
        try {
            FileStore.SegmentOutput output = offset == 0 ? store.create(fileId) : incomingCopies.get(fileId);
            if (output == null || output.position() != offset) {
                throw new SignoException(ErrorCode.INTERNAL_ERROR, "copy of segment file " + fileId + " received out of order at byte " + offset);
            }
            incomingCopies.put(fileId, output);
            output.write(bytes);
            if (last) {
                incomingCopies.remove(fileId);
                output.finish();
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot write a copy of segment file " + fileId + " in " + location + ": " + e.getMessage(), e);
        }
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

    /** The rows of {@code table} in the partitions this worker holds (all of a replicated one: its copy), as of the version its entry is from. */
    public Table table(TableEntry table, int workerCount)
    {
        return files.table(table, file -> table.layout().replicated() || file.partition() % workerCount == workerIndex);
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
