package io.signo.sql.catalog;

import io.signo.storage.table.Table;
import io.signo.storage.tpcds.GeneratedTpcdsTables;
import io.signo.storage.tpch.GeneratedTpchTables;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

import java.util.Locale;
import java.util.Set;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The schema {@code tpch} (and, made by {@link #tpcds()}, {@code tpcds}): one sub-schema per scale
 * factor, named as Trino names them ({@code sf1}, {@code sf0_01}, {@code tiny} for 0.01), holding the
 * eight TPC-H tables ({@link GeneratedTpchTables}) or the 24 TPC-DS tables ({@link GeneratedTpcdsTables})
 * generated as they are read.
 */
public final class TpchGeneratorSchema
        extends AbstractSchema
{
    public static final String NAME = "tpch";
    public static final String TPCDS_NAME = "tpcds";
    /** Names listed for tools that browse schemas; any other sfN works too. */
    private static final Set<String> LISTED = Set.of("tiny", "sf0_01", "sf0_1", "sf1", "sf10", "sf100");

    private final BiFunction<String, Double, Table> tables;
    private final Set<String> tableNames;

    /**
     * The schema {@code tpch}. It holds nothing of a statement (each lookup makes its schema and
     * tables anew), so one serves every statement: building the TPC-DS one lists its 24 tables.
     */
    private static final TpchGeneratorSchema TPCH = new TpchGeneratorSchema(GeneratedTpchTables::table, Set.copyOf(GeneratedTpchTables.tableNames()));
    private static final TpchGeneratorSchema TPCDS = new TpchGeneratorSchema(GeneratedTpcdsTables::table, Set.copyOf(GeneratedTpcdsTables.tableNames()));

    private TpchGeneratorSchema(BiFunction<String, Double, Table> tables, Set<String> tableNames)
    {
        this.tables = tables;
        this.tableNames = tableNames;
    }

    /** The schema {@code tpch}: {@code tpch.sf1.lineitem}. */
    public static TpchGeneratorSchema tpch()
    {
        return TPCH;
    }

    /** The schema {@code tpcds}: {@code tpcds.sf1.store_sales}. */
    public static TpchGeneratorSchema tpcds()
    {
        return TPCDS;
    }

    @Override
    public Lookup<? extends Schema> subSchemas()
    {
        return lookup(name -> {
            Double scale = GeneratedTpchTables.scaleFactor(name);
            return scale == null ? null : new ScaleSchema(scale, tables, tableNames);
        }, LISTED);
    }

    /** Finds by lower-case name whatever {@code find} makes for it (null for none); lists {@code names}. */
    private static <T> Lookup<T> lookup(Function<String, T> find, Set<String> names)
    {
        return new Lookup<>()
        {
            @Override
            public T get(String name)
            {
                return find.apply(name);
            }

            @Override
            public Named<T> getIgnoreCase(String name)
            {
                String lower = name.toLowerCase(Locale.ROOT);
                T found = find.apply(lower);
                return found == null ? null : new Named<>(lower, found);
            }

            @Override
            public Set<String> getNames(LikePattern pattern)
            {
                return names;
            }
        };
    }

    /** The tables of one scale factor, each made when a query names it. */
    private static final class ScaleSchema
            extends AbstractSchema
    {
        private final double scaleFactor;
        private final BiFunction<String, Double, Table> tables;
        private final Set<String> tableNames;

        ScaleSchema(double scaleFactor, BiFunction<String, Double, Table> tables, Set<String> tableNames)
        {
            this.scaleFactor = scaleFactor;
            this.tables = tables;
            this.tableNames = tableNames;
        }

        @Override
        public Lookup<org.apache.calcite.schema.Table> tables()
        {
            return lookup(name -> {
                Table table = tables.apply(name, scaleFactor);
                return table == null ? null : new SignoCalciteTable(table);
            }, tableNames);
        }
    }
}
