package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.AVG;
import static io.signo.core.operator.aggregation.AggregateKind.COUNT;
import static io.signo.core.operator.aggregation.AggregateKind.SUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

/**
 * Exact SUM, AVG and COUNT of INTEGER, BIGINT and DECIMAL columns against BigInteger arithmetic, on pages
 * that take each path of {@link ExactSumAccumulator}: few groups without NULLs (added unchecked, the
 * page bounded by its type or by its values, sums wrapping past the long range between pages), pages
 * with NULLs, pages with more groups than a quarter of their rows, selected pages, and long DECIMALs
 * that fit a long or do not.
 */
class ExactSumBoundTest
{
    private static final int PAGE_ROWS = 256;

    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void sumsAverageAndCountMatchBigIntegerArithmeticOnEveryPath()
    {
        List<Type> types = List.of(Type.INTEGER, Type.BIGINT, Type.decimal(15, 2), Type.decimal(18, 0), Type.decimal(21, 0), Type.decimal(38, 0));
        for (Type type : types) {
            for (int groupCount : new int[] {1, 3, 200}) {
                for (Mode mode : Mode.values()) {
                    check(type, groupCount, mode, 31 * groupCount + mode.ordinal());
                }
            }
        }
    }

    /**
     * How a case's values are drawn: small values (the unchecked path), values at the type's limit in
     * both signs, values at the limit of one sign only (sums that wrap past the long range many
     * times and come back only in 128 bits), and NULLs among them.
     */
    private enum Mode
    {
        SMALL, EXTREME, DRIFT_UP, DRIFT_DOWN, WITH_NULLS
    }

