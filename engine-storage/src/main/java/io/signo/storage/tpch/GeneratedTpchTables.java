package io.signo.storage.tpch;

import io.signo.storage.generator.ColumnStager;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.GenerateUtils;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.SupplierGenerator;
import io.trino.tpch.TpchEntity;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The TPC-H tables at any scale factor as read-only tables whose rows are generated while they are
 * scanned, a morsel at a time, and never kept: {@code tpch.sf1.lineitem}, Trino's naming. Loading a
 * database is then {@code CREATE TABLE lineitem AS SELECT * FROM tpch.sf10.lineitem}, in memory the
 * size of a few morsels per driver.
 */
public final class GeneratedTpchTables
{
    /** Rows a generated segment holds at most; lineitem's orders are cut to keep within it. */
    private static final int SEGMENT_ROWS = TpchData.SEGMENT_ROWS;
    private static final int MAX_LINES_PER_ORDER = 7;
    private static final int PARTSUPP_PER_PART = 4;

    private GeneratedTpchTables() {}

    /** Schema names as Trino gives them: {@code sf1}, {@code sf0_01}; {@code tiny} is 0.01. */
    private static final java.util.regex.Pattern SCALE_NAME = java.util.regex.Pattern.compile("sf(\\d+)(?:_(\\d+))?");

    /** The name of the schema of a scale factor: {@code sf1} for 1, {@code sf0_01} for 0.01. */
    public static String schemaName(double scaleFactor)
    {
        return "sf" + new java.math.BigDecimal(Double.toString(scaleFactor)).stripTrailingZeros().toPlainString().replace('.', '_');
    }

    /** The scale factor a schema name stands for, or null when it names none. */
    public static Double scaleFactor(String schemaName)
    {
        if (schemaName.equals("tiny")) {
            return 0.01;
        }
        java.util.regex.Matcher matcher = SCALE_NAME.matcher(schemaName);
        if (!matcher.matches()) {
            return null;
        }
        double scale = Double.parseDouble(matcher.group(1) + (matcher.group(2) == null ? "" : "." + matcher.group(2)));
        return scale > 0 ? scale : null;
    }

    /** The names of the eight tables. */
    public static List<String> tableNames()
    {
        return TpchTableDefinition.ALL.stream().map(TpchTableDefinition::name).toList();
    }

