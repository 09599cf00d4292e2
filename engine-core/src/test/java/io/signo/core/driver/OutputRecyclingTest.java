package io.signo.core.driver;

import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expressions;
import io.signo.core.expression.PageFilter;
import io.signo.core.expression.PageProcessor;
import io.signo.core.operator.FilterProjectOperator.FilterProjectOperatorFactory;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.TestingSink;
import io.signo.core.operator.ValuesOperator.ValuesOperatorFactory;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * A filter-project's computed columns are reused page after page when its consumer keeps nothing of
 * them, and left alone when it keeps them. Run with {@code -Dsigno.poisonRecycledPages=true} (the
 * build's tests are), a page read after its memory was recycled reads garbage and fails here.
 */
class OutputRecyclingTest
{
    private static final int PAGES = 200;
    private static final int ROWS = 1000;

    private static List<Page> input()
    {
        List<Page> pages = new ArrayList<>();
        for (int page = 0; page < PAGES; page++) {
            VectorBuilder builder = new VectorBuilder(Type.BIGINT, ROWS);
            for (int row = 0; row < ROWS; row++) {
                builder.appendLong((long) page * ROWS + row);
            }
            pages.add(new Page(ROWS, builder.build()));
        }
        return pages;
    }

    /** {@code x + 1} of the rows where {@code x % 3 != 0}: computed, so the filter-project allocates it. */
    private static OperatorFactory addOneWhereNotMultipleOfThree()
    {
        PageFilter filter = new PageFilter(Expressions.comparison(ComparisonOperator.NOT_EQUAL,
                Expressions.arithmetic(ArithmeticOperator.MODULUS, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 3L), Type.BIGINT),
                Expressions.constant(Type.BIGINT, 0L)));
        return new FilterProjectOperatorFactory(new PageProcessor(filter,
                List.of(Expressions.arithmetic(ArithmeticOperator.ADD, Expressions.input(0, Type.BIGINT), Expressions.constant(Type.BIGINT, 1L), Type.BIGINT))));
    }

    private static void run(OperatorFactory sink)
    {
        Driver driver = new DriverFactory(0, List.of(new ValuesOperatorFactory(input()), addOneWhereNotMultipleOfThree(), sink), 1)
                .createDriver(0, MemoryPool.unbounded("query"));
        while (!driver.isFinished()) {
            driver.process(1_000_000_000L);
        }
        driver.close();
    }

    private static long expectedSum()
    {
        long sum = 0;
        for (long x = 0; x < (long) PAGES * ROWS; x++) {
            sum += x % 3 != 0 ? x + 1 : 0;
        }
        return sum;
    }

    @Test
    void aConsumerThatKeepsNothingGetsEachPageInTheSameMemory()
    {
        Set<Long> addresses = new HashSet<>();
        long[] sum = new long[1];
        run(new TestingSink(page -> {
            addresses.add(page.column(0).values().address());
            for (int position = 0; position < page.positionCount(); position++) {
                sum[0] += page.column(0).getLong(position);
            }
        }, false, true, false));
        assertEquals(expectedSum(), sum[0]);
        assertEquals(1, addresses.size(), "every page's column was cut from the recycled chunk at the same place");
    }

    @Test
    void pagesAConsumerKeepsAreNeverReused()
    {
        List<Page> kept = new ArrayList<>();
        run(new TestingSink(kept::add, false, true, true));
        long sum = 0;
        Set<Long> addresses = new HashSet<>();
        for (Page page : kept) {
            addresses.add(page.column(0).values().address());
            for (int position = 0; position < page.positionCount(); position++) {
                sum += page.column(0).getLong(position);
            }
        }
        assertEquals(expectedSum(), sum, "every kept page still holds its values");
        assertEquals(PAGES, addresses.size());
    }
}
