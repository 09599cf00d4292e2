package io.signo.bench.kernels;

import io.signo.core.expression.ArithmeticOperator;
import io.signo.core.expression.Expression;
import io.signo.storage.memory.PageAllocator;
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
import org.openjdk.jmh.infra.Blackhole;

import java.math.BigDecimal;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static io.signo.core.expression.Expressions.arithmetic;
import static io.signo.core.expression.Expressions.constant;
import static io.signo.core.expression.Expressions.input;

/** Q1's {@code l_extendedprice * (1 - l_discount)} over DECIMAL(15,2) columns, all rows selected. */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx4g", "--enable-native-access=ALL-UNNAMED"})
@Warmup(iterations = 2, time = 1)
@Measurement(iterations = 3, time = 1)
public class ProjectionBenchmark
{
    static final int ROWS = 1 << 20;

    private List<Page> pages;
    private Expression discountedPrice;
    private PageAllocator allocator;

    @Setup
    public void setup()
    {
        pages = LineitemPages.generate(ROWS, 1 << 20, 2);
        Expression oneMinusDiscount = arithmetic(ArithmeticOperator.SUBTRACT,
                constant(LineitemPages.DECIMAL, BigDecimal.ONE),
                input(LineitemPages.DISCOUNT, LineitemPages.DECIMAL),
                Type.decimal(16, 2));
        discountedPrice = arithmetic(ArithmeticOperator.MULTIPLY, input(LineitemPages.EXTENDED_PRICE, LineitemPages.DECIMAL), oneMinusDiscount, Type.decimal(18, 4));
        allocator = PageAllocator.transientPages();
    }

    @Benchmark
    @OperationsPerInvocation(ROWS)
    public void decimalArithmetic(Blackhole blackhole)
    {
        for (Page page : pages) {
            blackhole.consume(discountedPrice.evaluate(page, null, page.positionCount(), allocator));
        }
    }
}
