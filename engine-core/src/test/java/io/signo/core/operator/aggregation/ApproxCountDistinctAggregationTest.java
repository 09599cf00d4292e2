package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.APPROX_COUNT_DISTINCT;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ApproxCountDistinctAggregationTest
{
    private static final Type DECIMAL_12_2 = Type.decimal(12, 2);

    private final OperatorRunner runner = new OperatorRunner();

    private static AggregateCall approxCountDistinct(int channel, Type type)
    {
        return new AggregateCall(APPROX_COUNT_DISTINCT, channel, type, Type.BIGINT);
    }

    @Test
    void aFewValuesOfEveryTypeCountExactlyAndNullsNotAtAll()
    {
        List<Type> types = List.of(Type.BIGINT, Type.INTEGER, Type.BIGINT, DECIMAL_12_2, Type.DOUBLE, Type.VARCHAR, Type.BOOLEAN, Type.DATE);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 100; i++) {
            // group 1: five values of each column, among NULLs; group 2: one value; group 3: only NULLs
            rows.add(row(1L, i % 5, (long) i % 5, i % 5 * 125L, i % 5 == 0 ? (i % 2 == 0 ? 0.0 : -0.0) : i % 5 / 4.0, "v" + i % 5, i % 2 == 0, i % 5));
            rows.add(row(1L, null, null, null, null, null, null, null));
            rows.add(row(2L, 7, 7L, 700L, Double.NaN, "x", true, 7));
            rows.add(row(3L, null, null, null, null, null, null, null));
        }
        List<AggregateCall> calls = new ArrayList<>();
        for (int channel = 1; channel < types.size(); channel++) {
            calls.add(approxCountDistinct(channel, types.get(channel)));
        }
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.SINGLE), List.of(page(types, rows)));
        assertRowsUnordered(List.of(
                row(1L, 5L, 5L, 5L, 5L, 5L, 2L, 5L),
                row(2L, 1L, 1L, 1L, 1L, 1L, 1L, 1L),
                row(3L, 0L, 0L, 0L, 0L, 0L, 0L, 0L)),
                rows(output));
    }

    @Test
    void manyValuesCountWithinTheSketchsError()
    {
        List<Type> types = List.of(Type.BIGINT, Type.VARCHAR, Type.DOUBLE);
        List<Page> pages = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 200_000; i++) {
            // 100,000 distinct values, each twice
            int value = i % 100_000;
            rows.add(row((long) value * 7919, "comment " + value, value / 3.0));
            if (rows.size() == 8192) {
                pages.add(page(types, rows));
                rows = new ArrayList<>();
            }
        }
        pages.add(page(types, rows));
        List<AggregateCall> calls = List.of(approxCountDistinct(0, Type.BIGINT), approxCountDistinct(1, Type.VARCHAR), approxCountDistinct(2, Type.DOUBLE));
        List<Object> estimates = rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), pages)).getFirst();
        for (Object estimate : estimates) {
            // 2.3% standard error: 5% is more than two of them
            assertTrue(Math.abs((Long) estimate - 100_000) <= 5_000, "estimates " + estimates);
        }
    }

    @Test
    void partialSketchesOfAnySplitMergeToTheEstimateOfTheWhole()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.BIGINT);
        List<List<Object>> all = new ArrayList<>();
        for (int i = 0; i < 20_000; i++) {
            all.add(row(i % 11 == 0 ? null : "k" + i % 3, i % 13 == 0 ? null : (long) (i * 31 % 9000)));
        }
        List<AggregateCall> calls = List.of(approxCountDistinct(1, Type.BIGINT), AggregateCall.countStar());
        List<List<Object>> single = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.SINGLE), List.of(page(types, all))));
        for (int piece : new int[] {1, 13, 5000}) {
            List<Page> intermediate = new ArrayList<>();
            for (int from = 0; from < all.size(); from += piece) {
                intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.PARTIAL),
                        List.of(page(types, all.subList(from, Math.min(all.size(), from + piece))))));
            }
            // the registers merge exactly: the same estimate whatever the split
            assertRowsUnordered(single, rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.FINAL), intermediate)));
        }
    }

    @Test
    void globalAggregationOfNothingCountsZero()
    {
        List<AggregateCall> calls = List.of(approxCountDistinct(0, Type.VARCHAR));
        assertEquals(List.of(row(0L)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of())));
        List<Page> partialOfNulls = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.PARTIAL), List.of(page(List.of(Type.VARCHAR), row((Object) null))));
        assertEquals(List.of(row(0L)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.FINAL), partialOfNulls)));
        List<Page> partial = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.PARTIAL), List.of());
        assertEquals(List.of(row(0L)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.FINAL), partial)));
    }

    @Test
    void aSelectedPageReadsOnlyItsRows()
    {
        List<Type> types = List.of(Type.BIGINT, Type.VARCHAR, Type.INTEGER);
        List<List<Object>> kept = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        List<Integer> selection = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            List<Object> row = row((long) (i % 3), i % 7 == 0 ? null : "s" + i % 400, i % 500);
            selection.add(all.size());
            kept.add(row);
            all.add(row);
            // a row no selection names: reading it would add a value
            all.add(row((long) (i % 3), "unselected " + i, 10_000 + i));
        }
        Page columns = page(types, all);
        int[] rows = selection.stream().mapToInt(Integer::intValue).toArray();
        Page selected = Page.selected(rows, rows.length, IntStream.range(0, types.size()).mapToObj(columns::column).toArray(ColumnVector[]::new));
        HashAggregationOperatorFactory factory = new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT),
                List.of(approxCountDistinct(1, Type.VARCHAR), approxCountDistinct(2, Type.INTEGER)), AggregationStep.SINGLE);
        assertRowsUnordered(rows(runner.run(factory, List.of(page(types, kept)))), rows(runner.run(factory, List.of(selected))));
    }

    @Test
    void returnsBigint()
    {
        assertThrows(IllegalArgumentException.class, () -> new AggregateCall(APPROX_COUNT_DISTINCT, 0, Type.BIGINT, Type.DOUBLE).createAccumulator());
    }
}
