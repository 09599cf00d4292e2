package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * Any number of key columns of any type. Each page is first normalized and hashed a column at a time
 * (fixed-width keys become longs, see {@link KeyHashing}); then each position probes an
 * open-addressing table whose slots hold a group id beside the high half of its hash, so a probe
 * compares keys only when that half matches. Group keys are kept columnar: a long array per
 * fixed-width column, and one growing byte array plus offsets per string column.
 */
final class MultiChannelGroupByHash
        implements GroupByHash
{
    /** A free slot; a used one holds the high half of its group's hash above the group id. */
    private static final long EMPTY = -1;
    /** A long DECIMAL key's words as its vector holds them, copied byte for byte. */
    private static final ValueLayout.OfLong KEY_WORD = ValueLayout.JAVA_LONG_UNALIGNED;

    private final Type[] types;
    private final boolean[] stringColumn;
    private final int columnCount;

    private final long[][] groupLongs;
    private final boolean[][] groupNulls;
    private final byte[][] groupBytes;
    /** {@link #groupBytes} seen as segments, for bulk compares; replaced with the array when it grows. */
    private final MemorySegment[] groupByteSegments;
    private final int[][] groupOffsets;
    private long[] groupHashes = new long[16];
    private int groupCapacity = 16;
    private int groupCount;

    private long[] slots;
    private int mask;

    private long[] hashes = new long[0];
    private final long[][] pageLongs;
    private final boolean[][] pageNulls;
    private final ColumnVector[] pageColumns;
    private int[] groupIds = new int[0];

    MultiChannelGroupByHash(List<Type> keyTypes)
    {
        this.columnCount = keyTypes.size();
        this.types = keyTypes.toArray(new Type[0]);
        this.stringColumn = new boolean[columnCount];
        this.groupLongs = new long[columnCount][];
        this.groupNulls = new boolean[columnCount][];
        this.groupBytes = new byte[columnCount][];
        this.groupByteSegments = new MemorySegment[columnCount];
        this.groupOffsets = new int[columnCount][];
        this.pageLongs = new long[columnCount][0];
        this.pageNulls = new boolean[columnCount][0];
        this.pageColumns = new ColumnVector[columnCount];
        for (int column = 0; column < columnCount; column++) {
            stringColumn[column] = KeyHashing.isByteKey(types[column].physicalType());
            groupNulls[column] = new boolean[groupCapacity];
            if (stringColumn[column]) {
                groupBytes[column] = new byte[256];
                groupByteSegments[column] = MemorySegment.ofArray(groupBytes[column]);
                groupOffsets[column] = new int[groupCapacity + 1];
            }
            else {
                groupLongs[column] = new long[groupCapacity];
            }
        }
        slots = new long[16];
        Arrays.fill(slots, EMPTY);
        mask = 15;
    }

    @Override
    public int[] groupIds(Page page, int[] keyChannels)
    {
        int positionCount = page.positionCount();
        if (hashes.length < positionCount) {
            hashes = new long[positionCount];
            groupIds = new int[positionCount];
            for (int column = 0; column < columnCount; column++) {
                pageNulls[column] = new boolean[positionCount];
                pageLongs[column] = stringColumn[column] ? null : new long[positionCount];
            }
        }
        for (int column = 0; column < columnCount; column++) {
            ColumnVector vector = page.column(keyChannels[column]);
            pageColumns[column] = vector;
            if (stringColumn[column]) {
                KeyHashing.loadNulls(vector, positionCount, null, pageNulls[column]);
                KeyHashing.hashStrings(vector, positionCount, hashes, column > 0);
            }
            else {
                boolean anyNull = KeyHashing.loadLongKeys(vector, positionCount, pageLongs[column], pageNulls[column]);
                KeyHashing.hashLongs(pageLongs[column], pageNulls[column], anyNull, positionCount, hashes, column > 0);
            }
        }
        long[] hashes = this.hashes;
        int[] groupIds = this.groupIds;
        for (int position = 0; position < positionCount; position++) {
            long hash = hashes[position];
            int slot = (int) hash & mask;
            int group;
            while (true) {
                long entry = slots[slot];
                if (entry == EMPTY) {
                    group = addGroup(position, hash);
                    slots[slot] = slotEntry(hash, group);
                    if (groupCount > (mask >> 1) + (mask >> 2)) {
                        rehash();
                    }
                    break;
                }
                // the hash's high half in the slot settles most mismatches without a look at the group's own arrays
                group = (int) entry;
                if ((entry >>> 32) == (hash >>> 32) && keysEqual(group, position)) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
            groupIds[position] = group;
        }
        return groupIds;
    }

    private static long slotEntry(long hash, int group)
    {
        return (hash & 0xFFFF_FFFF_0000_0000L) | group;
    }

    private boolean keysEqual(int group, int position)
    {
        for (int column = 0; column < columnCount; column++) {
            boolean isNull = pageNulls[column][position];
            if (isNull != groupNulls[column][group]) {
                return false;
            }
            if (isNull) {
                continue;
            }
            if (stringColumn[column]) {
                if (!stringEqual(column, group, position)) {
                    return false;
                }
            }
            else if (pageLongs[column][position] != groupLongs[column][group]) {
                return false;
            }
        }
        return true;
    }

    private boolean stringEqual(int column, int group, int position)
    {
        ColumnVector vector = pageColumns[column];
        int start = KeyHashing.keyStart(vector, position);
        int length = KeyHashing.keyLength(vector, position);
        int[] offsets = groupOffsets[column];
        int groupStart = offsets[group];
        if (offsets[group + 1] - groupStart != length) {
            return false;
        }
        MemorySegment values = vector.values();
        if (length >= Long.BYTES) {
            // a bulk compare, vectorized by the JDK (Q10 groups on customer addresses and comments)
            return MemorySegment.mismatch(values, start, start + length, groupByteSegments[column], groupStart, groupStart + length) == -1;
        }
        byte[] bytes = groupBytes[column];
        for (int i = 0; i < length; i++) {
            if (values.get(ValueLayout.JAVA_BYTE, start + i) != bytes[groupStart + i]) {
                return false;
            }
        }
        return true;
    }

    private int addGroup(int position, long hash)
    {
        int group = groupCount;
        if (group == groupCapacity) {
            growGroups();
        }
        groupHashes[group] = hash;
        for (int column = 0; column < columnCount; column++) {
            boolean isNull = pageNulls[column][position];
            groupNulls[column][group] = isNull;
            if (stringColumn[column]) {
                int[] offsets = groupOffsets[column];
                int start = offsets[group];
                int length = isNull ? 0 : KeyHashing.keyLength(pageColumns[column], position);
                if ((long) start + length > groupBytes[column].length) {
                    long newLength = Math.max((long) start + length, (long) groupBytes[column].length * 2);
                    if (newLength > Integer.MAX_VALUE - 16) {
                        throw new IllegalStateException("group keys of one string column exceed 2 GB");
                    }
                    groupBytes[column] = Arrays.copyOf(groupBytes[column], (int) newLength);
                    groupByteSegments[column] = MemorySegment.ofArray(groupBytes[column]);
                }
                if (length > 0) {
                    ColumnVector vector = pageColumns[column];
                    MemorySegment.copy(vector.values(), ValueLayout.JAVA_BYTE, KeyHashing.keyStart(vector, position), groupBytes[column], start, length);
                }
                offsets[group + 1] = start + length;
            }
            else {
                groupLongs[column][group] = pageLongs[column][position];
            }
        }
        groupCount++;
        return group;
    }

    private void growGroups()
    {
        int capacity = groupCapacity * 2;
        groupHashes = Arrays.copyOf(groupHashes, capacity);
        for (int column = 0; column < columnCount; column++) {
            groupNulls[column] = Arrays.copyOf(groupNulls[column], capacity);
            if (stringColumn[column]) {
                groupOffsets[column] = Arrays.copyOf(groupOffsets[column], capacity + 1);
            }
            else {
                groupLongs[column] = Arrays.copyOf(groupLongs[column], capacity);
            }
        }
        groupCapacity = capacity;
    }

    private void rehash()
    {
        int capacity = (mask + 1) * 2;
        slots = new long[capacity];
        Arrays.fill(slots, EMPTY);
        mask = capacity - 1;
        for (int group = 0; group < groupCount; group++) {
            long hash = groupHashes[group];
            int slot = (int) hash & mask;
            while (slots[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = slotEntry(hash, group);
        }
    }

    @Override
    public int groupCount()
    {
        return groupCount;
    }

    @Override
    public void appendKeys(int from, int to, VectorBuilder[] builders)
    {
        for (int column = 0; column < columnCount; column++) {
            VectorBuilder builder = builders[column];
            boolean[] nulls = groupNulls[column];
            if (stringColumn[column] && types[column].physicalType() != PhysicalType.INT128) {
                // the groups' bytes follow one another, a NULL's empty: one copy for them all
                builder.appendStrings(groupBytes[column], groupOffsets[column], nulls, from, to);
            }
            else if (stringColumn[column]) {
                MemorySegment bytes = MemorySegment.ofArray(groupBytes[column]);
                int[] offsets = groupOffsets[column];
                for (int group = from; group < to; group++) {
                    if (nulls[group]) {
                        builder.appendNull();
                    }
                    else {
                        // a long DECIMAL key's 16 bytes: the low word, then the high one
                        int start = offsets[group];
                        builder.appendInt128(bytes.get(KEY_WORD, start + Long.BYTES), bytes.get(KEY_WORD, start));
                    }
                }
            }
            else {
                long[] values = groupLongs[column];
                Type type = types[column];
                for (int group = from; group < to; group++) {
                    if (nulls[group]) {
                        builder.appendNull();
                    }
                    else {
                        ResultWriter.writeLong(values[group], type, builder);
                    }
                }
            }
        }
    }

    @Override
    public long retainedBytes()
    {
        long bytes = (long) slots.length * Long.BYTES + (long) groupCapacity * Long.BYTES + (long) hashes.length * (Long.BYTES + Integer.BYTES);
        for (int column = 0; column < columnCount; column++) {
            bytes += groupCapacity + hashes.length;
            if (stringColumn[column]) {
                bytes += groupBytes[column].length + (long) groupCapacity * Integer.BYTES;
            }
            else {
                bytes += (long) groupCapacity * Long.BYTES * 2;
            }
        }
        return bytes;
    }
}
