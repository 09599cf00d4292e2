package io.signo.bench;

import io.signo.reference.DuckDbDatabase;
import io.signo.reference.ResultComparison;
import io.signo.server.cli.ProgressLine;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * {@code signo bench files}: Signo reading Parquet and CSV files in place against DuckDB reading the
 * same files, in one process each with the same threads. The TPC-H tables are written once by
 * DuckDB into {@code --dir} (lineitem also as 16 Parquet files); then Q1 and Q6 over lineitem as
 * one file and as 16, the 22 queries with every table a view over its Parquet file, and a load of
 * every table from its {@code |}-separated {@code .tbl} file, each timed as the median of
 * {@code --runs} after {@code --warmup} rounds (one by default, as {@code bench tpch}) of every
 * query case, the answers compared. {@code --cases} picks some of {@code scans}, {@code queries} and
 * {@code load}.
 */
public final class FilesBenchmark
{
    private static final int LINEITEM_PARTS = 16;
    private static final String LINEITEM_PARTS_DIRECTORY = "lineitem_ranges";

    private final double scaleFactor;
    private final int threads;
    private final int runs;
    /** Rounds of every query case before the timed runs; the first compares the answers. */
    private final int warmupRounds;
    private final Path directory;
    private final Path csv;
    private final Path report;
    private final String command;
    /** Which of scans, queries and load to run. */
    private final Set<String> cases;
    private final List<Row> rows = new ArrayList<>();

    private record Row(String name, double signoMillis, double duckDbMillis, String note) {}

    private FilesBenchmark(BenchmarkArguments arguments, String command)
    {
        this.scaleFactor = arguments.doubleValue("--sf", 1);
        this.threads = arguments.intValue("--threads", 2);
        this.runs = arguments.intValue("--runs", 3);
        this.warmupRounds = arguments.intValue("--warmup", 1);
        if (warmupRounds < 1) {
            throw new IllegalArgumentException("--warmup takes at least 1 round, the one that compares the answers, not " + warmupRounds);
        }
        this.directory = arguments.path("--dir", Path.of(System.getProperty("java.io.tmpdir"), "signo-files-sf" + GeneratedTpchTables.schemaName(scaleFactor).substring(2)));
        this.csv = arguments.path("--csv", null);
        this.report = arguments.path("--report", null);
        this.command = command;
        this.cases = Set.of(arguments.string("--cases", "scans,queries,load").split(","));
        if (!Set.of("scans", "queries", "load").containsAll(cases)) {
            throw new IllegalArgumentException("--cases takes a comma-separated list of scans, queries and load, not " + cases);
        }
        if (!arguments.string("--compare", "duckdb").equals("duckdb")) {
            throw new IllegalArgumentException("--compare takes duckdb: the figures are ratios against DuckDB on the same files");
        }
    }

    /** Cases measured so far and the one under way, for the progress bar drawn on a terminal while they run. */
    private final AtomicInteger stepsDone = new AtomicInteger();
    private volatile String currentStep = "";
    private ProgressLine progress;

    public static boolean run(String[] args, String command)
            throws Exception
    {
        return new FilesBenchmark(new BenchmarkArguments(args), command).run();
    }

