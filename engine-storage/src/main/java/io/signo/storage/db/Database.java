package io.signo.storage.db;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.db.Manifest.ViewEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.NativeMemory;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.UnaryOperator;

import static java.util.Objects.requireNonNull;

/**
 * A database: tables stored as segment files and views, in a directory ({@link #open}) or in memory
 * ({@link #inMemory}), the same format either way. Every change is a commit of a new
 * {@link Manifest}; {@link #catalog()} always shows the last committed version, and a query that
 * took a snapshot of it keeps reading the files of its version while later commits go on.
 *
 * <p>Writers of one table take turns ({@link #lockTable}); commits of different tables are
 * serialized only for the moment of writing the manifest. Thread safe.
 */
public final class Database
        implements AutoCloseable, TableWriters
{
    /** The schema stored tables live in, as DuckDB's. */
    public static final String SCHEMA_NAME = "main";
    /** How long a writer waits for another statement writing the same table. */
    public static final Duration WRITE_LOCK_TIMEOUT = Duration.ofSeconds(60);
    /** File ids of a worker's range (and of the coordinator's own, below the first worker's). */
    static final long WORKER_FILE_IDS = 1L << 24;
    /** Row ids keep a file id in 31 bits. */
    public static final int MAX_WORKERS = (int) ((1L << 31) / WORKER_FILE_IDS) - 1;

    private final FileStore store;
    private final BlockCache cache;
    private final String location;
    private final Catalog catalog = new Catalog(SCHEMA_NAME);
    private final AtomicLong nextFileId;
    private final Map<String, ReentrantLock> tableLocks = new ConcurrentHashMap<>();
    private final SegmentFiles files;
    /** Where the files of tables not replicated live on a cluster's coordinator; null for one process's database. */
    private final RemoteFiles remote;
    /** The tables built for the last manifest, by lower-case name with their entries, to reuse unchanged ones. */
    private final Map<String, BuiltTable> builtTables = new HashMap<>();
    private volatile Manifest manifest;
    private boolean closed;

    private record BuiltTable(TableEntry entry, Table table) {}

    private Database(FileStore store, BlockCache cache, String location, int workerCount, RemoteFiles remote)
            throws IOException
    {
        this.store = store;
        this.cache = cache;
        this.location = location;
        this.files = new SegmentFiles(store, cache);
        this.remote = remote;
        Manifest stored = store.readManifest();
        if (stored.workerCount() != workerCount) {
            boolean fresh = stored.workerCount() == 0 && stored.tables().isEmpty();
            if (!fresh) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, stored.workerCount() == 0
                        ? "database " + location + " is one process's: open it without workers"
                        : "database " + location + " keeps its tables on " + stored.workerCount() + " workers: open it with --workers " + stored.workerCount()
                                + (workerCount == 0 ? "" : ", not " + workerCount));
            }
            stored = stored.withWorkerCount(workerCount);
        }
        this.manifest = stored;
        long highest = manifest.nextFileId();
        for (long id : store.fileIds()) {
            highest = Math.max(highest, id + 1);
        }
        this.nextFileId = new AtomicLong(highest);
        removeOrphans();
        publish(manifest);
    }

    /** Opens the database in {@code directory}, creating it when it does not exist, with the default cache. */
    public static Database open(Path directory)
    {
        return open(directory, defaultCache());
    }

    /**
     * The cache a database has unless told otherwise: a quarter of the machine's memory, and at most
     * half of the native memory the JVM allows (decoded chunks are native, like every page).
     */
    public static BlockCache defaultCache()
    {
        long machineBytes = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        return new BlockCache(Math.min(machineBytes / 4, io.signo.storage.memory.NativeMemory.limitBytes() / 2), io.signo.storage.memory.MemoryPool.unbounded("block-cache"));
    }

    /** Opens the database in {@code directory}, creating it when it does not exist; decoded chunks read again are kept in {@code cache}. */
    public static Database open(Path directory, BlockCache cache)
    {
        return open(directory, cache, 0, null);
    }

    /**
     * Opens (or creates) the database of a cluster's coordinator in {@code directory}: its manifest
     * is the one committed version of every table, the files of the replicated ones are here, those
     * of the others on the {@code workerCount} workers ({@code remote}). A database of another
     * worker count, or of one process, is refused.
     */
    public static Database openCoordinator(Path directory, BlockCache cache, int workerCount, RemoteFiles remote)
    {
        if (workerCount < 1 || workerCount > MAX_WORKERS) {
            throw new IllegalArgumentException("a cluster's database has 1 to " + MAX_WORKERS + " workers, not " + workerCount);
        }
        return open(directory, cache, workerCount, requireNonNull(remote, "remote is null"));
    }

    private static Database open(Path directory, BlockCache cache, int workerCount, RemoteFiles remote)
    {
        FileStore store;
        try {
            store = DirectoryStore.open(directory);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot open database " + directory + ": " + e.getMessage(), e);
        }
        try {
            return new Database(store, cache, directory.toString(), workerCount, remote);
        }
        catch (IOException | RuntimeException e) {
            store.close();
            if (e instanceof SignoException signo) {
                throw signo;
            }
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot open database " + directory + ": " + e.getMessage(), e);
        }
    }

    /** An empty database that lives as long as this object. */
    public static Database inMemory()
    {
        return inMemory(defaultCache());
    }

    public static Database inMemory(BlockCache cache)
    {
        return inMemory(cache, NativeMemory.limitBytes());
    }

    /**
     * An empty database in memory whose tables' files may take at most {@code limitBytes} (by
     * default the native memory the JVM lets the process hold): a write past it fails with
     * {@code EXCEEDED_MEMORY_LIMIT} and leaves nothing behind.
     */
    public static Database inMemory(BlockCache cache, long limitBytes)
    {
        try {
            return new Database(new MemoryStore(limitBytes), cache, "memory", 0, null);
        }
        catch (IOException e) {
            throw new IllegalStateException("a memory store does no I/O", e);
        }
    }

    /**
     * The first id of the files worker {@code worker} writes: each worker draws from a range of its
     * own, so that one manifest names every file of the cluster, and a row id (file id and row) names
     * one row of the cluster.
     */
    public static long firstWorkerFileId(int worker)
    {
        if (worker < 0 || worker >= MAX_WORKERS) {
            throw new IllegalArgumentException("no worker " + worker + " of at most " + MAX_WORKERS);
        }
        return (worker + 1L) * WORKER_FILE_IDS;
    }

    /** Whether {@code fileId} is of a worker's range (else the coordinator's own, or one process's). */
    public static boolean isWorkerFile(long fileId)
    {
        return fileId >= WORKER_FILE_IDS;
    }

    /**
     * The entry of a stored table as of the version {@code table} was built from (its files and
     * their delete vectors): what a plan sent to a cluster's workers names, each worker reading its
     * files of that version. The row-id column a write's plan shows is left out; the layout states
     * how partitions are placed, not the sort order, which reading does not need.
     */
    public static TableEntry entryOf(Table table)
    {
        Map<Long, FileEntry> files = new LinkedHashMap<>();
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                FileEntry file = switch (segment) {
                    case RemoteFile remote -> remote.file();
                    case StoredSegment stored -> stored.fileEntry(partition.index());
                    default -> throw new IllegalArgumentException("table " + table.name() + " is not a database's");
                };
                files.putIfAbsent(file.fileId(), file);
            }
        }
        List<Column> columns = table.columns().stream().filter(column -> !column.name().equals(Table.ROW_ID_COLUMN)).toList();
        Partitioning partitioning = table.partitioning();
        TableLayout layout = partitioning.replicated()
                ? new TableLayout(List.of(), 1, true, List.of())
                : new TableLayout(partitioning.keyColumns(), table.partitionCount(), false, List.of());
        return new TableEntry(table.name(), columns, layout, List.copyOf(files.values()));
    }

    /** The bytes of one of this database's own segment files, to copy to a cluster's workers. */
    public MemorySegment fileBytes(long fileId)
    {
        try {
            return store.open(fileId);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.CORRUPT_DATA, "segment file " + store.describe(fileId) + " cannot be read: " + e, e);
        }
    }

    /** The worker whose range {@code fileId} is of: the worker that wrote and holds it. */
    public static int workerOfFile(long fileId)
    {
        if (!isWorkerFile(fileId)) {
            throw new IllegalArgumentException("file " + fileId + " is not a worker's");
        }
        return (int) (fileId / WORKER_FILE_IDS) - 1;
    }

    /** The cache of decoded chunks the database reads through. */
    public BlockCache cache()
    {
        return cache;
    }

    /** The committed tables and views; take a {@link Catalog#snapshot()} to read one version. */
    public Catalog catalog()
    {
        return catalog;
    }

    public Manifest manifest()
    {
        return manifest;
    }

    /**
     * Waits for the other writers of a table and holds it until the returned lock is closed, so that
     * a statement that reads the table and then changes it sees no other change in between.
     */
    public TableLock lockTable(String name)
    {
        ReentrantLock lock = tableLocks.computeIfAbsent(name.toLowerCase(Locale.ROOT), _ -> new ReentrantLock());
        try {
            if (!lock.tryLock(WRITE_LOCK_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS)) {
                throw new SignoException(ErrorCode.WRITE_CONFLICT, "table " + name + " is being written by another statement; gave up after " + WRITE_LOCK_TIMEOUT.toSeconds() + " s");
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new SignoException(ErrorCode.QUERY_CANCELLED, "interrupted while waiting to write table " + name, e);
        }
        return lock::unlock;
    }

    /** Holds the table when no other statement writes it; null when one does. */
    public TableLock tryLockTable(String name)
    {
        ReentrantLock lock = tableLocks.computeIfAbsent(name.toLowerCase(Locale.ROOT), _ -> new ReentrantLock());
        return lock.tryLock() ? lock::unlock : null;
    }

    /**
     * The live rows of a file of {@code table} in the last committed version, a block per segment:
     * what a compaction reads to write them again.
     */
    public List<Segment> liveRows(TableEntry table, FileEntry file)
    {
        SegmentFile open = files.open(table.name(), table.columns(), file);
        List<Segment> blocks = new ArrayList<>(open.blockCount());
        for (int block = 0; block < open.blockCount(); block++) {
            blocks.add(new StoredSegment(open, cache, block, file.deletes()));
        }
        return blocks;
    }

    /** Held while a statement writes a table. */
    public interface TableLock
            extends AutoCloseable
    {
        @Override
        void close();
    }

    /**
     * Starts writing rows of a table with {@code columns}, placed by {@code layout}, into new files;
     * they count once a commit names them.
     */
    @Override
    public TableWriter newWriter(List<Column> columns, TableLayout layout)
    {
        return new TableWriter(store, nextFileId::getAndIncrement, columns, layout);
    }

    /**
     * Commits the change {@code change} makes to the last committed manifest: once this returns the
     * new version is durable and {@link #catalog()} shows it; if it throws, nothing changed.
     */
    public synchronized Manifest commit(UnaryOperator<Manifest> change)
    {
        Manifest current = manifest;
        Manifest next = change.apply(current);
        next = new Manifest(current.version() + 1, Math.max(next.nextFileId(), nextFileId.get()), next.schemas(), next.tables(), next.views(), next.workerCount());
        try {
            store.syncFiles();
            store.writeManifest(next);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot commit to database " + location + ": " + e.getMessage(), e);
        }
        manifest = next;
        publish(next);
        removeUnreferenced(current, next);
        return next;
    }

    /** Makes the catalog show {@code version}: tables whose entries did not change keep their objects. */
    private void publish(Manifest version)
    {
        List<Table> tables = new ArrayList<>();
        Map<String, BuiltTable> built = new HashMap<>();
        for (TableEntry entry : version.tables()) {
            String key = entry.name().toLowerCase(Locale.ROOT);
            BuiltTable previous = builtTables.get(key);
            Table table = previous != null && previous.entry().equals(entry) ? previous.table() : buildTable(entry);
            built.put(key, new BuiltTable(entry, table));
            tables.add(table);
        }
        builtTables.clear();
        builtTables.putAll(built);
        List<Catalog.View> views = new ArrayList<>();
        for (ViewEntry view : version.views()) {
            views.add(new Catalog.View(view.name(), view.sql(), view.columns()));
        }
        catalog.replaceAll(version.schemas(), tables, views);
    }

    private Table buildTable(TableEntry entry)
    {
        if (remote == null || entry.layout().replicated()) {
            return files.table(entry, _ -> true);
        }
        // the coordinator of a cluster: the rows are on the workers, the catalog counts them
        List<List<Segment>> segmentsByPartition = new ArrayList<>();
        for (int p = 0; p < entry.layout().partitionCount(); p++) {
            segmentsByPartition.add(new ArrayList<>());
        }
        List<TableStatistics> fileStatistics = new ArrayList<>();
        for (FileEntry file : entry.files()) {
            segmentsByPartition.get(file.partition()).add(new RemoteFile(file, entry.columns().size()));
            TableStatistics statistics = remote.statistics(file);
            if (statistics != null) {
                fileStatistics.add(statistics);
            }
        }
        return new Table(entry.name(), entry.columns(), SegmentFiles.partitions(segmentsByPartition), entry.layout().partitioning(entry.columns()),
                SegmentFiles.merged(fileStatistics, entry.rowCount(), entry.columns()));
    }

    /**
     * Builds the catalog again from the committed version, the tables on workers with the statistics
     * their workers reported since: for a coordinator that learned them after opening.
     */
    public synchronized void republish()
    {
        builtTables.clear();
        publish(manifest);
    }

    /** Files of crashed statements: present in the directory, named by no manifest. */
    private void removeOrphans()
            throws IOException
    {
        Set<Long> referenced = referencedFiles(manifest);
        for (long id : store.fileIds()) {
            if (!referenced.contains(id)) {
                store.delete(id);
            }
        }
    }

    private void removeUnreferenced(Manifest before, Manifest after)
    {
        Set<Long> kept = referencedFiles(after);
        Set<Long> removed = new HashSet<>();
        for (long id : referencedFiles(before)) {
            if (!kept.contains(id)) {
                removed.add(id);
                if (!isWorkerFile(id)) {
                    files.delete(id);
                }
            }
        }
        // the workers hold the files of their partitions, and copies of the replicated tables' files
        if (remote != null && !removed.isEmpty()) {
            remote.removed(removed);
        }
    }

    private static Set<Long> referencedFiles(Manifest manifest)
    {
        Set<Long> ids = new HashSet<>();
        for (TableEntry table : manifest.tables()) {
            for (FileEntry file : table.files()) {
                ids.add(file.fileId());
            }
        }
        return ids;
    }

    @Override
    public synchronized void close()
    {
        if (!closed) {
            closed = true;
            store.close();
        }
    }

    /**
     * Rows of one statement being written, each page into the partition its caller placed it in (by
     * the layout's keys); {@link #finish()} hands the files to a commit.
     */
    public static final class TableWriter
    {
        /** Rows of a block, the morsel a scan reads and the unit a zone map covers. */
        public static final int BLOCK_ROWS = SegmentFile.BLOCK_ROWS;
        /** Rows at which a file ends. */
        public static final int FILE_ROWS = SegmentFileWriter.FILE_BLOCKS * SegmentFile.BLOCK_ROWS;

        private final FileStore store;
        private final java.util.function.LongSupplier fileIds;
        private final List<Column> columns;
        private final TableLayout layout;
        private final SegmentFileWriter[] partitions;
        private boolean finished;

        TableWriter(FileStore store, java.util.function.LongSupplier fileIds, List<Column> columns, TableLayout layout)
        {
            this.store = store;
            this.fileIds = fileIds;
            this.columns = List.copyOf(columns);
            this.layout = layout;
            this.partitions = new SegmentFileWriter[layout.partitionCount()];
        }

        public List<Column> columns()
        {
            return columns;
        }

        public TableLayout layout()
        {
            return layout;
        }

        /** Appends the page's rows, whose columns are the table's, to {@code partition}. */
        public void append(int partition, io.signo.storage.page.Page page)
        {
            try {
                partition(partition).append(page);
            }
            catch (IOException e) {
                throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot write a segment file: " + e.getMessage(), e);
            }
        }

        /** Ends the file {@code partition} is writing: the rows appended next start a new one (a sorted run ends). */
        public void endFile(int partition)
        {
            if (partitions[partition] == null) {
                return;
            }
            try {
                partitions[partition].endFile();
            }
            catch (IOException e) {
                throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot write a segment file: " + e.getMessage(), e);
            }
        }

        private SegmentFileWriter partition(int partition)
        {
            if (partitions[partition] == null) {
                partitions[partition] = new SegmentFileWriter(store, fileIds, partition, columns);
            }
            return partitions[partition];
        }

        /** Ends the last files; the files count once a commit names them. */
        public List<FileEntry> finish()
        {
            finished = true;
            List<FileEntry> files = new ArrayList<>();
            try {
                for (SegmentFileWriter writer : partitions) {
                    if (writer != null) {
                        files.addAll(writer.finish());
                    }
                }
            }
            catch (IOException e) {
                throw new SignoException(ErrorCode.STORAGE_ERROR, "cannot write a segment file: " + e.getMessage(), e);
            }
            return files;
        }

        /** Removes every file written, finished or not: for a statement that failed before any commit named them. */
        public void discard()
        {
            for (SegmentFileWriter writer : partitions) {
                if (writer != null) {
                    writer.abort();
                }
            }
        }

        /**
         * Removes the files written when the statement failed while writing them. Once finished they
         * are left alone: a commit that failed late (after its rename, while forcing the directory)
         * may still have made them part of the database, and files that no manifest names are
         * removed when the database is next opened.
         */
        public void abort()
        {
            if (!finished) {
                for (SegmentFileWriter writer : partitions) {
                    if (writer != null) {
                        writer.abort();
                    }
                }
            }
        }
    }
}
