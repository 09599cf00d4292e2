package io.signo.core.expression;

import java.lang.foreign.MemorySegment;
import java.util.List;

/**
 * An immutable open-addressing set of byte strings held in native segments, probed with bytes in
 * place. A set of a few values (an IN list such as Q12's {@code ('MAIL', 'SHIP')}) is searched by
 * length and bytes without hashing the probe: most probes differ in length or first byte.
 */
final class ByteStringHashSet
{
    private final MemorySegment[] slots;
    private final int[] hashes;
    private final int mask;
    /** The values when there are at most {@link #LINEAR_MAX} of them, else null. */
    private final MemorySegment[] few;
    private static final int LINEAR_MAX = 4;

    ByteStringHashSet(List<MemorySegment> values, boolean ignoreTrailingSpaces)
    {
        int capacity = Integer.highestOneBit(Math.max(values.size(), 1) * 2) * 2;
        slots = new MemorySegment[capacity];
        hashes = new int[capacity];
        mask = capacity - 1;
        for (MemorySegment value : values) {
            int length = (int) value.byteSize();
            if (ignoreTrailingSpaces) {
                length = StringBytes.lengthWithoutTrailingSpaces(value, 0, length);
                value = value.asSlice(0, length);
            }
            if (contains(value, 0, length)) {
                continue;
            }
            int hash = StringBytes.hash(value, 0, length);
            int slot = hash & mask;
            while (slots[slot] != null) {
                slot = (slot + 1) & mask;
            }
            slots[slot] = value;
            hashes[slot] = hash;
        }
        List<MemorySegment> distinct = new java.util.ArrayList<>();
        for (MemorySegment slot : slots) {
            if (slot != null) {
                distinct.add(slot);
            }
        }
        few = distinct.size() <= LINEAR_MAX ? distinct.toArray(new MemorySegment[0]) : null;
    }

    boolean contains(MemorySegment bytes, long start, int length)
    {
        MemorySegment[] few = this.few;
        if (few != null) {
            for (MemorySegment value : few) {
                if (value.byteSize() == length && StringBytes.equal(bytes, start, value, 0, length)) {
                    return true;
                }
            }
            return false;
        }
        int hash = StringBytes.hash(bytes, start, length);
        int slot = hash & mask;
        MemorySegment candidate;
        while ((candidate = slots[slot]) != null) {
            if (hashes[slot] == hash && candidate.byteSize() == length && StringBytes.equal(bytes, start, candidate, 0, length)) {
                return true;
            }
            slot = (slot + 1) & mask;
        }
        return false;
    }
}
