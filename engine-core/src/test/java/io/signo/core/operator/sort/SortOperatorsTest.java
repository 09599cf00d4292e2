package io.signo.core.operator.sort;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.sort.OrderByOperator.OrderByOperatorFactory;
import io.signo.core.operator.sort.TopNOperator.TopNOperatorFactory;
import io.signo.storage.memory.ExceededMemoryLimitException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SortOperatorsTest
{
    private static final List<Type> TYPES = List.of(Type.VARCHAR, Type.BIGINT, Type.DOUBLE);

    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void ordersByMultipleKeysWithNullPlacementAndDirection()
    {
        Page first = page(TYPES, row("b", 2L, 1.0), row(null, 1L, 2.0), row("a", null, 3.0));
        Page second = page(TYPES, row("a", 5L, 4.0), row("b", null, 5.0), row("é", 0L, 6.0), row("z", 0L, 7.0), row("", 0L, 8.0));
        // name ascending nulls last, then value descending nulls first
        List<Page> output = runner.run(new OrderByOperatorFactory(List.of(0, 1), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.DESC_NULLS_FIRST), TYPES), List.of(first, second));
        assertEquals(List.of(
                row("", 0L, 8.0),
                row("a", null, 3.0),
                row("a", 5L, 4.0),
                row("b", null, 5.0),
                row("b", 2L, 1.0),
                row("z", 0L, 7.0),
                row("é", 0L, 6.0),
                row(null, 1L, 2.0)),
                rows(output));

        List<Page> nullsFirst = runner.run(new OrderByOperatorFactory(List.of(2), List.of(SortOrder.DESC_NULLS_FIRST), TYPES), List.of(page(TYPES, row("x", 1L, -0.5), row("y", 1L, null), row("z", 1L, 2.5))));
        assertEquals(List.of(row("y", 1L, null), row("z", 1L, 2.5), row("x", 1L, -0.5)), rows(nullsFirst));
    }

    @Test
    void ordersDecimalsDatesAndChars()
    {
        List<Type> types = List.of(Type.decimal(10, 2), Type.DATE, Type.character(4));
        Page input = page(types, row(-150L, 3, "ab"), row(25L, -1, "a"), row(-150L, 2, "b"));
        List<Page> output = runner.run(new OrderByOperatorFactory(List.of(0, 1), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST), types), List.of(input));
        assertEquals(List.of(row(-150L, 2, "b"), row(-150L, 3, "ab"), row(25L, -1, "a")), rows(output));
        List<Page> byChar = runner.run(new OrderByOperatorFactory(List.of(2), List.of(SortOrder.ASC_NULLS_LAST), types), List.of(input));
        assertEquals(List.of("a", "ab", "b"), rows(byChar).stream().map(row -> row.get(2)).toList());
    }

    @Test
    void emptyInput()
    {
        assertEquals(0, runner.run(new OrderByOperatorFactory(List.of(1), List.of(SortOrder.ASC_NULLS_LAST), TYPES), List.of()).size());
        assertEquals(0, runner.run(new TopNOperatorFactory(5, List.of(1), List.of(SortOrder.ASC_NULLS_LAST), TYPES), List.of(page(TYPES))).size());
        assertEquals(0, runner.run(new TopNOperatorFactory(0, List.of(1), List.of(SortOrder.ASC_NULLS_LAST), TYPES), List.of()).size());
    }

    @Test
    void manyRowsMatchJavaSortAndTopNMatchesOrderByPrefix()
    {
        Random random = new Random(42);
        List<List<Object>> all = new ArrayList<>();
        List<Page> pages = new ArrayList<>();
        for (int p = 0; p < 25; p++) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < 4000; i++) {
                Long value = random.nextInt(20) == 0 ? null : (long) random.nextInt(50_000);
                List<Object> row = row("s" + random.nextInt(100), value, (double) (p * 4000 + i));
                rows.add(row);
                all.add(row);
            }
            pages.add(page(TYPES, rows));
        }
        List<SortOrder> orders = List.of(SortOrder.DESC_NULLS_LAST, SortOrder.ASC_NULLS_LAST);
        List<Page> sorted = runner.run(new OrderByOperatorFactory(List.of(1, 2), orders, TYPES), pages);
        for (Page page : sorted) {
            assertTrue(page.positionCount() <= OrderByOperator.MAX_OUTPUT_ROWS);
        }
        Comparator<List<Object>> byValueDescending = Comparator.comparing((List<Object> row) -> (Long) row.get(1), Comparator.nullsLast(Comparator.<Long>reverseOrder()))
                .thenComparing(row -> (Double) row.get(2));
        List<List<Object>> expected = new ArrayList<>(all);
        expected.sort(byValueDescending);
        assertEquals(expected, rows(sorted));

        for (int count : new int[] {1, 10, 1000, 100_000, 200_000}) {
            List<Page> top = runner.run(new TopNOperatorFactory(count, List.of(1, 2), orders, TYPES), pages);
            assertEquals(expected.subList(0, Math.min(count, expected.size())), rows(top), "top " + count);
        }
    }

    @Test
    void topNKeepsTiesAndStrings()
    {
        Page input = page(TYPES, row("b", 1L, 1.0), row("a", 1L, 2.0), row("c", 1L, 3.0), row(null, 1L, 4.0));
        List<Page> output = runner.run(new TopNOperatorFactory(2, List.of(0), List.of(SortOrder.DESC_NULLS_FIRST), TYPES), List.of(input));
        assertEquals(List.of(row(null, 1L, 4.0), row("c", 1L, 3.0)), rows(output));
    }

    @Test
    void topNReservesBeforeItGrowsAndAPageOverTheLimitChangesNothing()
    {
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 1000; i++) {
            rows.add(row("row " + i, (long) i, (double) i));
        }
        Page small = page(TYPES, row("first", 5000L, 0.0));
        Page large = page(TYPES, rows);
        MemoryPool pool = new MemoryPool("query", small.retainedBytes() + large.retainedBytes());
        try (OperatorContext context = new OperatorContext(pool, 0)) {
            Operator topN = new TopNOperatorFactory(1000, List.of(1), List.of(SortOrder.DESC_NULLS_LAST), TYPES).createOperator(context);
            topN.addInput(small);
            long held = pool.reservedBytes();
            // the page fits the limit, but not with the heap it would need for 1,000 kept rows
            assertThrows(ExceededMemoryLimitException.class, () -> topN.addInput(large));
            assertEquals(held, pool.reservedBytes(), "a refused reservation leaves the count as it was");
            topN.finish();
            Page kept = topN.getOutput();
            assertEquals(1, kept.positionCount(), "the operator still holds only what it had");
            assertEquals(List.of(row("first", 5000L, 0.0)), rows(List.of(kept)));
            topN.close();
        }
        assertEquals(0, pool.reservedBytes());
    }
}
