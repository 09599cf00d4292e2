package io.signo.storage.tpcds;

import io.signo.storage.generator.ColumnStager;
import io.signo.storage.generator.ParallelGenerator;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.tpch.GeneratedTpchTables;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The 24 TPC-DS tables at any scale factor as read-only tables whose rows are generated while they
 * are scanned, a morsel at a time, and never kept: {@code tpcds.sf1.store_sales}, Trino's naming, as
 * {@link GeneratedTpchTables} does for TPC-H. Each table is cut into segments of about
 * {@value ParallelGenerator#SEGMENT_ROWS} rows by ranges of the generator's units (rows; tickets or
 * orders for the sales tables and their returns), which io.trino.tpcds generates from any starting
 * unit with the rows a whole-table generation makes; every segment is a partition of its own, so
 * that the workers of a cluster share them. Loading a database is then
 * {@code CREATE TABLE store_sales AS SELECT * FROM tpcds.sf10.store_sales}, in memory the size of a
 * few morsels per driver.
 */
public final class GeneratedTpcdsTables
{
    private static final int SEGMENT_ROWS = ParallelGenerator.SEGMENT_ROWS;

    private GeneratedTpcdsTables() {}

    /** The names of the 24 tables, largest first. */
    public static List<String> tableNames()
    {
        return TpcdsData.tableNames();
    }

    /** The name of the schema of a scale factor: {@code sf1} for 1, {@code sf0_01} for 0.01 (as for TPC-H). */
    public static String schemaName(double scaleFactor)
    {
        return GeneratedTpchTables.schemaName(scaleFactor);
    }

    /** The scale factor a schema name stands for ({@code sf1}, {@code sf0_01}, {@code tiny} for 0.01), or null when it names none. */
    public static Double scaleFactor(String schemaName)
    {
        return GeneratedTpchTables.scaleFactor(schemaName);
    }

    /** The statement that loads a table of the scale factor into a database, replicated when the in-memory TPC-DS data replicates it. */
    public static String loadStatement(String name, double scaleFactor)
    {
        TpcdsTableDefinition definition = definition(name);
        if (definition == null) {
            throw new IllegalArgumentException("TPC-DS has no table " + name);
        }
        String with = definition.partitioning().replicated() ? " WITH (replicated = true)" : "";
        return "CREATE TABLE " + definition.name() + with + " AS SELECT * FROM " + TpcdsData.SCHEMA_NAME + "." + schemaName(scaleFactor) + "." + definition.name();
    }

    /** The table of that name (case-insensitive) at the scale factor, or null when TPC-DS has none. */
    public static Table table(String name, double scaleFactor)
    {
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scaleFactor must be positive: " + scaleFactor);
        }
        TpcdsTableDefinition definition = definition(name);
        return definition == null ? null : table(definition, scaleFactor);
    }

    private static TpcdsTableDefinition definition(String name)
    {
        for (TpcdsTableDefinition definition : TpcdsTableDefinition.ALL) {
            if (definition.name().equalsIgnoreCase(name)) {
                return definition;
            }
        }
        return null;
    }

    private static Table table(TpcdsTableDefinition definition, double scaleFactor)
    {
        long units = definition.unitCount(scaleFactor);
        double rowsPerUnit = definition.rowsPerUnit();
        // a sales ticket is at most 16 rows: a segment's stagers are sized for its units at that rate and grow past it
        long unitsPerSegment = Math.max(1, (long) (SEGMENT_ROWS / Math.max(1, rowsPerUnit)));
        int segmentCount = (int) Math.max(1, (units + unitsPerSegment - 1) / unitsPerSegment);
        List<Partition> partitions = new ArrayList<>(segmentCount);
        for (int index = 0; index < segmentCount; index++) {
            long first = 1 + index * unitsPerSegment;
            long last = Math.min(units, first + unitsPerSegment - 1);
            int estimatedRows = (int) Math.round((last - first + 1) * rowsPerUnit);
            partitions.add(new Partition(index, List.of(new GeneratedSegment(definition, scaleFactor, first, last, estimatedRows))));
        }
        long rows = Math.round(units * rowsPerUnit);
        return new Table(definition.name(), definition.columns(), partitions, new Partitioning(null, List.of(), false), new TableStatistics(rows, Map.of()));
    }

    /** Names a generated table in a plan sent to another node, which generates its share of it. */
    public record Reference(String name, double scaleFactor)
            implements java.io.Serializable
    {
        public Table resolve()
        {
            Table table = table(name, scaleFactor);
            if (table == null) {
                throw new IllegalArgumentException("TPC-DS has no table " + name);
            }
            return table;
        }
    }

    /** The reference to {@code table} when it is a generated TPC-DS one, else null. */
    public static Reference referenceTo(Table table)
    {
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                return segment instanceof GeneratedSegment generated ? new Reference(generated.definition().name(), generated.scaleFactor()) : null;
            }
        }
        return null;
    }

    /** The rows of units {@code firstUnit} to {@code lastUnit} of a table, generated when read. */
    private record GeneratedSegment(TpcdsTableDefinition definition, double scaleFactor, long firstUnit, long lastUnit, int estimatedRows)
            implements Segment
    {
        /** An estimate for the sales and returns tables, whose units make several rows or none: only generating them tells. */
        @Override
        public int rowCount()
        {
            return estimatedRows;
        }

        @Override
        public ColumnStatistics[] columnStatistics()
        {
            return null;
        }

        @Override
        public int columnCount()
        {
            return definition.columns().size();
        }

        @Override
        public Page read(int[] columns)
        {
            int capacity = (int) Math.min(Integer.MAX_VALUE - 8, (lastUnit - firstUnit + 1) * (long) Math.ceil(Math.max(1, definition.rowsPerUnit())));
            ColumnStager[] stagers = ColumnStager.forColumns(definition.columns(), capacity);
            int[] rows = new int[1];
            definition.generateUnits(scaleFactor, firstUnit, lastUnit, stagers, () -> rows[0]++);
            return ColumnStager.transientPage(stagers, rows[0], columns);
        }

        @Override
        public long retainedBytes()
        {
            return 0;
        }
    }
}
