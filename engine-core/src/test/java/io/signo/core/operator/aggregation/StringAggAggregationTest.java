package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.STRING_AGG;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

class StringAggAggregationTest
{
    private final OperatorRunner runner = new OperatorRunner();

    private static AggregateCall stringAgg(int channel, String separator)
    {
        return new AggregateCall(STRING_AGG, channel, Type.VARCHAR, Type.VARCHAR, separator);
    }

    @Test
    void valuesInArrivalOrderWithTheSeparatorBetweenAndNullsLeftOut()
    {
        List<Type> types = List.of(Type.BIGINT, Type.VARCHAR);
        Page input = page(types,
                row(1L, "a"),
                row(2L, "x"),
                row(1L, null),
                row(1L, ""),
                row(3L, null),
                row(1L, "ü€"),
                row(4L, ""));
        List<AggregateCall> calls = List.of(stringAgg(1, ", "), stringAgg(1, ""), stringAgg(1, "->"));
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.SINGLE), List.of(input));
        // an empty string is a value: it has separators on both sides; a group of NULLs is NULL
        assertRowsUnordered(List.of(
                row(1L, "a, , ü€", "aü€", "a->->ü€"),
                row(2L, "x", "x", "x"),
                row(3L, null, null, null),
                row(4L, "", "", "")),
                rows(output));
    }

    @Test
    void globalAggregationOfNothingIsNull()
    {
        List<AggregateCall> calls = List.of(stringAgg(0, ","));
        assertEquals(List.of(row((Object) null)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of())));
        List<Page> partialOfNulls = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.PARTIAL), List.of(page(List.of(Type.VARCHAR), row((Object) null))));
        assertEquals(List.of(row((Object) null)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.FINAL), partialOfNulls)));
    }

    @Test
    void partialStringsJoinWithTheSeparatorAndKeepEveryValue()
    {
        List<Type> types = List.of(Type.BIGINT, Type.VARCHAR);
        List<List<Object>> all = new ArrayList<>();
        for (int i = 0; i < 2000; i++) {
            all.add(row((long) (i % 5), i % 9 == 0 ? null : "value " + i));
        }
        List<AggregateCall> calls = List.of(stringAgg(1, " | "));
        for (int piece : new int[] {1, 7, 2000}) {
            List<Page> intermediate = new ArrayList<>();
            for (int from = 0; from < all.size(); from += piece) {
                intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.PARTIAL),
                        List.of(page(types, all.subList(from, Math.min(all.size(), from + piece))))));
            }
            List<List<Object>> merged = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.FINAL), intermediate));
            assertEquals(5, merged.size());
            for (List<Object> group : merged) {
                long key = (Long) group.get(0);
                // the order of the values is not defined: compare them as sorted lists
                List<String> expected = all.stream().filter(row -> row.get(0).equals(key) && row.get(1) != null).map(row -> (String) row.get(1)).sorted().toList();
                List<String> actual = Arrays.stream(((String) group.get(1)).split(" \\| ")).sorted().toList();
                assertEquals(expected, actual, "pieces of " + piece + ", group " + key);
            }
        }
    }

    @Test
    void aSelectedPageReadsOnlyItsRows()
    {
        List<Type> types = List.of(Type.BIGINT, Type.VARCHAR);
        List<List<Object>> kept = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        List<Integer> selection = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            List<Object> row = row((long) (i % 3), i % 4 == 0 ? null : "s" + i);
            selection.add(all.size());
            kept.add(row);
            all.add(row);
            all.add(row((long) (i % 3), "unselected"));
        }
        Page columns = page(types, all);
        int[] rows = selection.stream().mapToInt(Integer::intValue).toArray();
        Page selected = Page.selected(rows, rows.length, IntStream.range(0, types.size()).mapToObj(columns::column).toArray(ColumnVector[]::new));
        HashAggregationOperatorFactory factory = new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), List.of(stringAgg(1, ",")), AggregationStep.SINGLE);
        assertRowsUnordered(rows(runner.run(factory, List.of(page(types, kept)))), rows(runner.run(factory, List.of(selected))));
    }

    @Test
    void takesStringsAndASeparator()
    {
        assertThrows(IllegalArgumentException.class, () -> new AggregateCall(STRING_AGG, 0, Type.VARCHAR, Type.VARCHAR));
        assertThrows(IllegalArgumentException.class, () -> new AggregateCall(STRING_AGG, 0, Type.BIGINT, Type.VARCHAR, ","));
        assertThrows(IllegalArgumentException.class, () -> new AggregateCall(AggregateKind.MAX, 0, Type.VARCHAR, Type.VARCHAR, ","));
    }
}
