package io.signo.server.cli;

import io.signo.sql.QueryResult;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

/**
 * Runs a benchmark's queries in order, as {@code signo tpch} and {@code signo tpcds} do: each result
 * to {@code DIR/<name>.csv}, one line per query (time and row count, or why it failed; a failing
 * query does not stop the others) and a total line.
 */
final class QuerySuite
{
    private QuerySuite() {}

    /** Creates the output directory when missing; fails when the path is something else. */
    static void createOutputDirectory(Path outputDirectory)
    {
        try {
            Files.createDirectories(outputDirectory);
        }
        catch (FileAlreadyExistsException e) {
            throw new CommandFailedException("output path exists and is not a directory: " + outputDirectory, e);
        }
        catch (IOException e) {
            throw new CommandFailedException("cannot create output directory " + outputDirectory + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs the queries {@code names} (their texts from {@code queryText}) on {@code engine}, writing
     * each result to {@code outputDirectory/<name>.csv}; returns how many failed. With
     * {@code statistics}, prints the cluster's exchange statistics after each query.
     */
    static int run(QueryEngine engine, List<String> names, Function<String, String> queryText, Path outputDirectory, PrintWriter out, boolean statistics)
    {
        int failures = 0;
        long totalMillis = 0;
        AtomicInteger done = new AtomicInteger();
        AtomicReference<String> current = new AtomicReference<>("");
        // on a terminal, a bar of the queries done below the lines of those that ended
        try (ProgressLine progress = ProgressLine.start(ProgressLine.standardErrorOnTerminal(), nanos -> ProgressLine.bar(nanos, done.get(), names.size(), current.get()))) {
            for (String name : names) {
                current.set(name);
                long queryStart = System.nanoTime();
                String line;
                boolean succeeded = false;
                try {
                    String sql = StatementText.normalize(queryText.apply(name));
                    QueryResult result = engine.execute(sql);
                    long millis = millisSince(queryStart);
                    totalMillis += millis;
                    writeCsv(result, outputDirectory.resolve(name + ".csv"));
                    line = String.format(Locale.ROOT, "%-5s %6d ms  %d rows", name, millis, result.rowCount());
                    succeeded = true;
                }
                catch (RuntimeException | IOException e) {
                    // one failing query must not hide the answers of the others
                    long millis = millisSince(queryStart);
                    totalMillis += millis;
                    failures++;
                    line = String.format(Locale.ROOT, "%-5s %6d ms  failed: %s", name, millis,
                            SignoCommand.oneLine(SignoCommand.isUserError(e) ? SignoCommand.errorMessage(e) : SignoCommand.reportInternalError(e, SignoCommand.errorLog())));
                }
                progress.erase();
                out.println(line);
                if (statistics && succeeded) {
                    TpchCommand.printStatistics(engine, out);
                }
                out.flush();
                done.incrementAndGet();
            }
        }
        out.println(String.format(Locale.ROOT, "%-5s %6d ms  %d queries, %d failed", "total", totalMillis, names.size(), failures));
        out.flush();
        return failures;
    }

    private static void writeCsv(QueryResult result, Path file)
            throws IOException
    {
        try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            new CsvResultWriter(writer).write(result);
        }
    }

    /** Rows in all segments of all tables. */
    static long rowCount(Catalog catalog)
    {
        long rows = 0;
        for (Table table : catalog.tables()) {
            for (Partition partition : table.partitions()) {
                for (Segment segment : partition.segments()) {
                    rows += segment.rowCount();
                }
            }
        }
        return rows;
    }

    static long millisSince(long startNanos)
    {
        return (System.nanoTime() - startNanos) / 1_000_000;
    }
}
