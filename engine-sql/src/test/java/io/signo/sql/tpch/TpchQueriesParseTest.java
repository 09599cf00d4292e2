package io.signo.sql.tpch;

import io.signo.storage.tpch.TpchQueries;
import org.apache.calcite.avatica.util.Casing;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.type.SqlTypeName;
import org.apache.calcite.tools.FrameworkConfig;
import org.apache.calcite.tools.Frameworks;
import org.apache.calcite.tools.Planner;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The query texts must parse in Calcite as well as run in DuckDB (see {@link DuckDbTpchTest}). */
class TpchQueriesParseTest
{
    private static final SqlParser.Config PARSER = SqlParser.config()
            .withUnquotedCasing(Casing.UNCHANGED)
            .withCaseSensitive(false);

    @Test
    void everyQueryParsesInCalcite()
    {
        List<String> failures = new ArrayList<>();
        for (int number = 1; number <= TpchQueries.QUERY_COUNT; number++) {
            List<String> texts = new ArrayList<>();
            texts.add(TpchQueries.query(number));
            for (int seed = 1; seed <= 5; seed++) {
                texts.add(TpchQueries.query(number, new SplittableRandom(seed * 31L + number), 0.01));
            }
            for (String sql : texts) {
                for (SqlParser.Config config : List.of(PARSER, SqlParser.config())) {
                    try {
                        SqlNode node = SqlParser.create(sql, config).parseQuery();
                        assertTrue(node.isA(SqlKind.QUERY), "not a query: " + node.getKind());
                    }
                    catch (SqlParseException e) {
                        failures.add("Q" + number + ": " + e.getMessage());
                    }
                }
            }
        }
        if (!failures.isEmpty()) {
            fail(String.join("\n", failures));
        }
    }

    @Test
    void dayIntervalsOfThreeDigitsValidate()
            throws Exception
    {
        // Q1's DELTA reaches 120, beyond the default two-digit DAY precision of the SQL standard
        FrameworkConfig config = Frameworks.newConfigBuilder()
                .parserConfig(PARSER)
                .defaultSchema(Frameworks.createRootSchema(true))
                .build();
        Planner planner = Frameworks.getPlanner(config);
        SqlNode parsed = planner.parse("select date '1998-12-01' - interval '120' day");
        RelDataType rowType = planner.validateAndGetType(parsed).right;
        assertEquals(SqlTypeName.DATE, rowType.getFieldList().getFirst().getType().getSqlTypeName());
    }
}
