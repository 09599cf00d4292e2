package io.signo.core.operator;

import io.signo.core.operator.scan.ColumnConstraint;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Segment;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TableScanOperatorTest
{
    private static final List<Type> TYPES = List.of(Type.BIGINT, Type.VARCHAR);

    /** Ten segments of ten rows each; segment i holds keys 10 * i to 10 * i + 9 and the name "s" + i. */
    private static List<Segment> segments()
    {
        List<Segment> segments = new ArrayList<>();
        for (int segment = 0; segment < 10; segment++) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < 10; i++) {
                rows.add(row(10L * segment + i, "s" + segment));
            }
            ColumnStatistics[] statistics = {
                    new ColumnStatistics(10, 0, 10L * segment, 10L * segment + 9, 8),
                    new ColumnStatistics(1, 0, "s" + segment, "s" + segment, 2)};
            segments.add(new PageSegment(page(TYPES, rows), statistics));
        }
        return segments;
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
    void aLargeSegmentIsHandedOnInPagesOfTheEnginesSize()
    {
        // one segment of 20,005 rows, as a Parquet row group reads: NULLs and strings of several lengths
        List<List<Object>> rows = new ArrayList<>();
        for (long key = 0; key < 20_005; key++) {
            rows.add(row(key % 11 == 4 ? null : key, key % 13 == 5 ? null : "v".repeat((int) (key % 4)) + key));
        }
        var cursor = new TableScanOperator.SegmentCursor(List.of(new PageSegment(page(TYPES, rows), new ColumnStatistics[] {null, null})));
        OperatorRunner runner = new OperatorRunner();
        List<Page> output = new ArrayList<>();
        try (OperatorContext context = runner.newContext(0);
                Operator operator = new TableScanOperator.Factory("t", cursor, new int[] {1, 0}).createOperator(context)) {
            while (!operator.isFinished()) {
                Page page = operator.getOutput();
                if (page != null) {
                    output.add(page);
                }
            }
        }
        assertEquals(List.of(8192, 8192, 3621), output.stream().map(Page::positionCount).toList());
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> row : rows) {
            expected.add(java.util.Arrays.asList(row.get(1), row.get(0)));
        }
        assertEquals(expected, rows(output));
        // each page's strings are its own: the bytes it holds are those of its rows
        long bytes = 0;
        for (Page page : output) {
            var strings = page.column(0);
            assertEquals(strings.stringStart(page.positionCount()) - strings.stringStart(0), strings.values().byteSize());
            bytes += strings.values().byteSize();
        }
        assertEquals(rows.stream().mapToLong(row -> row.get(1) == null ? 0 : ((String) row.get(1)).length()).sum(), bytes);
    }

    @Test
    void skipsSegmentsThatCannotMatch()
    {
        List<Segment> segments = segments();
        var cursor = new TableScanOperator.SegmentCursor(segments);
        // keys 25 to 41 live in segments 2, 3 and 4
        SegmentPredicate predicate = new SegmentPredicate(List.of(ColumnConstraint.between(0, 25L, 41L)));
        List<List<Object>> pruned = scan(new TableScanOperator.Factory("t", cursor, new int[] {1, 0}, predicate));

        assertEquals(7, cursor.prunedSegments());
        assertEquals(10, cursor.segmentCount());
        assertEquals(30, pruned.size());
        List<List<Object>> expected = new ArrayList<>();
        for (long key = 20; key < 50; key++) {
            expected.add(row("s" + key / 10, key));
        }
        assertEquals(expected, pruned);
        // the rows the filter keeps are the same as with a full scan
        var fullCursor = new TableScanOperator.SegmentCursor(segments);
        List<List<Object>> full = scan(new TableScanOperator.Factory("t", fullCursor, new int[] {1, 0}));
        assertEquals(0, fullCursor.prunedSegments());
        assertEquals(100, full.size());
        assertEquals(keysBetween(full, 25, 41), keysBetween(pruned, 25, 41));
    }

    @Test
    void pruningEverySegmentProducesNoRows()
    {
        var cursor = new TableScanOperator.SegmentCursor(segments());
        SegmentPredicate predicate = new SegmentPredicate(List.of(ColumnConstraint.in(1, List.of("a", "z"))));
        assertEquals(List.of(), scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, predicate)));
        assertEquals(10, cursor.prunedSegments());
    }

    @Test
    void emptyTable()
    {
        var cursor = new TableScanOperator.SegmentCursor(List.of());
        SegmentPredicate predicate = new SegmentPredicate(List.of(ColumnConstraint.equalTo(0, 1L)));
        assertEquals(List.of(), scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, predicate)));
        assertEquals(0, cursor.prunedSegments());
    }

    @Test
    void segmentsWithoutStatisticsAreRead()
    {
        Page page = page(TYPES, row(1L, "a"), row(null, null));
        var cursor = new TableScanOperator.SegmentCursor(List.of(new PageSegment(page, new ColumnStatistics[] {null, null})));
        SegmentPredicate predicate = new SegmentPredicate(List.of(ColumnConstraint.equalTo(0, 100L)));
        assertEquals(List.of(row(1L), row((Object) null)), scan(new TableScanOperator.Factory("t", cursor, new int[] {0}, predicate)));
        assertEquals(0, cursor.prunedSegments());
    }

    private static List<List<Object>> keysBetween(List<List<Object>> rows, long low, long high)
    {
        List<List<Object>> kept = new ArrayList<>();
        for (List<Object> row : rows) {
            long key = (Long) row.get(1);
            if (key >= low && key <= high) {
                kept.add(row);
            }
        }
        return kept;
    }

    @Test
    void splitsComeFromTheSupplierBatchByBatchAndTheScanWaitsForThem()
    {
        // the supplier hands out segments 7, 2 and 5 in two batches, then none
        List<CompletableFuture<int[]>> requests = new ArrayList<>();
        SplitSupplier supplier = () -> {
            CompletableFuture<int[]> request = new CompletableFuture<>();
            requests.add(request);
            return request;
        };
        var cursor = new TableScanOperator.SegmentCursor(segments(), supplier);
        OperatorRunner runner = new OperatorRunner();
        List<Page> output = new ArrayList<>();
        try (OperatorContext context = runner.newContext(0);
                Operator operator = new TableScanOperator.Factory("t", cursor, new int[] {0, 1}).createOperator(context)) {
            assertFalse(operator.isBlocked().isDone(), "no split yet: the scan waits for the first batch");
            assertEquals(1, requests.size());
            assertNull(operator.getOutput());
            assertFalse(operator.isFinished());
            assertEquals(1, requests.size(), "one batch asked for at a time");

            requests.get(0).complete(new int[] {7, 2});
            assertTrue(operator.isBlocked().isDone());
            output.add(operator.getOutput());
            output.add(operator.getOutput());
            assertEquals(2, requests.size(), "the next batch is asked for as soon as the last split of one is handed out");
            assertNull(operator.getOutput());
            assertFalse(operator.isBlocked().isDone());

            requests.get(1).complete(new int[] {5});
            output.add(operator.getOutput());
            requests.get(2).complete(new int[0]);
            assertTrue(operator.isBlocked().isDone());
            assertNull(operator.getOutput());
            assertTrue(operator.isFinished(), "an empty batch ends the scan");
        }
        List<List<Object>> expected = new ArrayList<>();
        for (int segment : new int[] {7, 2, 5}) {
            for (int i = 0; i < 10; i++) {
                expected.add(row(10L * segment + i, "s" + segment));
            }
        }
        assertEquals(expected, rows(output));
    }

    @Test
    void aSplitTheTableDoesNotHaveOrAFailedRequestFailsTheScan()
    {
        var outOfRange = new TableScanOperator.SegmentCursor(segments(), () -> CompletableFuture.completedFuture(new int[] {3, 10}));
        OperatorRunner runner = new OperatorRunner();
        try (OperatorContext context = runner.newContext(0);
                Operator operator = new TableScanOperator.Factory("t", outOfRange, new int[] {0}).createOperator(context)) {
            IllegalStateException failure = assertThrows(IllegalStateException.class, operator::getOutput);
            assertTrue(failure.getMessage().contains("split 10 is not one of the 10 splits of the table"), failure.getMessage());
        }
        var failing = new TableScanOperator.SegmentCursor(segments(), () -> CompletableFuture.failedFuture(new IllegalStateException("coordinator 127.0.0.1:1 is gone")));
        try (OperatorContext context = runner.newContext(1);
                Operator operator = new TableScanOperator.Factory("t", failing, new int[] {0}).createOperator(context)) {
            IllegalStateException failure = assertThrows(IllegalStateException.class, operator::getOutput);
            assertTrue(failure.getMessage().contains("cannot get the splits to scan: coordinator 127.0.0.1:1 is gone"), failure.getMessage());
        }
    }
}
