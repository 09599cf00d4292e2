package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;

import java.util.Arrays;

/**
 * One probe page on its way through a {@link LookupSource}: the table slot of each position's key,
 * which positions matched, and where pairing stopped when a {@link PairBatch} filled, so that the
 * next fill resumes there. Scratch state of one probe operator, reused from page to page.
 */
final class ProbeState
{
    private static final int NO_ROW = -1;

    private final LookupSource source;
    private final int[] keyChannels;
    private final ProbeKeys keys;
    private final boolean tracksMatches;
    private Page page;
    private int positionCount;
    /** Per position, the table slot of its key or -1 (see {@link LookupSource#findSlots}). */
    private int[] slots = new int[0];
    private boolean[] matched = new boolean[0];
    /** The position being paired, and the next build row of its chain or -1. */
    private int position;
    private int cursor;

    /** @param tracksMatches whether {@link #markMatched} and {@link #positionsMatched} are used: they cost a flag per position */
    ProbeState(LookupSource source, int[] keyChannels, boolean tracksMatches)
    {
        this.source = source;
        this.keyChannels = keyChannels.clone();
        boolean[] stringKeys = source.stringKeys();
        if (stringKeys.length != keyChannels.length) {
            throw new IllegalStateException("probe has " + keyChannels.length + " key columns, build has " + stringKeys.length);
        }
        this.keys = new ProbeKeys(stringKeys);
        this.tracksMatches = tracksMatches;
    }

    boolean tracksMatches()
    {
        return tracksMatches;
    }

    LookupSource source()
    {
        return source;
    }

    /** Loads a non-empty page's keys and finds their slots; pairing starts at its first position. */
    void start(Page page)
    {
        int positionCount = page.positionCount();
        boolean[] stringKeys = source.stringKeys();
        for (int i = 0; i < keyChannels.length; i++) {
            boolean probeString = KeyHashing.isByteKey(page.column(keyChannels[i]).type().physicalType());
            if (probeString != stringKeys[i]) {
                throw new IllegalArgumentException("probe key " + i + " of type " + page.column(keyChannels[i]).type() + " cannot match the build key");
            }
        }
        if (slots.length < positionCount) {
            slots = new int[positionCount];
            matched = tracksMatches ? new boolean[positionCount] : matched;
        }
        keys.load(page, keyChannels);
        source.findSlots(keys, positionCount, slots);
        if (tracksMatches) {
            Arrays.fill(matched, 0, positionCount, false);
        }
        this.page = page;
        this.positionCount = positionCount;
        this.position = 0;
        this.cursor = source.headRow(slots[0]);
    }

    Page page()
    {
        return page;
    }

    int positionCount()
    {
        return positionCount;
    }

    /** The table slot of a position's key, or -1 when no build row has it. */
    int slot(int position)
    {
        return slots[position];
    }

    /** Whether every position has been paired with all its build rows. */
    boolean isDone()
    {
        return position >= positionCount;
    }

    /** Adds pairs of every build row with the position's key to {@code batch} until it is full or the page is done. */
    void fill(PairBatch batch)
    {
        if (source.hasDuplicates()) {
            fillChains(batch);
        }
        else {
            fillHeads(batch);
        }
    }

    /** At most one build row per key: the slot gives its address, no chain to walk. */
    private void fillHeads(PairBatch batch)
    {
        LookupSource source = this.source;
        int[] slots = this.slots;
        int[] positions = batch.probePositions;
        long[] addresses = batch.buildAddresses;
        int capacity = positions.length;
        int positionCount = this.positionCount;
        int count = batch.count;
        int position = this.position;
        while (position < positionCount && count < capacity) {
            int end = Math.min(positionCount, position + capacity - count);
            for (int i = position; i < end; i++) {
                int slot = slots[i];
                if (slot != -1) {
                    positions[count] = i;
                    addresses[count] = source.headAddress(slot);
                    count++;
                }
            }
            position = end;
        }
        batch.count = count;
        this.position = position;
    }

    private void fillChains(PairBatch batch)
    {
        LookupSource source = this.source;
        int[] slots = this.slots;
        int[] positions = batch.probePositions;
        long[] addresses = batch.buildAddresses;
        int capacity = positions.length;
        int positionCount = this.positionCount;
        int count = batch.count;
        int position = this.position;
        int cursor = this.cursor;
        while (position < positionCount) {
            while (cursor != NO_ROW) {
                if (count == capacity) {
                    batch.count = count;
                    this.position = position;
                    this.cursor = cursor;
                    return;
                }
                positions[count] = position;
                addresses[count] = source.address(cursor);
                count++;
                cursor = source.next(cursor);
            }
            position++;
            if (position < positionCount) {
                cursor = source.headRow(slots[position]);
            }
        }
        batch.count = count;
        this.position = position;
        this.cursor = cursor;
    }

    /** {@link #fill} that skips build rows already marked in {@code marks} (see {@link BuildRowMarks}). */
    void fillUnmarked(PairBatch batch, byte[][] marks)
    {
        LookupSource source = this.source;
        int[] slots = this.slots;
        int[] positions = batch.probePositions;
        long[] addresses = batch.buildAddresses;
        int capacity = positions.length;
        int positionCount = this.positionCount;
        int count = batch.count;
        int position = this.position;
        int cursor = this.cursor;
        while (position < positionCount) {
            while (cursor != NO_ROW) {
                long address = source.address(cursor);
                if (!BuildRowMarks.isMarked(marks, address)) {
                    if (count == capacity) {
                        batch.count = count;
                        this.position = position;
                        this.cursor = cursor;
                        return;
                    }
                    positions[count] = position;
                    addresses[count] = address;
                    count++;
                }
                cursor = source.next(cursor);
            }
            position++;
            if (position < positionCount) {
                cursor = source.headRow(slots[position]);
            }
        }
        batch.count = count;
        this.position = position;
        this.cursor = cursor;
    }

    /** Pairing is over: every position is matched whose key some build row has (SEMI and ANTI without a residual). */
    void finishWithKeysFound()
    {
        for (int i = 0; i < positionCount; i++) {
            matched[i] = slots[i] != -1;
        }
        position = positionCount;
    }

    /** Marks the probe positions of all pairs in {@code batch} as matched. */
    void markMatched(PairBatch batch)
    {
        int[] positions = batch.probePositions;
        for (int pair = 0; pair < batch.count; pair++) {
            matched[positions[pair]] = true;
        }
    }

    /** Marks the probe positions of the pairs {@code pairs[0 .. count)} of {@code batch} as matched. */
    void markMatched(PairBatch batch, int[] pairs, int count)
    {
        int[] positions = batch.probePositions;
        for (int i = 0; i < count; i++) {
            matched[positions[pairs[i]]] = true;
        }
    }

    /** The positions of this page that matched ({@code wanted} true) or did not, in order. */
    int[] positionsMatched(boolean wanted)
    {
        int count = 0;
        for (int i = 0; i < positionCount; i++) {
            if (matched[i] == wanted) {
                count++;
            }
        }
        int[] positions = new int[count];
        int next = 0;
        for (int i = 0; i < positionCount; i++) {
            if (matched[i] == wanted) {
                positions[next++] = i;
            }
        }
        return positions;
    }

    /** Ends the page: {@link #page()} is null until the next {@link #start}. */
    void clear()
    {
        page = null;
        positionCount = 0;
        position = 0;
    }

    long retainedBytes()
    {
        return keys.retainedBytes() + (long) slots.length * Integer.BYTES + matched.length;
    }
}
