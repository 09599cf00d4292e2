package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RuntimeFilterTest
{
    @Test
    void bloomFilterHasNoFalseNegatives()
    {
        SplittableRandom random = new SplittableRandom(1);
        long[] keys = new long[200_000];
        BloomFilter filter = BloomFilter.forKeys(keys.length);
        for (int i = 0; i < keys.length; i++) {
            keys[i] = random.nextLong();
            filter.add(KeyHashing.hashLong(keys[i]));
        }
        for (long key : keys) {
            assertTrue(filter.mightContain(KeyHashing.hashLong(key)));
        }
    }

    @Test
    void bloomFilterFalsePositiveRateWithinBound()
    {
        // dense integer keys, as join keys are: 0, 2, 4, ... added; the odd keys are all absent
        for (int keyCount : new int[] {1, 1000, 100_000, 1_000_000}) {
            BloomFilter filter = BloomFilter.forKeys(keyCount);
            for (long key = 0; key < keyCount; key++) {
                filter.add(KeyHashing.hashLong(2 * key));
            }
            int tests = 2_000_000;
            int falsePositives = 0;
            for (long key = 0; key < tests; key++) {
                falsePositives += filter.mightContain(KeyHashing.hashLong(2 * key + 1)) ? 1 : 0;
            }
            double rate = (double) falsePositives / tests;
            assertTrue(rate <= BloomFilter.FALSE_POSITIVE_BOUND, "false-positive rate " + rate + " with " + keyCount + " keys");
        }
    }

    @Test
    void emptyBloomFilterRejectsEverything()
    {
        BloomFilter filter = BloomFilter.forKeys(0);
        for (long key = 0; key < 10_000; key++) {
            assertFalse(filter.mightContain(KeyHashing.hashLong(key)));
        }
    }

    @Test
    void keepsEveryBuildKeyAndRejectsNullsAndOthers()
    {
        List<Type> buildTypes = List.of(Type.BIGINT, Type.VARCHAR);
        Page build = page(buildTypes, row(10L, "a"), row(20L, "b"), row(null, "n"), row(20L, "c"), row(1000L, "d"));
        RuntimeFilter filter = RuntimeFilter.build(List.of(build), List.of(0), buildTypes, RuntimeFilter.MAX_BUILD_ROWS);
        assertNotNull(filter);
        assertEquals(4, filter.keyCount());

        // an INTEGER probe key against a BIGINT build key, as the lookup allows; 5 and 2000 are outside [10, 1000]
        List<Type> probeTypes = List.of(Type.VARCHAR, Type.INTEGER);
        Page probe = page(probeTypes, row("x", 10), row("y", null), row("z", 20), row("w", 5), row("v", 1000), row("u", 2000), row("t", 11));
        // 11 is within the range and not a build key: only a false positive (odds under 1 % with four keys in one word) would keep it
        assertArrayEquals(new boolean[] {true, false, true, false, true, false, false}, passes(filter, probe, 1));
        // a selection: only the given positions are tested, the survivors kept in order
        int[] positions = {0, 2, 3, 4};
        assertEquals(3, new RuntimeFilterProbe(filter, new int[] {1}).filter(probe, positions, 4));
        assertArrayEquals(new int[] {0, 2, 4}, Arrays.copyOf(positions, 3));
        // the same with a BIGINT probe key and no NULLs
        Page wide = page(List.of(Type.BIGINT), row(1000L), row(999L), row(10L), row(Long.MIN_VALUE));
        assertArrayEquals(new boolean[] {true, false, true, false}, passes(filter, wide, 0));
    }

    @Test
    void denseIntegerKeysGetAnExactBitmap()
    {
        // every third key of [1000, 31000): dense enough for a bitmap, which has no false positives
        List<Type> buildTypes = List.of(Type.BIGINT);
        List<List<Object>> buildRows = new ArrayList<>();
        for (long key = 1000; key < 31_000; key += 3) {
            buildRows.add(row(key));
        }
        buildRows.add(row((Object) null));
        RuntimeFilter filter = RuntimeFilter.build(List.of(page(buildTypes, buildRows)), List.of(0), buildTypes, RuntimeFilter.MAX_BUILD_ROWS);
        assertNotNull(filter);
        assertTrue(filter.toString().contains("bitmap"), filter.toString());
        assertEquals(10_000, filter.keyCount());

        // probe every key from below the range to above it, as INTEGER (the lookup widens it) and with a NULL
        List<List<Object>> probeRows = new ArrayList<>();
        for (int key = 0; key < 32_000; key++) {
            probeRows.add(row(key));
        }
        probeRows.add(row((Object) null));
        probeRows.add(row(Integer.MIN_VALUE));
        probeRows.add(row(Integer.MAX_VALUE));
        boolean[] passes = passes(filter, page(List.of(Type.INTEGER), probeRows), 0);
        for (int key = 0; key < 32_000; key++) {
            assertEquals(key >= 1000 && key < 31_000 && (key - 1000) % 3 == 0, passes[key], "key " + key);
        }
        assertFalse(passes[32_000]);
        assertFalse(passes[32_001]);
        assertFalse(passes[32_002]);
    }

    @Test
    void sparseOrExtremeIntegerKeysKeepTheBloomFilter()
    {
        List<Type> types = List.of(Type.BIGINT);
        // the span from Long.MIN_VALUE to Long.MAX_VALUE overflows a long; 1000 keys 100 apart are too sparse
        RuntimeFilter extreme = RuntimeFilter.build(List.of(page(types, row(Long.MIN_VALUE), row(0L), row(Long.MAX_VALUE))), List.of(0), types, RuntimeFilter.MAX_BUILD_ROWS);
        assertTrue(extreme.toString().contains("bloom"), extreme.toString());
        assertArrayEquals(new boolean[] {true, true, true}, passes(extreme, page(types, row(Long.MIN_VALUE), row(0L), row(Long.MAX_VALUE)), 0));
        // 1000 keys 10,000 apart: too sparse, and the range needs more than 1 MiB of bits
        List<List<Object>> sparseRows = new ArrayList<>();
        for (long key = 0; key < 1000; key++) {
            sparseRows.add(row(10_000 * key));
        }
        RuntimeFilter sparse = RuntimeFilter.build(List.of(page(types, sparseRows)), List.of(0), types, RuntimeFilter.MAX_BUILD_ROWS);
        assertTrue(sparse.toString().contains("bloom"), sparse.toString());
        // every build key passes, probed as INTEGER; keys outside [0, 9990000] never do
        List<List<Object>> probeRows = new ArrayList<>();
        for (int key = 0; key < 1000; key++) {
            probeRows.add(row(10_000 * key));
        }
        probeRows.add(row(-1000));
        probeRows.add(row(10_000_000));
        boolean[] passes = passes(sparse, page(List.of(Type.INTEGER), probeRows), 0);
        for (int key = 0; key < 1000; key++) {
            assertTrue(passes[key], "key " + 10_000 * key);
        }
        assertFalse(passes[1000]);
        assertFalse(passes[1001]);
    }

    @Test
    void fewKeysInASmallRangeGetAnExactBitmap()
    {
        // 1000 keys 100 apart: sparse, but the range fits a bitmap of 1 MiB
        List<Type> types = List.of(Type.BIGINT);
        List<List<Object>> buildRows = new ArrayList<>();
        for (long key = 0; key < 1000; key++) {
            buildRows.add(row(100 * key + 7));
        }
        RuntimeFilter filter = RuntimeFilter.build(List.of(page(types, buildRows)), List.of(0), types, RuntimeFilter.MAX_BUILD_ROWS);
        assertTrue(filter.toString().contains("bitmap"), filter.toString());
        List<List<Object>> probeRows = new ArrayList<>();
        for (long key = 0; key < 100_100; key++) {
            probeRows.add(row(key));
        }
        boolean[] passes = passes(filter, page(types, probeRows), 0);
        for (int key = 0; key < 100_100; key++) {
            assertEquals(key % 100 == 7 && key < 100_000, passes[key], "key " + key);
        }
    }

    @Test
    void orderKeysFarApartGetAnExactBitmapWhileTheirRangeFitsOneMebibyte()
    {
        // 15,000 keys 40 apart (a fortieth of their range, as Q3's orders are of lineitem's at SF 1): too
        // sparse for the rule of 16 values per key, but 600,000 bits are within 1 MiB
        List<Type> types = List.of(Type.BIGINT);
        List<List<Object>> buildRows = new ArrayList<>();
        for (long key = 0; key < 15_000; key++) {
            buildRows.add(row(40 * key + 1));
        }
        RuntimeFilter filter = RuntimeFilter.build(List.of(page(types, buildRows)), List.of(0), types, RuntimeFilter.MAX_BUILD_ROWS);
        assertTrue(filter.toString().contains("bitmap"), filter.toString());
        List<List<Object>> probeRows = new ArrayList<>();
        for (long key = -5; key < 600_050; key++) {
            probeRows.add(row(key));
        }
        probeRows.add(row((Object) null));
        boolean[] passes = passes(filter, page(types, probeRows), 0);
        // exact: every build key and nothing else, no false positive of a Bloom filter
        for (int i = 0; i < probeRows.size() - 1; i++) {
            long key = i - 5;
            assertEquals(key >= 1 && key < 600_000 && key % 40 == 1, passes[i], "key " + key);
        }
        assertFalse(passes[probeRows.size() - 1]);
    }

    @Test
    void doubleKeys()
    {
        List<Type> types = List.of(Type.DOUBLE);
        RuntimeFilter filter = RuntimeFilter.build(List.of(page(types, row(1.5), row(-0.0), row((Object) null))), List.of(0), types, RuntimeFilter.MAX_BUILD_ROWS);
        // 0.0 equals -0.0 in SQL; the keys are tested through their normalized bits
        boolean[] passes = passes(filter, page(types, row(0.0), row(1.5), row((Object) null), row(2.5)), 0);
        assertTrue(passes[0]);
        assertTrue(passes[1]);
        assertFalse(passes[2]);
    }

    /** Which positions of the page pass the filter on one key column, all positions selected. */
    private static boolean[] passes(RuntimeFilter filter, Page page, int keyChannel)
    {
        int[] positions = new int[page.positionCount()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        int kept = new RuntimeFilterProbe(filter, new int[] {keyChannel}).filter(page, positions, positions.length);
        boolean[] passes = new boolean[page.positionCount()];
        for (int i = 0; i < kept; i++) {
            passes[positions[i]] = true;
        }
        return passes;
    }

    @Test
    void multiColumnStringKeys()
    {
        List<Type> types = List.of(Type.VARCHAR, Type.BIGINT);
        List<List<Object>> buildRows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            buildRows.add(row("name" + i, (long) i));
        }
        buildRows.add(row(null, 7L));
        RuntimeFilter filter = RuntimeFilter.build(List.of(page(types, buildRows)), List.of(0, 1), types, RuntimeFilter.MAX_BUILD_ROWS);
        List<List<Object>> probeRows = new ArrayList<>();
        for (int i = 0; i < 5000; i++) {
            probeRows.add(row("name" + i, (long) i));
        }
        for (int i = 0; i < 5000; i++) {
            probeRows.add(row("name" + i, (long) i + 1));
        }
        probeRows.add(row(null, 7L));
        probeRows.add(row("name7", null));
        Page probe = page(types, probeRows);
        int[] positions = new int[probe.positionCount()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        int kept = new RuntimeFilterProbe(filter, new int[] {0, 1}).filter(probe, positions, positions.length);
        boolean[] keep = new boolean[probe.positionCount()];
        for (int i = 0; i < kept; i++) {
            keep[positions[i]] = true;
        }
        for (int i = 0; i < 5000; i++) {
            assertTrue(keep[i], "build key " + i + " must pass");
        }
        assertFalse(keep[10_000], "a NULL key never passes");
        assertFalse(keep[10_001], "a NULL key never passes");
        int falsePositives = 0;
        for (int i = 5000; i < 10_000; i++) {
            falsePositives += keep[i] ? 1 : 0;
        }
        assertTrue(falsePositives <= 5000 * BloomFilter.FALSE_POSITIVE_BOUND * 3, falsePositives + " false positives");
        assertEquals(5000 + falsePositives, kept);
    }

    @Test
    void severalIntegerKeysAreTestedOneByOneThenTogether()
    {
        // Q2's shape: (supply cost, part key) pairs of a small build against many probe rows (DECIMAL values are unscaled longs)
        List<Type> types = List.of(Type.decimal(15, 2), Type.BIGINT);
        List<List<Object>> buildRows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            buildRows.add(row((long) (i * 7 % 100_000), (long) i * 13));
        }
        RuntimeFilter filter = RuntimeFilter.build(List.of(page(types, buildRows)), List.of(0, 1), types, RuntimeFilter.MAX_BUILD_ROWS);
        assertNotNull(filter.keyFilter(0));
        assertNotNull(filter.keyFilter(1));

        List<List<Object>> probeRows = new ArrayList<>();
        for (int i = 0; i < 3000; i++) {
            // a build pair; each key of a build row beside another row's other key; keys in no build row
            probeRows.add(row((long) (i * 7 % 100_000), (long) i * 13));
            probeRows.add(row((long) (i * 7 % 100_000), (long) (i + 1) * 13));
            probeRows.add(row((long) (i * 7 + 3), (long) i * 13 + 5));
        }
        probeRows.add(row(null, 13L));
        probeRows.add(row(7L, null));
        Page probe = page(types, probeRows);
        boolean[] dense = passesAll(filter, probe, new int[] {0, 1});
        for (int i = 0; i < 3000; i++) {
            assertTrue(dense[3 * i], "build pair " + i + " must pass");
            assertFalse(dense[3 * i + 2], "keys in no build row never pass the one-key bitmap of the cost");
        }
        assertFalse(dense[9000], "a NULL key never passes");
        assertFalse(dense[9001], "a NULL key never passes");
        int falsePositives = 0;
        for (int i = 0; i < 3000; i++) {
            falsePositives += dense[3 * i + 1] ? 1 : 0;
        }
        assertTrue(falsePositives <= 3000 * BloomFilter.FALSE_POSITIVE_BOUND * 3, falsePositives + " false positives");

        // a selected page of the same rows is tested on both keys' hashes alone: every row the dense page
        // kept passes, and what else passes are the Bloom filter's false positives
        int[] everyRow = new int[probe.positionCount()];
        for (int i = 0; i < everyRow.length; i++) {
            everyRow[i] = i;
        }
        Page selected = Page.selected(everyRow, everyRow.length, probe.column(0), probe.column(1));
        boolean[] fromSelected = passesAll(filter, selected, new int[] {0, 1});
        int moreFalsePositives = 0;
        for (int i = 0; i < fromSelected.length; i++) {
            assertTrue(fromSelected[i] || !dense[i], "row " + i + " passed on the dense page only");
            moreFalsePositives += fromSelected[i] && !dense[i] ? 1 : 0;
        }
        assertFalse(fromSelected[9000] || fromSelected[9001], "a NULL key never passes");
        assertTrue(moreFalsePositives <= 6000 * BloomFilter.FALSE_POSITIVE_BOUND * 3, moreFalsePositives + " more false positives");
        // the key channels in another order than the page's columns
        Page swapped = new Page(probe.positionCount(), probe.column(1), probe.column(0));
        assertArrayEquals(dense, passesAll(filter, swapped, new int[] {1, 0}));
    }

    /** Which positions of the page pass the filter on these key columns, all positions selected. */
    private static boolean[] passesAll(RuntimeFilter filter, Page page, int[] keyChannels)
    {
        int[] positions = new int[page.positionCount()];
        for (int i = 0; i < positions.length; i++) {
            positions[i] = i;
        }
        int kept = new RuntimeFilterProbe(filter, keyChannels).filter(page, positions, positions.length, true);
        boolean[] passes = new boolean[page.positionCount()];
        for (int i = 0; i < kept; i++) {
            passes[positions[i]] = true;
        }
        return passes;
    }

    @Test
    void emptyBuildRejectsEverythingAndLargeBuildHasNoFilter()
    {
        List<Type> types = List.of(Type.BIGINT);
        RuntimeFilter empty = RuntimeFilter.build(List.of(), List.of(0), types, RuntimeFilter.MAX_BUILD_ROWS);
        Page probe = page(types, row(1L), row(0L), row((Object) null));
        assertArrayEquals(new boolean[] {false, false, false}, passes(empty, probe, 0));

        Page build = page(types, row(1L), row(2L), row(3L));
        assertNull(RuntimeFilter.build(List.of(build), List.of(0), types, 2));
        assertNull(RuntimeFilter.build(List.of(build), List.of(), types, 10));
    }
}