    private void check(Type type, int groupCount, Mode mode, long seed)
    {
        SplittableRandom random = new SplittableRandom(seed);
        BigInteger limit = limit(type);
        Type keyType = Type.INTEGER;
        Map<Integer, BigInteger> sums = new HashMap<>();
        Map<Integer, Long> counts = new HashMap<>();
        Map<Integer, Long> rowCounts = new HashMap<>();
        List<Page> pages = new ArrayList<>();
        int pageCount = mode == Mode.DRIFT_UP || mode == Mode.DRIFT_DOWN ? 60 : 8;
        for (int pageIndex = 0; pageIndex < pageCount; pageIndex++) {
            VectorBuilder keys = new VectorBuilder(keyType, PAGE_ROWS);
            VectorBuilder values = new VectorBuilder(type, PAGE_ROWS);
            boolean selected = pageIndex % 3 == 1;
            int[] kept = new int[PAGE_ROWS];
            int keptCount = 0;
            for (int row = 0; row < PAGE_ROWS; row++) {
                int key = random.nextInt(groupCount);
                BigInteger value = switch (mode) {
                    case SMALL -> BigInteger.valueOf(random.nextLong(-1000, 1000));
                    case EXTREME -> random.nextBoolean() ? limit : limit.negate();
                    case DRIFT_UP -> limit.subtract(BigInteger.valueOf(random.nextInt(3)));
                    case DRIFT_DOWN -> limit.negate().add(BigInteger.valueOf(random.nextInt(3)));
                    case WITH_NULLS -> random.nextInt(5) == 0 ? null : random.nextBoolean() ? limit : BigInteger.valueOf(random.nextLong(-1000, 1000));
                };
                keys.appendInt(key);
                append(values, value);
                boolean keep = !selected || random.nextInt(4) != 0;
                if (keep) {
                    kept[keptCount++] = row;
                    rowCounts.merge(key, 1L, Long::sum);
                    if (value != null) {
                        sums.merge(key, value, BigInteger::add);
                        counts.merge(key, 1L, Long::sum);
                    }
                    else {
                        counts.merge(key, 0L, Long::sum);
                    }
                }
            }
            ColumnVector[] columns = {keys.build(), values.build()};
            pages.add(selected ? Page.selected(kept, keptCount, columns) : new Page(PAGE_ROWS, columns));
        }
        Type sumType = Type.decimal(38, type.scale());
        List<AggregateCall> calls = List.of(
                new AggregateCall(SUM, 1, type, sumType),
                new AggregateCall(AVG, 1, type, sumType),
                new AggregateCall(COUNT, 1, type, Type.BIGINT),
                AggregateCall.countStar());
        List<List<Object>> expected = new ArrayList<>();
        for (Map.Entry<Integer, Long> entry : counts.entrySet()) {
            BigInteger sum = sums.get(entry.getKey());
            long count = entry.getValue();
            expected.add(row(entry.getKey(),
                    sum == null ? null : sum,
                    sum == null ? null : new BigDecimal(sum).divide(BigDecimal.valueOf(count), 0, RoundingMode.HALF_UP).toBigIntegerExact(),
                    count,
                    rowCounts.get(entry.getKey())));
        }
        List<List<Object>> actual = new ArrayList<>();
        for (List<Object> row : rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(keyType), calls, AggregationStep.SINGLE), pages))) {
            List<Object> copy = new ArrayList<>(row);
            copy.set(1, toBigInteger(copy.get(1)));
            copy.set(2, toBigInteger(copy.get(2)));
            actual.add(copy);
        }
        assertRowsUnordered(expected, actual);
        long allRows = 0;
        for (Page page : pages) {
            allRows += page.positionCount();
        }
        List<List<Object>> total = rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), List.of(AggregateCall.countStar(), new AggregateCall(SUM, 1, type, sumType)), AggregationStep.SINGLE), pages));
        BigInteger grandTotal = sums.values().stream().reduce(BigInteger::add).orElse(null);
        assertEquals(List.of(row(allRows, grandTotal)), List.of(row(total.get(0).get(0), toBigInteger(total.get(0).get(1)))), type + ", " + groupCount + " groups, " + mode);
    }

    @Test
    void aSumThatLeavesItsOutputTypeOnTheUncheckedPathFailsWithAnOverflowError()
    {
        // 256 values of 10^13 - 0.01 per page stay far inside a long; eleven pages pass DECIMAL(15, 2)'s 10^13
        Type type = Type.decimal(15, 2);
        List<Page> pages = new ArrayList<>();
        for (int pageIndex = 0; pageIndex < 11; pageIndex++) {
            VectorBuilder values = new VectorBuilder(type, PAGE_ROWS);
            for (int row = 0; row < PAGE_ROWS; row++) {
                values.appendLong(999_999_999_999_999L);
            }
            pages.add(new Page(PAGE_ROWS, values.build()));
        }
        List<AggregateCall> sum = List.of(new AggregateCall(SUM, 0, type, Type.decimal(18, 2)));
        SignoException failure = assertThrows(SignoException.class,
                () -> runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), sum, AggregationStep.SINGLE), pages));
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, failure.errorCode());
        // the same sum into DECIMAL(38, 2) is exact
        List<AggregateCall> wide = List.of(new AggregateCall(SUM, 0, type, Type.decimal(38, 2)));
        Object result = rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), wide, AggregationStep.SINGLE), pages)).get(0).get(0);
        assertEquals(BigInteger.valueOf(999_999_999_999_999L).multiply(BigInteger.valueOf(11L * PAGE_ROWS)), toBigInteger(result));
    }

    /** The largest magnitude of the type: 10^precision - 1 for a DECIMAL (up to 30 digits), the integer types' maximum. */
    private static BigInteger limit(Type type)
    {
        if (type.equals(Type.INTEGER)) {
            return BigInteger.valueOf(Integer.MAX_VALUE);
        }
        if (type.equals(Type.BIGINT)) {
            return BigInteger.valueOf(Long.MAX_VALUE);
        }
        // DECIMAL(38)'s own limit would make the sums of the drifting cases leave DECIMAL(38), which fails them rightly
        return BigInteger.TEN.pow(Math.min(type.precision(), 30)).subtract(BigInteger.ONE);
    }

    private static void append(VectorBuilder builder, BigInteger value)
    {
        if (value == null) {
            builder.appendNull();
            return;
        }
        switch (builder.type().physicalType()) {
            case INT -> builder.appendInt(value.intValueExact());
            case LONG -> builder.appendLong(value.longValueExact());
            case INT128 -> builder.appendInt128(value.shiftRight(64).longValueExact(), value.longValue());
            default -> throw new IllegalArgumentException(builder.type().toString());
        }
    }

    private static BigInteger toBigInteger(Object value)
    {
        return switch (value) {
            case null -> null;
            case BigInteger integer -> integer;
            case BigDecimal decimal -> decimal.unscaledValue();
            case Long number -> BigInteger.valueOf(number);
            default -> throw new IllegalArgumentException(value.getClass().toString());
        };
    }
}
