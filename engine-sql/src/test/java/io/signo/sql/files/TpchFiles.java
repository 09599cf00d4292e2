package io.signo.sql.files;

import io.signo.sql.QueryResult;
import io.signo.sql.ResultRows;
import io.signo.sql.catalog.SqlTypes;
import io.signo.sql.tpch.DuckDbTpch;
import io.signo.sql.tpch.ResultComparison;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.GeneratedTpchTables;
import io.signo.storage.tpch.TpchQueries;

import java.nio.file.Path;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * The TPC-H tables written by DuckDB as Parquet files and as {@code |}-separated CSV files without a
 * header, each table then a Signo view over {@code read_parquet} or {@code read_csv}, and the 22
 * queries over the views compared with DuckDB's answers over its tables of the same rows.
 */
public final class TpchFiles
{
    public enum Format
    {
        PARQUET, CSV
    }

    private TpchFiles() {}

    /** Writes every table of {@code duckDb} (loaded from {@code catalog}) to {@code directory}, in both formats. */
    public static void write(DuckDbTpch duckDb, Catalog catalog, Path directory)
            throws SQLException
    {
        try (Statement statement = duckDb.connection().createStatement()) {
            for (String table : GeneratedTpchTables.tableNames()) {
                statement.execute("COPY " + table + " TO '" + directory.resolve(table + ".parquet") + "' (FORMAT parquet, ROW_GROUP_SIZE 50000)");
                statement.execute("COPY " + table + " TO '" + directory.resolve(table + ".tbl") + "' (FORMAT csv, DELIMITER '|', HEADER false)");
            }
        }
    }

    /** The statements that make each table a view over its file. */
    public static List<String> views(Catalog catalog, Path directory, Format format)
    {
        List<String> statements = new ArrayList<>();
        for (String name : GeneratedTpchTables.tableNames()) {
            Table table = catalog.table(name);
            String read = switch (format) {
                case PARQUET -> "read_parquet('" + directory.resolve(name + ".parquet") + "')";
                case CSV -> "read_csv('" + directory.resolve(name + ".tbl") + "', delim => '|', header => false, columns => '" + columns(table) + "')";
            };
            statements.add("CREATE VIEW " + name + " AS SELECT * FROM " + read);
        }
        return statements;
    }

    private static String columns(Table table)
    {
        List<String> declarations = new ArrayList<>();
        for (Column column : table.columns()) {
            declarations.add(column.name() + " " + SqlTypes.toSql(column.type()));
        }
        return String.join(", ", declarations);
    }

    /** Runs the 22 queries through {@code signo}, each answer compared with DuckDB's. */
    public static void assertQueriesAnswerAsDuckDb(DuckDbTpch duckDb, Function<String, QueryResult> signo, String context)
            throws SQLException
    {
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            String sql = TpchQueries.query(query);
            List<List<Object>> actual;
            try {
                actual = ResultRows.toRows(signo.apply(sql));
            }
            catch (RuntimeException e) {
                throw new AssertionError(context + " q" + query + " failed: " + e.getMessage(), e);
            }
            ResultComparison.assertSameResult(duckDb.query(sql), actual, sql.toLowerCase(Locale.ROOT).contains("order by"), context + " q" + query);
        }
    }
}
