package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.RightSemiJoinOperator.RightSemiJoinOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RightSemiJoinTest
{
    // the rows a SEMI or ANTI join keeps, hashed: (INTEGER key, BIGINT value)
    private static final List<Type> BUILD_TYPES = List.of(Type.INTEGER, Type.BIGINT);
    // the larger side, streamed: (BIGINT key, VARCHAR name, BIGINT value)
    private static final List<Type> PROBE_TYPES = List.of(Type.BIGINT, Type.VARCHAR, Type.BIGINT);
    private static final Page BUILD = page(BUILD_TYPES, row(1, 10L), row(2, 20L), row(3, 30L), row(null, 40L), row(1, 50L));
    private static final Page PROBE = page(PROBE_TYPES, row(1L, "a", 20L), row(1L, "b", 60L), row(2L, "c", 5L), row(null, "n", 0L), row(4L, "d", 0L), row(1L, "e", 0L));

    private final OperatorRunner runner = new OperatorRunner();

    private List<List<Object>> join(JoinType type, List<Page> build, List<Page> probe, Expression residual)
    {
        JoinBridge bridge = new JoinBridge();
        assertEquals(0, runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1), build).size());
        return rows(runner.run(new RightSemiJoinOperatorFactory(bridge, new BuildRowMarks(1), type, List.of(0), PROBE_TYPES, residual), probe));
    }

    @Test
    void semiKeepsMatchedBuildRowsOnceAndAntiTheOthersWithNullKeys()
    {
        assertRowsUnordered(List.of(row(1, 10L), row(2, 20L), row(1, 50L)), join(JoinType.SEMI, List.of(BUILD), List.of(PROBE), null));
        assertRowsUnordered(List.of(row(3, 30L), row(null, 40L)), join(JoinType.ANTI, List.of(BUILD), List.of(PROBE), null));
    }

    @Test
    void residualFilterOverProbeThenBuildColumns()
    {
        // build.value (channel 3 + 1) < probe.value (channel 2)
        Expression residual = new LessThanForTest(4, 2);
        assertRowsUnordered(List.of(row(1, 10L), row(1, 50L)), join(JoinType.SEMI, List.of(BUILD), List.of(PROBE), residual));
        assertRowsUnordered(List.of(row(2, 20L), row(3, 30L), row(null, 40L)), join(JoinType.ANTI, List.of(BUILD), List.of(PROBE), residual));
        // a NULL filter result is not a match
        Page nullValue = page(PROBE_TYPES, row(2L, "x", null));
        assertRowsUnordered(List.of(), join(JoinType.SEMI, List.of(BUILD), List.of(nullValue), residual));
    }

    @Test
    void selectedProbePageMarksOnlyByItsRows()
    {
        // PROBE's rows at the even rows of larger columns; the odd rows would match build keys 3 and 1 and pass the residual
        List<List<Object>> padded = new ArrayList<>();
        int[] rows = new int[PROBE.positionCount()];
        for (int position = 0; position < PROBE.positionCount(); position++) {
            rows[position] = 2 * position;
            padded.add(row(PROBE.column(0).getObject(position), PROBE.column(1).getObject(position), PROBE.column(2).getObject(position)));
            padded.add(row(position % 2 == 0 ? 3L : 1L, "decoy", 1000L));
        }
        Page columns = page(PROBE_TYPES, padded);
        Page selected = Page.selected(rows, rows.length, columns.column(0), columns.column(1), columns.column(2));
        for (JoinType type : List.of(JoinType.SEMI, JoinType.ANTI)) {
            for (Expression residual : Arrays.asList(null, new LessThanForTest(4, 2))) {
                assertRowsUnordered(join(type, List.of(BUILD), List.of(PROBE), residual), join(type, List.of(BUILD), List.of(selected), residual));
            }
        }
    }

    @Test
    void emptySides()
    {
        assertEquals(List.of(), join(JoinType.SEMI, List.of(), List.of(PROBE), null));
        assertEquals(List.of(), join(JoinType.ANTI, List.of(page(BUILD_TYPES)), List.of(PROBE), null));
        assertEquals(List.of(), join(JoinType.SEMI, List.of(BUILD), List.of(), null));
        assertEquals(List.of(), join(JoinType.SEMI, List.of(BUILD), List.of(page(PROBE_TYPES)), new LessThanForTest(4, 2)));
        assertRowsUnordered(rows(List.of(BUILD)), join(JoinType.ANTI, List.of(BUILD), List.of(), null));
    }

    @Test
    void stringKeys()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.INTEGER);
        Page build = page(types, row("x", 1), row("yy", 2), row("", 3), row(null, 4), row("x", 5));
        Page probe = page(types, row("x", 0), row("", 0), row("z", 0), row(null, 0));
        JoinBridge bridge = new JoinBridge();
        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), types, 1), List.of(build));
        assertRowsUnordered(List.of(row("x", 1), row("", 3), row("x", 5)),
                rows(runner.run(new RightSemiJoinOperatorFactory(bridge, new BuildRowMarks(1), JoinType.SEMI, List.of(0), types, null), List.of(probe))));
    }

    @Test
    void onlyTheLastProbeOperatorToFinishEmits()
    {
        JoinBridge bridge = new JoinBridge();
        BuildRowMarks marks = new BuildRowMarks(2);
        RightSemiJoinOperatorFactory factory = new RightSemiJoinOperatorFactory(bridge, marks, JoinType.SEMI, List.of(0), PROBE_TYPES, null);
        OperatorContext firstContext = runner.newContext(0);
        OperatorContext secondContext = runner.newContext(1);
        Operator first = factory.createOperator(firstContext);
        Operator second = factory.createOperator(secondContext);
        assertFalse(first.isBlocked().isDone());
        assertFalse(first.needsInput());
        // a probe operator may finish before the build side is ready
        first.finish();
        assertTrue(first.isFinished());

        runner.run(new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, 1), List.of(BUILD));
        assertTrue(second.isBlocked().isDone());
        second.addInput(page(PROBE_TYPES, row(2L, "c", 5L)));
        assertNull(second.getOutput());
        assertFalse(second.isFinished());
        second.finish();
        List<Page> output = new ArrayList<>();
        runner.drain(second, output, secondContext);
        assertTrue(second.isFinished());
        assertRowsUnordered(List.of(row(2, 20L)), rows(output));
        assertThrows(IllegalStateException.class, marks::probeFinished);
        first.close();
        second.close();
        assertEquals(0, firstContext.memory().reservedBytes() + secondContext.memory().reservedBytes());
    }

    @Test
    void severalBuildAndProbeDriversWithDuplicatesOnBothSidesMatchNestedLoops()
    {
        Random random = new Random(42);
        List<Page> buildPages = new ArrayList<>();
        List<List<Object>> buildRows = new ArrayList<>();
        for (int page = 0; page < 6; page++) {
            List<List<Object>> pageRows = new ArrayList<>();
            for (int i = 0; i < 300; i++) {
                Integer key = random.nextInt(20) == 0 ? null : random.nextInt(150);
                pageRows.add(row(key, (long) random.nextInt(100)));
            }
            buildRows.addAll(pageRows);
            buildPages.add(page(BUILD_TYPES, pageRows));
        }
        List<Page> probePages = new ArrayList<>();
        List<List<Object>> probeRows = new ArrayList<>();
        for (int page = 0; page < 9; page++) {
            List<List<Object>> pageRows = new ArrayList<>();
            for (int i = 0; i < 400; i++) {
                Long key = random.nextInt(20) == 0 ? null : (long) random.nextInt(200);
                Long value = random.nextInt(30) == 0 ? null : (long) random.nextInt(100);
                pageRows.add(row(key, "p", value));
            }
            probeRows.addAll(pageRows);
            probePages.add(page(PROBE_TYPES, pageRows));
        }
        Expression residual = new LessThanForTest(4, 2);
        for (JoinType type : List.of(JoinType.SEMI, JoinType.ANTI)) {
            for (boolean filtered : List.of(false, true)) {
                List<List<Object>> expected = new ArrayList<>();
                for (List<Object> build : buildRows) {
                    boolean matched = false;
                    for (List<Object> probe : probeRows) {
                        if (build.get(0) != null && probe.get(0) != null && ((Integer) build.get(0)).longValue() == (Long) probe.get(0)
                                && (!filtered || (probe.get(2) != null && (Long) build.get(1) < (Long) probe.get(2)))) {
                            matched = true;
                            break;
                        }
                    }
                    if (matched == (type == JoinType.SEMI)) {
                        expected.add(build);
                    }
                }
                assertRowsUnordered(expected, runWithDrivers(type, filtered ? residual : null, buildPages, probePages, 3, 3));
            }
        }
    }

    /** Build pages dealt round robin to {@code buildDrivers} builders, probe pages to {@code probeDrivers} probe operators, interleaved. */
    private List<List<Object>> runWithDrivers(JoinType type, Expression residual, List<Page> buildPages, List<Page> probePages, int buildDrivers, int probeDrivers)
    {
        JoinBridge bridge = new JoinBridge();
        HashBuilderOperatorFactory buildFactory = new HashBuilderOperatorFactory(bridge, List.of(0), BUILD_TYPES, buildDrivers);
        List<Operator> builders = new ArrayList<>();
        List<OperatorContext> contexts = new ArrayList<>();
        for (int i = 0; i < buildDrivers; i++) {
            OperatorContext context = runner.newContext(i);
            contexts.add(context);
            builders.add(buildFactory.createOperator(context));
        }
        for (int i = 0; i < buildPages.size(); i++) {
            builders.get(i % buildDrivers).addInput(buildPages.get(i));
        }
        builders.forEach(Operator::finish);

        RightSemiJoinOperatorFactory factory = new RightSemiJoinOperatorFactory(bridge, new BuildRowMarks(probeDrivers), type, List.of(0), PROBE_TYPES, residual);
        List<Operator> probes = new ArrayList<>();
        List<OperatorContext> probeContexts = new ArrayList<>();
        for (int i = 0; i < probeDrivers; i++) {
            OperatorContext context = runner.newContext(i);
            probeContexts.add(context);
            probes.add(factory.createOperator(context));
        }
        List<Page> output = new ArrayList<>();
        for (int i = 0; i < probePages.size(); i++) {
            Operator probe = probes.get(i % probeDrivers);
            assertTrue(probe.needsInput());
            probe.addInput(probePages.get(i));
            runner.drain(probe, output, probeContexts.get(i % probeDrivers));
        }
        assertEquals(List.of(), output, "no output before every probe operator finished");
        for (int i = 0; i < probeDrivers; i++) {
            probes.get(i).finish();
            runner.drain(probes.get(i), output, probeContexts.get(i));
            assertTrue(probes.get(i).isFinished());
        }
        probes.forEach(Operator::close);
        builders.forEach(Operator::close);
        for (OperatorContext context : contexts) {
            assertEquals(0, context.memory().reservedBytes());
        }
        return rows(output);
    }
}
