package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.STDDEV_POP;
import static io.signo.core.operator.aggregation.AggregateKind.STDDEV_SAMP;
import static io.signo.core.operator.aggregation.AggregateKind.VAR_POP;
import static io.signo.core.operator.aggregation.AggregateKind.VAR_SAMP;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class VarianceAggregationTest
{
    private static final Type DECIMAL_12_2 = Type.decimal(12, 2);
    private static final List<AggregateKind> KINDS = List.of(VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP);

    private final OperatorRunner runner = new OperatorRunner();

    private static List<AggregateCall> everyKindOf(int channel, Type type)
    {
        return KINDS.stream().map(kind -> new AggregateCall(kind, channel, type, Type.DOUBLE)).toList();
    }

    @Test
    void oneGroupOfManyValuesOneOfOneValueAndOneOfNulls()
    {
        // DuckDB's answers for 1, 2, 4: var_samp 7/3, var_pop 14/9
        List<Type> types = List.of(Type.BIGINT, Type.INTEGER, Type.BIGINT, DECIMAL_12_2, Type.DOUBLE);
        Page input = page(types,
                row(1L, 1, 1L, 100L, 1.0),
                row(2L, 5, 5L, 500L, 5.0),
                row(1L, null, null, null, null),
                row(1L, 2, 2L, 200L, 2.0),
                row(3L, null, null, null, null),
                row(1L, 4, 4L, 400L, 4.0));
        for (int channel = 1; channel < types.size(); channel++) {
            List<Object> groupOfThree = row(1L, 2.333333333333333, 1.5555555555555554, 1.5275252316519465, 1.247219128924647);
            List<Object> groupOfOne = row(2L, null, 0.0, null, 0.0);
            List<Object> groupOfNulls = row(3L, null, null, null, null);
            List<List<Object>> output = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), everyKindOf(channel, types.get(channel)), AggregationStep.SINGLE), List.of(input)));
            output.sort((left, right) -> Long.compare((Long) left.getFirst(), (Long) right.getFirst()));
            assertClose(List.of(groupOfThree, groupOfOne, groupOfNulls), output, 1e-15, types.get(channel).toString());
        }
    }

    @Test
    void globalAggregationOfNothingIsNull()
    {
        List<AggregateCall> calls = everyKindOf(0, Type.INTEGER);
        List<Object> nulls = row(null, null, null, null);
        assertEquals(List.of(nulls), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of())));
        assertEquals(List.of(nulls), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of(page(List.of(Type.INTEGER))))));
        List<Page> partial = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.PARTIAL), List.of());
        assertEquals(List.of(nulls), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.FINAL), partial)));
        // a partial step that saw only NULLs sends an empty state, which merges as none
        List<Page> partialOfNulls = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.PARTIAL), List.of(page(List.of(Type.INTEGER), row((Object) null))));
        assertEquals(List.of(nulls), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.FINAL), partialOfNulls)));
    }

    @Test
    void partialStatesOfAnySplitMergeToTheVarianceOfTheWhole()
    {
        // values a billion from zero and some ten apart: a sum of squares (10^18, its last bit worth 128) would lose every digit
        // of these variances; Welford's updates and Chan's merge keep all but the last few of the mean's rounding
        SplittableRandom random = new SplittableRandom(5);
        List<Type> types = List.of(Type.BIGINT, Type.DOUBLE);
        List<List<Object>> all = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            all.add(row((long) random.nextInt(4), random.nextInt(10) == 0 ? null : 1.0e9 + random.nextInt(1000) / 8.0));
        }
        List<List<Object>> expected = new ArrayList<>();
        for (long key = 0; key < 4; key++) {
            expected.add(twoPassVariances(key, all));
        }
        List<AggregateCall> calls = everyKindOf(1, Type.DOUBLE);
        for (int piece : new int[] {1, 7, 1000, 3000}) {
            List<Page> intermediate = new ArrayList<>();
            for (int from = 0; from < all.size(); from += piece) {
                // one partial step per piece: the final step merges states of one row, of a few and of many
                intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.PARTIAL),
                        List.of(page(types, all.subList(from, Math.min(all.size(), from + piece))))));
            }
            List<List<Object>> merged = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.FINAL), intermediate));
            merged.sort((left, right) -> Long.compare((Long) left.getFirst(), (Long) right.getFirst()));
            assertClose(expected, merged, 1e-8, "pieces of " + piece);
        }
    }

    @Test
    void aSelectedPageReadsOnlyItsRows()
    {
        List<Type> types = List.of(Type.BIGINT, DECIMAL_12_2);
        List<List<Object>> kept = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        List<Integer> selection = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            List<Object> row = row((long) (i % 3), i % 11 == 0 ? null : (long) i * 37 % 1000);
            selection.add(all.size());
            kept.add(row);
            all.add(row);
            all.add(row((long) (i % 3), 1_000_000_00L));
        }
        Page columns = page(types, all);
        int[] rows = selection.stream().mapToInt(Integer::intValue).toArray();
        Page selected = Page.selected(rows, rows.length, IntStream.range(0, types.size()).mapToObj(columns::column).toArray(ColumnVector[]::new));
        HashAggregationOperatorFactory factory = new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), everyKindOf(1, DECIMAL_12_2), AggregationStep.SINGLE);
        List<List<Object>> fromSelected = rows(runner.run(factory, List.of(selected)));
        List<List<Object>> fromDense = rows(runner.run(factory, List.of(page(types, kept))));
        fromSelected.sort((left, right) -> Long.compare((Long) left.getFirst(), (Long) right.getFirst()));
        fromDense.sort((left, right) -> Long.compare((Long) left.getFirst(), (Long) right.getFirst()));
        assertEquals(fromDense, fromSelected);
    }

    @Test
    void aResultThatIsNotFiniteIsAnError()
    {
        Page input = page(List.of(Type.DOUBLE), row(1.0), row(Double.POSITIVE_INFINITY));
        SignoException error = assertThrows(SignoException.class,
                () -> runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), everyKindOf(0, Type.DOUBLE), AggregationStep.SINGLE), List.of(input)));
        assertEquals(ErrorCode.NUMERIC_OVERFLOW, error.errorCode());
    }

    @Test
    void onlyNumbersAndDoubleResults()
    {
        assertThrows(IllegalArgumentException.class, () -> new AggregateCall(VAR_SAMP, 0, Type.VARCHAR, Type.DOUBLE));
        assertThrows(IllegalArgumentException.class, () -> new AggregateCall(STDDEV_POP, 0, DECIMAL_12_2, DECIMAL_12_2).createAccumulator());
    }

    /** The key, then VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP of the group's non-null values, from their mean in a second pass. */
    private static List<Object> twoPassVariances(long key, List<List<Object>> rows)
    {
        List<Double> values = rows.stream().filter(row -> row.get(0).equals(key) && row.get(1) != null).map(row -> (Double) row.get(1)).toList();
        double mean = values.stream().mapToDouble(Double::doubleValue).sum() / values.size();
        double squares = values.stream().mapToDouble(value -> (value - mean) * (value - mean)).sum();
        double sample = squares / (values.size() - 1);
        double population = squares / values.size();
        return row(key, sample, population, Math.sqrt(sample), Math.sqrt(population));
    }

    private static void assertClose(List<List<Object>> expected, List<List<Object>> actual, double relativeTolerance, String context)
    {
        assertEquals(expected.size(), actual.size(), context);
        for (int i = 0; i < expected.size(); i++) {
            for (int column = 0; column < expected.get(i).size(); column++) {
                Object expectedValue = expected.get(i).get(column);
                Object actualValue = actual.get(i).get(column);
                if (expectedValue == null) {
                    assertNull(actualValue, context + ": row " + i + ", column " + column);
                }
                else if (expectedValue instanceof Double expectedDouble) {
                    double difference = Math.abs(expectedDouble - (Double) actualValue);
                    assertTrue(difference <= relativeTolerance * Math.abs(expectedDouble), context + ": row " + i + ", column " + column + ": expected " + expectedDouble + ", got " + actualValue);
                }
                else {
                    assertEquals(expectedValue, actualValue, context);
                }
            }
        }
    }
}
