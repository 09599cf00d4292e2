package io.signo.server.cluster;

import io.signo.net.transport.NodeTransport;
import io.signo.server.cluster.ClusterMessages.CopyFileRequest;
import io.signo.server.cluster.ClusterMessages.FileStatistics;
import io.signo.server.cluster.ClusterMessages.FinishWriteRequest;
import io.signo.server.cluster.ClusterMessages.OpenStorageRequest;
import io.signo.server.cluster.ClusterMessages.PrepareRequest;
import io.signo.server.cluster.ClusterMessages.PrepareResponse;
import io.signo.server.cluster.ClusterMessages.RemoveFilesRequest;
import io.signo.sql.ddl.ClusterWrites;
import io.signo.sql.fragment.StoredTableReference;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.db.RemoteFiles;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.atomic.AtomicLong;

import static java.util.Objects.requireNonNull;

/**
 * A cluster's database as its coordinator keeps it: the coordinator's manifest is the one committed
 * version of every table, with the files of replicated tables beside it and the others' on the
 * workers (partition p on worker p mod n), each in its own directory. A statement's workers write
 * their files, make them durable when asked to prepare, and the coordinator's commit names them;
 * a worker that comes back after a crash keeps the files the committed version names and removes
 * the rest. Queries send each worker the entries of the version they read.
 */
