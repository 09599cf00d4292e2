package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/**
 * The fast path for one INTEGER, DATE, BIGINT or DECIMAL key: the slots hold the key itself, so a
 * lookup compares one long and never touches the group arrays. NULL is a group of its own outside the table.
 */
final class LongGroupByHash
        implements GroupByHash
{
    private static final int EMPTY = -1;

    private final Type type;
    private long[] slotValues;
    private int[] slotGroups;
    private int mask;
    private long[] groupValues;
    private int groupCount;
    private int nullGroup = EMPTY;

    private long[] values = new long[0];
    private boolean[] nulls = new boolean[0];
    private int[] groupIds = new int[0];

    LongGroupByHash(Type type)
    {
        this(type, 0);
    }

    /** A hash sized for {@code expectedGroups} groups, so that reaching them takes no rehash and no copy. */
    LongGroupByHash(Type type, int expectedGroups)
    {
        this.type = type;
        allocateTable(tableCapacity(expectedGroups));
        groupValues = new long[Math.max(16, expectedGroups)];
    }

    /** The bytes of a hash made for {@code expectedGroups} groups. */
    static long presizedBytes(int expectedGroups)
    {
        return (long) tableCapacity(expectedGroups) * (Integer.BYTES + Long.BYTES) + (long) Math.max(16, expectedGroups) * Long.BYTES;
    }

    /** Slots for {@code expectedGroups} groups: the table is rehashed past 3/4 full. */
    private static int tableCapacity(int expectedGroups)
    {
        long capacity = Math.max(16, Long.highestOneBit(expectedGroups * 4L / 3 + 1) * 2);
        return (int) Math.min(capacity, 1 << 30);
    }

    private void allocateTable(int capacity)
    {
        slotValues = new long[capacity];
        slotGroups = new int[capacity];
        Arrays.fill(slotGroups, EMPTY);
        mask = capacity - 1;
    }

    @Override
    public int[] groupIds(Page page, int[] keyChannels)
    {
        ColumnVector column = page.column(keyChannels[0]);
        int positionCount = page.positionCount();
        if (values.length < positionCount) {
            values = new long[positionCount];
            nulls = new boolean[positionCount];
            groupIds = new int[positionCount];
        }
        long[] values = this.values;
        boolean[] nulls = this.nulls;
        int[] groupIds = this.groupIds;
        boolean anyNull = KeyHashing.loadLongKeys(column, positionCount, values, nulls);
        // rows of one key often come together (lineitem is stored by order key): the group of the
        // row before is taken without a probe
        long previousValue = 0;
        int previousGroup = EMPTY;
        for (int i = 0; i < positionCount; i++) {
            if (anyNull && nulls[i]) {
                if (nullGroup == EMPTY) {
                    nullGroup = addGroup(0);
                }
                groupIds[i] = nullGroup;
                continue;
            }
            long value = values[i];
            if (value == previousValue && previousGroup != EMPTY) {
                groupIds[i] = previousGroup;
                continue;
            }
            int slot = (int) KeyHashing.hashLong(value) & mask;
            int group;
            while (true) {
                group = slotGroups[slot];
                if (group == EMPTY) {
                    group = addGroup(value);
                    slotGroups[slot] = group;
                    slotValues[slot] = value;
                    if (groupCount > (mask >> 1) + (mask >> 2)) {
                        rehash();
                    }
                    break;
                }
                if (slotValues[slot] == value) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
            groupIds[i] = group;
            previousValue = value;
            previousGroup = group;
        }
        return groupIds;
    }

    private int addGroup(long value)
    {
        if (groupCount == groupValues.length) {
            groupValues = Arrays.copyOf(groupValues, groupCount * 2);
        }
        groupValues[groupCount] = value;
        return groupCount++;
    }

    private void rehash()
    {
        allocateTable((mask + 1) * 2);
        for (int group = 0; group < groupCount; group++) {
            if (group == nullGroup) {
                continue;
            }
            long value = groupValues[group];
            int slot = (int) KeyHashing.hashLong(value) & mask;
            while (slotGroups[slot] != EMPTY) {
                slot = (slot + 1) & mask;
            }
            slotGroups[slot] = group;
            slotValues[slot] = value;
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
        VectorBuilder builder = builders[0];
        for (int group = from; group < to; group++) {
            if (group == nullGroup) {
                builder.appendNull();
            }
            else {
                ResultWriter.writeLong(groupValues[group], type, builder);
            }
        }
    }

    @Override
    public long retainedBytes()
    {
        return (long) slotGroups.length * (Integer.BYTES + Long.BYTES) + (long) groupValues.length * Long.BYTES
                + (long) values.length * (Long.BYTES + Integer.BYTES + 1);
    }
}
