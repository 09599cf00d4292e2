package io.signo.sql.planner;

import io.signo.sql.AotTrainingRun;
import io.signo.sql.SqlQuerySuite;
import io.signo.storage.tpcds.TpcdsQueries;
import io.signo.storage.tpch.TpchQueries;
import org.apache.calcite.sql.SqlNode;
import org.apache.calcite.sql.dialect.AnsiSqlDialect;
import org.apache.calcite.sql.parser.SqlParseException;
import org.apache.calcite.sql.parser.SqlParser;
import org.apache.calcite.sql.parser.babel.SqlBabelParserImpl;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CoreGrammarFirstTest
{
    private static final SqlParser.Config CONFIG = LogicalPlanner.parserConfig(SqlBabelParserImpl.FACTORY);

    /** Every statement the core grammar takes is the tree Babel's grammar makes of it, written back as SQL. */
    @Test
    void coreGrammarReadsStatementsAsBabelDoes()
            throws SqlParseException
    {
        List<String> statements = new ArrayList<>();
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            statements.add(TpchQueries.query(query));
        }
        for (String name : TpcdsQueries.names()) {
            statements.add(TpcdsQueries.query(name));
        }
        for (String file : AotTrainingRun.SUITE_FILES) {
            statements.addAll(SqlQuerySuite.statements(file));
        }
        int parsedByCore = 0;
        for (String sql : statements) {
            String text = LogicalPlanner.parserText(sql);
            SqlNode core = CoreGrammarFirst.parseOrNull(text, CONFIG);
            if (core == null) {
                continue;
            }
            parsedByCore++;
            SqlNode babel = SqlParser.create(text, CONFIG).parseStmt();
            assertEquals(unparse(babel), unparse(core), sql);
        }
        // the core grammar must take the TPC queries, or the planner saves nothing
        assertTrue(parsedByCore >= TpchQueries.QUERY_COUNT + TpcdsQueries.names().size(), "parsed by the core grammar: " + parsedByCore + " of " + statements.size());
    }

    @Test
    void babelFunctionsAndSyntaxGoToBabel()
    {
        assertNull(CoreGrammarFirst.parseOrNull("SELECT DATEDIFF(\"day\", o_orderdate, o_orderdate) FROM orders", CONFIG));
        assertNull(CoreGrammarFirst.parseOrNull("SELECT DATE_PART('year', o_orderdate) FROM orders", CONFIG));
        assertNull(CoreGrammarFirst.parseOrNull("SELECT n_name ~ 'A' FROM nation", CONFIG));
        assertNull(CoreGrammarFirst.parseOrNull("SELECT 1 AS value", CONFIG));
        assertNull(CoreGrammarFirst.parseOrNull("SELECT FROM WHERE", CONFIG));
        assertNotNull(CoreGrammarFirst.parseOrNull("SELECT EXTRACT(YEAR FROM o_orderdate) FROM orders", CONFIG));
    }

    private static String unparse(SqlNode node)
    {
        return node.toSqlString(AnsiSqlDialect.DEFAULT).getSql();
    }
}
