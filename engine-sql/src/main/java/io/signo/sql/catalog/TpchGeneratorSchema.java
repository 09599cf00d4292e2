package io.signo.sql.catalog;

import io.signo.storage.table.Table;
import io.signo.storage.tpch.GeneratedTpchTables;
import org.apache.calcite.schema.Schema;
import org.apache.calcite.schema.impl.AbstractSchema;
import org.apache.calcite.schema.lookup.LikePattern;
import org.apache.calcite.schema.lookup.Lookup;
import org.apache.calcite.schema.lookup.Named;

import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The schema {@code tpch}: one sub-schema per scale factor, named as Trino names them ({@code sf1},
 * {@code sf0_01}, {@code tiny} for 0.01), holding the eight TPC-H tables generated as they are read.
 */
public final class TpchGeneratorSchema
        extends AbstractSchema
{
    public static final String NAME = "tpch";
    private static final Pattern SCALE = Pattern.compile("sf(\\d+)(?:_(\\d+))?");
    /** Names listed for tools that browse schemas; any other sfN works too. */
    private static final Set<String> LISTED = Set.of("tiny", "sf0_01", "sf0_1", "sf1", "sf10", "sf100");

    @Override
    public Lookup<? extends Schema> subSchemas()
    {
        return new Lookup<Schema>()
        {
            @Override
            public Schema get(String name)
            {
                Double scale = scaleFactor(name);
                return scale == null ? null : new ScaleSchema(scale);
            }

            @Override
            public Named<Schema> getIgnoreCase(String name)
            {
                Schema schema = get(name.toLowerCase(Locale.ROOT));
                return schema == null ? null : new Named<>(name.toLowerCase(Locale.ROOT), schema);
            }

            @Override
            public Set<String> getNames(LikePattern pattern)
            {
                return LISTED;
            }
        };
    }

    /** The scale factor a schema name stands for, or null when it names none. */
    static Double scaleFactor(String name)
    {
        if (name.equals("tiny")) {
            return 0.01;
        }
        Matcher matcher = SCALE.matcher(name);
        if (!matcher.matches()) {
            return null;
        }
        double scale = Double.parseDouble(matcher.group(1) + (matcher.group(2) == null ? "" : "." + matcher.group(2)));
        return scale > 0 ? scale : null;
    }

    /** The tables of one scale factor. */
    private static final class ScaleSchema
            extends AbstractSchema
    {
        private final double scaleFactor;

        ScaleSchema(double scaleFactor)
        {
            this.scaleFactor = scaleFactor;
        }

        @Override
        protected Map<String, org.apache.calcite.schema.Table> getTableMap()
        {
            Map<String, org.apache.calcite.schema.Table> tables = new HashMap<>();
            for (String name : GeneratedTpchTables.tableNames()) {
                Table table = GeneratedTpchTables.table(name, scaleFactor);
                tables.put(name, new SignoCalciteTable(table));
            }
            return tables;
        }
    }
}
