package io.signo.core.operator.join;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static io.signo.core.operator.TestingPages.assertRowsUnordered;
import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** {@link PairBatch} filled by {@link ProbeState}: batches smaller than a chain, chains across build pages, selected probe pages. */
class PairBatchTest
{
    private static final List<Type> BUILD_TYPES = List.of(Type.BIGINT, Type.VARCHAR);
    private static final List<Type> PROBE_TYPES = List.of(Type.BIGINT, Type.BIGINT);
    // key 1 has five rows over three build pages, key 2 one row, key 3 two rows on different pages
    private static final List<Page> BUILD = List.of(
            page(BUILD_TYPES, row(1L, "a"), row(2L, "b"), row(1L, "c")),
            page(BUILD_TYPES, row(1L, "d"), row(3L, "e")),
            page(BUILD_TYPES, row(null, "n"), row(1L, "f"), row(3L, "g"), row(1L, "h")));
    private static final Page PROBE = page(PROBE_TYPES, row(1L, 100L), row(4L, 101L), row(3L, 102L), row(null, 103L), row(2L, 104L), row(1L, 105L));

    @Test
    void batchesSmallerThanAChainGiveEveryPairOnce()
    {
        List<List<Object>> expected = pairs(PairBatch.DEFAULT_CAPACITY, PROBE);
        assertEquals(5 + 2 + 1 + 5, expected.size());
        for (int capacity = 1; capacity <= 7; capacity++) {
            assertRowsUnordered(expected, pairs(capacity, PROBE));
        }
    }

    @Test
    void pairsOfASelectedPageReadItsRows()
    {
        // PROBE at the odd rows; the even rows hold keys that would match
        List<List<Object>> padded = new ArrayList<>();
        int[] rows = new int[PROBE.positionCount()];
        for (int position = 0; position < PROBE.positionCount(); position++) {
            padded.add(row(2L, -1L));
            padded.add(row(PROBE.column(0).getObject(position), PROBE.column(1).getObject(position)));
            rows[position] = 2 * position + 1;
        }
        Page columns = page(PROBE_TYPES, padded);
        Page selected = Page.selected(rows, rows.length, columns.column(0), columns.column(1));
        for (int capacity : new int[] {1, 3, PairBatch.DEFAULT_CAPACITY}) {
            assertRowsUnordered(pairs(PairBatch.DEFAULT_CAPACITY, PROBE), pairs(capacity, selected));
        }
    }

    @Test
    void uniqueKeysTakeTheHeadOfEachSlot()
    {
        List<Page> build = List.of(page(BUILD_TYPES, row(1L, "a"), row(2L, "b")), page(BUILD_TYPES, row(3L, "c")));
        LookupSource source = LookupSources.build(build, List.of(0), BUILD_TYPES);
        assertFalse(source.hasDuplicates());
        for (int capacity = 1; capacity <= 4; capacity++) {
            assertRowsUnordered(
                    List.of(row(1L, 100L, 1L, "a"), row(3L, 102L, 3L, "c"), row(2L, 104L, 2L, "b"), row(1L, 105L, 1L, "a")),
                    pairs(capacity, source, PROBE));
        }
    }

    @Test
    void fillUnmarkedSkipsMarkedBuildRows()
    {
        LookupSource source = LookupSources.build(BUILD, List.of(0), BUILD_TYPES);
        byte[][] marks = new BuildRowMarks(1).marks(source);
        // "c" (page 0, position 2) and "g" (page 2, position 2) are marked
        marks[0][2] = 1;
        marks[2][2] = 1;
        ProbeState state = new ProbeState(source, new int[] {0}, false);
        state.start(PROBE);
        PairBatch batch = new PairBatch(2);
        List<List<Object>> pairs = new ArrayList<>();
        do {
            state.fillUnmarked(batch, marks);
            pairs.addAll(rows(List.of(batch.pairPage(PROBE, PROBE_TYPES.size(), source, PageAllocator.transientPages()))));
            batch.clear();
        }
        while (!state.isDone());
        assertRowsUnordered(List.of(
                row(1L, 100L, 1L, "a"), row(1L, 100L, 1L, "d"), row(1L, 100L, 1L, "f"), row(1L, 100L, 1L, "h"),
                row(3L, 102L, 3L, "e"),
                row(2L, 104L, 2L, "b"),
                row(1L, 105L, 1L, "a"), row(1L, 105L, 1L, "d"), row(1L, 105L, 1L, "f"), row(1L, 105L, 1L, "h")), pairs);
    }

    @Test
    void filterPassesTrueAndNeitherFalseNorNull()
    {
        LookupSource source = LookupSources.build(BUILD, List.of(0), BUILD_TYPES);
        Page probe = page(PROBE_TYPES, row(2L, 1L), row(2L, 3L), row(2L, null), row(2L, 2L));
        ProbeState state = new ProbeState(source, new int[] {0}, true);
        state.start(probe);
        PairBatch batch = new PairBatch(PairBatch.DEFAULT_CAPACITY);
        state.fill(batch);
        assertTrue(state.isDone());
        Page pairPage = batch.pairPage(probe, PROBE_TYPES.size(), source, PageAllocator.transientPages());
        // probe value (channel 1) < probe key (channel 0): 1 < 2 only
        int passing = batch.filter(new LessThanForTest(1, 0), pairPage, PageAllocator.transientPages());
        assertEquals(1, passing);
        assertEquals(0, batch.passing()[0]);
        state.markMatched(batch, batch.passing(), passing);
        assertEquals(List.of(1, 2, 3), boxed(state.positionsMatched(false)));
    }

    private static List<Integer> boxed(int[] values)
    {
        List<Integer> list = new ArrayList<>();
        for (int value : values) {
            list.add(value);
        }
        return list;
    }

    private static List<List<Object>> pairs(int capacity, Page probe)
    {
        return pairs(capacity, LookupSources.build(BUILD, List.of(0), BUILD_TYPES), probe);
    }

    /** Every (probe row, build row) pair with equal keys, as rows of the pair pages, gathered batch by batch. */
    private static List<List<Object>> pairs(int capacity, LookupSource source, Page probe)
    {
        ProbeState state = new ProbeState(source, new int[] {0}, true);
        state.start(probe);
        PairBatch batch = new PairBatch(capacity);
        List<List<Object>> pairs = new ArrayList<>();
        while (true) {
            state.fill(batch);
            assertTrue(batch.count() <= capacity);
            pairs.addAll(rows(List.of(batch.pairPage(probe, PROBE_TYPES.size(), source, PageAllocator.transientPages()))));
            state.markMatched(batch);
            boolean done = state.isDone();
            assertTrue(done || batch.isFull(), "a batch is handed over before the page is done only when full");
            batch.clear();
            if (done) {
                break;
            }
        }
        // the probe rows without a build row: key 4 and the NULL key
        assertEquals(List.of(1, 3), boxed(state.positionsMatched(false)));
        return pairs;
    }
}
