package io.signo.server.cluster;

import io.signo.core.driver.OperatorStatistics;
import io.signo.sql.QuerySteps;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.source.DataSource;
import io.signo.storage.source.NodeShare;
import io.signo.storage.table.TableStatistics;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.ObjectInputFilter;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.util.List;
import java.util.Map;

/**
 * The control messages between the coordinator and its workers, carried as opaque payloads by the
 * transport's request/response calls. The messages of every query (its start, a worker's report,
 * cancel, splits) travel in {@link QueryMessageCodec}'s binary form; the rest (loading data, the
 * database's files and writes), sent once per load or statement, in Java serialization, whose
 * decoding accepts Signo's own types and a few JDK value types only, so a peer cannot make this
 * process build arbitrary objects.
 */
final class ClusterMessages
{
    static final String LOAD = "signo.load";
    static final String EXECUTE = "signo.execute";
    static final String TASK_DONE = "signo.task-done";
    static final String CANCEL = "signo.cancel";
    static final String OPEN_STORAGE = "signo.open-storage";
    static final String PREPARE = "signo.prepare";
    static final String FINISH_WRITE = "signo.finish-write";
    static final String REMOVE_FILES = "signo.remove-files";
    static final String COPY_FILE = "signo.copy-file";
    static final String NEXT_SPLITS = "signo.next-splits";
    static final String RUNTIME_FILTER_KEYS = "signo.runtime-filter-keys";
    static final String RUNTIME_FILTER = "signo.runtime-filter";

    private static final ObjectInputFilter FILTER = ObjectInputFilter.Config.createFilter(
            "maxdepth=40;maxrefs=1000000;maxbytes=67108864;io.signo.**;java.lang.*;java.util.*;java.math.*;[B;[I;[J;[Ljava.lang.*;!*");

    private ClusterMessages() {}

    /** Open this worker's share of the data source's tables, on {@code threads} threads. */
    record LoadRequest(DataSource source, NodeShare share, int threads)
            implements Serializable {}

    /** The statistics of the worker's share of each table, for the coordinator to merge. */
    record LoadResponse(Map<String, TableStatistics> statistics, long rows)
            implements Serializable {}

    /**
     * Run one node's stages of a query: the encoded plan, where every node is, and the bytes the
     * node's share of the query may hold (0: no limit beyond the process).
     */
    record ExecuteRequest(String queryId, byte[] plan, int nodeIndex, List<String> workerAddresses, String coordinatorAddress, int driversPerNode, ExchangeSettings exchange,
            long queryMaxMemoryBytes) {}

    /**
     * A node finished its stages of a query; on failure {@code error} is the message and {@code errorNumber}
     * its {@link ErrorCode#number()}, on success null and 0. With the node's exchange counters, what its
     * operators did (summed over its drivers, by plan node), the peak of its memory pool, and its own
     * {@code steps}, timed on its clock.
     */
    record TaskDone(String queryId, int nodeIndex, String error, int errorNumber, List<ExchangeCounters> exchanges, List<OperatorStatistics> operators,
            long peakMemoryBytes, List<QuerySteps.Step> steps) {}

    record CancelRequest(String queryId, String reason) {}

    /** A worker's drivers of a scan of shared splits ran out: the next at most {@code maxSplits} of its splits, please. */
    record NextSplitsRequest(String queryId, int scanIndex, int workerIndex, int maxSplits) {}

    /** The splits a worker reads next (indexes in the table's partition order); none once the scan's queue is empty. */
    record SplitBatch(int[] splits) {}

    /**
     * A node's build of join {@code joinNumber} is done: its keys ({@code RuntimeFilterKeys}), one of
     * the {@code expectedPartials} that make up the join's runtime filter, for the coordinator to relay.
     */
    record RuntimeFilterKeysMessage(String queryId, int joinNumber, int expectedPartials, byte[] keys) {}

    /** Every node's keys of join {@code joinNumber}, each as its node sent them, for the probe scans of the node that receives them. */
    record RuntimeFilterMessage(String queryId, int joinNumber, List<byte[]> partials) {}

    /**
     * Open this worker's share of the cluster's database as worker {@code workerIndex} of
     * {@code workerCount}: keep the files of {@code liveTables} (the committed version's, this
     * worker's partitions only) and remove the others.
     */
    record OpenStorageRequest(int workerIndex, int workerCount, List<TableEntry> liveTables)
            implements Serializable {}

    /** The statistics of every file the worker keeps, by file id, and the copies of replicated tables' files it lacks. */
    record FileStatistics(Map<Long, TableStatistics> statistics, List<Long> missingCopies)
            implements Serializable {}

    /**
     * Part of a copy of one of the coordinator's segment files (a replicated table's), for a
     * statement's write ({@code writeId}), or to restore a copy a worker lacks (null).
     */
    record CopyFileRequest(String writeId, long fileId, long offset, byte[] bytes, boolean last)
            implements Serializable {}

    /** Make the files written for a statement durable and name them. */
    record PrepareRequest(String writeId)
            implements Serializable {}

    /** The files a worker wrote for a statement, durable, with their statistics. */
    record PrepareResponse(List<FileEntry> files, Map<Long, TableStatistics> statistics)
            implements Serializable {}

    /** A statement's write is over: keep its files when it committed, remove them otherwise. */
    record FinishWriteRequest(String writeId, boolean committed)
            implements Serializable {}

    /** Files no committed version names any more. */
    record RemoveFilesRequest(List<Long> fileIds)
            implements Serializable {}

    static byte[] encode(Serializable message)
    {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
            out.writeObject(message);
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot encode " + message.getClass().getSimpleName(), e);
        }
        return bytes.toByteArray();
    }

    static <T> T decode(byte[] bytes, Class<T> type)
    {
        try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
            in.setObjectInputFilter(FILTER);
            return type.cast(in.readObject());
        }
        catch (IOException | ClassNotFoundException | ClassCastException e) {
            throw new IllegalArgumentException("malformed " + type.getSimpleName() + " message: " + e.getMessage(), e);
        }
    }
}
