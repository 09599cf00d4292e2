package io.signo.core.operator.aggregation;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.Arrays;

/**
 * The fast path for one INTEGER, DATE, BIGINT or DECIMAL key. While the keys seen stay within a
 * range that is small or densely used (surrogate keys such as TPC-H's customer and order keys), the
 * group of a key is read from an array indexed by the key minus the smallest key: one load from an
 * array a few times the groups' count, no hash and no probe (DuckDB's perfect hash aggregation, decided
 * page by page instead of from statistics). The first page whose keys would make that array too
 * large or too sparse moves the groups into an open-addressing table whose slots hold the key
 * itself, so a lookup compares one long and never touches the group arrays. NULL is a group of its
 * own outside both.
 */
final class LongGroupByHash
        implements GroupByHash
{
    private static final int EMPTY = -1;
    /**
     * A key range of up to this many entries is always held directly (4 MiB of group ids at most): the
     * first pages of keys in random order, such as a join's customer keys, already span the range
     * their groups will fill.
     */
    private static final int SMALL_DIRECT_RANGE = 1 << 20;
    /** Beyond {@link #SMALL_DIRECT_RANGE}, the range held directly is at most this many times the groups (and the page's rows). */
    private static final int DIRECT_RANGE_PER_GROUP = 8;
    /** The largest directly held range: 32 MiB of group ids, what a hash table of 2 Mi groups takes too. */
    private static final int MAX_DIRECT_RANGE = 1 << 23;
    /** Keys held directly lie within plus or minus this, so that no difference of two of them overflows. */
    private static final long DIRECT_KEY_LIMIT = 1L << 60;

    private final Type type;
    private final int expectedGroups;

    // direct mode: directGroups[key - directBase] is the key's group, or EMPTY; null once in hash mode.
    // directBase is the smallest key seen and directMax the largest: the array may reach beyond directMax
    // (room for rising keys), but only the keys seen decide whether the range is too large or sparse
    private int[] directGroups = new int[0];
    private long directBase;
    private long directMax;

    // hash mode
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
        this.expectedGroups = expectedGroups;
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
        boolean anyNull = KeyHashing.loadLongKeys(column, positionCount, values, nulls);
        if (directGroups != null && !coverDirectly(positionCount, anyNull)) {
            moveToTable();
        }
        if (directGroups != null) {
            directGroupIds(positionCount, anyNull);
        }
        else {
            hashGroupIds(positionCount, anyNull);
        }
        return groupIds;
    }

    /**
     * Grows the direct array to cover this page's keys and returns true, or returns false when that
     * array would be too large or too sparse for the groups it would hold.
     */
    private boolean coverDirectly(int positionCount, boolean anyNull)
    {
        long[] values = this.values;
        boolean[] nulls = this.nulls;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        if (anyNull) {
            for (int i = 0; i < positionCount; i++) {
                if (!nulls[i]) {
                    min = Math.min(min, values[i]);
                    max = Math.max(max, values[i]);
                }
            }
        }
        else {
            for (int i = 0; i < positionCount; i++) {
                min = Math.min(min, values[i]);
                max = Math.max(max, values[i]);
            }
        }
        if (min > max) {
            return true;
        }
        if (min < -DIRECT_KEY_LIMIT || max > DIRECT_KEY_LIMIT) {
            return false;
        }
        int length = directGroups.length;
        if (length > 0 && min >= directBase && max - directBase < length) {
            directMax = Math.max(directMax, max);
            return true;
        }
        long newBase = length == 0 ? min : Math.min(directBase, min);
        long newMax = length == 0 ? max : Math.max(directMax, max);
        if (newMax - newBase >= MAX_DIRECT_RANGE) {
            return false;
        }
        // the keys' span, not the array's: the room left above the largest key must not count, or keys that
        // reach a little lower page after page (random customer keys) would double the array each time until
        // it looked too sparse
        int needed = (int) (newMax - newBase + 1);
        if (needed > SMALL_DIRECT_RANGE && needed > (long) DIRECT_RANGE_PER_GROUP * (groupCount + positionCount)) {
            return false;
        }
        // grow by doubling, upwards: keys such as order keys arrive in rising runs
        int newLength = Math.min(MAX_DIRECT_RANGE, Math.max(needed, Math.min(length * 2, needed * 2)));
        int[] grown = new int[newLength];
        Arrays.fill(grown, EMPTY);
        if (length > 0) {
            System.arraycopy(directGroups, 0, grown, (int) (directBase - newBase), (int) (directMax - directBase + 1));
        }
        directGroups = grown;
        directBase = newBase;
        directMax = newMax;
        return true;
    }

    /** Whether the groups are still held in the directly indexed array rather than the hash table. */
    boolean holdsKeysDirectly()
    {
        return directGroups != null;
    }

    /** The group of the NULL key, added at its first row. */
    private int nullGroup()
    {
        if (nullGroup == EMPTY) {
            nullGroup = addGroup(0);
        }
        return nullGroup;
    }

    private void directGroupIds(int positionCount, boolean anyNull)
    {
        long[] values = this.values;
        boolean[] nulls = this.nulls;
        int[] groupIds = this.groupIds;
        int[] directGroups = this.directGroups;
        long base = directBase;
        for (int i = 0; i < positionCount; i++) {
            if (anyNull && nulls[i]) {
                groupIds[i] = nullGroup();
                continue;
            }
            int index = (int) (values[i] - base);
            int group = directGroups[index];
            if (group == EMPTY) {
                group = addGroup(values[i]);
                directGroups[index] = group;
            }
            groupIds[i] = group;
        }
    }

    private void hashGroupIds(int positionCount, boolean anyNull)
    {
        long[] values = this.values;
        boolean[] nulls = this.nulls;
        int[] groupIds = this.groupIds;
        // rows of one key often come together (lineitem is stored by order key): the group of the
        // row before is taken without a probe
        long previousValue = 0;
        int previousGroup = EMPTY;
        for (int i = 0; i < positionCount; i++) {
            if (anyNull && nulls[i]) {
                groupIds[i] = nullGroup();
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
    }

    private int addGroup(long value)
    {
        if (groupCount == groupValues.length) {
            groupValues = Arrays.copyOf(groupValues, groupCount * 2);
        }
        groupValues[groupCount] = value;
        return groupCount++;
    }

    /** Leaves direct mode for good: the groups so far go into a table sized for them and the expected ones. */
    private void moveToTable()
    {
        directGroups = null;
        allocateTable(tableCapacity(Math.max(expectedGroups, groupCount * 2)));
        insertGroups();
    }

    private void rehash()
    {
        allocateTable((mask + 1) * 2);
        insertGroups();
    }

    private void insertGroups()
    {
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
        long tableBytes = directGroups != null ? (long) directGroups.length * Integer.BYTES : (long) slotGroups.length * (Integer.BYTES + Long.BYTES);
        return tableBytes + (long) groupValues.length * Long.BYTES + (long) values.length * (Long.BYTES + Integer.BYTES + 1);
    }
}