    private boolean run()
            throws Exception
    {
        Catalog schema = TpchData.generate(0.01, 1, MemoryPool.unbounded("schema"));
        writeFiles();
        boolean allRight = true;
        int steps = (cases.contains("scans") ? 4 : 0) + (cases.contains("queries") ? TpchQueries.QUERY_COUNT : 0) + (cases.contains("load") ? 1 : 0);
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(threads);
                SignoEngine signo = new SignoEngine(Database.inMemory(), threads);
                ProgressLine line = ProgressLine.start(ProgressLine.standardErrorOnTerminal(), nanos -> ProgressLine.bar(nanos, stepsDone.get(), steps, currentStep))) {
            progress = line;
            String oneFile = "read_parquet('" + directory.resolve("lineitem.parquet") + "')";
            String parts = "read_parquet('" + directory.resolve(LINEITEM_PARTS_DIRECTORY + "/*.parquet") + "')";
            List<QueryCase> timed = new ArrayList<>();
            for (int query : cases.contains("scans") ? new int[] {1, 6} : new int[0]) {
                String sql = TpchQueries.query(query);
                timed.add(new QueryCase(String.format(Locale.ROOT, "scan q%02d one file", query), replaceLineitem(sql, oneFile)));
                timed.add(new QueryCase(String.format(Locale.ROOT, "scan q%02d %d files", query, LINEITEM_PARTS), replaceLineitem(sql, parts)));
            }
            for (String table : GeneratedTpchTables.tableNames()) {
                String view = "CREATE VIEW " + table + " AS SELECT * FROM read_parquet('" + directory.resolve(table + ".parquet") + "')";
                signo.execute(view);
                try (Statement statement = duckDb.connection().createStatement()) {
                    statement.execute(view);
                }
            }
            for (int query = 1; query <= TpchQueries.QUERY_COUNT && cases.contains("queries"); query++) {
                timed.add(new QueryCase(String.format(Locale.ROOT, "q%02d", query), TpchQueries.query(query)));
            }
            // one round of every case first, as bench tpch does: the first cases would otherwise time
            // the JIT compiling the reader and the operators every later case finds compiled
            List<String> differences = new ArrayList<>();
            for (QueryCase query : timed) {
                currentStep = "warm-up " + query.name();
                differences.add(difference(query.sql(), duckDb, signo));
            }
            for (int round = 1; round < warmupRounds; round++) {
                for (QueryCase query : timed) {
                    currentStep = "warm-up " + (round + 1) + " " + query.name();
                    ResultRows.toRows(signo.execute(query.sql()));
                    duckDb.query(query.sql());
                }
            }
            for (int i = 0; i < timed.size(); i++) {
                allRight &= measure(timed.get(i), differences.get(i), duckDb, signo);
            }
            if (cases.contains("load")) {
                currentStep = "load";
                rows.add(load(schema, duckDb, signo));
                stepsDone.incrementAndGet();
            }
        }
        finally {
            progress = null;
        }
        write();
        return allRight;
    }

    /** Q1 and Q6 name lineitem once, in their FROM. */
    private static String replaceLineitem(String sql, String source)
    {
        return sql.replaceFirst("(?i)from\\s+lineitem", "from " + source);
    }

    private record QueryCase(String name, String sql) {}

    /** How Signo's answer to {@code sql} differs from DuckDB's, or an empty string when they agree. */
    private static String difference(String sql, DuckDbDatabase duckDb, SignoEngine signo)
            throws Exception
    {
        List<List<Object>> signoRows = ResultRows.toRows(signo.execute(sql));
        List<List<Object>> duckDbRows = duckDb.query(sql);
        Optional<String> difference = ResultComparison.difference(duckDbRows, signoRows, sql.toLowerCase(Locale.ROOT).contains("order by"));
        return difference.map(text -> "answers differ: " + text).orElse("");
    }

    /** The median of the runs on each engine, in turn, after the warm-up round that found {@code difference}. */
    private boolean measure(QueryCase query, String difference, DuckDbDatabase duckDb, SignoEngine signo)
            throws Exception
    {
        currentStep = query.name();
        String sql = query.sql();
        double[] signoMillis = new double[runs];
        double[] duckDbMillis = new double[runs];
        for (int run = 0; run < runs; run++) {
            signoMillis[run] = millis(() -> ResultRows.toRows(signo.execute(sql)));
            duckDbMillis[run] = duckDb.time(sql) / 1e6;
        }
        rows.add(new Row(query.name(), median(signoMillis), median(duckDbMillis), difference));
        progress.erase();
        System.out.printf(Locale.ROOT, "%-22s signo %9.1f ms  duckdb %9.1f ms  %5.2fx%s%n", query.name(), median(signoMillis), median(duckDbMillis), median(signoMillis) / median(duckDbMillis),
                difference.isEmpty() ? "" : "  ANSWERS DIFFER");
        stepsDone.incrementAndGet();
        return difference.isEmpty();
    }

    /** Every table from its .tbl file into each engine's in-memory tables, the columns typed as the generator's. */
    private Row load(Catalog schema, DuckDbDatabase duckDb, SignoEngine signo)
            throws Exception
    {
        double signoTotal = 0;
        double duckDbTotal = 0;
        // the process's CPU time too: on a shared machine wall time measures the contention as much as the engines
        long signoCpu = 0;
        long duckDbCpu = 0;
        for (String table : GeneratedTpchTables.tableNames()) {
            Table definition = schema.table(table);
            List<String> signoColumns = new ArrayList<>();
            List<String> duckDbColumns = new ArrayList<>();
            for (Column column : definition.columns()) {
                String type = SqlTypes.toSql(column.type());
                signoColumns.add(column.name() + " " + type);
                duckDbColumns.add("'" + column.name() + "': '" + type + "'");
            }
            Path file = directory.resolve(table + ".tbl");
            String signoSql = "CREATE TABLE loaded_" + table + " AS SELECT * FROM read_csv('" + file + "', delim => '|', header => false, columns => '" + String.join(", ", signoColumns) + "')";
            String duckDbSql = "CREATE TABLE loaded_" + table + " AS SELECT * FROM read_csv('" + file + "', delim = '|', header = false, columns = {" + String.join(", ", duckDbColumns) + "})";
            long cpu = processCpuNanos();
            signoTotal += millis(() -> signo.execute(signoSql));
            signoCpu += processCpuNanos() - cpu;
            cpu = processCpuNanos();
            long start = System.nanoTime();
            try (Statement statement = duckDb.connection().createStatement()) {
                statement.execute(duckDbSql);
            }
            duckDbTotal += (System.nanoTime() - start) / 1e6;
            duckDbCpu += processCpuNanos() - cpu;
        }
        progress.erase();
        String cpuTime = String.format(Locale.ROOT, "CPU time %.0f ms against %.0f ms, %.2fx", signoCpu / 1e6, duckDbCpu / 1e6, (double) signoCpu / Math.max(1, duckDbCpu));
        System.out.printf(Locale.ROOT, "%-22s signo %9.1f ms  duckdb %9.1f ms  %5.2fx  (%s)%n", "load tbl", signoTotal, duckDbTotal, signoTotal / duckDbTotal, cpuTime);
        return new Row("load tbl", signoTotal, duckDbTotal, "the eight tables from .tbl files into tables in memory, once; the process's " + cpuTime);
    }

    /** The CPU time of this process, every thread (the JIT's and the collector's too). */
    private static long processCpuNanos()
    {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getProcessCpuTime();
    }

    /** The files, written by DuckDB from the generated tables when the directory lacks them. */
    private void writeFiles()
            throws Exception
    {
        Path done = directory.resolve("complete");
        if (Files.exists(done) && Files.isDirectory(directory.resolve(LINEITEM_PARTS_DIRECTORY))) {
            System.out.println("files: " + directory + " (written before)");
            return;
        }
        Files.createDirectories(directory.resolve(LINEITEM_PARTS_DIRECTORY));
        long start = System.nanoTime();
        // DuckDB holds the tables in a file under a memory limit, loaded a slice of the generated data at a time:
        // at SF 10 the whole data set beside DuckDB's in-memory copy does not fit a 24 GiB machine
        Path database = directory.resolve("writing.duckdb");
        Files.deleteIfExists(database);
        long totalBytes = ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(threads, database, (totalBytes / 5 >> 20) + "MB")) {
            int slices = Math.max(1, (int) Math.ceil(scaleFactor));
            int partitionCount = slices * threads;
            for (int slice = 0; slice < slices; slice++) {
                int first = slice * threads;
                int last = first + threads;
                try (TpchDataSet dataSet = TpchData.generateDataSet(scaleFactor, partitionCount, partition -> partition >= first && partition < last, threads, MemoryPool.unbounded("tpch"))) {
                    duckDb.load(dataSet.catalog(), threads, slice == 0);
                }
            }
            try (Statement statement = duckDb.connection().createStatement()) {
                for (String table : GeneratedTpchTables.tableNames()) {
                    statement.execute("COPY " + table + " TO '" + directory.resolve(table + ".parquet") + "' (FORMAT parquet)");
                    statement.execute("COPY " + table + " TO '" + directory.resolve(table + ".tbl") + "' (FORMAT csv, DELIMITER '|', HEADER false)");
                }
                // ranges of order keys, as files appended over time hold: a key modulo 16 would leave half the files empty,
                // since TPC-H uses only the first 8 keys of every 32
                long maxOrderKey;
                try (ResultSet max = statement.executeQuery("SELECT max(l_orderkey) FROM lineitem")) {
                    max.next();
                    maxOrderKey = max.getLong(1);
                }
                for (int part = 0; part < LINEITEM_PARTS; part++) {
                    long low = maxOrderKey * part / LINEITEM_PARTS;
                    long high = maxOrderKey * (part + 1) / LINEITEM_PARTS;
                    statement.execute("COPY (SELECT * FROM lineitem WHERE l_orderkey > " + low + " AND l_orderkey <= " + high + ") TO '"
                            + directory.resolve(LINEITEM_PARTS_DIRECTORY + "/part_" + String.format(Locale.ROOT, "%02d", part) + ".parquet") + "' (FORMAT parquet)");
                }
            }
        }
        Files.deleteIfExists(database);
        Files.deleteIfExists(Path.of(database + ".wal"));
        Files.writeString(done, Instant.now().toString());
        System.out.printf(Locale.ROOT, "files: wrote TPC-H SF %s to %s in %.1f s%n", scaleFactor, directory, (System.nanoTime() - start) / 1e9);
    }

    private void write()
            throws IOException
    {
        if (csv != null) {
            List<String> lines = new ArrayList<>();
            lines.add("query,signo_ms,duckdb_ms,ratio");
            for (Row row : rows) {
                lines.add(String.format(Locale.ROOT, "%s,%.1f,%.1f,%.3f", row.name(), row.signoMillis(), row.duckDbMillis(), row.signoMillis() / row.duckDbMillis()));
            }
            Files.write(csv, lines);
        }
        if (report != null) {
            StringBuilder text = new StringBuilder();
            text.append("# Files, TPC-H SF ").append(scaleFactor).append(", ").append(threads).append(" threads: Signo against DuckDB on the same files\n\n");
            text.append("Command: `").append(command).append("`  \n");
            text.append("Run at ").append(Instant.now()).append("; medians of ").append(runs).append(" runs after ").append(warmupRounds == 1 ? "a warm-up round" : warmupRounds + " warm-up rounds").append(" of every query case, each engine in turn, in one process; ");
            text.append("files in `").append(directory).append("`, written by DuckDB (Parquet with its defaults; `.tbl` with `|`, no header).\n\n");
            text.append("| case | Signo ms | DuckDB ms | ratio | |\n|---|---:|---:|---:|---|\n");
            double product = 1;
            int queries = 0;
            for (Row row : rows) {
                text.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.2f | %s |%n", row.name(), row.signoMillis(), row.duckDbMillis(), row.signoMillis() / row.duckDbMillis(), row.note()));
                if (row.name().matches("q\\d\\d")) {
                    product *= row.signoMillis() / row.duckDbMillis();
                    queries++;
                }
            }
            text.append(String.format(Locale.ROOT, "%n**Geometric mean of the 22 queries over Parquet (Signo / DuckDB): %.2f**%n", Math.pow(product, 1.0 / Math.max(queries, 1))));
            Files.writeString(report, text.toString());
        }
    }

    private static double millis(Callable<?> work)
            throws Exception
    {
        long start = System.nanoTime();
        work.call();
        return (System.nanoTime() - start) / 1e6;
    }

    private static double median(double[] values)
    {
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        int middle = sorted.length / 2;
        return sorted.length % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
    }
}
