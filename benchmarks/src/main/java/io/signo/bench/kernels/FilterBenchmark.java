package io.signo.bench.kernels;

import io.signo.core.expression.ComparisonOperator;
import io.signo.core.expression.Expression;
import io.signo.core.expression.PageFilter;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.signo.core.expression.Expressions.and;
import static io.signo.core.expression.Expressions.comparison;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;

/** Q6's date range ({@code l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01'}, about 14% kept) into a selection vector. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class FilterBenchmark
{
    static final int ROWS = 1 << 20;

    private List<Page> pages;
    private PageFilter filter;
    private int[] positions;

    @Setup
    public void setup()
    {
        pages = LineitemPages.generate(ROWS, 1 << 20, 1);
        Expression shipDate = input(LineitemPages.SHIP_DATE, Type.DATE);
        filter = new PageFilter(and(List.of(
                comparison(ComparisonOperator.GREATER_THAN_OR_EQUAL, shipDate, constant(Type.DATE, 8766)),
                comparison(ComparisonOperator.LESS_THAN, shipDate, constant(Type.DATE, 9131)))));
        positions = new int[LineitemPages.PAGE_ROWS];
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public long filterDateRange()
    {
        long selected = 0;
        for (Page page : pages) {
            selected += filter.filter(page, positions);
        }
        return selected;
    }
}
