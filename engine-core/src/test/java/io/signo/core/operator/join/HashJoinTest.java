package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.core.operator.join.NestedLoopJoinOperator.NestedLoopJoinOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HashJoinTest
{
    // probe: (INTEGER key, BIGINT value); build: (BIGINT key, VARCHAR name, BIGINT value)
    private static final List<Type> PROBE_TYPES = List.of(Type.INTEGER, Type.BIGINT);
    private static final List<Type> BUILD_TYPES = List.of(Type.BIGINT, Type.VARCHAR, Type.BIGINT);
    private static final Page PROBE = page(PROBE_TYPES, row(1, 10L), row(2, 20L), row(3, 30L), row(null, 40L), row(1, 50L));
    private static final Page BUILD = page(BUILD_TYPES, row(1L, "a", 20L), row(1L, "b", 60L), row(2L, "c", 5L), row(null, "n", 0L), row(4L, "d", 0L));

    private final OperatorRunner runner = new OperatorRunner();

    private List<List<Object>> join(JoinType type, List<Page> build, Expression residual)
    {
        return join(type, build, residual, PROBE);
    }

    private List<List<Object>> join(JoinType type, List<Page> build, Expression residual, Page probe)
    {
        JoinBridge bridge = new JoinBridge();
        assertEquals(0, runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1), build).size());
        List<Integer> buildOutput = type.outputsBuildColumns() ? List.of(1) : List.of();
        return rows(runner.run(new LookupJoinOperatorFactory(bridge, type, List.of(0), PROBE_TYPES, List.of(0, 1), buildOutput, residual), List.of(probe)));
    }

    @Test
    void selectedProbePageJoinsOnlyItsRows()
    {
        // PROBE's rows at the odd rows of larger columns; the even rows match build keys 1 and 2 and must not show
        List<List<Object>> padded = new ArrayList<>();
        int[] rows = new int[PROBE.positionCount()];
        for (int position = 0; position < PROBE.positionCount(); position++) {
            padded.add(row(position % 2 == 0 ? 1 : 2, 1000L + position));
            padded.add(row(PROBE.column(0).getObject(position), PROBE.column(1).getObject(position)));
            rows[position] = 2 * position + 1;
        }
        Page columns = page(PROBE_TYPES, padded);
        Page selected = Page.selected(rows, rows.length, columns.column(0), columns.column(1));
        for (JoinType type : List.of(JoinType.INNER, JoinType.LEFT, JoinType.SEMI, JoinType.ANTI)) {
            for (Expression residual : java.util.Arrays.asList(null, new LessThanForTest(1, 4))) {
                assertRowsUnordered(join(type, List.of(BUILD), residual), join(type, List.of(BUILD), residual, selected));
            }
        }
        assertTrue(new LookupJoinOperatorFactory(new JoinBridge(), JoinType.INNER, List.of(0), PROBE_TYPES, List.of(0), List.of(), null).takesSelectedRows());
    }

    @Test
    void selectedProbePageWithStringKeys()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.BIGINT);
        Page build = page(types, row("x", 1L), row("y", 2L), row("x", 3L));
        Page columns = page(types, row("x", 10L), row("y", 11L), row("x", 12L), row("z", 13L), row(null, 14L), row("y", 15L));
        int[] rows = {1, 3, 4, 5};
        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), types, 1), List.of(build));
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), types, List.of(1), List.of(1), null),
                List.of(Page.selected(rows, rows.length, columns.column(0), columns.column(1))));
        assertRowsUnordered(List.of(row(11L, 2L), row(15L, 2L)), rows(output));
    }

    @Test
    void innerJoinWithDuplicatesNullKeysAndDifferentKeyWidths()
    {
        assertRowsUnordered(List.of(
                row(1, 10L, "a"), row(1, 10L, "b"),
                row(2, 20L, "c"),
                row(1, 50L, "a"), row(1, 50L, "b")),
                join(JoinType.INNER, List.of(BUILD), null));
    }

    @Test
    void leftJoinFillsUnmatchedWithNulls()
    {
        assertRowsUnordered(List.of(
                row(1, 10L, "a"), row(1, 10L, "b"),
                row(2, 20L, "c"),
                row(3, 30L, null),
                row(null, 40L, null),
                row(1, 50L, "a"), row(1, 50L, "b")),
                join(JoinType.LEFT, List.of(BUILD), null));
    }

    @Test
    void fullJoinAddsUnmatchedRowsOfBothSides()
    {
        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1), List.of(BUILD));
        // probe.value (channel 1) < build.value (channel 2 + 2 = 4): build rows "c" (key 2) and "n" (NULL key) and "d" (key 4) match nothing
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.FULL, List.of(0), PROBE_TYPES, List.of(0, 1), List.of(1), new LessThanForTest(1, 4),
                new BuildRowMarks(1)), List.of(PROBE));
        assertRowsUnordered(List.of(
                row(1, 10L, "a"), row(1, 10L, "b"),
                row(2, 20L, null),
                row(3, 30L, null),
                row(null, 40L, null),
                row(1, 50L, "b"),
                row(null, null, "c"),
                row(null, null, "n"),
                row(null, null, "d")),
                rows(output));
    }

    @Test
    void semiAndAntiJoins()
    {
        assertRowsUnordered(List.of(row(1, 10L), row(2, 20L), row(1, 50L)), join(JoinType.SEMI, List.of(BUILD), null));
        assertRowsUnordered(List.of(row(3, 30L), row(null, 40L)), join(JoinType.ANTI, List.of(BUILD), null));
    }

    @Test
    void residualFilterDecidesWhichPairsMatch()
    {
        // probe.value (channel 1) < build.value (channel 2 + 2 = 4)
        Expression residual = new LessThanForTest(1, 4);
        assertRowsUnordered(List.of(row(1, 10L, "a"), row(1, 10L, "b"), row(1, 50L, "b")), join(JoinType.INNER, List.of(BUILD), residual));
        assertRowsUnordered(List.of(
                row(1, 10L, "a"), row(1, 10L, "b"),
                row(2, 20L, null),
                row(3, 30L, null),
                row(null, 40L, null),
                row(1, 50L, "b")),
                join(JoinType.LEFT, List.of(BUILD), residual));
        assertRowsUnordered(List.of(row(1, 10L), row(1, 50L)), join(JoinType.SEMI, List.of(BUILD), residual));
        assertRowsUnordered(List.of(row(2, 20L), row(3, 30L), row(null, 40L)), join(JoinType.ANTI, List.of(BUILD), residual));
    }

    @Test
    void emptyBuildSide()
    {
        assertEquals(List.of(), join(JoinType.INNER, List.of(), null));
        assertEquals(List.of(), join(JoinType.SEMI, List.of(), null));
        assertEquals(5, join(JoinType.LEFT, List.of(), null).size());
        assertRowsUnordered(List.of(row(1, 10L), row(2, 20L), row(3, 30L), row(null, 40L), row(1, 50L)), join(JoinType.ANTI, List.of(page(BUILD_TYPES)), null));
    }

    @Test
    void multiColumnKeysWithStringsDecimalsAndDates()
    {
        Type decimal = Type.decimal(10, 2);
        List<Type> types = List.of(Type.VARCHAR, decimal, Type.DATE, Type.character(5));
        Page build = page(types, row("x", 150L, 10, "b1"), row("x", 150L, 11, "b2"), row("y", 150L, 10, "b3"), row("", 0L, 0, "b4"), row("x", null, 10, "b5"));
        Page probe = page(types, row("x", 150L, 10, "p1"), row("y", 150L, 10, "p2"), row("y", 151L, 10, "p3"), row("", 0L, 0, "p4"), row("x", null, 10, "p5"));
        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0, 1, 2), types, 1), List.of(build));
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0, 1, 2), types, List.of(3), List.of(3), null), List.of(probe));
        assertRowsUnordered(List.of(row("p1", "b1"), row("p2", "b3"), row("p4", "b4")), rows(output));
    }

    @Test
    void probeIsBlockedUntilTheLastBuildOperatorFinishes()
    {
        JoinBridge bridge = new JoinBridge();
        HashBuilderOperatorFactory buildFactory = new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 2);
        OperatorContext probeContext = runner.newContext(0);
        Operator probe = new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), PROBE_TYPES, List.of(1), List.of(1), null).createOperator(probeContext);
        assertFalse(probe.isBlocked().isDone());
        assertFalse(probe.needsInput());

        OperatorContext firstContext = runner.newContext(0);
        OperatorContext secondContext = runner.newContext(1);
        Operator first = buildFactory.createOperator(firstContext);
        Operator second = buildFactory.createOperator(secondContext);
        first.addInput(page(BUILD_TYPES, row(1L, "a", 0L)));
        second.addInput(page(BUILD_TYPES, row(2L, "b", 0L), row(1L, "c", 0L)));
        assertNull(first.getOutput());
        // the first to finish waits, blocked, for the last to read every page and share the rest of the build
        first.finish();
        assertFalse(first.isFinished());
        assertFalse(first.isBlocked().isDone());
        assertFalse(probe.isBlocked().isDone());
        second.finish();
        assertTrue(second.isFinished());
        assertEquals(0, secondContext.memory().reservedBytes(), "the build operator handed its pages to the bridge");
        assertTrue(runner.pool().reservedBytes() > 0, "the bridge counts the build while the probe is open");
        assertTrue(probe.isBlocked().isDone());
        assertTrue(probe.needsInput());
        // called again once unblocked, it finds the build's tasks taken and finishes
        assertTrue(first.isBlocked().isDone());
        assertTrue(first.finishesInSteps());
        first.finish();
        assertTrue(first.isFinished());

        probe.addInput(page(PROBE_TYPES, row(1, 10L), row(2, 20L)));
        List<Page> output = new ArrayList<>();
        runner.drain(probe, output, probeContext);
        probe.finish();
        runner.drain(probe, output, probeContext);
        assertTrue(probe.isFinished());
        assertRowsUnordered(List.of(row(10L, "a"), row(10L, "c"), row(20L, "b")), rows(output));
        for (Operator operator : List.of(first, second, probe)) {
            operator.close();
        }
        assertEquals(0, runner.pool().reservedBytes());
    }

    @Test
    void manyBuildRowsWithDuplicateKeys()
    {
        int distinctKeys = 100_000;
        List<Page> build = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 3 * distinctKeys; i++) {
            rows.add(row((long) (i % distinctKeys), "v", (long) i));
            if (rows.size() == 8192) {
                build.add(page(BUILD_TYPES, rows));
                rows = new ArrayList<>();
            }
        }
        build.add(page(BUILD_TYPES, rows));
        List<Page> probe = new ArrayList<>();
        rows = new ArrayList<>();
        for (int i = 0; i < 2 * distinctKeys; i++) {
            rows.add(row(i, (long) i));
            if (rows.size() == 4096) {
                probe.add(page(PROBE_TYPES, rows));
                rows = new ArrayList<>();
            }
        }
        probe.add(page(PROBE_TYPES, rows));

        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1), build);
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), PROBE_TYPES, List.of(0), List.of(2), null), probe);
        long rowCount = 0;
        long checksum = 0;
        for (Page page : output) {
            assertTrue(page.positionCount() <= LookupJoinOperator.BATCH_SIZE);
            for (int position = 0; position < page.positionCount(); position++) {
                long probeKey = page.column(0).getInt(position);
                long buildValue = page.column(1).getLong(position);
                assertEquals(probeKey, buildValue % distinctKeys);
                checksum += buildValue;
                rowCount++;
            }
        }
        assertEquals(3L * distinctKeys, rowCount);
        assertEquals((3L * distinctKeys - 1) * 3 * distinctKeys / 2, checksum);
    }

    @Test
    void buildDriversShareALargeBuildAcrossThreads()
    {
        // 300,000 rows in two build operators: the table is filled region slice by slice on both threads
        // at once, with the runtime filter as one more task; every probe key must find exactly its rows
        int rowCount = 300_000;
        List<List<Page>> halves = List.of(new ArrayList<>(), new ArrayList<>());
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < rowCount; i++) {
            long key = (i * 7919L) % (rowCount / 2);
            rows.add(row(key, "v", (long) i));
            if (rows.size() == 8192 || i == rowCount - 1) {
                halves.get(i % 2).add(page(BUILD_TYPES, rows));
                rows = new ArrayList<>();
            }
        }
        JoinBridge bridge = new JoinBridge(true);
        HashBuilderOperatorFactory factory = new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 2);
        runOnTwoThreads(factory, halves);
        assertTrue(bridge.isBuilt());
        assertTrue(bridge.runtimeFilter() != null);

        List<Page> probe = probePagesWithKeysUpTo(rowCount / 2 + 1000);
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), PROBE_TYPES, List.of(0), List.of(2), null), probe);
        long count = 0;
        long sum = 0;
        for (Page page : output) {
            for (int position = 0; position < page.positionCount(); position++) {
                assertEquals(page.column(0).getInt(position), (page.column(1).getLong(position) * 7919L) % (rowCount / 2));
                sum += page.column(1).getLong(position);
                count++;
            }
        }
        assertEquals(rowCount, count);
        assertEquals((long) rowCount * (rowCount - 1) / 2, sum);
    }

    @Test
    void aLargeBuildInPagesOfVeryDifferentSizesOnTwoThreads()
    {
        // the build reads its keys and sorts its rows in runs of pages of about equal rows: one page
        // larger than a run's share, single rows, and pages between must each be read exactly once
        int[] pageSizes = {1, 140_000, 3, 20_000, 1, 1, 60_000, 5, 9000, 9000, 9000, 9000, 2, 45_000};
        List<List<Page>> drivers = List.of(new ArrayList<>(), new ArrayList<>());
        long key = 0;
        for (int page = 0; page < pageSizes.length; page++) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < pageSizes[page]; i++, key++) {
                rows.add(row(key, "v", key * 3));
            }
            drivers.get(page % 2).add(page(BUILD_TYPES, rows));
        }
        long buildRows = key;
        JoinBridge bridge = new JoinBridge(true);
        runOnTwoThreads(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 2), drivers);
        assertTrue(bridge.isBuilt());

        List<Page> probe = probePagesWithKeysUpTo((int) buildRows + 500);
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), PROBE_TYPES, List.of(1), List.of(2), null), probe);
        long count = 0;
        for (Page page : output) {
            for (int position = 0; position < page.positionCount(); position++) {
                assertEquals(page.column(0).getLong(position) * 3, page.column(1).getLong(position));
                count++;
            }
        }
        assertEquals(buildRows, count);
    }

    /** Probe pages of (key, key) for every key from 0 below {@code keyCount}, 8192 rows a page. */
    private static List<Page> probePagesWithKeysUpTo(int keyCount)
    {
        List<Page> probe = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int key = 0; key < keyCount; key++) {
            rows.add(row(key, (long) key));
            if (rows.size() == 8192) {
                probe.add(page(PROBE_TYPES, rows));
                rows = new ArrayList<>();
            }
        }
        probe.add(page(PROBE_TYPES, rows));
        return probe;
    }

    /** Runs one build operator of {@code factory} per list of pages, each on its own thread, until all finish. */
    private void runOnTwoThreads(HashBuilderOperatorFactory factory, List<List<Page>> pagesByDriver)
    {
        List<Operator> builders = List.of(factory.createOperator(runner.newContext(0)), factory.createOperator(runner.newContext(1)));
        java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(2);
        try {
            List<java.util.concurrent.Future<?>> done = new ArrayList<>();
            for (int driver = 0; driver < 2; driver++) {
                Operator builder = builders.get(driver);
                List<Page> pages = pagesByDriver.get(driver);
                done.add(threads.submit(() -> {
                    pages.forEach(builder::addInput);
                    builder.finish();
                    while (!builder.isFinished()) {
                        builder.isBlocked().join();
                        builder.finish();
                    }
                }));
            }
            for (java.util.concurrent.Future<?> future : done) {
                future.get();
            }
        }
        catch (InterruptedException | java.util.concurrent.ExecutionException e) {
            throw new AssertionError(e);
        }
        finally {
            threads.shutdownNow();
            builders.forEach(Operator::close);
        }
    }

    @Test
    void manyBuildRowsWithStringAndNumberKeys()
    {
        // 200,000 rows take the region-by-region build with keys compared by hash and then by value:
        // 50,000 distinct (string, number) pairs, four rows each; every 13th row has a NULL key
        List<Type> types = List.of(Type.VARCHAR, Type.BIGINT, Type.BIGINT);
        List<Page> build = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        long expectedSum = 0;
        long expectedCount = 0;
        for (int i = 0; i < 200_000; i++) {
            int pair = i % 50_000;
            boolean nullKey = i % 13 == 0;
            rows.add(row(nullKey ? null : "k" + pair % 1000, (long) (pair / 1000), (long) i));
            if (!nullKey && pair % 2 == 0) {
                expectedSum += i;
                expectedCount++;
            }
            if (rows.size() == 8192) {
                build.add(page(types, rows));
                rows = new ArrayList<>();
            }
        }
        build.add(page(types, rows));
        // the probe asks for the even pairs once each, and for keys no build row has
        List<List<Object>> probeRows = new ArrayList<>();
        for (int pair = 0; pair < 50_000; pair += 2) {
            probeRows.add(row("k" + pair % 1000, (long) (pair / 1000), 0L));
            probeRows.add(row("k" + pair % 1000, (long) (pair / 1000) + 50, 0L));
        }
        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0, 1), types, 1), build);
        List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0, 1), types, List.of(), List.of(2), null), List.of(page(types, probeRows)));
        long sum = 0;
        long count = 0;
        for (Page page : output) {
            for (int position = 0; position < page.positionCount(); position++) {
                sum += page.column(0).getLong(position);
                count++;
            }
        }
        assertEquals(expectedCount, count);
        assertEquals(expectedSum, sum);
    }

    @Test
    void manyBuildRowsWithDistinctKeysAcrossPagesAndBatches()
    {
        // distinct build keys take the probe path without chains (and, this many, the region-by-region
        // build); every 7th build value is NULL,
        // every 11th probe key is NULL, odd probe keys beyond the build's range find nothing
        int buildRows = 150_000;
        List<Page> build = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < buildRows; i++) {
            long key = (i * 7919L) % buildRows;
            rows.add(row(key, key % 7 == 0 ? null : "s" + key, key % 7 == 0 ? null : key * 10));
            if (rows.size() == 3000) {
                build.add(page(BUILD_TYPES, rows));
                rows = new ArrayList<>();
            }
        }
        build.add(page(BUILD_TYPES, rows));
        List<Page> probe = new ArrayList<>();
        rows = new ArrayList<>();
        int probeRows = 3 * buildRows;
        for (int i = 0; i < probeRows; i++) {
            rows.add(row(i % 11 == 0 ? null : i, (long) i));
            if (rows.size() == 10_000) {
                probe.add(page(PROBE_TYPES, rows));
                rows = new ArrayList<>();
            }
        }
        probe.add(page(PROBE_TYPES, rows));

        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1), build);
        for (JoinType type : List.of(JoinType.INNER, JoinType.LEFT)) {
            List<Page> output = runner.run(new LookupJoinOperatorFactory(bridge, type, List.of(0), PROBE_TYPES, List.of(1), List.of(1, 2), null), probe);
            long rowCount = 0;
            long nullValues = 0;
            for (Page page : output) {
                // LEFT emits a probe page's unmatched rows as one page, which may be larger
                assertTrue(type == JoinType.LEFT || page.positionCount() <= LookupJoinOperator.BATCH_SIZE);
                for (int position = 0; position < page.positionCount(); position++) {
                    long probeValue = page.column(0).getLong(position);
                    boolean expectMatch = probeValue % 11 != 0 && probeValue < buildRows;
                    rowCount++;
                    if (!expectMatch) {
                        assertEquals(JoinType.LEFT, type);
                        assertTrue(page.column(1).isNull(position));
                        assertTrue(page.column(2).isNull(position));
                    }
                    else if (probeValue % 7 == 0) {
                        nullValues++;
                        assertTrue(page.column(1).isNull(position));
                        assertTrue(page.column(2).isNull(position));
                    }
                    else {
                        assertEquals("s" + probeValue, page.column(1).getString(position));
                        assertEquals(probeValue * 10, page.column(2).getLong(position));
                    }
                }
            }
            long matches = 0;
            long matchesWithNullValue = 0;
            for (int i = 0; i < buildRows; i++) {
                if (i % 11 != 0) {
                    matches++;
                    matchesWithNullValue += i % 7 == 0 ? 1 : 0;
                }
            }
            assertEquals(type == JoinType.LEFT ? probeRows : matches, rowCount);
            assertEquals(matchesWithNullValue, nullValues);
        }
    }

    @Test
    void nestedLoopJoinWithoutKeys()
    {
        List<Type> buildTypes = List.of(Type.BIGINT);
        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(), buildTypes, 1), List.of(page(buildTypes, row(25L))));
        // probe.value (1) < build.value (2)
        List<Page> inner = runner.run(new NestedLoopJoinOperatorFactory(bridge, JoinType.INNER, PROBE_TYPES, List.of(1), List.of(0), new LessThanForTest(1, 2), null), List.of(PROBE));
        assertRowsUnordered(List.of(row(10L, 25L), row(20L, 25L)), rows(inner));
        List<Page> left = runner.run(new NestedLoopJoinOperatorFactory(bridge, JoinType.LEFT, PROBE_TYPES, List.of(1), List.of(0), new LessThanForTest(1, 2), null), List.of(PROBE));
        assertRowsUnordered(List.of(row(10L, 25L), row(20L, 25L), row(30L, null), row(40L, null), row(50L, null)), rows(left));
        List<Page> cross = runner.run(new NestedLoopJoinOperatorFactory(bridge, JoinType.INNER, PROBE_TYPES, List.of(0), List.of(0), null, null), List.of(PROBE));
        assertEquals(5, rows(cross).size());
    }
}
