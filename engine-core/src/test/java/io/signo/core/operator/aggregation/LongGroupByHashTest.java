package io.signo.core.operator.aggregation;

import io.signo.core.operator.OperatorRunner;
import io.signo.core.operator.aggregation.HashAggregationOperator.HashAggregationOperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static io.signo.core.operator.aggregation.AggregateKind.SUM;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link LongGroupByHash} holds keys in a small or dense range directly (an array indexed by the
 * key) and moves to its hash table when a page's keys would make that array too large or sparse;
 * every case must give each key one group for the whole input, as a map from key to group does.
 */
class LongGroupByHashTest
{
    private final OperatorRunner runner = new OperatorRunner();

    @Test
    void denseKeysWithNullsAcrossPagesKeepTheirGroups()
    {
        assertSameGroupsAsMap(Type.BIGINT, List.of(
                keys(5L, 7L, null, 5L, 6L),
                keys(null, 7L, 8L, 100L, 5L),
                keys()));
    }

    @Test
    void keysBelowTheFirstPagesShiftTheDirectRange()
    {
        assertSameGroupsAsMap(Type.BIGINT, List.of(
                keys(1000L, 1001L, 1002L),
                keys(10L, 1000L, -5L),
                keys(-70_000L, 1002L, 10L, -5L)));
    }

    @Test
    void randomKeysWhoseSmallestFallsPageByPageStayDirect()
    {
        // customer keys in random order (TPC-H Q22's NOT EXISTS on one worker): each page reaches a little
        // lower than the ones before, while all of them span 150,000 keys
        List<List<Object>> pages = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(11);
        for (int page = 0; page < 12; page++) {
            List<Object> keys = new ArrayList<>();
            long lowest = 1_200 - 100L * page;
            keys.add(lowest);
            for (int i = 0; i < 2_000; i++) {
                keys.add(lowest + random.nextLong(150_000 - lowest));
            }
            pages.add(keys);
        }
        for (LongGroupByHash hash : assertSameGroupsAsMap(Type.BIGINT, pages)) {
            assertTrue(hash.holdsKeysDirectly(), "150,000 keys fit the directly indexed array");
        }
    }

    @Test
    void sparseKeysMoveTheGroupsToTheHashTable()
    {
        assertSameGroupsAsMap(Type.BIGINT, List.of(
                keys(1L, 2L, 3L, null),
                keys(3L, 1_000_000_000_000L, 2L),
                keys(1_000_000_000_000L, 1L, 4L, null, -1_000_000_000_000L)));
        assertSameGroupsAsMap(Type.BIGINT, List.of(
                keys(Long.MIN_VALUE, 0L, Long.MAX_VALUE),
                keys(Long.MAX_VALUE, Long.MIN_VALUE, 1L, 0L)));
        // a range a few times the groups stays direct, one far wider moves to the table
        List<List<Object>> pages = new ArrayList<>();
        SplittableRandom random = new SplittableRandom(7);
        for (int page = 0; page < 40; page++) {
            List<Object> keys = new ArrayList<>();
            for (int i = 0; i < 500; i++) {
                keys.add(random.nextInt(page < 20 ? 200_000 : 50_000_000) - 100L);
            }
            pages.add(keys);
        }
        assertSameGroupsAsMap(Type.BIGINT, pages);
    }

    @Test
    void integerAndDateKeys()
    {
        assertSameGroupsAsMap(Type.INTEGER, List.of(keys(3, -3, null, Integer.MAX_VALUE), keys(Integer.MIN_VALUE, 3, -3, Integer.MAX_VALUE)));
        assertSameGroupsAsMap(Type.DATE, List.of(keys(8035, 8036, 10_000), keys(null, 8035, 9000)));
    }

    @Test
    void aggregationOverDirectAndHashedKeys()
    {
        List<Type> types = List.of(Type.BIGINT, Type.BIGINT);
        Page first = page(types, row(1L, 1L), row(2L, 2L), row(null, 4L), row(1L, 8L));
        Page second = page(types, row(1L << 40, 16L), row(2L, 32L), row(null, 64L), row(-(1L << 40), 128L), row(1L, 256L));
        List<Page> output = runner.run(sumBy(Type.BIGINT), List.of(first, second));
        assertRowsUnordered(List.of(
                row(1L, 265L, 3L),
                row(2L, 34L, 2L),
                row(null, 68L, 2L),
                row(1L << 40, 16L, 1L),
                row(-(1L << 40), 128L, 1L)),
                rows(output));
        assertEquals(0, rows(runner.run(sumBy(Type.BIGINT), List.of())).size());
    }

    /**
     * Runs the pages' keys through a hash, made without and with expected groups, and checks every key
     * kept its first group and groups are numbered densely; returns both hashes.
     */
    private static List<LongGroupByHash> assertSameGroupsAsMap(Type type, List<List<Object>> pages)
    {
        List<LongGroupByHash> hashes = new ArrayList<>();
        for (int expectedGroups : new int[] {0, 100_000}) {
            LongGroupByHash hash = new LongGroupByHash(type, expectedGroups);
            hashes.add(hash);
            Map<Object, Integer> groups = new HashMap<>();
            for (List<Object> keys : pages) {
                List<List<Object>> rows = new ArrayList<>();
                for (Object key : keys) {
                    rows.add(row(key));
                }
                Page page = page(List.of(type), rows);
                int[] ids = hash.groupIds(page, new int[] {0});
                for (int i = 0; i < keys.size(); i++) {
                    Integer known = groups.get(keys.get(i) == null ? "null" : keys.get(i));
                    if (known == null) {
                        assertEquals(groups.size(), ids[i], "a new key gets the next group: " + keys.get(i));
                        groups.put(keys.get(i) == null ? "null" : keys.get(i), ids[i]);
                    }
                    else {
                        assertEquals(known.intValue(), ids[i], "the group of key " + keys.get(i));
                    }
                }
            }
            assertEquals(groups.size(), hash.groupCount());
        }
        return hashes;
    }

    private static List<Object> keys(Object... keys)
    {
        List<Object> list = new ArrayList<>();
        for (Object key : keys) {
            list.add(key);
        }
        return list;
    }

    /** GROUP BY the first column: sum of the second, and count(*). */
    private static HashAggregationOperatorFactory sumBy(Type keyType)
    {
        return new HashAggregationOperatorFactory(List.of(0), List.of(keyType),
                List.of(new AggregateCall(SUM, 1, Type.BIGINT, Type.BIGINT), AggregateCall.countStar()),
                AggregationStep.SINGLE);
    }
}
