package io.signo.sql.fragment;

import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.sql.SqlQuerySuite;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.Date;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class PlanCodecTest
{
    private TpchDataSet dataSet;
    /** Holds the same tables under a new catalog: decoding resolves tables by name, not identity of the catalog. */
    private Catalog workerCatalog;
    private SignoEngine singleWorker;
    private SignoEngine threeWorkers;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 4, MemoryPool.unbounded("plan-codec-test"));
        workerCatalog = new Catalog(TpchData.SCHEMA_NAME);
        for (Table table : dataSet.catalog().tables()) {
            workerCatalog.addTable(table);
        }
        singleWorker = new SignoEngine(dataSet.catalog(), 2);
        threeWorkers = new SignoEngine(dataSet.catalog(), 2, 3, Runtime.getRuntime().maxMemory());
    }

    @AfterAll
    void close()
    {
        singleWorker.close();
        threeWorkers.close();
        dataSet.close();
    }

    @TestFactory
    Stream<DynamicTest> tpchPlansRoundTrip()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            String sql = TpchQueries.query(query);
            String name = String.format("q%02d", query);
            tests.add(dynamicTest(name + " one worker", () -> assertRoundTrip(singleWorker, sql, true)));
            tests.add(dynamicTest(name + " three workers", () -> assertRoundTrip(threeWorkers, sql, false)));
        }
        return tests.stream();
    }

    /** Every statement of the SQL suites reaches workers intact: its plan's expressions hold only what the codec allows. */
    @TestFactory
    Stream<DynamicTest> sqlSuitePlansRoundTrip()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (String file : SqlQuerySuite.files()) {
            List<String> statements = SqlQuerySuite.statements(file);
            for (int i = 0; i < statements.size(); i++) {
                String sql = statements.get(i);
                if (!SqlQuerySuite.isSetStatement(sql)) {
                    // a SET has no plan to ship
                    tests.add(dynamicTest(file + ":" + (i + 1), () -> assertRoundTrip(threeWorkers, sql, false)));
                }
            }
        }
        return tests.stream();
    }

    private void assertRoundTrip(SignoEngine engine, String sql, boolean execute)
    {
        PlannedQuery planned = engine.plan(sql);
        byte[] bytes = PlanCodec.encode(planned.root());
        PlanNode decoded = PlanCodec.decode(bytes, workerCatalog);
        assertEquals(PlanPrinter.render(planned.root()), PlanPrinter.render(decoded));
        if (execute) {
            List<List<Object>> expected = ResultRows.toRows(engine.execute(planned));
            List<List<Object>> actual = ResultRows.toRows(engine.execute(new PlannedQuery(decoded, planned.columnNames(), false)));
            assertEquals(expected, actual);
            assertTrue(!expected.isEmpty(), "TPC-H validation queries return rows at SF 0.01");
        }
    }

    /** A recursion's plan, whose term joins a partitioned table computed once, reaches the workers intact and runs there as here. */
    @Test
    void recursivePlansRoundTrip()
    {
        String sql = """
                WITH RECURSIVE chain(k, depth) AS (
                    SELECT o_orderkey, 0 FROM orders WHERE o_orderkey < 100
                    UNION
                    SELECT o_orderkey, depth + 1 FROM chain JOIN orders ON o_orderkey = chain.k + 32 WHERE depth < 3)
                SELECT depth, count(*), sum(k) FROM chain GROUP BY depth ORDER BY depth""";
        for (SignoEngine engine : List.of(singleWorker, threeWorkers)) {
            PlannedQuery planned = engine.plan(sql);
            PlanNode decoded = PlanCodec.decode(PlanCodec.encode(planned.root()), workerCatalog);
            List<String> rendered = PlanPrinter.render(planned.root());
            assertEquals(rendered, PlanPrinter.render(decoded));
            assertTrue(rendered.stream().anyMatch(line -> line.contains("RecursiveUnion[chain, UNION")), String.join("\n", rendered));
            List<List<Object>> rows = ResultRows.toRows(engine.execute(new PlannedQuery(decoded, planned.columnNames(), false)));
            assertEquals(ResultRows.toRows(engine.execute(sql)), rows);
            assertEquals(4, rows.size());
        }
    }

    @Test
    void valuesWithNullsAndStringsRoundTrip()
    {
        String sql = "SELECT x, y, x * 2 FROM (VALUES (1, 'a'), (2, CAST(NULL AS VARCHAR)), (3, 'ccc')) AS t(x, y) WHERE y IS NULL OR y LIKE 'c%' OR x IN (1, 5)";
        PlannedQuery planned = singleWorker.plan(sql);
        PlanNode decoded = PlanCodec.decode(PlanCodec.encode(planned.root()), workerCatalog);
        assertEquals(PlanPrinter.render(planned.root()), PlanPrinter.render(decoded));
        List<List<Object>> rows = ResultRows.toRows(singleWorker.execute(new PlannedQuery(decoded, planned.columnNames(), false)));
        assertEquals(ResultRows.toRows(singleWorker.execute(sql)), rows);
        assertEquals(3, rows.size());
    }

    @Test
    void timeZonesFormatsTimesAndIntervalsRoundTrip()
    {
        assertRoundTrip(singleWorker, "SELECT o_orderkey, CAST(CAST(o_orderdate AS TIMESTAMPTZ) + INTERVAL '1' MONTH AS VARCHAR), EXTRACT(HOUR FROM CAST(o_orderdate AS TIMESTAMPTZ)), "
                + "STRFTIME(CAST(o_orderdate AS TIMESTAMPTZ), '%Y-%m-%d %z'), STRPTIME(STRFTIME(o_orderdate, '%d/%m/%Y'), '%d/%m/%Y'), TIMEZONE('Asia/Kolkata', CAST(o_orderdate AS TIMESTAMP)), "
                + "CAST(o_orderdate AS TIMESTAMP) - TIMESTAMP '1992-01-01 00:00:00', CAST(CAST(o_orderdate AS TIMESTAMP) AS TIME) FROM orders WHERE o_orderkey < 100", true);
    }

    @Test
    void tablesAreShippedByName()
    {
        PlannedQuery planned = singleWorker.plan("SELECT count(*) FROM lineitem");
        byte[] bytes = PlanCodec.encode(planned.root());
        // lineitem at SF 0.01 holds megabytes; its reference takes a few bytes
        assertTrue(bytes.length < 8 * 1024, "encoded plan of " + bytes.length + " bytes");
    }

    @Test
    void missingTableIsNamed()
    {
        byte[] bytes = PlanCodec.encode(singleWorker.plan("SELECT count(*) FROM supplier").root());
        Catalog empty = new Catalog("tpch");
        empty.addTable(workerCatalog.table("nation"));
        PlanDecodingException failure = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(bytes, empty));
        assertContains(failure.getMessage(), "supplier", "not in catalog tpch");
    }

    @Test
    void classOutsideTheAllowListIsRejected()
    {
        Table nation = workerCatalog.table("nation");
        // a constraint value may be any object in memory; in a stream only allowed classes may appear
        SegmentPredicate predicate = new SegmentPredicate(List.of(new ColumnConstraint.In(0, List.of(new Date(0)))));
        PlanNode plan = new TableScanNode(nation, new int[] {0}, 25, predicate, false);
        byte[] bytes = PlanCodec.encode(plan);
        PlanDecodingException failure = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(bytes, workerCatalog));
        assertContains(failure.getMessage(), "java.util.Date", "not allowed");
    }

    @Test
    void streamDeeperThanTheLimitIsRejected()
    {
        Table nation = workerCatalog.table("nation");
        Expression deep = Expressions.input(0, Type.BIGINT);
        for (int i = 0; i < PlanCodec.MAX_DEPTH; i++) {
            deep = Expressions.arithmetic(ArithmeticOperator.ADD, deep, Expressions.constant(Type.BIGINT, 1L), Type.BIGINT);
        }
        PlanNode plan = new FilterProjectNode(new TableScanNode(nation, new int[] {0}, 25), null, null, List.of(deep), List.of("deep"), 25);
        byte[] bytes = PlanCodec.encode(plan);
        PlanDecodingException failure = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(bytes, workerCatalog));
        assertContains(failure.getMessage(), "exceeds the limits", "depth");
    }

    @Test
    void corruptBytesFailClearly()
    {
        byte[] bytes = PlanCodec.encode(singleWorker.plan("SELECT count(*) FROM nation").root());
        byte[] truncated = java.util.Arrays.copyOf(bytes, bytes.length / 2);
        assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(truncated, workerCatalog));
        assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(new byte[] {1, 2, 3}, workerCatalog));
    }

    private static void assertContains(String message, String... parts)
    {
        for (String part : parts) {
            assertTrue(message.contains(part), "expected \"" + part + "\" in: " + message);
        }
    }
}
