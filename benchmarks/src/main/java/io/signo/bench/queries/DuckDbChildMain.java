package io.signo.bench.queries;

import io.signo.reference.DuckDbDatabase;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.FileDescriptor;
import java.io.FileInputStream;
import java.io.FileOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;

/**
 * The DuckDB side of a {@link QueryBenchmark}, in a process of its own so that its resident memory is
 * measured apart from Signo's. It generates the same data as the parent (the generator is
 * deterministic), appends it to an in-memory DuckDB, frees the generated pages, and then answers
 * the parent's requests on stdin/stdout (see {@link DuckDbProcess}); stdout carries nothing else.
 */
public final class DuckDbChildMain
{
    static final String LOAD = "load";
    static final String ROWS = "rows";
    static final String TIME = "time";
    static final String MEMORY = "memory";
    static final String QPHH = "qphh";
    static final String EXIT = "exit";

    private DuckDbChildMain() {}

    public static void main(String[] args)
            throws Exception
    {
        long baselineResidentBytes = PeakMemory.residentBytes();
        // the protocol owns the real stdout; anything a library prints goes to stderr
        PrintStream protocolOut = new PrintStream(new FileOutputStream(FileDescriptor.out), false);
        System.setOut(System.err);
        ObjectOutputStream out = new ObjectOutputStream(new BufferedOutputStream(protocolOut));
        out.flush();
        ObjectInputStream in = new ObjectInputStream(new BufferedInputStream(new FileInputStream(FileDescriptor.in)));
        DuckDbDatabase database = null;
        try {
            while (true) {
                String command = in.readUTF();
                try {
                    switch (command) {
                        case LOAD -> {
                            QuerySuite suite = QuerySuite.valueOf(in.readUTF());
                            double scaleFactor = in.readDouble();
                            int threads = in.readInt();
                            boolean onFile = in.readBoolean();
                            // from SF 10 an in-memory DuckDB would not fit beside Signo on a 24 GiB machine: use a
                            // database file and cap DuckDB's buffer pool at a fifth of the machine (also when Signo runs on
                            // stored tables, so that both engines read their own database files)
                            java.nio.file.Path file = null;
                            String memoryLimit = null;
                            if (scaleFactor >= 10 || onFile) {
                                file = java.nio.file.Files.createTempFile("signo-bench-duckdb-", ".duckdb");
                                java.nio.file.Files.delete(file);
                                file.toFile().deleteOnExit();
                                java.nio.file.Path wal = java.nio.file.Path.of(file + ".wal");
                                wal.toFile().deleteOnExit();
                                long totalBytes = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
                                memoryLimit = (totalBytes / 5 >> 20) + "MB";
                            }
                            database = DuckDbDatabase.open(threads, file, memoryLimit);
                            long generateStart = System.nanoTime();
                            long loadNanos = 0;
                            // a slice of the partitions at a time, so that this process never holds the whole data set
                            // beside DuckDB's copy (at SF 10 both would not fit next to Signo on a 24 GiB machine)
                            int slices = Math.max(1, (int) Math.ceil(scaleFactor));
                            int partitionCount = slices * Math.max(1, threads);
                            for (int slice = 0; slice < slices; slice++) {
                                int first = slice * Math.max(1, threads);
                                int last = first + Math.max(1, threads);
                                try (GeneratedDataSet dataSet = suite.generate(scaleFactor, partitionCount, partition -> partition >= first && partition < last,
                                        threads, MemoryPool.unbounded(suite.commandName() + "-for-duckdb"))) {
                                    long loadStart = System.nanoTime();
                                    database.load(dataSet.catalog(), threads, slice == 0);
                                    loadNanos += System.nanoTime() - loadStart;
                                }
                            }
                            if (file != null) {
                                // what the file holds once its write-ahead log is folded in: the database's size on disk
                                database.connection().createStatement().execute("CHECKPOINT");
                            }
                            long generateAndLoadNanos = System.nanoTime() - generateStart;
                            long fileBytes = file == null ? 0 : java.nio.file.Files.size(file);
                            long peakDuringLoad = PeakMemory.peakResidentBytes();
                            // drop the generator's heap so that the later peak is DuckDB's, plus the JVM around it
                            System.gc();
                            boolean reset = PeakMemory.reset();
                            out.writeBoolean(true);
                            out.writeLong(loadNanos);
                            out.writeLong(generateAndLoadNanos - loadNanos);
                            out.writeLong(peakDuringLoad);
                            out.writeBoolean(reset);
                            out.writeLong(baselineResidentBytes);
                            out.writeUTF(String.valueOf(database.query("SELECT version()").getFirst().getFirst()));
                            out.writeLong(fileBytes);
                        }
                        case ROWS -> {
                            String sql = in.readUTF();
                            Object rows = database.query(sql);
                            out.writeBoolean(true);
                            out.writeObject(rows);
                        }
                        case TIME -> {
                            String sql = in.readUTF();
                            long nanos = database.time(sql);
                            out.writeBoolean(true);
                            out.writeLong(nanos);
                        }
                        case QPHH -> {
                            double scaleFactor = in.readDouble();
                            int streams = in.readInt();
                            long seed = in.readLong();
                            int warmupRounds = in.readInt();
                            io.signo.bench.qphh.QphhWorkload workload = new io.signo.bench.qphh.QphhWorkload(scaleFactor, streams, seed);
                            io.signo.bench.qphh.QphhResult result;
                            try (io.signo.bench.qphh.DuckDbQphhTarget target = new io.signo.bench.qphh.DuckDbQphhTarget(database.connection())) {
                                for (int round = 0; round < warmupRounds; round++) {
                                    for (int query = 1; query <= io.signo.storage.tpch.TpchQueries.QUERY_COUNT; query++) {
                                        target.query(0, io.signo.storage.tpch.TpchQueries.query(query));
                                    }
                                }
                                result = new io.signo.bench.qphh.QphhRun(workload, target, line -> System.err.println("bench: DuckDB " + line)).run();
                            }
                            out.writeBoolean(true);
                            out.writeObject(result);
                        }
                        case MEMORY -> {
                            out.writeBoolean(true);
                            out.writeLong(PeakMemory.peakResidentBytes());
                            out.writeLong(PeakMemory.residentBytes());
                            out.writeLong(database.bufferManagerBytes());
                        }
                        case EXIT -> {
                            out.writeBoolean(true);
                            out.flush();
                            return;
                        }
                        default -> throw new IllegalArgumentException("unknown command " + command);
                    }
                }
                catch (Exception e) {
                    out.writeBoolean(false);
                    out.writeUTF(String.valueOf(e));
                }
                out.reset();
                out.flush();
            }
        }
        finally {
            if (database != null) {
                database.close();
            }
        }
    }
}
