package io.signo.core.operator.window;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.window.TopNPerPartitionOperator.TopNPerPartitionOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The top rows per partition against a row-at-a-time reference that ranks whole sorted partitions:
 * NULL partition and order keys, ties, partitions smaller and larger than the cut, pages of random
 * sizes, a partial step before the final one, and a partial step that flushes as it goes.
 */
class TopNPerPartitionOperatorTest
{
    /** Columns: partition key p, order key k (many ties), unique id, a string s. */
    private static final List<Type> TYPES = List.of(Type.BIGINT, Type.BIGINT, Type.BIGINT, Type.VARCHAR);
    private static final int P = 0;
    private static final int K = 1;
    private static final int ID = 2;

    private final OperatorRunner runner = new OperatorRunner();

    private record Row(Long p, Long k, long id, String s) {}

    @Test
    void rowNumbersOfUniqueOrder()
    {
        List<Row> rows = randomRows(new Random(5), 20_000, 300);
        // k DESC NULLS FIRST, id: no ties, so the kept rows are determined
        Comparator<Row> order = Comparator.comparing(Row::k, Comparator.nullsFirst(Comparator.<Long>reverseOrder())).thenComparing(Row::id);
        for (int maxRank : new int[] {0, 1, 3, 70, 100_000}) {
            List<List<Object>> expected = expected(rows, order, WindowFunctionKind.ROW_NUMBER, maxRank);
            List<Integer> sortChannels = List.of(K, ID);
            List<SortOrder> orders = List.of(SortOrder.DESC_NULLS_FIRST, SortOrder.ASC_NULLS_LAST);
            assertRowsUnordered(expected, run(rows, sortChannels, orders, WindowFunctionKind.ROW_NUMBER, maxRank, false));
            assertRowsUnordered(expected, run(rows, sortChannels, orders, WindowFunctionKind.ROW_NUMBER, maxRank, true));
        }
    }

    @Test
    void ranksKeepEveryTie()
    {
        List<Row> rows = randomRows(new Random(9), 20_000, 300);
        Comparator<Row> order = Comparator.comparing(Row::k, Comparator.nullsLast(Comparator.<Long>naturalOrder()));
        for (WindowFunctionKind ranking : List.of(WindowFunctionKind.RANK, WindowFunctionKind.DENSE_RANK)) {
            for (int maxRank : new int[] {1, 2, 5, 40, 100_000}) {
                List<List<Object>> expected = expected(rows, order, ranking, maxRank);
                assertRowsUnordered(expected, run(rows, List.of(K), List.of(SortOrder.ASC_NULLS_LAST), ranking, maxRank, false));
                assertRowsUnordered(expected, run(rows, List.of(K), List.of(SortOrder.ASC_NULLS_LAST), ranking, maxRank, true));
            }
        }
    }

