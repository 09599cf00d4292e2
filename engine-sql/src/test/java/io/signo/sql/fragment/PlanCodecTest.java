package io.signo.sql.fragment;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.Expression;
import io.signo.core.expression.ExpressionCodec;
import io.signo.core.expression.Expressions;
import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.sql.SqlQuerySuite;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.NestedLoopJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.TableWriterNode;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.error.ErrorCode;
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
import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.TestMethodOrder;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.Date;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

@TestInstance(TestInstance.Lifecycle.PER_CLASS)
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
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
        // EXPLAIN prints the planner's text of each expression; the decoded expressions themselves must
        // write every field back as it was read
        assertArrayEquals(bytes, PlanCodec.encode(decoded), "the decoded plan encodes differently");
        collectKinds(decoded);
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
    void expressionDeeperThanTheLimitIsRejected()
    {
        Table nation = workerCatalog.table("nation");
        Expression deep = Expressions.input(0, Type.BIGINT);
        for (int i = 0; i < ExpressionCodec.MAX_DEPTH; i++) {
            deep = Expressions.arithmetic(ArithmeticOperator.ADD, deep, Expressions.constant(Type.BIGINT, 1L), Type.BIGINT);
        }
        PlanNode atTheLimit = new FilterProjectNode(new TableScanNode(nation, new int[] {0}, 25), null, null, List.of(deep), List.of("deep"), 25);
        PlanCodec.decode(PlanCodec.encode(atTheLimit), workerCatalog);

        deep = Expressions.arithmetic(ArithmeticOperator.ADD, deep, Expressions.constant(Type.BIGINT, 1L), Type.BIGINT);
        PlanNode plan = new FilterProjectNode(new TableScanNode(nation, new int[] {0}, 25), null, null, List.of(deep), List.of("deep"), 25);
        byte[] bytes = PlanCodec.encode(plan);
        PlanDecodingException failure = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(bytes, workerCatalog));
        assertContains(failure.getMessage(), "exceeds the limits", "depth " + (ExpressionCodec.MAX_DEPTH + 1));
    }

    @Test
    void corruptBytesFailClearly()
    {
        byte[] bytes = PlanCodec.encode(singleWorker.plan("SELECT count(*) FROM nation").root());
        byte[] truncated = Arrays.copyOf(bytes, bytes.length / 2);
        assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(truncated, workerCatalog));
        assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(new byte[] {1, 2, 3}, workerCatalog));
    }

    /** Every prefix of an encoded plan fails as malformed data naming the plan, never with another exception. */
    @Test
    void everyTruncationFailsAsCorruptData()
    {
        byte[] bytes = PlanCodec.encode(singleWorker.plan(TpchQueries.query(9)).root());
        for (int length = 0; length < bytes.length; length++) {
            byte[] truncated = Arrays.copyOf(bytes, length);
            PlanDecodingException failure = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(truncated, workerCatalog), "prefix of " + length + " bytes");
            assertEquals(ErrorCode.CORRUPT_DATA, failure.errorCode());
            assertContains(failure.getMessage(), "plan");
        }
        PlanDecodingException trailing = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(Arrays.copyOf(bytes, bytes.length + 1), workerCatalog));
        assertContains(trailing.getMessage(), "1 bytes left after its last field");
    }

    /**
     * Damaged bytes (each byte in turn set to values that break lengths, tags and ordinals) decode to a
     * plan or fail as corrupt data: never a ClassCastException, an out-of-bounds index or an allocation
     * of the size a damaged length claims.
     */
    @Test
    void damagedBytesFailAsCorruptData()
    {
        byte[] bytes = PlanCodec.encode(singleWorker.plan(TpchQueries.query(9)).root());
        int failures = 0;
        for (int position = 0; position < bytes.length; position++) {
            for (int value : new int[] {0x7F, 0xFF, 0x01}) {
                byte[] damaged = bytes.clone();
                if (damaged[position] == (byte) value) {
                    continue;
                }
                damaged[position] = (byte) value;
                try {
                    PlanCodec.decode(damaged, workerCatalog);
                }
                catch (PlanDecodingException e) {
                    assertEquals(ErrorCode.CORRUPT_DATA, e.errorCode());
                    failures++;
                }
            }
        }
        assertTrue(failures > bytes.length, failures + " of " + 3 * bytes.length + " damaged plans failed");
    }

    @Test
    void wrongVersionIsNamed()
    {
        byte[] bytes = PlanCodec.encode(singleWorker.plan("SELECT count(*) FROM nation").root());
        bytes[1]++;
        PlanDecodingException failure = assertThrows(PlanDecodingException.class, () -> PlanCodec.decode(bytes, workerCatalog));
        assertContains(failure.getMessage(), "malformed plan", "version");
    }

    /** A sub-plan with two parents stays one node after decoding, which the fragmenter relies on to run it once. */
    @Test
    void sharedSubPlanStaysShared()
    {
        PlanNode scan = new TableScanNode(workerCatalog.table("nation"), new int[] {0}, 25);
        ExchangeNode union = new ExchangeNode(List.of(scan, scan), ExchangeKind.GATHER, ExchangeNode.Scope.REMOTE, List.of(), 50, 0);
        PlanNode decoded = PlanCodec.decode(PlanCodec.encode(union), workerCatalog);
        assertSame(decoded.sources().get(0), decoded.sources().get(1));
    }

    /**
     * The suites above reach every kind of plan node and expression the binary form has a tag for (the
     * kinds no suite statement plans are listed here with a statement that does).
     */
    @Test
    @Order(Integer.MAX_VALUE)
    void suitesReachEveryKind()
    {
        for (String sql : List.of(
                "SELECT o_orderkey FROM orders WHERE o_orderkey < 10 AND random() >= 0",
                "SELECT regexp_extract(o_comment, '([a-z]+)', 1), regexp_replace(o_comment, 'a', 'b'), regexp_matches(o_comment, 'fur') FROM orders WHERE o_orderkey < 10")) {
            assertRoundTrip(singleWorker, sql, true);
        }
        // no suite statement plans this expression (GREATEST and LEAST are planned otherwise): built here
        Expression greatest = Expressions.extremum(true, List.of(Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 7L)), Type.BIGINT);
        PlanNode extremum = new FilterProjectNode(new TableScanNode(workerCatalog.table("nation"), new int[] {0}, 25), null, null, List.of(greatest), List.of("greatest"), 25);
        byte[] bytes = PlanCodec.encode(extremum);
        PlanNode decoded = PlanCodec.decode(bytes, workerCatalog);
        assertArrayEquals(bytes, PlanCodec.encode(decoded));
        collectKinds(decoded);
        List<String> missing = new ArrayList<>();
        for (String kind : EXPRESSION_KINDS) {
            if (!seenKinds.contains(kind)) {
                missing.add(kind);
            }
        }
        for (Class<?> node : PlanNode.class.getPermittedSubclasses()) {
            if (!seenKinds.contains(node.getSimpleName()) && node != TableWriterNode.class) {
                missing.add(node.getSimpleName());
            }
        }
        assertEquals(List.of(), missing, "kinds no round trip reached; seen: " + seenKinds);
    }

    /** Every expression class the binary form writes (ExpressionCodec's tags). */
    private static final List<String> EXPRESSION_KINDS = List.of(
            "InputReference",
            "ConstantExpression",
            "ArithmeticExpression",
            "LongDecimalArithmeticExpression",
            "ComparisonExpression",
            "LogicalExpression",
            "NotExpression",
            "IsNullExpression",
            "CastExpression",
            "InExpression",
            "LikeExpression",
            "SearchedCaseExpression",
            "CoalesceExpression",
            "ExtractExpression",
            "SubstringExpression",
            "CaseConversionExpression",
            "CharacterLengthExpression",
            "ConcatExpression",
            "DateAddExpression",
            "DateDiffExpression",
            "DateNameExpression",
            "DateTruncExpression",
            "ExtremumExpression",
            "IntervalArithmeticExpression",
            "LastDayExpression",
            "LeftRightExpression",
            "MakeDateExpression",
            "MathFunctionExpression",
            "NarrowIntegerCheck",
            "PadExpression",
            "PositionExpression",
            "RandomExpression",
            "RegexExtractExpression",
            "RegexMatchExpression",
            "RegexReplaceExpression",
            "ReplaceExpression",
            "ReverseExpression",
            "RoundingExpression",
            "SignExpression",
            "SinceEpochExpression",
            "SplitPartExpression",
            "StartsWithExpression",
            "StrftimeExpression",
            "StrptimeExpression",
            "TimeZoneConversionExpression",
            "TrimExpression",
            "UnaryArithmeticExpression");

    private final Set<String> seenKinds = ConcurrentHashMap.newKeySet();

    private void collectKinds(PlanNode root)
    {
        Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        List<Object> pending = new ArrayList<>(List.of(root));
        while (!pending.isEmpty()) {
            Object next = pending.removeLast();
            if (next == null || !seen.add(next)) {
                continue;
            }
            switch (next) {
                case PlanNode node -> {
                    seenKinds.add(node.getClass().getSimpleName());
                    pending.addAll(node.sources());
                    switch (node) {
                        case FilterProjectNode filterProject -> {
                            pending.add(filterProject.filter());
                            pending.addAll(filterProject.projections());
                        }
                        case HashJoinNode join -> pending.add(join.residual());
                        case NestedLoopJoinNode join -> pending.add(join.residual());
                        default -> {
                        }
                    }
                }
                case Expression expression -> {
                    seenKinds.add(expression.getClass().getSimpleName());
                    pending.addAll(expressionFields(expression));
                }
                default -> pending.addAll(expressionFields(next));
            }
        }
    }

    /** The expressions an expression (or its compiled patterns) holds, read reflectively: expressions have no common accessor for their operands. */
    private static List<Object> expressionFields(Object holder)
    {
        List<Object> found = new ArrayList<>();
        for (Field field : holder.getClass().getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers())) {
                continue;
            }
            field.setAccessible(true);
            Object value;
            try {
                value = field.get(holder);
            }
            catch (IllegalAccessException e) {
                throw new AssertionError(e);
            }
            if (value instanceof Expression || (value != null && value.getClass().getSimpleName().equals("RegexPatterns"))) {
                found.add(value);
            }
            else if (value instanceof List<?> list) {
                for (Object element : list) {
                    if (element instanceof Expression) {
                        found.add(element);
                    }
                }
            }
        }
        return found;
    }

    private static void assertContains(String message, String... parts)
    {
        for (String part : parts) {
            assertTrue(message.contains(part), "expected \"" + part + "\" in: " + message);
        }
    }
}
