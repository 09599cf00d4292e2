package io.signo.core.operator.window;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.AggregateCall;
import io.signo.core.operator.aggregation.AggregateKind;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.WindowOperator.WindowOperatorFactory;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.Set;
import java.util.function.BiFunction;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Window functions over random rows (NULL partition and order keys and values, ties, one partition
 * spanning several output pages, input pages of random sizes) against a row-at-a-time reference.
 */
class WindowOperatorTest
{
    /** Columns: partition key p, coarse order key k (ties), unique id, value v; all but id may be NULL. */
    private static final List<Type> TYPES = List.of(Type.BIGINT, Type.BIGINT, Type.BIGINT, Type.BIGINT);
    private static final int P = 0;
    private static final int K = 1;
    private static final int ID = 2;
    private static final int V = 3;

    private final OperatorRunner runner = new OperatorRunner();

    private record Row(Long p, Long k, long id, Long v) {}

    @Test
    void rowFramesAndValueFunctionsOrderedByUniqueKeys()
    {
        List<Row> rows = randomRows(new Random(7));
        WindowFrame running = new WindowFrame(true, FrameBound.UNBOUNDED_PRECEDING, FrameBound.CURRENT_ROW);
        WindowFrame moving = new WindowFrame(true, FrameBound.preceding(3), FrameBound.following(2));
        WindowFrame neighbours = new WindowFrame(true, FrameBound.preceding(1), FrameBound.following(1));
        WindowFrame later = new WindowFrame(true, FrameBound.following(2), FrameBound.UNBOUNDED_FOLLOWING);
        WindowFrame before = new WindowFrame(true, FrameBound.UNBOUNDED_PRECEDING, FrameBound.preceding(1));
        List<WindowFunction> functions = List.of(
                WindowFunction.ranking(WindowFunctionKind.ROW_NUMBER, 0, Type.BIGINT),
                WindowFunction.ranking(WindowFunctionKind.NTILE, 4, Type.INTEGER),
                new WindowFunction(WindowFunctionKind.LAG, List.of(V), 2, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION),
                new WindowFunction(WindowFunctionKind.LEAD, List.of(V, ID), 1, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION),
                new WindowFunction(WindowFunctionKind.FIRST_VALUE, List.of(V), 0, null, Type.BIGINT, running),
                new WindowFunction(WindowFunctionKind.LAST_VALUE, List.of(V), 0, null, Type.BIGINT, neighbours),
                new WindowFunction(WindowFunctionKind.NTH_VALUE, List.of(V), 3, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.SUM, V, Type.BIGINT, Type.BIGINT), moving),
                WindowFunction.aggregate(AggregateCall.countStar(), later),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.MAX, V, Type.BIGINT, Type.BIGINT), before),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.COUNT, V, Type.BIGINT, Type.BIGINT), WindowFrame.WHOLE_PARTITION));
        Map<Long, List<Object>> actual = run(rows, List.of(K, ID), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST), functions);

        Comparator<Row> order = Comparator.comparing(Row::k, Comparator.nullsLast(Comparator.naturalOrder())).thenComparing(Row::id);
        for (List<Row> partition : partitions(rows, order)) {
            int size = partition.size();
            for (int i = 0; i < size; i++) {
                Row row = partition.get(i);
                long quotient = size / 4;
                long remainder = size % 4;
                long ntile = i < remainder * (quotient + 1) ? i / (quotient + 1) + 1 : remainder + (i - remainder * (quotient + 1)) / quotient + 1;
                List<Object> expected = List.of(
                        (long) i + 1,
                        (int) ntile,
                        nullable(i >= 2 ? partition.get(i - 2).v() : null),
                        nullable(i + 1 < size ? partition.get(i + 1).v() : (Long) row.id()),
                        nullable(partition.getFirst().v()),
                        nullable(partition.get(Math.min(size - 1, i + 1)).v()),
                        nullable(size >= 3 ? partition.get(2).v() : null),
                        nullable(aggregate(partition, i - 3, i + 2, WindowOperatorTest::sum)),
                        (long) Math.max(0, size - (i + 2)),
                        nullable(aggregate(partition, 0, i - 1, WindowOperatorTest::max)),
                        partition.stream().filter(r -> r.v() != null).count());
                assertEquals(expected, actual.get(row.id()), "row " + row);
            }
        }
    }

    @Test
    void ranksAndRangeFramesTreatPeersAlike()
    {
        List<Row> rows = randomRows(new Random(11));
        WindowFrame upToPeers = WindowFrame.RANGE_UP_TO_CURRENT_ROW;
        WindowFrame fromPeers = new WindowFrame(false, FrameBound.CURRENT_ROW, FrameBound.UNBOUNDED_FOLLOWING);
        List<WindowFunction> functions = List.of(
                WindowFunction.ranking(WindowFunctionKind.RANK, 0, Type.BIGINT),
                WindowFunction.ranking(WindowFunctionKind.DENSE_RANK, 0, Type.BIGINT),
                WindowFunction.ranking(WindowFunctionKind.PERCENT_RANK, 0, Type.DOUBLE),
                WindowFunction.ranking(WindowFunctionKind.CUME_DIST, 0, Type.DOUBLE),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.SUM, V, Type.BIGINT, Type.BIGINT), upToPeers),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.MIN, V, Type.BIGINT, Type.BIGINT), fromPeers));
        Map<Long, List<Object>> actual = run(rows, List.of(K), List.of(SortOrder.DESC_NULLS_FIRST), functions);

        Comparator<Row> order = Comparator.comparing(Row::k, Comparator.nullsFirst(Comparator.<Long>reverseOrder()));
        for (List<Row> partition : partitions(rows, order)) {
            int size = partition.size();
            long denseRank = 0;
            for (int i = 0; i < size; i++) {
                Row row = partition.get(i);
                if (i == 0 || !Objects.equals(partition.get(i - 1).k(), row.k())) {
                    denseRank++;
                }
                int peerStart = i;
                while (peerStart > 0 && Objects.equals(partition.get(peerStart - 1).k(), row.k())) {
                    peerStart--;
                }
                int peerEnd = i + 1;
                while (peerEnd < size && Objects.equals(partition.get(peerEnd).k(), row.k())) {
                    peerEnd++;
                }
                List<Object> expected = List.of(
                        (long) peerStart + 1,
                        denseRank,
                        size == 1 ? 0.0 : (double) peerStart / (size - 1),
                        (double) peerEnd / size,
                        nullable(aggregate(partition, 0, peerEnd - 1, WindowOperatorTest::sum)),
                        nullable(aggregate(partition, peerStart, size - 1, WindowOperatorTest::min)));
                assertEquals(expected, actual.get(row.id()), "row " + row);
            }
        }
    }

    @Test
    void ignoreNullsSkipsRowsWithoutAValue()
    {
        List<Row> rows = randomRows(new Random(19));
        WindowFrame neighbours = new WindowFrame(true, FrameBound.preceding(2), FrameBound.following(1));
        WindowFrame running = new WindowFrame(true, FrameBound.UNBOUNDED_PRECEDING, FrameBound.CURRENT_ROW);
        List<WindowFunction> functions = List.of(
                new WindowFunction(WindowFunctionKind.LAG, List.of(V), 1, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION).withIgnoreNulls(),
                new WindowFunction(WindowFunctionKind.LAG, List.of(V, ID), 3, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION).withIgnoreNulls(),
                new WindowFunction(WindowFunctionKind.LEAD, List.of(V), 2, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION).withIgnoreNulls(),
                new WindowFunction(WindowFunctionKind.LAG, List.of(V), -1, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION).withIgnoreNulls(),
                new WindowFunction(WindowFunctionKind.FIRST_VALUE, List.of(V), 0, null, Type.BIGINT, neighbours).withIgnoreNulls(),
                new WindowFunction(WindowFunctionKind.LAST_VALUE, List.of(V), 0, null, Type.BIGINT, running).withIgnoreNulls(),
                new WindowFunction(WindowFunctionKind.NTH_VALUE, List.of(V), 3, null, Type.BIGINT, WindowFrame.WHOLE_PARTITION).withIgnoreNulls());
        Map<Long, List<Object>> actual = run(rows, List.of(K, ID), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST), functions);

        Comparator<Row> order = Comparator.comparing(Row::k, Comparator.nullsLast(Comparator.naturalOrder())).thenComparing(Row::id);
        for (List<Row> partition : partitions(rows, order)) {
            int size = partition.size();
            for (int i = 0; i < size; i++) {
                Row row = partition.get(i);
                Long thirdBefore = nthValue(partition, i - 1, -1, 3);
                List<Object> expected = List.of(
                        nullable(nthValue(partition, i - 1, -1, 1)),
                        nullable(thirdBefore != null ? thirdBefore : (Long) row.id()),
                        nullable(nthValue(partition, i + 1, 1, 2)),
                        nullable(nthValue(partition, i + 1, 1, 1)),
                        nullable(nthValueWithin(partition, i - 2, i + 1, 1, false)),
                        nullable(nthValueWithin(partition, 0, i, 1, true)),
                        nullable(nthValueWithin(partition, 0, size - 1, 3, false)));
                assertEquals(expected, actual.get(row.id()), "row " + row);
            }
        }
    }

    @Test
    void distinctAggregatesCountEachValueOnce()
    {
        List<Row> rows = randomRows(new Random(29));
        WindowFrame running = new WindowFrame(true, FrameBound.UNBOUNDED_PRECEDING, FrameBound.CURRENT_ROW);
        WindowFrame remaining = new WindowFrame(true, FrameBound.following(1), FrameBound.UNBOUNDED_FOLLOWING);
        List<WindowFunction> functions = List.of(
                WindowFunction.aggregate(new AggregateCall(AggregateKind.COUNT, K, Type.BIGINT, Type.BIGINT), WindowFrame.WHOLE_PARTITION).withDistinct(),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.SUM, K, Type.BIGINT, Type.BIGINT), running).withDistinct(),
                WindowFunction.aggregate(new AggregateCall(AggregateKind.COUNT, K, Type.BIGINT, Type.BIGINT), remaining).withDistinct());
        Map<Long, List<Object>> actual = run(rows, List.of(V, ID), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST), functions);

        Comparator<Row> order = Comparator.comparing(Row::v, Comparator.nullsLast(Comparator.naturalOrder())).thenComparing(Row::id);
        for (List<Row> partition : partitions(rows, order)) {
            int size = partition.size();
            for (int i = 0; i < size; i++) {
                Row row = partition.get(i);
                Set<Long> upToRow = distinctKeys(partition, 0, i + 1);
                List<Object> expected = List.of(
                        (long) distinctKeys(partition, 0, size).size(),
                        nullable(upToRow.isEmpty() ? null : upToRow.stream().mapToLong(Long::longValue).sum()),
                        (long) distinctKeys(partition, i + 1, size).size());
                assertEquals(expected, actual.get(row.id()), "row " + row);
            }
        }
    }

    @Test
    void rangeOffsetsOverADoubleKey()
    {
        List<Type> types = List.of(Type.BIGINT, Type.DOUBLE, Type.BIGINT);
        Random random = new Random(31);
        List<List<Object>> values = new ArrayList<>();
        for (long id = 0; id < 3000; id++) {
            values.add(row(random.nextLong(3), random.nextInt(10) == 0 ? null : random.nextInt(400) / 8.0, id));
        }
        WindowFrame around = new WindowFrame(false, FrameBound.preceding(2.5), FrameBound.following(0.75));
        List<WindowFunction> functions = List.of(WindowFunction.aggregate(AggregateCall.countStar(), around));
        for (SortOrder direction : List.of(SortOrder.ASC_NULLS_LAST, SortOrder.DESC_NULLS_FIRST)) {
            List<Page> output = runner.run(new WindowOperatorFactory(List.of(0), List.of(1), List.of(direction), functions, types), List.of(page(types, values)));
            for (List<Object> result : rows(output)) {
                Double key = (Double) result.get(1);
                double sign = direction.ascending() ? 1 : -1;
                long expected = values.stream()
                        .filter(other -> other.get(0).equals(result.get(0)))
                        .filter(other -> key == null
                                ? other.get(1) == null
                                : other.get(1) != null && sign * ((Double) other.get(1) - key) >= -2.5 && sign * ((Double) other.get(1) - key) <= 0.75)
                        .count();
                assertEquals(expected, result.get(3), "row " + result);
            }
        }
    }

    @Test
    void aPartitionPastTheMemoryLimitFailsTheQuery()
    {
        List<Row> rows = randomRows(new Random(37));
        List<Page> input = List.of(page(TYPES, rows.stream().map(row -> row(row.p(), row.k(), row.id(), row.v())).toList()));
        long inputBytes = input.getFirst().retainedBytes();
        List<WindowFunction> functions = List.of(WindowFunction.ranking(WindowFunctionKind.ROW_NUMBER, 0, Type.BIGINT));
        WindowOperatorFactory factory = new WindowOperatorFactory(List.of(P), List.of(K), List.of(SortOrder.ASC_NULLS_LAST), functions, TYPES);

        // the input is held once (and a column twice) while it is sorted: well under twice the input
        OperatorRunner measured = new OperatorRunner();
        measured.run(factory, input);
        assertTrue(measured.peakReservedBytes() < inputBytes * 3 / 2, "peak " + measured.peakReservedBytes() + " of input " + inputBytes);

        // a pool that holds the input as it comes, but not the sorted copy and the functions' columns
        MemoryPool unbounded = MemoryPool.unbounded("measure");
        OperatorContext measuring = new OperatorContext(unbounded, 0);
        Operator probe = factory.createOperator(measuring);
        probe.addInput(input.getFirst());
        long inputHeld = measuring.memory().reservedBytes();
        probe.close();
        measuring.close();

        MemoryPool pool = new MemoryPool("small query", inputHeld + inputBytes / 8);
        OperatorContext context = new OperatorContext(pool, 0);
        Operator operator = factory.createOperator(context);
        operator.addInput(input.getFirst());
        operator.finish();
        SignoException error = assertThrows(SignoException.class, operator::getOutput);
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode(), error.getMessage());
        operator.close();
        context.close();
        assertEquals(0, pool.reservedBytes(), "closing returns what the failed operator held");
    }

    /** The n-th non-NULL value from row {@code from} stepping by {@code step} (-1 backwards, 1 forwards), NULL when there is none. */
    private static Long nthValue(List<Row> partition, int from, int step, int n)
    {
        int seen = 0;
        for (int i = from; i >= 0 && i < partition.size(); i += step) {
            if (partition.get(i).v() != null && ++seen == n) {
                return partition.get(i).v();
            }
        }
        return null;
    }

    /** The n-th non-NULL value of rows {@code [from, to]} (clipped), counted from the end when {@code fromEnd}. */
    private static Long nthValueWithin(List<Row> partition, int from, int to, int n, boolean fromEnd)
    {
        int first = Math.max(0, from);
        int last = Math.min(partition.size() - 1, to);
        if (first > last) {
            return null;
        }
        return fromEnd ? nthValue(partition.subList(first, last + 1), last - first, -1, n) : nthValue(partition.subList(first, last + 1), 0, 1, n);
    }

    private static Set<Long> distinctKeys(List<Row> partition, int from, int to)
    {
        Set<Long> keys = new HashSet<>();
        for (int i = from; i < Math.min(to, partition.size()); i++) {
            if (partition.get(i).k() != null) {
                keys.add(partition.get(i).k());
            }
        }
        return keys;
    }

    @Test
    void noInputGivesNoRows()
    {
        List<WindowFunction> functions = List.of(WindowFunction.ranking(WindowFunctionKind.ROW_NUMBER, 0, Type.BIGINT));
        assertTrue(runner.run(new WindowOperatorFactory(List.of(), List.of(), List.of(), functions, TYPES), List.of()).isEmpty());
        List<Page> output = runner.run(new WindowOperatorFactory(List.of(P), List.of(), List.of(), functions, TYPES), List.of(page(TYPES)));
        assertEquals(0, rows(output).size());
    }

    /** Runs the operator partitioned on p and returns each output row's function values by id. */
    private Map<Long, List<Object>> run(List<Row> rows, List<Integer> orderChannels, List<SortOrder> orders, List<WindowFunction> functions)
    {
        List<Page> input = new ArrayList<>();
        Random random = new Random(3);
        for (int start = 0; start < rows.size();) {
            int end = Math.min(rows.size(), start + 1 + random.nextInt(5000));
            List<List<Object>> pageRows = new ArrayList<>();
            for (Row row : rows.subList(start, end)) {
                pageRows.add(row(row.p(), row.k(), row.id(), row.v()));
            }
            input.add(page(TYPES, pageRows));
            start = end;
        }
        List<Page> output = runner.run(new WindowOperatorFactory(List.of(P), orderChannels, orders, functions, TYPES), input);
        Map<Long, List<Object>> byId = new HashMap<>();
        for (List<Object> row : rows(output)) {
            byId.put((Long) row.get(ID), row.subList(TYPES.size(), row.size()).stream().map(WindowOperatorTest::nullable).toList());
        }
        assertEquals(rows.size(), byId.size());
        return byId;
    }

    /** Rows in a few small partitions, a NULL partition, and one partition of 10,000 rows (two pages of output). */
    private static List<Row> randomRows(Random random)
    {
        List<Row> rows = new ArrayList<>();
        for (int id = 0; id < 16_000; id++) {
            Long p = id < 10_000 ? Long.valueOf(99) : sometimesNull(random, 8, random.nextInt(6));
            Long k = sometimesNull(random, 10, random.nextInt(id < 10_000 ? 3000 : 5));
            Long v = sometimesNull(random, 7, random.nextInt(1000) - 300);
            rows.add(new Row(p, k, id, v));
        }
        Collections.shuffle(rows, random);
        return rows;
    }

    /** NULL one time in {@code oneIn}, else the value. */
    private static Long sometimesNull(Random random, int oneIn, long value)
    {
        return random.nextInt(oneIn) == 0 ? null : Long.valueOf(value);
    }

    private static List<List<Row>> partitions(List<Row> rows, Comparator<Row> order)
    {
        Map<Long, List<Row>> byKey = new LinkedHashMap<>();
        List<Row> nullPartition = new ArrayList<>();
        for (Row row : rows) {
            (row.p() == null ? nullPartition : byKey.computeIfAbsent(row.p(), _ -> new ArrayList<>())).add(row);
        }
        List<List<Row>> partitions = new ArrayList<>(byKey.values());
        partitions.add(nullPartition);
        partitions.forEach(partition -> partition.sort(order));
        return partitions;
    }

    /** The aggregate of the non-NULL values of rows {@code [from, to]} (clipped to the partition), NULL when there are none. */
    private static Long aggregate(List<Row> partition, int from, int to, BiFunction<Long, Long, Long> combine)
    {
        Long result = null;
        for (int i = Math.max(0, from); i <= Math.min(partition.size() - 1, to); i++) {
            Long value = partition.get(i).v();
            if (value != null) {
                result = result == null ? value : combine.apply(result, value);
            }
        }
        return result;
    }

    private static Long sum(Long a, Long b)
    {
        return a + b;
    }

    private static Long max(Long a, Long b)
    {
        return Math.max(a, b);
    }

    private static Long min(Long a, Long b)
    {
        return Math.min(a, b);
    }

    /** A value that may be NULL, as a list element (List.of takes no nulls). */
    private static Object nullable(Object value)
    {
        return value == null ? NULL : value;
    }

    private static final Object NULL = new Object()
    {
        @Override
        public String toString()
        {
            return "NULL";
        }
    };
}
