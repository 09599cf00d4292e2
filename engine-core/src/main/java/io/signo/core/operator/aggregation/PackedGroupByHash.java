package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Composite keys of fixed-width columns and short strings, packed into two longs per row by a
 * {@link PackedKeyLayout}: a lookup hashes and compares two longs held in the slot itself instead of
 * walking the key columns (TPC-H Q1 groups on two CHAR(1) columns). When a page holds a string
 * longer than its field (multi-byte UTF-8 in a CHAR(n), a VARCHAR without a length past the narrow
 * field it started with), the groups so far move, with their ids, to a hash with wider fields or to a
 * {@link MultiChannelGroupByHash}, which takes every page from then on.
 */
final class PackedGroupByHash
        implements GroupByHash
{
    private static final int EMPTY = -1;
    private static final long WORD_MULTIPLIER = 0x9E3779B97F4A7C15L;

    private final List<Type> keyTypes;
    private final PackedKeyLayout layout;
    private final PackedKeyLayout widerLayout;
    private final boolean oneWord;
    private final ColumnVector[] columns;

    private long[] slotWords0;
    private long[] slotWords1;
    private int[] slotGroups;
    private int mask;
    private long[] groupWords0 = new long[16];
    private long[] groupWords1 = new long[16];
    private int groupCount;

    private long[] words0 = new long[0];
    private long[] words1 = new long[0];
    private int[] groupIds = new int[0];

    private GroupByHash fallback;

    /**
     * @param widerLayout where the groups move when a string is longer than {@code layout}'s field
     *        holds (null: to a {@link MultiChannelGroupByHash})
     */
    PackedGroupByHash(List<Type> keyTypes, PackedKeyLayout layout, PackedKeyLayout widerLayout)
    {
        this.keyTypes = List.copyOf(requireNonNull(keyTypes, "keyTypes is null"));
        this.layout = requireNonNull(layout, "layout is null");
        this.widerLayout = widerLayout;
        this.oneWord = layout.oneWord();
        this.columns = new ColumnVector[layout.columnCount()];
        allocateTable(1024);
    }

    private void allocateTable(int capacity)
    {
        slotWords0 = new long[capacity];
        slotWords1 = new long[capacity];
        slotGroups = new int[capacity];
        Arrays.fill(slotGroups, EMPTY);
        mask = capacity - 1;
    }

    @Override
    public boolean readsSelectedRows()
    {
        return true;
    }

    @Override
    public int[] groupIds(Page page, int[] keyChannels)
    {
        if (fallback != null) {
            return GroupByHash.groupIdsOfDenseKeys(fallback, page, keyChannels);
        }
        int positionCount = page.positionCount();
        if (words0.length < positionCount) {
            words0 = new long[positionCount];
            words1 = new long[positionCount];
            groupIds = new int[positionCount];
        }
        for (int column = 0; column < columns.length; column++) {
            columns[column] = page.column(keyChannels[column]);
        }
        boolean packed = layout.pack(columns, page.rows(), positionCount, words0, words1);
        Arrays.fill(columns, null);
        if (!packed) {
            fallBack();
            return GroupByHash.groupIdsOfDenseKeys(fallback, page, keyChannels);
        }
        if (oneWord) {
            assignOneWord(positionCount);
        }
        else {
            assignTwoWords(positionCount);
        }
        return groupIds;
    }

    private void assignOneWord(int positionCount)
    {
        long[] words0 = this.words0;
        int[] groupIds = this.groupIds;
        for (int position = 0; position < positionCount; position++) {
            long word0 = words0[position];
            int slot = (int) KeyHashing.hashLong(word0) & mask;
            int group;
            while (true) {
                group = slotGroups[slot];
                if (group == EMPTY) {
                    group = insert(slot, word0, 0);
                    break;
                }
                if (slotWords0[slot] == word0) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
            groupIds[position] = group;
        }
    }

    private void assignTwoWords(int positionCount)
    {
        long[] words0 = this.words0;
        long[] words1 = this.words1;
        int[] groupIds = this.groupIds;
        for (int position = 0; position < positionCount; position++) {
            long word0 = words0[position];
            long word1 = words1[position];
            int slot = (int) hash(word0, word1) & mask;
            int group;
            while (true) {
                group = slotGroups[slot];
                if (group == EMPTY) {
                    group = insert(slot, word0, word1);
                    break;
                }
                if (slotWords0[slot] == word0 && slotWords1[slot] == word1) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
            groupIds[position] = group;
        }
    }

    private long hash(long word0, long word1)
    {
        // one word keeps word1 zero, so both loops agree with rehash()
        return oneWord ? KeyHashing.hashLong(word0) : KeyHashing.hashLong(word0 + word1 * WORD_MULTIPLIER);
    }

    private int insert(int slot, long word0, long word1)
    {
        int group = groupCount;
        if (group == groupWords0.length) {
            groupWords0 = Arrays.copyOf(groupWords0, group * 2);
            groupWords1 = Arrays.copyOf(groupWords1, group * 2);
        }
        groupWords0[group] = word0;
        groupWords1[group] = word1;
        groupCount++;
        slotGroups[slot] = group;
        slotWords0[slot] = word0;
        slotWords1[slot] = word1;
        if (groupCount > (mask >> 1) + (mask >> 2)) {
            rehash();
        }
        return group;
    }

    private void rehash()
    {
        allocateTable((mask + 1) * 2);
        for (int group = 0; group < groupCount; group++) {
            long word0 = groupWords0[group];
            long word1 = groupWords1[group];
            int slot = (int) hash(word0, word1) & mask;
            while (slotGroups[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            slotGroups[slot] = group;
            slotWords0[slot] = word0;
            slotWords1[slot] = word1;
        }
    }

    /** Moves the groups so far, in id order, to the wider layout's hash or the generic one, which then takes every page. */
    private void fallBack()
    {
        GroupByHash generic = widerLayout != null ? new PackedGroupByHash(keyTypes, widerLayout, null) : new MultiChannelGroupByHash(keyTypes);
        if (groupCount > 0) {
            VectorBuilder[] builders = new VectorBuilder[keyTypes.size()];
            int[] channels = new int[keyTypes.size()];
            for (int column = 0; column < builders.length; column++) {
                builders[column] = new VectorBuilder(keyTypes.get(column), groupCount);
                channels[column] = column;
            }
            layout.unpack(groupWords0, groupWords1, 0, groupCount, builders);
            ColumnVector[] keys = new ColumnVector[builders.length];
            for (int column = 0; column < builders.length; column++) {
                keys[column] = builders[column].build();
            }
            // distinct keys: each becomes a new group, so group g keeps id g
            generic.groupIds(new Page(groupCount, keys), channels);
        }
        fallback = generic;
        slotWords0 = null;
        slotWords1 = null;
        slotGroups = null;
        groupWords0 = null;
        groupWords1 = null;
        words0 = null;
        words1 = null;
        groupIds = null;
    }

    @Override
    public int groupCount()
    {
        return fallback != null ? fallback.groupCount() : groupCount;
    }

    @Override
    public void appendKeys(int from, int to, VectorBuilder[] builders)
    {
        if (fallback != null) {
            fallback.appendKeys(from, to, builders);
            return;
        }
        layout.unpack(groupWords0, groupWords1, from, to, builders);
    }

    @Override
    public long retainedBytes()
    {
        if (fallback != null) {
            return fallback.retainedBytes();
        }
        return (long) slotGroups.length * (Integer.BYTES + 2 * Long.BYTES) + (long) groupWords0.length * 2 * Long.BYTES
                + (long) words0.length * (2 * Long.BYTES + Integer.BYTES);
    }
}