final class ClusterDatabase
        implements ClusterWrites, RemoteFiles, AutoCloseable
{
    /** Bytes of a file copy per message: well under what a control message may hold. */
    private static final int COPY_PART_BYTES = 8 << 20;

    private final NodeTransport transport;
    private final List<String> workers;
    private final Database database;
    /** What the workers reported of their files, for the planner. */
    private final Map<Long, TableStatistics> statistics = new ConcurrentHashMap<>();
    private volatile boolean workersOpen;
    /** Worker deaths seen so far, and the count when each write under way began. */
    private final AtomicLong deaths = new AtomicLong();
    private final Map<String, Long> deathsAtBegin = new ConcurrentHashMap<>();
    private volatile Runnable beforeCommit = () -> {};

    ClusterDatabase(NodeTransport transport, List<String> workers, Path directory, BlockCache cache)
    {
        this.transport = requireNonNull(transport, "transport is null");
        this.workers = List.copyOf(workers);
        this.database = Database.openCoordinator(directory, cache, workers.size(), this);
    }

    Database database()
    {
        return database;
    }

    @Override
    public int workerCount()
    {
        return workers.size();
    }

    /** A worker died: every worker opens its share again before the next statement (the dead one once it is back). */
    void workerDied()
    {
        deaths.incrementAndGet();
        workersOpen = false;
    }

    @Override
    public void begin(String writeId)
    {
        deathsAtBegin.put(writeId, deaths.get());
    }

    /**
     * Has every worker open its share of the committed version, removing files of statements that
     * did not commit, and learns the statistics of their files; fails naming a worker that cannot.
     *
     * @return whether they opened it now (false: they had, and none died since)
     */
    synchronized boolean openWorkers()
    {
        if (workersOpen) {
            return false;
        }
        List<CompletableFuture<byte[]>> responses = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            OpenStorageRequest request = new OpenStorageRequest(i, workers.size(), liveTables(i));
            responses.add(transport.request(workers.get(i), ClusterMessages.OPEN_STORAGE, ClusterMessages.encode(request)));
        }
        for (int i = 0; i < workers.size(); i++) {
            String worker = workers.get(i);
            FileStatistics files = ClusterMessages.decode(await(responses.get(i), worker, "cannot open its share of the database"), FileStatistics.class);
            if (!files.missingCopies().isEmpty()) {
                // a new directory, or one that lost files: it gets the replicated tables' files again
                copyFiles(worker, files.missingCopies(), null);
                OpenStorageRequest again = new OpenStorageRequest(i, workers.size(), liveTables(i));
                files = ClusterMessages.decode(await(transport.request(worker, ClusterMessages.OPEN_STORAGE, ClusterMessages.encode(again)), worker,
                        "cannot open its share of the database"), FileStatistics.class);
                if (!files.missingCopies().isEmpty()) {
                    throw new SignoException(ErrorCode.STORAGE_ERROR, "worker " + worker + " still lacks the copies of files " + files.missingCopies() + " after they were sent");
                }
            }
            statistics.putAll(files.statistics());
        }
        database.republish();
        workersOpen = true;
        return true;
    }

    /** The committed tables as worker {@code worker} keeps them: its partitions' files, and copies of every replicated table's. */
    private List<TableEntry> liveTables(int worker)
    {
        List<TableEntry> tables = new ArrayList<>();
        for (TableEntry table : database.manifest().tables()) {
            if (table.layout().replicated()) {
                tables.add(table);
            }
            else {
                List<FileEntry> files = table.files().stream().filter(file -> Database.workerOfFile(file.fileId()) == worker).toList();
                tables.add(new TableEntry(table.name(), table.columns(), table.layout(), files));
            }
        }
        return tables;
    }

    /** Sends {@code worker} copies of the coordinator's files {@code fileIds}, a part at a time, each after the last was written. */
    private void copyFiles(String worker, List<Long> fileIds, String writeId)
    {
        for (long fileId : fileIds) {
            MemorySegment bytes = database.fileBytes(fileId);
            long size = bytes.byteSize();
            long offset = 0;
            do {
                int length = (int) Math.min(COPY_PART_BYTES, size - offset);
                byte[] part = bytes.asSlice(offset, length).toArray(ValueLayout.JAVA_BYTE);
                CopyFileRequest request = new CopyFileRequest(writeId, fileId, offset, part, offset + length == size);
                await(transport.request(worker, ClusterMessages.COPY_FILE, ClusterMessages.encode(request)), worker, "cannot take a copy of segment file " + fileId);
                offset += length;
            }
            while (offset < size);
        }
    }

    /**
     * How a plan sent to the workers names {@code table}: the entry of the version the plan read,
     * whose files the workers read (their partitions, or their copies of a replicated table); null for
     * a table that is not the database's.
     */
    StoredTableReference reference(Table table)
    {
        if (database.manifest().table(table.name()) == null) {
            return null;
        }
        boolean withRowIds = table.columns().stream().anyMatch(column -> column.name().equals(Table.ROW_ID_COLUMN));
        return new StoredTableReference(Database.entryOf(table), withRowIds);
    }

    /** Runs {@code hook} after every worker prepared a statement and before the coordinator commits it: fault injection for tests. */
    void beforeCommit(Runnable hook)
    {
        this.beforeCommit = requireNonNull(hook, "hook is null");
    }

    @Override
    public List<FileEntry> prepare(String writeId, List<FileEntry> coordinatorFiles)
    {
        // a worker that died during the write lost what it held of it, even if it is back by now
        Long deathsBefore = deathsAtBegin.get(writeId);
        if (deathsBefore == null || deathsBefore != deaths.get()) {
            throw new SignoException(ErrorCode.NODE_FAILED, "a worker died while the statement wrote; nothing was committed");
        }
        // the coordinator's new files are a replicated table's: every worker keeps a copy
        List<Long> copied = coordinatorFiles.stream().map(FileEntry::fileId).toList();
        if (!copied.isEmpty()) {
            for (String worker : workers) {
                copyFiles(worker, copied, writeId);
            }
        }
        List<CompletableFuture<byte[]>> responses = new ArrayList<>();
        for (String worker : workers) {
            responses.add(transport.request(worker, ClusterMessages.PREPARE, ClusterMessages.encode(new PrepareRequest(writeId))));
        }
        List<FileEntry> files = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            PrepareResponse prepared = ClusterMessages.decode(await(responses.get(i), workers.get(i), "cannot prepare its files for the commit"), PrepareResponse.class);
            statistics.putAll(prepared.statistics());
            files.addAll(prepared.files());
        }
        beforeCommit.run();
        return files;
    }

    @Override
    public void finish(String writeId, boolean committed)
    {
        deathsAtBegin.remove(writeId);
        byte[] request = ClusterMessages.encode(new FinishWriteRequest(writeId, committed));
        for (String worker : workers) {
            // a worker that does not hear it drops the write when it next opens its share
            transport.request(worker, ClusterMessages.FINISH_WRITE, request);
        }
    }

    @Override
    public TableStatistics statistics(FileEntry file)
    {
        return statistics.get(file.fileId());
    }

    @Override
    public void removed(Set<Long> fileIds)
    {
        Map<Integer, List<Long>> byWorker = new HashMap<>();
        List<Long> copies = new ArrayList<>();
        for (long id : fileIds) {
            statistics.remove(id);
            if (Database.isWorkerFile(id)) {
                byWorker.computeIfAbsent(Database.workerOfFile(id), _ -> new ArrayList<>()).add(id);
            }
            else {
                copies.add(id);
            }
        }
        for (int worker = 0; worker < workers.size(); worker++) {
            List<Long> ids = new ArrayList<>(copies);
            ids.addAll(byWorker.getOrDefault(worker, List.of()));
            if (!ids.isEmpty()) {
                // one that does not hear it removes them when it next opens its share
                transport.request(workers.get(worker), ClusterMessages.REMOVE_FILES, ClusterMessages.encode(new RemoveFilesRequest(ids)));
            }
        }
    }

    private static byte[] await(CompletableFuture<byte[]> response, String worker, String what)
    {
        try {
            return response.get();
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignoException(ErrorCode.QUERY_CANCELLED, "interrupted waiting for worker " + worker, e);
        }
        catch (ExecutionException e) {
            Throwable cause = WorkerServer.unwrap(e.getCause());
            ErrorCode code = cause instanceof SignoException signo ? signo.errorCode() : ErrorCode.NODE_FAILED;
            throw new SignoException(code, "worker " + worker + " " + what + ": " + WorkerServer.describe(cause), cause);
        }
    }

    @Override
    public void close()
    {
        database.close();
    }
}
