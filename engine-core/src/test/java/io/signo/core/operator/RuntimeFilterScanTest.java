package io.signo.core.operator;

import io.signo.core.operator.join.BloomFilter;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuntimeFilterScanTest
{
    private static final List<Type> TYPES = List.of(Type.BIGINT, Type.VARCHAR);

    private final OperatorRunner runner = new OperatorRunner();

    /** Segments of {@code rowsPerSegment} rows: key i (NULL for every 7th row) and the name "r" + i. */
    private static List<Segment> segments(int segmentCount, int rowsPerSegment)
    {
        List<Segment> segments = new ArrayList<>();
        for (int segment = 0; segment < segmentCount; segment++) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < rowsPerSegment; i++) {
                long key = (long) segment * rowsPerSegment + i;
                rows.add(row(key % 7 == 3 ? null : key, "r" + key));
            }
            segments.add(new PageSegment(page(TYPES, rows), new ColumnStatistics[] {null, null}));
        }
        return segments;
    }

    private JoinBridge builtBridge(List<Long> buildKeys)
    {
        JoinBridge bridge = new JoinBridge(true);
        List<List<Object>> rows = new ArrayList<>();
        for (Long key : buildKeys) {
            rows.add(row(key));
        }
        List<Page> build = rows.isEmpty() ? List.of() : List.of(page(List.of(Type.BIGINT), rows));
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), List.of(Type.BIGINT), 1), build);
        return bridge;
    }

    private static List<List<Object>> scan(TableScanOperator.Factory factory)
    {
        OperatorRunner runner = new OperatorRunner();
        List<Page> output = new ArrayList<>();
        try (OperatorContext context = runner.newContext(0);
                Operator operator = factory.createOperator(context)) {
            while (!operator.isFinished()) {
                Page page = operator.getOutput();
                if (page != null) {
                    output.add(page);
                }
            }
        }
        return rows(output);
    }

    @Test
    void dropsRowsWithoutJoinPartnerAndNullKeys()
    {
        // build keys: every 10th key of 0 .. 999, NULL and one key no probe row has
        List<Long> buildKeys = new ArrayList<>();
        for (long key = 0; key < 1000; key += 10) {
            buildKeys.add(key);
        }
        buildKeys.add(null);
        buildKeys.add(5000L);
        ScanRuntimeFilter filter = new ScanRuntimeFilter(builtBridge(buildKeys), new int[] {1}, "k from join 1");
        var cursor = new TableScanOperator.SegmentCursor(segments(10, 100));
        List<List<Object>> scanned = scan(new TableScanOperator.Factory("t", cursor, new int[] {1, 0}, SegmentPredicate.ALL, List.of(filter)));

        List<List<Object>> expected = new ArrayList<>();
        for (long key = 0; key < 1000; key += 10) {
            if (key % 7 != 3) {
                expected.add(row("r" + key, key));
            }
        }
        // every row with a build key is there, in order; the keys are too sparse for the exact bitmap, and
        // the Bloom filter's false positives (about 3 % of the 900 rows without a partner) may add some
        List<List<Object>> withBuildKey = new ArrayList<>();
        for (List<Object> row : scanned) {
            if (row.get(1) != null && (Long) row.get(1) % 10 == 0) {
                withBuildKey.add(row);
            }
        }
        assertEquals(expected, withBuildKey);
        assertTrue(scanned.size() <= expected.size() + 900 * 2 * BloomFilter.FALSE_POSITIVE_BOUND, scanned.size() + " rows");
        for (List<Object> row : scanned) {
            assertTrue(row.get(1) != null, "a NULL key never passes");
        }
        assertEquals(1000, filter.rowsTested());
        assertEquals(1000 - scanned.size(), filter.rowsRejected());
    }

    @Test
    void emptyBuildLeavesNoRows()
    {
        ScanRuntimeFilter filter = new ScanRuntimeFilter(builtBridge(List.of()), new int[] {0}, "k from join 1");
        var cursor = new TableScanOperator.SegmentCursor(segments(3, 50));
        assertEquals(List.of(), scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, SegmentPredicate.ALL, List.of(filter))));
        assertEquals(150, filter.rowsRejected());
    }

    @Test
    void rowsPassUntilTheBuildIsDone()
    {
        JoinBridge bridge = new JoinBridge(true);
        ScanRuntimeFilter filter = new ScanRuntimeFilter(bridge, new int[] {0}, "k from join 1");
        var cursor = new TableScanOperator.SegmentCursor(segments(3, 50));
        TableScanOperator.Factory factory = new TableScanOperator.Factory("t", cursor, new int[] {0}, SegmentPredicate.ALL, List.of(filter));
        try (OperatorContext context = runner.newContext(0);
                Operator operator = factory.createOperator(context)) {
            assertTrue(operator.isBlocked() == bridge.whenBuilt(), "the scan waits for the build");
        }
        // asked anyway, it passes the rows untested
        assertEquals(150, scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, SegmentPredicate.ALL, List.of(filter))).size());
        assertEquals(0, filter.rowsTested());
    }

    @Test
    void bridgeWithoutFilterPassesEverything()
    {
        JoinBridge bridge = new JoinBridge(false);
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), List.of(Type.BIGINT), 1), List.of(page(List.of(Type.BIGINT), row(1L))));
        ScanRuntimeFilter filter = new ScanRuntimeFilter(bridge, new int[] {0}, "k from join 1");
        var cursor = new TableScanOperator.SegmentCursor(segments(2, 50));
        assertEquals(100, scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, SegmentPredicate.ALL, List.of(filter))).size());
    }

    @Test
    void filterThatRejectsLittleIsDropped()
    {
        // every key of the table is a build key: the filter rejects only the NULLs (1 in 7), below the threshold
        List<Long> buildKeys = new ArrayList<>();
        for (long key = 0; key < 200_000; key++) {
            buildKeys.add(key);
        }
        ScanRuntimeFilter filter = new ScanRuntimeFilter(builtBridge(buildKeys), new int[] {0}, "k from join 1");
        var cursor = new TableScanOperator.SegmentCursor(segments(20, 10_000));
        List<List<Object>> scanned = scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, SegmentPredicate.ALL, List.of(filter)));
        // judged after 65,536 rows, then dropped: later NULL keys pass, for the join to drop; the scan hands
        // each 10,000-row segment on as pages of 8,192 and 1,808 rows, so the judgement comes at the end
        // of the 13th page, 6 segments and 8,192 rows in
        assertEquals(6 * 10_000 + 8192, filter.rowsTested());
        assertEquals(200_000 - filter.rowsRejected(), scanned.size());
    }

    @Test
    void aFilterAndProjectAboveTheScanAppliesTheFiltersAndItsOwnFilterOnTheSelection()
    {
        // build keys 0, 3, 6, ... 297 (dense: an exact bitmap); the filter above keeps keys ending in 0 or 5
        List<Long> buildKeys = new ArrayList<>();
        for (long key = 0; key < 300; key += 3) {
            buildKeys.add(key);
        }
        ScanRuntimeFilter filter = new ScanRuntimeFilter(builtBridge(buildKeys), new int[] {0}, "k from join 1");
        io.signo.core.expression.Expression key = io.signo.core.expression.Expressions.input(0, Type.BIGINT);
        io.signo.core.expression.PageProcessor processor = new io.signo.core.expression.PageProcessor(
                new io.signo.core.expression.PageFilter(io.signo.core.expression.Expressions.comparison(io.signo.core.expression.ComparisonOperator.EQUAL,
                        io.signo.core.expression.Expressions.arithmetic(io.signo.core.expression.ArithmeticOperator.MODULUS, key, io.signo.core.expression.Expressions.constant(Type.BIGINT, 5L), Type.BIGINT),
                        io.signo.core.expression.Expressions.constant(Type.BIGINT, 0L))),
                List.of(io.signo.core.expression.Expressions.input(1, Type.VARCHAR), key));
        List<List<Object>> output = new ArrayList<>();
        try (OperatorContext context = runner.newContext(0);
                Operator operator = new FilterProjectOperator.FilterProjectOperatorFactory(processor, List.of(filter)).createOperator(context)) {
            assertTrue(operator.isBlocked().isDone(), "the build is done");
            for (Segment segment : segments(3, 100)) {
                operator.addInput(segment.readAll());
                Page page = operator.getOutput();
                if (page != null) {
                    output.addAll(rows(List.of(page)));
                }
            }
        }
        List<List<Object>> expected = new ArrayList<>();
        int buildKeysInTable = 0;
        for (long k = 0; k < 300; k++) {
            boolean joins = k % 3 == 0 && k % 7 != 3;
            buildKeysInTable += joins ? 1 : 0;
            if (joins && k % 5 == 0) {
                expected.add(row("r" + k, k));
            }
        }
        assertEquals(expected, output);
        // the exact bitmap rejects every row without a build key, NULL keys included
        assertEquals(300, filter.rowsTested());
        assertEquals(300 - buildKeysInTable, filter.rowsRejected(), filter.toString());
    }
}