    /**
     * The statement that loads a table of the scale factor into a database: partitioned on the keys
     * (and nation and region replicated) as the tables generated in memory are, so that the joins
     * on order and part keys stay co-located, and lineitem and orders sorted by date within each file
     * so that the zone maps of their blocks prune date ranges (the series' clustering on date).
     */
    public static String loadStatement(String name, double scaleFactor)
    {
        TpchTableDefinition<?> definition = TpchTableDefinition.ALL.stream().filter(candidate -> candidate.name().equalsIgnoreCase(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("TPC-H has no table " + name));
        Partitioning partitioning = definition.partitioning();
        List<String> options = new ArrayList<>();
        if (partitioning.replicated()) {
            options.add("replicated = true");
        }
        else if (!partitioning.keyColumns().isEmpty()) {
            options.add("partitioned_by = '" + String.join(", ", partitioning.keyColumns()) + "'");
        }
        switch (definition.name()) {
            case "lineitem" -> options.add("sorted_by = 'l_shipdate'");
            case "orders" -> options.add("sorted_by = 'o_orderdate'");
            default -> {
            }
        }
        String with = options.isEmpty() ? "" : " WITH (" + String.join(", ", options) + ")";
        return "CREATE TABLE " + definition.name() + with + " AS SELECT * FROM tpch." + schemaName(scaleFactor) + "." + definition.name();
    }

    /** The table of that name (case-insensitive) at the scale factor, or null when TPC-H has none. */
    public static Table table(String name, double scaleFactor)
    {
        for (TpchTableDefinition<?> definition : TpchTableDefinition.ALL) {
            if (definition.name().equalsIgnoreCase(name)) {
                return table(definition, scaleFactor);
            }
        }
        return null;
    }

    private static Table table(TpchTableDefinition<?> definition, double scaleFactor)
    {
        long baseRows = baseRows(definition.name(), scaleFactor);
        int rowsPerBase = switch (definition.name()) {
            case "lineitem" -> MAX_LINES_PER_ORDER;
            case "partsupp" -> PARTSUPP_PER_PART;
            default -> 1;
        };
        boolean replicated = definition.partitioning().replicated();
        int partCount = replicated ? 1 : (int) Math.max(1, (baseRows * rowsPerBase + SEGMENT_ROWS - 1) / SEGMENT_ROWS);
        double averageRows = (double) baseRows * averageRowsPerBase(definition.name()) / partCount;
        // the generator cuts its split by its own rules (its last part takes the remainder): stagers grow past this
        int capacity = (int) ((baseRows + partCount - 1) / partCount + 1) * rowsPerBase;
        // a partition per part, so that the workers of a cluster share the parts
        List<Partition> partitions = new ArrayList<>(partCount);
        for (int part = 1; part <= partCount; part++) {
            partitions.add(new Partition(part - 1, List.of(new GeneratedSegment<>(definition, scaleFactor, part, partCount, (int) Math.round(averageRows), capacity))));
        }
        long rows = Math.round(baseRows * averageRowsPerBase(definition.name()));
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
                throw new IllegalArgumentException("TPC-H has no table " + name);
            }
            return table;
        }
    }

    /** The reference to {@code table} when it is a generated one, else null. */
    public static Reference referenceTo(Table table)
    {
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                return segment instanceof GeneratedSegment<?> generated ? new Reference(generated.definition().name(), generated.scaleFactor()) : null;
            }
        }
        return null;
    }

    /** Rows of the table (or of orders and part, for lineitem and partsupp) at the scale factor, as the specification sizes them. */
    private static long baseRows(String table, double scaleFactor)
    {
        double perUnit = switch (table) {
            case "lineitem", "orders" -> 1_500_000;
            case "partsupp", "part" -> 200_000;
            case "customer" -> 150_000;
            case "supplier" -> 10_000;
            case "nation" -> 25 / scaleFactor;
            case "region" -> 5 / scaleFactor;
            default -> throw new IllegalArgumentException("not a TPC-H table: " + table);
        };
        return Math.max(1, (long) (perUnit * scaleFactor));
    }

    private static double averageRowsPerBase(String table)
    {
        return switch (table) {
            case "lineitem" -> 4;
            case "partsupp" -> PARTSUPP_PER_PART;
            default -> 1;
        };
    }

    /** One part of the generator's split of a table, generated when read. */
    private record GeneratedSegment<E extends TpchEntity>(TpchTableDefinition<E> definition, double scaleFactor, int part, int partCount, int estimatedRows, int capacity)
            implements Segment
    {
        /** An estimate for lineitem, whose parts are cut by orders: only generating them tells. */
        @Override
        public int rowCount()
        {
            return estimatedRows;
        }

        /**
         * The range of the first column's keys, known without generating the rows: the generator
         * numbers each table's rows (orders for lineitem, parts for partsupp) in one sequence, cut
         * into {@code partCount} runs, so that a scan for some keys ({@code l_orderkey <= k}) generates
         * only the parts that hold them. Null for the tables without such a key.
         */
        @Override
        public ColumnStatistics[] columnStatistics()
        {
            int scaleBase = switch (definition.name()) {
                case "lineitem", "orders" -> OrderGenerator.SCALE_BASE;
                case "partsupp", "part" -> PartGenerator.SCALE_BASE;
                case "customer" -> CustomerGenerator.SCALE_BASE;
                case "supplier" -> SupplierGenerator.SCALE_BASE;
                default -> 0;
            };
            if (scaleBase == 0) {
                return null;
            }
            long first = GenerateUtils.calculateStartIndex(scaleBase, scaleFactor, part, partCount) + 1;
            long last = first + GenerateUtils.calculateRowCount(scaleBase, scaleFactor, part, partCount) - 1;
            if (last < first) {
                return null;
            }
            boolean orderKeys = scaleBase == OrderGenerator.SCALE_BASE;
            ColumnStatistics[] statistics = new ColumnStatistics[columnCount()];
            statistics[0] = new ColumnStatistics(last - first + 1, 0, orderKeys ? TpchRefreshData.orderKey(first, 0) : first, orderKeys ? TpchRefreshData.orderKey(last, 0) : last, Long.BYTES);
            return statistics;
        }

        @Override
        public int columnCount()
        {
            return definition.columns().size();
        }

        @Override
        public Page read(int[] columns)
        {
            ColumnStager[] stagers = ColumnStager.forColumns(definition.columns(), capacity);
            int rows = 0;
            for (E row : definition.generator(scaleFactor, part, partCount)) {
                definition.appendRow(row, stagers);
                rows++;
            }
            return ColumnStager.transientPage(stagers, rows, columns);
        }

        @Override
        public long retainedBytes()
        {
            return 0;
        }
    }
}