    @Test
    void manyPartitionsOfFewRowsAndOneOfAll()
    {
        // each row its own partition, then one partition for all: heaps that never fill, and one that does
        List<Row> rows = new ArrayList<>();
        Random random = new Random(13);
        for (int id = 0; id < 30_000; id++) {
            rows.add(new Row((long) id, (long) random.nextInt(50), id, "s" + id));
        }
        Comparator<Row> order = Comparator.comparing(Row::k).thenComparing(Row::id);
        assertRowsUnordered(expected(rows, order, WindowFunctionKind.ROW_NUMBER, 2),
                run(rows, List.of(K, ID), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST), WindowFunctionKind.ROW_NUMBER, 2, true));
        List<Row> onePartition = rows.stream().map(row -> new Row(7L, row.k(), row.id(), row.s())).toList();
        // 30,000 rows over 50 order keys: the first peer group alone passes the cut, all of it kept
        assertRowsUnordered(expected(onePartition, Comparator.comparing(Row::k), WindowFunctionKind.RANK, 3),
                run(onePartition, List.of(K), List.of(SortOrder.ASC_NULLS_LAST), WindowFunctionKind.RANK, 3, false));
    }

    @Test
    void withoutPartitionKeysOneGroup()
    {
        List<Row> rows = randomRows(new Random(17), 5_000, 10);
        Comparator<Row> order = Comparator.comparing(Row::k, Comparator.nullsLast(Comparator.<Long>naturalOrder())).thenComparing(Row::id);
        List<Page> input = pages(rows, new Random(1));
        TopNPerPartitionOperatorFactory factory = new TopNPerPartitionOperatorFactory(List.of(), List.of(K, ID), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST),
                WindowFunctionKind.ROW_NUMBER, 25, false, Type.BIGINT, TYPES);
        List<List<Object>> expected = new ArrayList<>();
        List<Row> sorted = new ArrayList<>(rows);
        sorted.sort(order);
        for (int i = 0; i < 25; i++) {
            Row row = sorted.get(i);
            expected.add(row(row.p(), row.k(), row.id(), row.s(), (long) i + 1));
        }
        assertEquals(expected, rows(runner.run(factory, input)), "one group, emitted in order");
    }

    @Test
    void emptyInput()
    {
        TopNPerPartitionOperatorFactory factory = new TopNPerPartitionOperatorFactory(List.of(P), List.of(K), List.of(SortOrder.ASC_NULLS_LAST),
                WindowFunctionKind.RANK, 3, false, Type.BIGINT, TYPES);
        assertEquals(List.of(), rows(runner.run(factory, List.of())));
        assertEquals(List.of(), rows(runner.run(factory, List.of(page(TYPES, List.of())))));
    }

    @Test
    void holdsTheKeptRowsNotTheInput()
    {
        // 200 partitions, 100,000 rows in pages of 1,000: the kept pages are compacted, so memory stays near the 600 kept rows
        List<Row> rows = new ArrayList<>();
        Random random = new Random(23);
        for (int id = 0; id < 100_000; id++) {
            rows.add(new Row((long) random.nextInt(200), (long) random.nextInt(1_000_000), id, "a string of some length " + id));
        }
        List<Page> input = new ArrayList<>();
        long inputBytes = 0;
        for (int start = 0; start < rows.size(); start += 1000) {
            Page page = page(TYPES, rows.subList(start, start + 1000).stream().map(row -> row(row.p(), row.k(), row.id(), row.s())).toList());
            inputBytes += page.retainedBytes();
            input.add(page);
        }
        OperatorRunner measured = new OperatorRunner();
        TopNPerPartitionOperatorFactory factory = new TopNPerPartitionOperatorFactory(List.of(P), List.of(K, ID), List.of(SortOrder.ASC_NULLS_LAST, SortOrder.ASC_NULLS_LAST),
                WindowFunctionKind.ROW_NUMBER, 3, false, Type.BIGINT, TYPES);
        List<Page> output = measured.run(factory, input);
        assertEquals(600, rows(output).size());
        assertTrue(measured.peakReservedBytes() < inputBytes / 10, "peak " + measured.peakReservedBytes() + " of input " + inputBytes);
    }

    private List<List<Object>> run(List<Row> rows, List<Integer> sortChannels, List<SortOrder> orders, WindowFunctionKind ranking, int maxRank, boolean withPartial)
    {
        Random random = new Random(maxRank * 31L + ranking.ordinal());
        List<Page> input = pages(rows, random);
        TopNPerPartitionOperatorFactory last = new TopNPerPartitionOperatorFactory(List.of(P), sortChannels, orders, ranking, maxRank, false, Type.BIGINT, TYPES);
        if (!withPartial) {
            return rows(runner.run(last, input));
        }
        // three partial steps over parts of the input, one of them flushing every few pages, then the final step over their output
        List<Page> partialOutput = new ArrayList<>();
        int third = input.size() / 3;
        List<List<Page>> parts = List.of(input.subList(0, third), input.subList(third, 2 * third), input.subList(2 * third, input.size()));
        for (int i = 0; i < parts.size(); i++) {
            TopNPerPartitionOperatorFactory partial = new TopNPerPartitionOperatorFactory(List.of(P), sortChannels, orders, ranking, maxRank, true, Type.BIGINT, TYPES,
                    i == 0 ? 1 : TopNPerPartitionOperator.PARTIAL_FLUSH_BYTES);
            List<Page> output = runner.run(partial, parts.get(i));
            output.forEach(page -> assertEquals(TYPES.size(), page.columnCount(), "a partial step appends no rank"));
            partialOutput.addAll(output);
        }
        return rows(runner.run(last, partialOutput));
    }

    private static List<Page> pages(List<Row> rows, Random random)
    {
        List<Page> input = new ArrayList<>();
        for (int start = 0; start < rows.size();) {
            int end = Math.min(rows.size(), start + 1 + random.nextInt(3000));
            List<List<Object>> pageRows = new ArrayList<>();
            for (Row row : rows.subList(start, end)) {
                pageRows.add(row(row.p(), row.k(), row.id(), row.s()));
            }
            input.add(page(TYPES, pageRows));
            start = end;
        }
        return input;
    }

    /** Each partition sorted whole and ranked, the rows ranked at most {@code maxRank}, each followed by its rank. */
    private static List<List<Object>> expected(List<Row> rows, Comparator<Row> order, WindowFunctionKind ranking, int maxRank)
    {
        Map<Long, List<Row>> partitions = new LinkedHashMap<>();
        for (Row row : rows) {
            partitions.computeIfAbsent(row.p() == null ? Long.MIN_VALUE : row.p(), _ -> new ArrayList<>()).add(row);
        }
        List<List<Object>> expected = new ArrayList<>();
        for (List<Row> partition : partitions.values()) {
            partition.sort(order);
            long rank = 0;
            for (int i = 0; i < partition.size(); i++) {
                boolean newPeerGroup = i == 0 || order.compare(partition.get(i - 1), partition.get(i)) != 0;
                rank = switch (ranking) {
                    case ROW_NUMBER -> i + 1;
                    case RANK -> newPeerGroup ? i + 1 : rank;
                    default -> newPeerGroup ? rank + 1 : rank;
                };
                if (rank > maxRank) {
                    break;
                }
                Row row = partition.get(i);
                expected.add(row(row.p(), row.k(), row.id(), row.s(), rank));
            }
        }
        return expected;
    }

    /** Rows in {@code partitions} partitions (and a NULL one), order keys with many ties and NULLs. */
    private static List<Row> randomRows(Random random, int count, int partitions)
    {
        List<Row> rows = new ArrayList<>();
        for (int id = 0; id < count; id++) {
            Long p = random.nextInt(50) == 0 ? null : Long.valueOf(random.nextInt(partitions));
            Long k = random.nextInt(9) == 0 ? null : Long.valueOf(random.nextInt(40));
            rows.add(new Row(p, k, id, random.nextInt(5) == 0 ? null : "v" + random.nextInt(100)));
        }
        Collections.shuffle(rows, random);
        return rows;
    }

    @Test
    void referenceRanksTies()
    {
        // the reference itself: ties share a rank, RANK skips after them, DENSE_RANK does not
        List<Row> rows = List.of(new Row(1L, 5L, 0, "a"), new Row(1L, 5L, 1, "b"), new Row(1L, 6L, 2, "c"));
        Comparator<Row> order = Comparator.comparing(Row::k);
        assertEquals(List.of(1L, 1L, 3L), expected(rows, order, WindowFunctionKind.RANK, 5).stream().map(row -> row.get(4)).toList());
        assertEquals(List.of(1L, 1L, 2L), expected(rows, order, WindowFunctionKind.DENSE_RANK, 5).stream().map(row -> row.get(4)).toList());
        assertEquals(2, expected(rows, order, WindowFunctionKind.RANK, 2).size(), "the tie at the cut is kept");
    }
}
