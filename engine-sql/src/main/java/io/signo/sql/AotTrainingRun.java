package io.signo.sql;

import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.db.Database;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.Stream;

/**
 * The workload {@code bin/signo} trains the JVM's ahead-of-time cache with (JDK 25: classes loaded
 * and linked ahead of time, JEP 483, and method profiles from the training run, JEP 515). A fresh
 * Signo process then plans its first queries with the JIT already compiling Calcite's hot methods,
 * instead of after a few dozen queries: on small data, planning a query in a cool JVM takes as long
 * as running it.
 *
 * <p>The workload plans, five rounds over generated TPC-H data at SF 0.1, the statements of Signo's
 * SQL suite (the files under {@code io/signo/sql/queries}, which the tests compare with DuckDB: every
 * kind of statement Signo runs, and those it rejects, whose error paths are code a user meets too)
 * and the 22 TPC-H queries with random substitution parameters, not the validation ones the
 * benchmark runs. SQL files given as arguments replace the suite.
 *
 * <p>It plans and does not run them: the profiles of a training run are what the JIT compiles the
 * operators' kernels with at first, and the suite's small, varied queries would train them for
 * small inputs; the gain is in Calcite's methods alone (figures in docs/performance.md).
 *
 * <p>One kind of statement it does run: loads. It writes the SF 0.1 tables as TPC-H {@code .tbl}
 * files and loads them {@value #LOAD_ROUNDS} times ({@code CREATE TABLE ... AS SELECT} from
 * {@code read_csv}, then {@code COPY ... FROM}) into an in-memory database. A load runs once per
 * file in a process, so the JIT never gets a second go at it: without profiles its first load
 * runs the CSV parser, the column encoders and the statistics interpreted and in C1 code until C2
 * has compiled them. A load's work does not change with the file's size (1 MiB splits, blocks of
 * 8,192 rows), so the small files train the same paths a large one takes.
 *
 * <p>Run with {@code java -XX:AOTCacheOutput=<file> -cp <the command's class path>
 * io.signo.sql.AotTrainingRun [file.sql ...]}; the cache is only used with the same class path.
 */
public final class AotTrainingRun
{
    /** The SQL suite's files, under {@code io/signo/sql/queries}. */
    public static final List<String> SUITE_FILES = List.of("joins.sql", "aggregates.sql", "subqueries.sql", "expressions.sql", "numeric_functions.sql", "string_functions.sql", "regexp.sql",
            "strings_dates.sql", "timestamps.sql", "dates.sql", "times.sql", "intervals.sql", "date_formats.sql", "timestamptz.sql", "set_operations.sql", "sort_limit.sql",
            "nulls_empty.sql", "windows.sql", "grouping_sets.sql", "dialect.sql", "recursive.sql", "shared_subplans.sql", "unsupported.sql");
    private static final double SCALE_FACTOR = 0.1;
    private static final int ROUNDS = 5;
    private static final int THREADS = 2;
    private static final int LOAD_ROUNDS = 2;

    private AotTrainingRun() {}

    public static void main(String[] args)
            throws IOException
    {
        List<String> statements = new ArrayList<>(args.length == 0 ? suite() : files(args));
        statements.addAll(tpchQueries());
        int failed = 0;
        try (TpchDataSet dataSet = TpchData.generateDataSet(SCALE_FACTOR, THREADS, MemoryPool.unbounded("aot-training"));
                SignoEngine engine = new SignoEngine(dataSet.catalog(), THREADS)) {
            for (int round = 0; round < ROUNDS; round++) {
                for (String sql : statements) {
                    try {
                        // planning only: see the class comment
                        engine.plan(sql);
                    }
                    catch (SignoException e) {
                        failed++;
                    }
                }
            }
            try {
                trainLoads(dataSet, engine);
            }
            catch (IOException | SignoException e) {
                // the planner's profiles are worth a cache without the loads' (no room for the files, say)
                System.out.println("the loads were not trained: " + e.getMessage());
            }
        }
        System.out.printf("trained on %d statements, %d rounds (%d plannings failed)%n", statements.size(), ROUNDS, failed);
    }

