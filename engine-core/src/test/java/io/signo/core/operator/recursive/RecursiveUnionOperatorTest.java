package io.signo.core.operator.recursive;

import io.signo.core.driver.DriverFactory;
import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expression;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.core.operator.FilterProjectOperator.FilterProjectOperatorFactory;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.join.HashBuilderOperator.HashBuilderOperatorFactory;
import io.signo.core.operator.join.JoinBridge;
import io.signo.core.operator.join.JoinType;
import io.signo.core.operator.join.LookupJoinOperator.LookupJoinOperatorFactory;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RecursiveUnionOperatorTest
{
    private static final List<Type> ONE_INTEGER = List.of(Type.INTEGER);
    private static final List<Type> TWO_INTEGERS = List.of(Type.INTEGER, Type.INTEGER);

    /** {@code SELECT n + 1 FROM t WHERE n < limit}, one pipeline from the working table to the run's output. */
    private static RecursiveUnionOperator.IterationPlanner increment(PageTable workingTable, PageTable output, int limit, AtomicInteger runs)
    {
        Expression n = Expressions.input(0, Type.INTEGER);
        Expression below = Expressions.comparison(ComparisonOperator.LESS_THAN, n, Expressions.constant(Type.INTEGER, limit));
        Expression next = Expressions.arithmetic(ArithmeticOperator.ADD, n, Expressions.constant(Type.INTEGER, 1), Type.INTEGER);
        return project(workingTable, output, new PageProcessor(new PageFilter(below), List.of(next)), runs);
    }

    private static RecursiveUnionOperator.IterationPlanner project(PageTable workingTable, PageTable output, PageProcessor processor, AtomicInteger runs)
    {
        return () -> {
            runs.incrementAndGet();
            return List.of(new DriverFactory(0, List.of(new PageTableScanOperator.Factory(workingTable, "WorkingTable"), new FilterProjectOperatorFactory(processor),
                    new PageTableSinkOperator.Factory(output)), 1));
        };
    }

    private static List<Integer> integers(List<Page> pages)
    {
        List<Integer> values = new ArrayList<>();
        for (List<Object> row : rows(pages)) {
            values.add((Integer) row.getFirst());
        }
        return values;
    }

    @Test
    void unionAllRunsTheTermUntilARunProducesNothing()
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        AtomicInteger runs = new AtomicInteger();
        OperatorFactory factory = new RecursiveUnionOperator.Factory("t", ONE_INTEGER, false, 100, workingTable, output, List.of(), increment(workingTable, output, 5, runs));
        OperatorRunner runner = new OperatorRunner();
        List<Page> result = runner.run(factory, List.of(page(ONE_INTEGER, row(1))));
        assertEquals(List.of(1, 2, 3, 4, 5), integers(result));
        // four runs produced 2..5, the fifth nothing
        assertEquals(5, runs.get());
        assertEquals(0, runner.pool().reservedBytes(), "the working table's memory is returned");
    }

    @Test
    void unionAllKeepsDuplicatesOfEveryRun()
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        OperatorFactory factory = new RecursiveUnionOperator.Factory("t", ONE_INTEGER, false, 100, workingTable, output, List.of(),
                increment(workingTable, output, 3, new AtomicInteger()));
        List<Page> result = new OperatorRunner().run(factory, List.of(page(ONE_INTEGER, row(1), row(1)), page(ONE_INTEGER, row(2))));
        assertEquals(List.of(1, 1, 2, 2, 2, 3, 3, 3), integers(result).stream().sorted().toList());
    }

    @Test
    void unionAddsOnlyRowsNotSeenSoACycleEnds()
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        // SELECT n % 3 + 1: 1 -> 2 -> 3 -> 1, which is already in the result
        Expression n = Expressions.input(0, Type.INTEGER);
        Expression next = Expressions.arithmetic(ArithmeticOperator.ADD, Expressions.arithmetic(ArithmeticOperator.MODULUS, n, Expressions.constant(Type.INTEGER, 3), Type.INTEGER),
                Expressions.constant(Type.INTEGER, 1), Type.INTEGER);
        AtomicInteger runs = new AtomicInteger();
        OperatorFactory factory = new RecursiveUnionOperator.Factory("cycle", ONE_INTEGER, true, 100, workingTable, output, List.of(),
                project(workingTable, output, new PageProcessor(null, List.of(next)), runs));
        OperatorRunner runner = new OperatorRunner();
        List<Page> result = runner.run(factory, List.of(page(ONE_INTEGER, row(1))));
        assertEquals(List.of(1, 2, 3), integers(result));
        assertEquals(3, runs.get());
        assertEquals(0, runner.pool().reservedBytes());
    }

    @Test
    void unionRemovesDuplicatesOfTheSeedNullsEqual()
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        // the term outputs nothing: SELECT n, x FROM t WHERE n < 0
        Expression below = Expressions.comparison(ComparisonOperator.LESS_THAN, Expressions.input(0, Type.INTEGER), Expressions.constant(Type.INTEGER, 0));
        PageProcessor nothing = new PageProcessor(new PageFilter(below), List.of(Expressions.input(0, Type.INTEGER), Expressions.input(1, Type.INTEGER)));
        OperatorFactory factory = new RecursiveUnionOperator.Factory("t", TWO_INTEGERS, true, 100, workingTable, output, List.of(),
                project(workingTable, output, nothing, new AtomicInteger()));
        List<Page> result = new OperatorRunner().run(factory, List.of(
                page(TWO_INTEGERS, row(1, null), row(1, null), row(2, 7)),
                page(TWO_INTEGERS, row(2, 7), row(null, null), row(1, null), row(null, null))));
        assertRowsUnordered(List.of(row(1, null), row(2, 7), row(null, null)), rows(result));
    }

    @Test
    void emptySeedNeverRunsTheTerm()
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        AtomicInteger runs = new AtomicInteger();
        OperatorFactory factory = new RecursiveUnionOperator.Factory("t", ONE_INTEGER, false, 100, workingTable, output, List.of(), increment(workingTable, output, 5, runs));
        assertEquals(List.of(), new OperatorRunner().run(factory, List.of()));
        assertEquals(List.of(), new OperatorRunner().run(
                new RecursiveUnionOperator.Factory("t", ONE_INTEGER, false, 100, workingTable, output, List.of(), increment(workingTable, output, 5, runs)),
                List.of(page(ONE_INTEGER))));
        assertEquals(0, runs.get());
    }

    @Test
    void theLimitCountsRunsThatProduceRows()
    {
        // 1..11: ten runs produce rows, the eleventh none
        assertEquals(11, integers(runSeries(11, 10)).size());
        SignoException error = assertThrows(SignoException.class, () -> runSeries(11, 9));
        assertEquals(ErrorCode.RECURSION_LIMIT_EXCEEDED, error.errorCode());
        assertTrue(error.getMessage().contains("series") && error.getMessage().contains("9 iterations") && error.getMessage().contains("max_recursion_depth"), error.getMessage());
        // a recursion that never ends stops at the limit
        assertEquals(ErrorCode.RECURSION_LIMIT_EXCEEDED, assertThrows(SignoException.class, () -> runSeries(Integer.MAX_VALUE, 1000)).errorCode());
        // 0: the seed only
        assertEquals(List.of(1), integers(runSeries(1, 0)));
        assertEquals(ErrorCode.RECURSION_LIMIT_EXCEEDED, assertThrows(SignoException.class, () -> runSeries(2, 0)).errorCode());
    }

    private static List<Page> runSeries(int limit, int maxIterations)
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        OperatorFactory factory = new RecursiveUnionOperator.Factory("series", ONE_INTEGER, false, maxIterations, workingTable, output, List.of(),
                increment(workingTable, output, limit, new AtomicInteger()));
        OperatorRunner runner = new OperatorRunner();
        try {
            return runner.run(factory, List.of(page(ONE_INTEGER, row(1))));
        }
        finally {
            assertEquals(0, runner.pool().reservedBytes(), "memory returned after " + (limit > maxIterations + 1 ? "the failure" : "the run"));
        }
    }

    /**
     * A tree walked from its root: {@code SELECT child FROM t JOIN edges ON parent = t.node}, the edges an
     * input computed once and the join's build; each run plans a fresh bridge.
     */
    private static RecursiveUnionOperator.IterationPlanner descendants(PageTable workingTable, PageTable edges, PageTable output)
    {
        return () -> {
            JoinBridge bridge = new JoinBridge();
            DriverFactory build = new DriverFactory(0, List.of(new PageTableScanOperator.Factory(edges, "ComputedOnce"),
                    new HashBuilderOperatorFactory(bridge, List.of(0), TWO_INTEGERS, 1)), 1);
            DriverFactory probe = new DriverFactory(1, List.of(new PageTableScanOperator.Factory(workingTable, "WorkingTable"),
                    new LookupJoinOperatorFactory(bridge, JoinType.INNER, List.of(0), ONE_INTEGER, List.of(), List.of(1), null),
                    new PageTableSinkOperator.Factory(output)), 1);
            // the probe first: it waits for the build's bridge, which the operator must run meanwhile
            return List.of(probe, build);
        };
    }

    @Test
    void termJoinsAnInputComputedOnceAndWaitsForIt()
    {
        MemoryPool pool = MemoryPool.unbounded("test");
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        PageTable edges = new PageTable(1);
        OperatorFactory factory = new RecursiveUnionOperator.Factory("tree", ONE_INTEGER, false, 100, workingTable, output, List.of(edges),
                descendants(workingTable, edges, output));
        OperatorContext context = new OperatorContext(pool, 0);
        Operator operator = factory.createOperator(context);
        List<Page> result = new ArrayList<>();
        try {
            operator.addInput(page(ONE_INTEGER, row(1)));
            operator.finish();
            result.add(operator.getOutput());
            // the seed is out; the first run waits for the edges
            assertNull(operator.getOutput());
            assertFalse(operator.isBlocked().isDone(), "blocked until its input is complete");
            edges.add(page(TWO_INTEGERS, row(1, 2), row(1, 3), row(2, 4)), pool);
            edges.add(page(TWO_INTEGERS, row(4, 5), row(9, 1)), pool);
            edges.producerFinished();
            assertTrue(operator.isBlocked().isDone());
            for (int round = 0; !operator.isFinished(); round++) {
                assertTrue(round < 1000, "never finishes");
                operator.isBlocked().join();
                Page page = operator.getOutput();
                if (page != null) {
                    result.add(page);
                }
            }
        }
        finally {
            operator.close();
            context.close();
        }
        assertEquals(List.of(1, 2, 3, 4, 5), integers(result).stream().sorted().toList());
        assertEquals(0, pool.reservedBytes(), "the input's, the working table's and the runs' memory is returned");
    }

    @Test
    void aRecursionThatOutgrowsTheQueryMemoryFails()
    {
        MemoryPool pool = new MemoryPool("small", 256 << 10);
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        PageTable edges = new PageTable(1);
        // every node has two children, both the node itself: the working table doubles with every run
        edges.add(page(TWO_INTEGERS, row(1, 1), row(1, 1)), pool);
        edges.producerFinished();
        OperatorFactory factory = new RecursiveUnionOperator.Factory("tree", ONE_INTEGER, false, 1000, workingTable, output, List.of(edges),
                descendants(workingTable, edges, output));
        OperatorContext context = new OperatorContext(pool, 0);
        Operator operator = factory.createOperator(context);
        try {
            operator.addInput(page(ONE_INTEGER, row(1)));
            operator.finish();
            SignoException error = assertThrows(SignoException.class, () -> {
                for (int round = 0; !operator.isFinished() && round < 1_000_000; round++) {
                    operator.getOutput();
                }
            });
            assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode(), error.getMessage());
        }
        finally {
            operator.close();
            context.close();
        }
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void onlyOneOperatorPerRecursion()
    {
        PageTable workingTable = new PageTable(0);
        PageTable output = new PageTable(0);
        OperatorFactory factory = new RecursiveUnionOperator.Factory("t", ONE_INTEGER, false, 100, workingTable, output, List.of(),
                increment(workingTable, output, 5, new AtomicInteger()));
        MemoryPool pool = MemoryPool.unbounded("test");
        factory.createOperator(new OperatorContext(pool, 0)).close();
        assertThrows(IllegalStateException.class, () -> factory.createOperator(new OperatorContext(pool, 1)));
    }
}
