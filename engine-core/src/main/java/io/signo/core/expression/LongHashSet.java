package io.signo.core.expression;

import java.util.Collection;

/** An immutable open-addressing set of longs, probed without boxing. */
final class LongHashSet
{
    private final long[] keys;
    private final boolean[] used;
    private final int mask;

    LongHashSet(Collection<Long> values)
    {
        int capacity = Integer.highestOneBit(Math.max(values.size(), 1) * 2) * 2;
        keys = new long[capacity];
        used = new boolean[capacity];
        mask = capacity - 1;
        for (long value : values) {
            int slot = slot(value);
            while (used[slot] && keys[slot] != value) {
                slot = (slot + 1) & mask;
            }
            used[slot] = true;
            keys[slot] = value;
        }
    }

    private int slot(long value)
    {
        long hash = value * 0x9E3779B97F4A7C15L;
        return (int) (hash ^ (hash >>> 32)) & mask;
    }

    boolean contains(long value)
    {
        int slot = slot(value);
        while (used[slot]) {
            if (keys[slot] == value) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        return false;
    }
}
