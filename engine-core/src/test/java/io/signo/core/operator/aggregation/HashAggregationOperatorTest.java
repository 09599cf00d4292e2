package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.AVG;
import static io.signo.core.operator.aggregation.AggregateKind.COUNT;
import static io.signo.core.operator.aggregation.AggregateKind.MAX;
import static io.signo.core.operator.aggregation.AggregateKind.MIN;
import static io.signo.core.operator.aggregation.AggregateKind.SUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HashAggregationOperatorTest
{
    private static final Type DECIMAL_12_2 = Type.decimal(12, 2);

    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void groupsByBigintWithNullKeyAndAllAggregates()
    {
        List<Type> types = List.of(Type.BIGINT, Type.INTEGER, Type.DOUBLE, Type.VARCHAR);
        Page input = page(types,
                row(1L, 10, 1.5, "b"),
                row(2L, 20, null, "a"),
                row(1L, null, 2.5, "c"),
                row(null, 5, 4.0, null),
                row(null, 7, null, "z"),
                row(2L, 30, 1.0, "aa"));
        List<AggregateCall> calls = List.of(
                AggregateCall.countStar(),
                new AggregateCall(COUNT, 1, Type.INTEGER, Type.BIGINT),
                new AggregateCall(SUM, 1, Type.INTEGER, Type.BIGINT),
                new AggregateCall(AVG, 2, Type.DOUBLE, Type.DOUBLE),
                new AggregateCall(MIN, 3, Type.VARCHAR, Type.VARCHAR),
                new AggregateCall(MAX, 3, Type.VARCHAR, Type.VARCHAR),
                new AggregateCall(MAX, 1, Type.INTEGER, Type.INTEGER));
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.SINGLE), List.of(input));
        assertRowsUnordered(List.of(
                row(1L, 2L, 1L, 10L, 2.0, "b", "c", 10),
                row(2L, 2L, 2L, 50L, 1.0, "a", "aa", 30),
                row(null, 2L, 2L, 12L, 4.0, "z", "z", 7)),
                rows(output));
    }

    @Test
    void runsOfOneKeyNullsBetweenThemAndGrowthAcrossPages()
    {
        // keys in runs (as lineitem holds its order keys), a NULL inside a run, a run split across pages,
        // and enough keys to grow the table several times while runs go on
        List<Type> types = List.of(Type.BIGINT, Type.BIGINT);
        java.util.Map<Long, Long> expected = new java.util.TreeMap<>();
        List<Page> pages = new ArrayList<>();
        List<List<Object>> rows = new ArrayList<>();
        long nullSum = 0;
        for (long key = 0; key < 5000; key++) {
            for (int line = 0; line < 1 + key % 4; line++) {
                if (key % 97 == 5 && line == 1) {
                    rows.add(row(null, 1000L));
                    nullSum += 1000;
                }
                rows.add(row(key, key + line));
                expected.merge(key, key + line, Long::sum);
                if (rows.size() == 777) {
                    pages.add(page(types, rows));
                    rows = new ArrayList<>();
                }
            }
        }
        pages.add(page(types, rows));
        List<AggregateCall> calls = List.of(new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT));
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.SINGLE), pages);
        List<List<Object>> expectedRows = new ArrayList<>();
        expected.forEach((key, sum) -> expectedRows.add(row(key, sum)));
        expectedRows.add(row(null, nullSum));
        assertRowsUnordered(expectedRows, rows(output));
    }

    @Test
    void aStepMadeForItsExpectedGroupsAnswersAsOneThatGrows()
    {
        // more groups than expected, as many, and far fewer: the estimate sizes the hash and never changes an answer
        List<Type> types = List.of(Type.BIGINT, Type.BIGINT);
        List<Page> pages = new ArrayList<>();
        java.util.Map<Long, Long> expected = new java.util.TreeMap<>();
        List<List<Object>> rows = new ArrayList<>();
        for (long i = 0; i < 300_000; i++) {
            long key = (i * 7919) % 200_000;
            rows.add(row(key, i));
            expected.merge(key, i, Long::sum);
            if (rows.size() == 8192) {
                pages.add(page(types, rows));
                rows = new ArrayList<>();
            }
        }
        pages.add(page(types, rows));
        List<AggregateCall> calls = List.of(new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT));
        List<List<Object>> expectedRows = new ArrayList<>();
        expected.forEach((key, sum) -> expectedRows.add(row(key, sum)));
        for (long expectedGroups : new long[] {0, 100_000, 200_000, 2_000_000}) {
            List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.SINGLE, expectedGroups), pages);
            assertRowsUnordered(expectedRows, rows(output));
        }
    }

    @Test
    void anExpectedGroupCountSizesTheHashOnlyWhenItMattersAndFitsTheMemory()
    {
        List<Type> bigint = List.of(Type.BIGINT);
        long plenty = 1L << 40;
        assertEquals(0, HashAggregationOperator.presizedGroups(1000, bigint, plenty), "a small hash grows in the caches");
        assertEquals(0, HashAggregationOperator.presizedGroups(1 << 20, List.of(Type.VARCHAR), plenty), "only the one-long-key hash is sized");
        assertEquals(1 << 20, HashAggregationOperator.presizedGroups(1 << 20, bigint, plenty));
        assertEquals(HashAggregationOperator.MAX_PRESIZED_GROUPS, HashAggregationOperator.presizedGroups(1L << 40, bigint, plenty));
        long limit = 64L << 20;
        int groups = HashAggregationOperator.presizedGroups(1 << 24, bigint, limit);
        assertTrue(groups >= HashAggregationOperator.MIN_PRESIZED_GROUPS && groups < 1 << 24, "halved to fit: " + groups);
        assertTrue(LongGroupByHash.presizedBytes(groups) <= limit / 32, "a thirty-second of the query's memory at most");
        assertEquals(0, HashAggregationOperator.presizedGroups(1 << 24, bigint, 1 << 20), "no room: grows as groups come");
    }

    @Test
    void selectedPagesAggregateOnlyTheirRowsForEveryKindOfGroupHash()
    {
        // columns: flag CHAR(1), status CHAR(1), price DECIMAL(12, 2), key BIGINT, qty INTEGER (nullable), name VARCHAR (nullable)
        List<Type> types = List.of(Type.character(1), Type.character(1), DECIMAL_12_2, Type.BIGINT, Type.INTEGER, Type.VARCHAR);
        java.util.SplittableRandom random = new java.util.SplittableRandom(17);
        List<List<Object>> kept = new ArrayList<>();
        List<List<Object>> all = new ArrayList<>();
        List<Integer> rows = new ArrayList<>();
        for (int i = 0; i < 600; i++) {
            // a two-byte flag late in the input makes the packed hash fall back to the general one
            String flag = i == 450 ? "é" : String.valueOf("ANR".charAt(random.nextInt(3)));
            List<Object> row = row(flag, random.nextBoolean() ? "F" : "O", random.nextLong(100_000), (long) random.nextInt(20),
                    random.nextInt(7) == 0 ? null : random.nextInt(50), random.nextInt(9) == 0 ? null : "n" + random.nextInt(4));
            if (random.nextInt(4) != 0) {
                rows.add(all.size());
                kept.add(row);
            }
            all.add(row);
            // a row no selection names, with keys and values the kept rows have: reading it would change the sums
            all.add(row("A", "F", 99_999_999L, 1L, 1000, "n1"));
        }
        Page columns = page(types, all);
        int[] selection = rows.stream().mapToInt(Integer::intValue).toArray();
        Page selected = Page.selected(selection, selection.length, java.util.stream.IntStream.range(0, types.size()).mapToObj(columns::column).toArray(io.signo.storage.vector.ColumnVector[]::new));
        Page dense = page(types, kept);
        List<AggregateCall> calls = List.of(
                AggregateCall.countStar(),
                new AggregateCall(COUNT, 4, Type.INTEGER, Type.BIGINT),
                new AggregateCall(SUM, 2, DECIMAL_12_2, Type.decimal(19, 2)),
                new AggregateCall(AVG, 2, DECIMAL_12_2, DECIMAL_12_2),
                new AggregateCall(SUM, 4, Type.INTEGER, Type.BIGINT),
                new AggregateCall(MIN, 5, Type.VARCHAR, Type.VARCHAR),
                new AggregateCall(MAX, 3, Type.BIGINT, Type.BIGINT));
        for (List<Integer> keys : List.of(List.of(0, 1), List.of(3), List.of(5, 4), List.<Integer>of())) {
            List<Type> keyTypes = keys.stream().map(types::get).toList();
            HashAggregationOperatorFactory factory = new HashAggregationOperatorFactory(keys, keyTypes, calls, AggregationStep.SINGLE);
            assertTrue(factory.takesSelectedRows());
            // intermediate states arrive dense from exchanges: a FINAL step leaves any compaction to the driver
            assertFalse(new HashAggregationOperatorFactory(keys, keyTypes, calls, AggregationStep.FINAL).takesSelectedRows());
            // twice over: the second page meets the groups (and, for the two flags, the fallback hash) of the first
            assertRowsUnordered(rows(runner.run(factory, List.of(dense, dense))), rows(runner.run(factory, List.of(selected, selected))));
        }
    }

    @Test
    void groupsByMultipleColumnsWithStringsAndNulls()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.INTEGER, Type.BIGINT);
        Page first = page(types, row("x", 1, 1L), row("x", 2, 2L), row(null, 1, 3L), row("", 1, 4L));
        Page second = page(types, row("x", 1, 10L), row(null, 1, 30L), row(null, null, 5L), row("", 1, 40L));
        List<AggregateCall> calls = List.of(new AggregateCall(SUM, 2, Type.BIGINT, Type.BIGINT));
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0, 1), List.of(Type.VARCHAR, Type.INTEGER), calls, AggregationStep.SINGLE), List.of(first, second));
        assertRowsUnordered(List.of(
                row("x", 1, 11L),
                row("x", 2, 2L),
                row(null, 1, 33L),
                row(null, null, 5L),
                row("", 1, 44L)),
                rows(output));
    }

    @Test
    void globalAggregationOnEmptyInputReturnsOneRow()
    {
        List<AggregateCall> calls = List.of(
                AggregateCall.countStar(),
                new AggregateCall(SUM, 0, Type.BIGINT, Type.BIGINT),
                new AggregateCall(MIN, 0, Type.BIGINT, Type.BIGINT),
                new AggregateCall(AVG, 0, Type.BIGINT, Type.DOUBLE));
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of());
        assertEquals(List.of(row(0L, null, null, null)), rows(output));

        List<Page> empty = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of(page(List.of(Type.BIGINT))));
        assertEquals(List.of(row(0L, null, null, null)), rows(empty));

        List<Page> partial = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.PARTIAL), List.of());
        assertEquals(0, rows(partial).size());
        List<Page> fin = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.FINAL), partial);
        assertEquals(List.of(row(0L, null, null, null)), rows(fin));
    }

    @Test
    void groupedAggregationOnEmptyInputReturnsNothing()
    {
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), List.of(AggregateCall.countStar()), AggregationStep.SINGLE), List.of());
        assertEquals(0, rows(output).size());
    }

    @Test
    void decimalSumAndAverage()
    {
        List<Type> types = List.of(Type.INTEGER, DECIMAL_12_2);
        // 1.00 + 2.00 + 2.01 = 5.01; avg 1.67 (1.67 exactly rounds from 1.67000); group 2: 0.01 + 0.02 = 0.03, avg 0.015 -> 0.02
        Page input = page(types, row(1, 100L), row(1, 200L), row(1, 201L), row(2, 1L), row(2, 2L), row(3, null));
        List<AggregateCall> calls = List.of(
                new AggregateCall(SUM, 1, DECIMAL_12_2, Type.decimal(18, 2)),
                new AggregateCall(AVG, 1, DECIMAL_12_2, DECIMAL_12_2),
                new AggregateCall(AVG, 1, DECIMAL_12_2, Type.DOUBLE),
                new AggregateCall(AVG, 1, DECIMAL_12_2, Type.decimal(12, 3)),
                new AggregateCall(MAX, 1, DECIMAL_12_2, DECIMAL_12_2));
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.INTEGER), calls, AggregationStep.SINGLE), List.of(input));
        assertRowsUnordered(List.of(
                row(1, 501L, 167L, 1.67, 1670L, 201L),
                row(2, 3L, 2L, 0.015, 15L, 2L),
                row(3, null, null, null, null, null)),
                rows(output));
    }

    @Test
    void decimalSumAccumulatesBeyondLongAndFailsOnlyWhenTheResultDoesNotFit()
    {
        Type decimal = Type.decimal(18, 0);
        long big = 900_000_000_000_000_000L;
        Page input = page(List.of(decimal), row(big), row(big), row(big), row(-big), row(-big), row(-big), row(5L));
        List<AggregateCall> sum = List.of(new AggregateCall(SUM, 0, decimal, decimal));
        assertEquals(List.of(row(5L)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), sum, AggregationStep.SINGLE), List.of(input))));

        Page overflowing = page(List.of(decimal), row(big), row(big));
        SignoException failure = assertThrows(SignoException.class,
                () -> runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), sum, AggregationStep.SINGLE), List.of(overflowing)));
        assertEquals("Decimal overflow", failure.getMessage());
    }

    @Test
    void partialSumsBeyondLongMergeExactly()
    {
        // each partial state passes Long.MAX_VALUE (or Long.MIN_VALUE) on its way; the final sum fits again
        Type decimal = Type.decimal(18, 0);
        long big = 900_000_000_000_000_000L;
        List<List<Object>> up = new ArrayList<>();
        List<List<Object>> down = new ArrayList<>();
        for (int i = 0; i < 11; i++) {
            up.add(row("k", big));
            down.add(row("k", -big));
        }
        down.add(row("k", 5L));
        List<Type> types = List.of(Type.VARCHAR, decimal);
        List<AggregateCall> calls = List.of(new AggregateCall(SUM, 1, decimal, decimal), new AggregateCall(AVG, 1, decimal, decimal));
        List<Page> intermediate = new ArrayList<>();
        for (List<List<Object>> rows : List.of(up, down)) {
            intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.PARTIAL), List.of(page(types, rows))));
        }
        List<Page> fin = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.FINAL), intermediate);
        assertEquals(List.of(row("k", 5L, 0L)), rows(fin));
        // one step over both: the 23 rows average 5 / 23, which rounds to 0
        assertEquals(List.of(row("k", 5L, 0L)), rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.SINGLE),
                List.of(page(types, up), page(types, down)))));
    }

    @Test
    void sumAndAverageOfOneColumnAgreeWithThoseOfTheirOwn()
    {
        // Q1's shape: SUM and AVG of the same column (they share one state) beside an AVG of another
        List<Type> types = List.of(Type.VARCHAR, DECIMAL_12_2, DECIMAL_12_2);
        List<List<Object>> rows = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            rows.add(row("k" + i % 3, i % 7 == 0 ? null : (long) i * 11, (long) i));
        }
        AggregateCall sum = new AggregateCall(SUM, 1, DECIMAL_12_2, Type.decimal(38, 2));
        AggregateCall average = new AggregateCall(AVG, 1, DECIMAL_12_2, Type.decimal(38, 6));
        AggregateCall other = new AggregateCall(AVG, 2, DECIMAL_12_2, Type.decimal(38, 6));
        List<Page> pages = List.of(page(types, rows.subList(0, 150)), page(types, rows.subList(150, 300)));
        List<List<Object>> together = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), List.of(sum, average, other, sum), AggregationStep.SINGLE), pages));
        List<List<Object>> sums = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), List.of(sum), AggregationStep.SINGLE), pages));
        List<List<Object>> averages = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), List.of(average, other), AggregationStep.SINGLE), pages));
        List<List<Object>> expected = new ArrayList<>();
        for (List<Object> sumRow : sums) {
            List<Object> averageRow = averages.stream().filter(candidate -> candidate.get(0).equals(sumRow.get(0))).findFirst().orElseThrow();
            expected.add(row(sumRow.get(0), sumRow.get(1), averageRow.get(1), averageRow.get(2), sumRow.get(1)));
        }
        assertRowsUnordered(expected, together);

        List<AggregateCall> calls = List.of(sum, average, other);
        List<Page> intermediate = new ArrayList<>();
        for (Page page : pages) {
            intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.PARTIAL), List.of(page)));
        }
        List<List<Object>> merged = rows(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.FINAL), intermediate));
        List<List<Object>> expectedMerged = new ArrayList<>();
        for (List<Object> row : expected) {
            expectedMerged.add(row.subList(0, 4));
        }
        assertRowsUnordered(expectedMerged, merged);
    }

    @Test
    void bigintSumOverflowFails()
    {
        Page input = page(List.of(Type.BIGINT), row(Long.MAX_VALUE), row(1L));
        List<AggregateCall> sum = List.of(new AggregateCall(SUM, 0, Type.BIGINT, Type.BIGINT));
        assertThrows(SignoException.class, () -> runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), sum, AggregationStep.SINGLE), List.of(input)));
    }

    @Test
    void averageOfIntegersTruncatesToIntegerOutput()
    {
        Page input = page(List.of(Type.INTEGER), row(1), row(2), row(-7));
        List<AggregateCall> calls = List.of(new AggregateCall(AVG, 0, Type.INTEGER, Type.INTEGER), new AggregateCall(AVG, 0, Type.INTEGER, Type.DOUBLE));
        assertEquals(List.of(row(-1, -4.0 / 3)), rows(runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of(input))));
    }

    @Test
    void minMaxOfEveryType()
    {
        List<Type> types = List.of(Type.BOOLEAN, Type.DATE, Type.DOUBLE, Type.character(3), Type.VARCHAR);
        Page input = page(types, row(true, 100, 2.5, "b", "é"), row(false, -3, -1.0, "ab", "z"), row(null, null, null, null, null));
        List<AggregateCall> calls = new ArrayList<>();
        for (int channel = 0; channel < types.size(); channel++) {
            calls.add(new AggregateCall(MIN, channel, types.get(channel), types.get(channel)));
            calls.add(new AggregateCall(MAX, channel, types.get(channel), types.get(channel)));
        }
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(), List.of(), calls, AggregationStep.SINGLE), List.of(input));
        // UTF-8 byte order: "é" (0xC3 0xA9) sorts after "z"
        assertEquals(List.of(row(false, true, -3, 100, -1.0, 2.5, "ab", "b", "z", "é")), rows(output));
    }

    @Test
    void partialThenFinalMatchesSingle()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.BIGINT, DECIMAL_12_2, Type.DOUBLE);
        List<Page> pages = new ArrayList<>();
        for (int p = 0; p < 4; p++) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                int value = p * 1000 + i;
                rows.add(row(value % 7 == 0 ? null : "k" + value % 13, value % 5 == 0 ? null : (long) value, (long) value * 3, value % 3 == 0 ? null : value / 4.0));
            }
            pages.add(page(types, rows));
        }
        List<AggregateCall> calls = List.of(
                AggregateCall.countStar(),
                new AggregateCall(COUNT, 1, Type.BIGINT, Type.BIGINT),
                new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT),
                new AggregateCall(AVG, 2, DECIMAL_12_2, DECIMAL_12_2),
                new AggregateCall(AVG, 3, Type.DOUBLE, Type.DOUBLE),
                new AggregateCall(SUM, 3, Type.DOUBLE, Type.DOUBLE),
                new AggregateCall(MIN, 1, Type.BIGINT, Type.BIGINT),
                new AggregateCall(MAX, 0, Type.VARCHAR, Type.VARCHAR));
        List<Page> single = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.SINGLE), pages);

        // two partial aggregations over halves of the input, then one final
        List<Page> intermediate = new ArrayList<>();
        intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.PARTIAL), pages.subList(0, 2)));
        intermediate.addAll(runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.PARTIAL), pages.subList(2, 4)));
        HashAggregationOperatorFactory partialFactory = new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.PARTIAL);
        assertEquals(partialFactory.outputTypes().size(), intermediate.get(0).columnCount());
        List<Page> fin = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.VARCHAR), calls, AggregationStep.FINAL), intermediate);
        assertEquals(14, rows(single).size());
        assertRowsUnordered(rows(single), rows(fin));
    }

    @Test
    void manyGroupsAgreeWithAHashMap()
    {
        int groups = 200_000;
        List<Page> pages = new ArrayList<>();
        Map<Long, Long> expectedSums = new HashMap<>();
        Map<String, Long> expectedCounts = new HashMap<>();
        int rowCount = 600_000;
        for (int start = 0; start < rowCount; start += 8192) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = start; i < Math.min(rowCount, start + 8192); i++) {
                long key = (i * 7919L) % groups;
                rows.add(row(key, (long) i, "s" + key % 50_000, (int) (key % 3)));
                expectedSums.merge(key, (long) i, Long::sum);
                expectedCounts.merge("s" + key % 50_000 + "/" + key % 3, 1L, Long::sum);
            }
            pages.add(page(List.of(Type.BIGINT, Type.BIGINT, Type.VARCHAR, Type.INTEGER), rows));
        }
        List<Page> output = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT),
                List.of(new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT)), AggregationStep.SINGLE), pages);
        Map<Long, Long> actualSums = new HashMap<>();
        for (Page page : output) {
            assertTrue(page.positionCount() <= HashAggregationOperator.MAX_OUTPUT_ROWS);
            for (int position = 0; position < page.positionCount(); position++) {
                actualSums.put(page.column(0).getLong(position), page.column(1).getLong(position));
            }
        }
        assertEquals(expectedSums, actualSums);
        assertTrue(runner.peakReservedBytes() > groups * 8L, "reserves memory as the table grows");

        List<Page> multi = runner.run(new HashAggregationOperatorFactory(List.of(2, 3), List.of(Type.VARCHAR, Type.INTEGER),
                List.of(AggregateCall.countStar()), AggregationStep.SINGLE), pages);
        Map<String, Long> actualCounts = new HashMap<>();
        for (List<Object> row : rows(multi)) {
            actualCounts.put(row.get(0) + "/" + row.get(1), (Long) row.get(2));
        }
        assertEquals(expectedCounts, actualCounts);
    }

    @Test
    void aPartialStepOverNearlyUniqueKeysPassesRowsThroughAndTheFinalStepStillMatchesSingle()
    {
        List<Type> types = List.of(Type.BIGINT, Type.INTEGER, DECIMAL_12_2, Type.DOUBLE, Type.VARCHAR);
        List<Page> pages = new ArrayList<>();
        int rowCount = 20 * 8192;
        for (int start = 0; start < rowCount; start += 8192) {
            List<List<Object>> all = new ArrayList<>();
            List<Integer> kept = new ArrayList<>();
            for (int i = start; i < start + 8192; i++) {
                // one key in ten repeats an earlier one, also across pages and across the switch
                long key = i % 10 == 0 ? i / 3 : i;
                kept.add(all.size());
                all.add(row(key, i % 7 == 0 ? null : i % 1000, (long) i, i % 5 == 0 ? null : i / 8.0, i % 11 == 0 ? null : "v" + i % 97));
                if (start / 8192 % 2 == 1) {
                    // an unselected decoy with a key the others have: reading it would change the answer
                    all.add(row(key, 999_999, 99_999_999L, 1e9, "zz"));
                }
            }
            Page page = page(types, all);
            int[] rows = kept.stream().mapToInt(Integer::intValue).toArray();
            pages.add(start / 8192 % 2 == 1
                    ? Page.selected(rows, rows.length, java.util.stream.IntStream.range(0, types.size()).mapToObj(page::column).toArray(io.signo.storage.vector.ColumnVector[]::new))
                    : page);
        }
        List<AggregateCall> calls = List.of(
                AggregateCall.countStar(),
                new AggregateCall(COUNT, 1, Type.INTEGER, Type.BIGINT),
                new AggregateCall(SUM, 1, Type.INTEGER, Type.BIGINT),
                new AggregateCall(AVG, 2, DECIMAL_12_2, DECIMAL_12_2),
                new AggregateCall(AVG, 3, Type.DOUBLE, Type.DOUBLE),
                new AggregateCall(SUM, 3, Type.DOUBLE, Type.DOUBLE),
                new AggregateCall(MIN, 4, Type.VARCHAR, Type.VARCHAR),
                new AggregateCall(MAX, 0, Type.BIGINT, Type.BIGINT));
        List<Integer> keys = List.of(0);
        List<Type> keyTypes = List.of(Type.BIGINT);
        List<Page> single = runner.run(new HashAggregationOperatorFactory(keys, keyTypes, calls, AggregationStep.SINGLE), pages);

        List<Page> intermediate = new ArrayList<>();
        int pagesBeforeFinish = runPartial(new HashAggregationOperatorFactory(keys, keyTypes, calls, AggregationStep.PARTIAL), pages, intermediate);
        // the first 100,000 rows are grouped; the rest pass through, one output page per input page
        int grouped = (int) ((HashAggregationOperator.PASS_THROUGH_DECISION_ROWS + 8191) / 8192);
        assertEquals(pages.size() - grouped, pagesBeforeFinish);
        List<Page> fin = runner.run(new HashAggregationOperatorFactory(keys, keyTypes, calls, AggregationStep.FINAL), intermediate);
        assertRowsUnordered(rows(single), rows(fin));
    }

    @Test
    void aPartialStepThatReducesItsInputKeepsGrouping()
    {
        List<Page> pages = new ArrayList<>();
        for (int start = 0; start < 20 * 8192; start += 8192) {
            List<List<Object>> rows = new ArrayList<>();
            for (int i = start; i < start + 8192; i++) {
                // 60,000 keys over 163,840 rows: past the decision point, 100,000 rows hold fewer than 80,000 groups
                rows.add(row((long) (i * 7919L % 60_000), (long) i));
            }
            pages.add(page(List.of(Type.BIGINT, Type.BIGINT), rows));
        }
        List<AggregateCall> calls = List.of(new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT));
        List<Page> intermediate = new ArrayList<>();
        assertEquals(0, runPartial(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.PARTIAL), pages, intermediate));
        assertEquals(60_000, rows(intermediate).size());
    }

    @Test
    void aPartialStepWithManyGroupsEmitsThemBeforeItsInputEnds()
    {
        // every key twice in a row: the step keeps grouping, and comes to hold more groups than it may
        int rowCount = 3 * HashAggregationOperator.PARTIAL_FLUSH_GROUPS;
        List<Page> pages = new ArrayList<>();
        for (int start = 0; start < rowCount; start += 8192) {
            io.signo.storage.vector.VectorBuilder keys = new io.signo.storage.vector.VectorBuilder(Type.BIGINT, 8192);
            io.signo.storage.vector.VectorBuilder values = new io.signo.storage.vector.VectorBuilder(Type.BIGINT, 8192);
            for (int i = start; i < start + 8192; i++) {
                keys.appendLong(i / 2);
                values.appendLong(i);
            }
            pages.add(new Page(8192, keys.build(), values.build()));
        }
        List<AggregateCall> calls = List.of(new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT), AggregateCall.countStar());
        List<Page> intermediate = new ArrayList<>();
        int emittedEarly = runPartial(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.PARTIAL), pages, intermediate);
        assertTrue(emittedEarly > 0, "the groups of the first two thirds are emitted before the input ends");
        List<Page> merged = runner.run(new HashAggregationOperatorFactory(List.of(0), List.of(Type.BIGINT), calls, AggregationStep.FINAL), intermediate);
        long groups = 0;
        for (Page page : merged) {
            for (int p = 0; p < page.positionCount(); p++) {
                long key = page.column(0).getLong(p);
                assertEquals(4 * key + 1, page.column(1).getLong(p), "sum of key " + key);
                assertEquals(2, page.column(2).getLong(p), "count of key " + key);
                groups++;
            }
        }
        assertEquals(rowCount / 2, groups);
    }

    /** Runs a PARTIAL step over {@code pages} into {@code output}; returns how many pages it emitted before its input ended. */
    private int runPartial(HashAggregationOperatorFactory factory, List<Page> pages, List<Page> output)
    {
        io.signo.core.operator.OperatorContext context = runner.newContext(0);
        io.signo.core.operator.Operator operator = factory.createOperator(context);
        try {
            for (Page page : pages) {
                runner.drain(operator, output, context);
                assertTrue(operator.needsInput());
                operator.addInput(page);
            }
            runner.drain(operator, output, context);
            int beforeFinish = output.size();
            operator.finish();
            while (!operator.isFinished()) {
                runner.drain(operator, output, context);
            }
            return beforeFinish;
        }
        finally {
            operator.close();
            context.close();
        }
    }
}
