package io.signo.sql.ddl;

import io.signo.reference.DuckDbDatabase;
import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.SqlScript;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.error.SignoException;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Statement;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The scripts under {@code io/signo/sql/ddl}, each run statement by statement on a fresh Signo
 * database and a fresh DuckDB database, every answer compared: query results, and the row counts of
 * INSERT, UPDATE and DELETE. A statement with a {@code -- error: text} comment must fail on both,
 * Signo's message containing the text. Other statements (CREATE, DROP, ALTER, SHOW, DESCRIBE) run on
 * both; a {@code -- signo: text} comment checks that Signo's answer contains the text. DuckDB runs
 * CREATE TABLE without its table options. One process's database and a cluster's run the same
 * scripts. {@code ${files}} in a script is the directory of the files it reads ({@code files/}).
 */
public final class DatabaseScripts
{
    public static final List<String> SCRIPTS = List.of("tables.sql", "writes.sql", "types.sql", "views.sql", "errors.sql", "schemas.sql", "layouts.sql", "filters.sql", "files.sql");
    private static final String ERROR_COMMENT = "-- error:";
    private static final String SIGNO_COMMENT = "-- signo:";

    private DatabaseScripts() {}

    /**
     * Runs {@code script} statement by statement through {@code signo}, which runs one statement on a
     * fresh database, and on a fresh DuckDB database, comparing every answer.
     */
    public static void run(String script, Function<String, QueryResult> signo)
            throws Exception
    {
        List<String> statements = SqlScript.statements(read(script));
        try (DuckDbDatabase duckDb = DuckDbDatabase.open(1)) {
            try (Statement statement = duckDb.connection().createStatement()) {
                statement.execute("SET integer_division = true");
            }
            for (int i = 0; i < statements.size(); i++) {
                String sql = statements.get(i);
                String context = script + ":" + (i + 1) + "\n" + sql;
                String error = comment(sql, ERROR_COMMENT);
                String signoOnly = comment(sql, SIGNO_COMMENT);
                if (error != null) {
                    SignoException thrown = assertThrows(SignoException.class, () -> signo.apply(sql), context);
                    assertTrue(thrown.getMessage().toLowerCase(Locale.ROOT).contains(error.toLowerCase(Locale.ROOT)),
                            context + "\nmessage '" + thrown.getMessage() + "' does not contain '" + error + "'");
                    assertThrows(Exception.class, () -> {
                        try (Statement statement = duckDb.connection().createStatement()) {
                            statement.execute(forDuckDb(sql));
                        }
                    }, "DuckDB accepts what Signo refuses: " + context);
                    continue;
                }
                List<List<Object>> actual;
                try {
                    actual = ResultRows.toRows(signo.apply(sql));
                }
                catch (SignoException e) {
                    throw new AssertionError(context + "\nfailed on Signo: " + e.getMessage(), e);
                }
                StatementKind kind = StatementKind.of(sql);
                if (kind.countsRows()) {
                    try (Statement statement = duckDb.connection().createStatement()) {
                        statement.execute(forDuckDb(sql));
                        assertEquals(List.of(List.of(statement.getLargeUpdateCount())), actual, context + "\nrows written");
                    }
                    continue;
                }
                if (kind != StatementKind.QUERY) {
                    try (Statement statement = duckDb.connection().createStatement()) {
                        statement.execute(forDuckDb(sql));
                    }
                    if (signoOnly != null) {
                        assertTrue(actual.toString().contains(signoOnly), context + "\nSigno answered " + actual + ", expected it to contain " + signoOnly);
                    }
                    continue;
                }
                List<List<Object>> expected;
                try {
                    expected = duckDb.query(forDuckDb(sql));
                }
                catch (Exception e) {
                    fail(context + "\nDuckDB refuses it: " + e.getMessage());
                    return;
                }
                ResultComparison.assertSameResult(expected, actual, sql.toLowerCase(Locale.ROOT).contains("order by"), context);
            }
        }
    }

    /** The statement DuckDB runs: without a CREATE TABLE's {@code WITH (...)} table options, which place rows and change no answer. */
    private static String forDuckDb(String sql)
    {
        return StatementKind.of(sql) == StatementKind.CREATE ? TableOptions.split(sql).statement() : sql;
    }

    private static String comment(String sql, String prefix)
    {
        for (String line : sql.split("\n")) {
            String trimmed = line.strip();
            if (trimmed.startsWith(prefix)) {
                return trimmed.substring(prefix.length()).strip();
            }
        }
        return null;
    }

    /** The files {@code files.sql} reads, by name, and where each lies on the class path. */
    private static final Map<String, String> FILES = Map.of(
            "people.csv", "files/people.csv",
            "orders.tbl", "files/orders.tbl",
            "sales_1.csv", "files/sales_1.csv",
            "sales_2.csv", "files/sales_2.csv",
            "semicolon.csv", "files/semicolon.csv",
            "tabs.tsv", "files/tabs.tsv",
            "short_line.csv", "files/short_line.csv",
            "pyarrow_types.parquet", "/io/signo/sql/files/pyarrow_types.parquet");
    private static Path filesDirectory;

    /** A directory with the files, copied out of the class path (a test jar on a cluster's) once. */
    private static synchronized String filesDirectory()
            throws IOException
    {
        if (filesDirectory == null) {
            Path directory = Files.createTempDirectory("signo-script-files");
            for (Map.Entry<String, String> file : FILES.entrySet()) {
                try (InputStream input = DatabaseScripts.class.getResourceAsStream(file.getValue())) {
                    if (input == null) {
                        throw new AssertionError("missing file " + file.getValue());
                    }
                    Files.copy(input, directory.resolve(file.getKey()));
                }
            }
            directory.toFile().deleteOnExit();
            filesDirectory = directory;
        }
        return filesDirectory.toString();
    }

    private static String read(String script)
            throws IOException
    {
        try (InputStream input = DatabaseScripts.class.getResourceAsStream(script)) {
            if (input == null) {
                throw new AssertionError("missing script " + script);
            }
            return new String(input.readAllBytes(), StandardCharsets.UTF_8).replace("${files}", filesDirectory());
        }
    }
}
