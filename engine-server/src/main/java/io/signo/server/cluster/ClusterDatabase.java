package io.signo.server.cluster;

import io.signo.net.transport.NodeTransport;
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
import io.signo.storage.db.RemoteFile;
import io.signo.storage.db.RemoteFiles;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;

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
    private final NodeTransport transport;
    private final List<String> workers;
    private final Database database;
    /** What the workers reported of their files, for the planner. */
    private final Map<Long, TableStatistics> statistics = new ConcurrentHashMap<>();
    private volatile boolean workersOpen;
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
        workersOpen = false;
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
            FileStatistics files = ClusterMessages.decode(await(responses.get(i), workers.get(i), "cannot open its share of the database"), FileStatistics.class);
            statistics.putAll(files.statistics());
        }
        database.republish();
        workersOpen = true;
        return true;
    }

    /** The committed tables that live on worker {@code worker}, with its files only. */
    private List<TableEntry> liveTables(int worker)
    {
        List<TableEntry> tables = new ArrayList<>();
        for (TableEntry table : database.manifest().tables()) {
            if (!table.layout().replicated()) {
                List<FileEntry> files = table.files().stream().filter(file -> Database.workerOfFile(file.fileId()) == worker).toList();
                tables.add(new TableEntry(table.name(), table.columns(), table.layout(), files));
            }
        }
        return tables;
    }

    /**
     * How a plan sent to the workers names {@code table}: the entry of its version, with the files
     * the workers read, or, for a replicated table, as one the coordinator keeps; null for a table
     * that is not the database's.
     */
    StoredTableReference reference(Table table)
    {
        TableEntry entry = database.manifest().table(table.name());
        if (entry == null) {
            return null;
        }
        boolean withRowIds = table.columns().stream().anyMatch(column -> column.name().equals(Table.ROW_ID_COLUMN));
        if (entry.layout().replicated()) {
            return new StoredTableReference(new TableEntry(entry.name(), entry.columns(), entry.layout(), List.of()), withRowIds, true);
        }
        return new StoredTableReference(RemoteFile.entryOf(table), withRowIds, false);
    }

    /** Runs {@code hook} after every worker prepared a statement and before the coordinator commits it: fault injection for tests. */
    void beforeCommit(Runnable hook)
    {
        this.beforeCommit = requireNonNull(hook, "hook is null");
    }

    @Override
    public List<FileEntry> prepare(String writeId)
    {
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
        for (long id : fileIds) {
            statistics.remove(id);
            byWorker.computeIfAbsent(Database.workerOfFile(id), _ -> new ArrayList<>()).add(id);
        }
        byWorker.forEach((worker, ids) -> {
            if (worker < workers.size()) {
                // one that does not hear it removes them when it next opens its share
                transport.request(workers.get(worker), ClusterMessages.REMOVE_FILES, ClusterMessages.encode(new RemoveFilesRequest(ids)));
            }
        });
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