    /** Writes the tables as {@code .tbl} files and loads them as a user would: see the class comment. */
    private static void trainLoads(TpchDataSet dataSet, SignoEngine generated)
            throws IOException
    {
        Path directory = Files.createTempDirectory("signo-aot-training");
        try (SignoEngine loading = new SignoEngine(Database.inMemory(), THREADS)) {
            List<String> tables = dataSet.catalog().tables().stream().map(Table::name).sorted().toList();
            for (String table : tables) {
                Path file = directory.resolve(table + ".tbl");
                generated.execute("COPY (SELECT * FROM " + table + ") TO '" + file + "' (FORMAT csv, DELIMITER '|', HEADER false)");
                quoteAsDuckDbWrites(file);
            }
            for (int round = 0; round < LOAD_ROUNDS; round++) {
                for (String table : tables) {
                    List<String> columns = new ArrayList<>();
                    for (Column column : dataSet.catalog().table(table).columns()) {
                        columns.add(column.name() + " " + SqlTypes.toSql(column.type()));
                    }
                    String file = directory.resolve(table + ".tbl").toString();
                    String name = table + "_" + round;
                    loading.execute("CREATE TABLE " + name + " AS SELECT * FROM read_csv('" + file + "', delim => '|', header => false, columns => '" + String.join(", ", columns) + "')");
                    loading.execute("COPY " + name + " FROM '" + file + "' (FORMAT csv, DELIMITER '|', HEADER false)");
                    loading.execute("DROP TABLE " + name);
                }
            }
        }
        finally {
            try (Stream<Path> files = Files.walk(directory)) {
                for (Path file : files.sorted(Comparator.reverseOrder()).toList()) {
                    Files.deleteIfExists(file);
                }
            }
        }
    }

    /**
     * Quotes the fields that hold a {@code #} ({@code Clerk#000000951}, {@code Brand#13}), as DuckDB's
     * {@code COPY ... TO} writes them, so the parser's quoted-field path is trained as the
     * {@code .tbl} files users load take it (orders, customer, part and supplier); a first load
     * that met its first quote untrained was deoptimized and compiled again.
     */
    private static void quoteAsDuckDbWrites(Path file)
            throws IOException
    {
        Path quoted = file.resolveSibling(file.getFileName() + ".quoted");
        try (BufferedReader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8); BufferedWriter writer = Files.newBufferedWriter(quoted, StandardCharsets.UTF_8)) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                if (line.indexOf('#') >= 0) {
                    String[] fields = line.split("\\|", -1);
                    for (int f = 0; f < fields.length; f++) {
                        if (fields[f].indexOf('#') >= 0) {
                            fields[f] = '"' + fields[f] + '"';
                        }
                    }
                    line = String.join("|", fields);
                }
                writer.write(line);
                writer.write('\n');
            }
        }
        Files.move(quoted, file, StandardCopyOption.REPLACE_EXISTING);
    }

    private static List<String> suite()
            throws IOException
    {
        List<String> statements = new ArrayList<>();
        for (String file : SUITE_FILES) {
            try (InputStream input = AotTrainingRun.class.getResourceAsStream("queries/" + file)) {
                if (input == null) {
                    throw new IOException("missing resource io/signo/sql/queries/" + file);
                }
                statements.addAll(SqlScript.statements(new String(input.readAllBytes(), StandardCharsets.UTF_8)));
            }
        }
        return statements;
    }

    private static List<String> files(String[] files)
            throws IOException
    {
        List<String> statements = new ArrayList<>();
        for (String file : files) {
            statements.addAll(SqlScript.statements(Files.readString(Path.of(file))));
        }
        return statements;
    }

    private static List<String> tpchQueries()
    {
        SplittableRandom random = new SplittableRandom(2026);
        List<String> queries = new ArrayList<>();
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            queries.add(TpchQueries.query(query, random, SCALE_FACTOR));
        }
        return queries;
    }
}
