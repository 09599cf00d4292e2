package io.signo.storage.tpcds;

import io.signo.storage.generator.ColumnStager;
import io.signo.storage.generator.GeneratedTableDefinition;
import io.signo.storage.generator.SegmentBuilder;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;
import io.signo.storage.type.Type;
import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.ColumnType;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * One of the 24 TPC-DS tables as io.trino.tpcds (a port of the official dsdgen) defines it: its
 * columns with the SQL types of the library's column definitions (identifiers as BIGINT, DECIMAL(p,s),
 * DATE, CHAR(n), VARCHAR(n), INTEGER), and how a generated row, which the library gives as strings
 * with null for NULL, is parsed into the column stagers.
 */
final class TpcdsTableDefinition
        implements GeneratedTableDefinition
{
    /**
     * Dimension tables of at most a few thousand rows at any scale factor: every node holds them
     * whole. The other dimensions (date_dim, time_dim and customer_demographics have a fixed size of
     * 73,049, 86,400 and 1,920,800 rows) and the seven fact tables are split into partitions.
     */
    private static final Set<Table> REPLICATED = Set.of(
            Table.CALL_CENTER,
            Table.HOUSEHOLD_DEMOGRAPHICS,
            Table.INCOME_BAND,
            Table.PROMOTION,
            Table.REASON,
            Table.SHIP_MODE,
            Table.STORE,
            Table.WAREHOUSE,
            Table.WEB_PAGE,
            Table.WEB_SITE);

    /** The 24 tables, largest first so that parallel generation finishes evenly. */
    static final List<TpcdsTableDefinition> ALL = List.of(
            new TpcdsTableDefinition(Table.STORE_SALES),
            new TpcdsTableDefinition(Table.CATALOG_SALES),
            new TpcdsTableDefinition(Table.INVENTORY),
            new TpcdsTableDefinition(Table.CUSTOMER_DEMOGRAPHICS),
            new TpcdsTableDefinition(Table.WEB_SALES),
            new TpcdsTableDefinition(Table.STORE_RETURNS),
            new TpcdsTableDefinition(Table.CATALOG_RETURNS),
            new TpcdsTableDefinition(Table.WEB_RETURNS),
            new TpcdsTableDefinition(Table.DATE_DIM),
            new TpcdsTableDefinition(Table.TIME_DIM),
            new TpcdsTableDefinition(Table.CUSTOMER),
            new TpcdsTableDefinition(Table.CUSTOMER_ADDRESS),
            new TpcdsTableDefinition(Table.ITEM),
            new TpcdsTableDefinition(Table.CATALOG_PAGE),
            new TpcdsTableDefinition(Table.HOUSEHOLD_DEMOGRAPHICS),
            new TpcdsTableDefinition(Table.PROMOTION),
            new TpcdsTableDefinition(Table.WEB_PAGE),
            new TpcdsTableDefinition(Table.WEB_SITE),
            new TpcdsTableDefinition(Table.STORE),
            new TpcdsTableDefinition(Table.CALL_CENTER),
            new TpcdsTableDefinition(Table.WAREHOUSE),
            new TpcdsTableDefinition(Table.SHIP_MODE),
            new TpcdsTableDefinition(Table.INCOME_BAND),
            new TpcdsTableDefinition(Table.REASON));

    private final Table table;
    private final List<Column> columns;
    private final Partitioning partitioning;
    /** Per column: how its string is parsed. */
    private final ValueParser[] parsers;
    /** Per DECIMAL column: its scale. */
    private final int[] scales;

    private TpcdsTableDefinition(Table table)
    {
        this.table = requireNonNull(table, "table is null");
        io.trino.tpcds.column.Column[] generatorColumns = table.getColumns();
        List<Column> columns = new ArrayList<>(generatorColumns.length);
        this.parsers = new ValueParser[generatorColumns.length];
        this.scales = new int[generatorColumns.length];
        for (int i = 0; i < generatorColumns.length; i++) {
            ColumnType columnType = generatorColumns[i].getType();
            Type type = sqlType(table, generatorColumns[i].getName(), columnType);
            columns.add(new Column(generatorColumns[i].getName(), type));
            parsers[i] = switch (columnType.getBase()) {
                case IDENTIFIER -> ValueParser.BIGINT;
                case INTEGER -> ValueParser.INTEGER;
                case DATE -> ValueParser.DATE;
                case DECIMAL -> ValueParser.DECIMAL;
                case CHAR, VARCHAR -> ValueParser.STRING;
                case TIME -> throw new IllegalArgumentException("no TPC-DS table but dbgen_version has a TIME column: " + table.getName());
            };
            scales[i] = columnType.getScale().orElse(0);
        }
        this.columns = List.copyOf(columns);
        this.partitioning = REPLICATED.contains(table) ? Partitioning.replicatedTable() : new Partitioning(null, List.of(), false);
    }

    private static Type sqlType(Table table, String column, ColumnType type)
    {
        return switch (type.getBase()) {
            case IDENTIFIER -> Type.BIGINT;
            case INTEGER -> Type.INTEGER;
            case DATE -> Type.DATE;
            case DECIMAL -> Type.decimal(type.getPrecision().orElseThrow(), type.getScale().orElseThrow());
            case CHAR -> Type.character(type.getPrecision().orElseThrow());
            case VARCHAR -> Type.varchar(type.getPrecision().orElseThrow());
            case TIME -> throw new IllegalArgumentException("TIME column " + table.getName() + "." + column + " is not supported");
        };
    }

    @Override
    public String name()
    {
        return table.getName();
    }

    @Override
    public List<Column> columns()
    {
        return columns;
    }

    @Override
    public Partitioning partitioning()
    {
        return partitioning;
    }

    @Override
    public void generate(double scaleFactor, int chunk, int chunkCount, SegmentBuilder rows)
    {
        Session session = session(scaleFactor)
                .withParallelism(chunkCount)
                .withChunkNumber(chunk);
        append(Results.constructResults(table, session), rows.columns(), rows::endRow);
    }

    /**
     * Appends to {@code stagers} the rows of the generator's units {@code firstUnit} to
     * {@code lastUnit} (1-based, inclusive; see {@link #unitCount}), calling {@code endRow} after each:
     * the rows a whole-table generation makes for those units, as io.trino.tpcds skips its random
     * streams to any unit (TpcdsDataTest compares the two).
     */
    void generateUnits(double scaleFactor, long firstUnit, long lastUnit, ColumnStager[] stagers, Runnable endRow)
    {
        append(Results.constructResults(table, firstUnit, lastUnit, session(scaleFactor)), stagers, endRow);
    }

    /** The generator's units of the table at the scale factor: its rows, or for the sales and returns tables the sales tickets or orders. */
    long unitCount(double scaleFactor)
    {
        return session(scaleFactor).getScaling().getRowCount(table);
    }

    /** About the rows one unit makes, as measured at SF 0.01 (a ticket of store_sales is 8 to 16 rows). */
    double rowsPerUnit()
    {
        return switch (table) {
            case STORE_SALES, WEB_SALES -> 12;
            case CATALOG_SALES -> 9;
            case STORE_RETURNS, WEB_RETURNS -> 1.2;
            case CATALOG_RETURNS -> 0.9;
            default -> 1;
        };
    }

    private Session session(double scaleFactor)
    {
        return Session.getDefaultSession()
                .withScale(scaleFactor)
                .withTable(table)
                .withNoSexism(false);
    }

    private void append(Results results, ColumnStager[] stagers, Runnable endRow)
    {
        int columnCount = stagers.length;
        // a parent table's generator gives its own row first; a child table's (the returns) gives the child's
        for (List<List<String>> generated : results) {
            List<String> row = generated.getFirst();
            for (int i = 0; i < columnCount; i++) {
                String value = row.get(i);
                ColumnStager stager = stagers[i];
                if (value == null) {
                    stager.appendNull();
                    continue;
                }
                switch (parsers[i]) {
                    case BIGINT -> stager.appendLong(Long.parseLong(value));
                    case INTEGER -> stager.appendInt(Integer.parseInt(value));
                    case DATE -> stager.appendInt(GeneratedValues.epochDay(value));
                    case DECIMAL -> stager.appendLong(GeneratedValues.unscaledDecimal(value, scales[i]));
                    case STRING -> stager.appendString(value);
                }
            }
            endRow.run();
        }
    }

    private enum ValueParser
    {
        BIGINT, INTEGER, DATE, DECIMAL, STRING
    }
}
