package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.List;

/**
 * The built side of a hash join, in the manner of Trino's PagesHash: build pages are kept as they
 * came; each row gets an index (its position across all pages in order) whose page address is in
 * {@link #address(int)}; an open-addressing table maps a key to the first row with that key, and
 * {@link #next(int)} chains the other rows with the same key. Rows with a NULL key are in no chain.
 * With no key columns every row has the same (empty) key: one chain of all rows, for nested-loop joins.
 * Immutable, so probe drivers share it without locks; {@link LookupSourceBuilder} fills it.
 *
 * <p>The table is laid out for the probe: a power-of-two array of (tag, head address) pairs with
 * linear probing, where the tag is the normalized key itself when the key is one fixed-width column
 * (so a probe compares keys without touching the build rows) and the key hash otherwise. A probe
 * hit on a table with no duplicate keys then costs one cache line. The head's row index follows
 * from its address through the small {@link #pageStarts} array.
 */
final class LookupSource
{
    private static final int EMPTY = -1;
    /** A free slot; a used one holds its head's address plus one. */
    static final long EMPTY_ADDRESS = 0;

    private final List<Type> types;
    private final ColumnVector[][] columnsByChannel;
    private final int[] keyChannels;
    private final boolean[] stringKey;
    private final boolean keyInTable;
    private final long[] addresses;
    private final int[] next;
    private final long[][] longKeys;
    /** Pairs per slot: [2 * slot] the tag (key or hash), [2 * slot + 1] the head row's address + 1, or {@link #EMPTY_ADDRESS}. */
    private final long[] table;
    private final int mask;
    /** The row index of each page's first position. */
    private final int[] pageStarts;
    private final boolean hasDuplicates;
    private final long pageBytes;

    /**
     * Takes the arrays a {@link LookupSourceBuilder} filled; none of them changes afterwards.
     *
     * @param longKeys per key column, each row's normalized key, or null where the table's tag is the key or the key is a string
     */
    LookupSource(
            List<Type> types,
            ColumnVector[][] columnsByChannel,
            int[] keyChannels,
            boolean[] stringKey,
            long[] addresses,
            int[] next,
            long[][] longKeys,
            long[] table,
            int[] pageStarts,
            boolean hasDuplicates,
            long pageBytes)
    {
        this.types = List.copyOf(types);
        this.columnsByChannel = columnsByChannel;
        this.keyChannels = keyChannels;
        this.stringKey = stringKey;
        this.keyInTable = keyChannels.length == 1 && !stringKey[0];
        this.addresses = addresses;
        this.next = next;
        this.longKeys = longKeys;
        this.table = table;
        this.mask = table.length / 2 - 1;
        this.pageStarts = pageStarts;
        this.hasDuplicates = hasDuplicates;
        this.pageBytes = pageBytes;
    }

    /** Which key columns are strings; a probe side must load its keys the same way. */
    boolean[] stringKeys()
    {
        return stringKey;
    }

    /**
     * Writes, for each position of the loaded probe keys, the first matching row index or -1;
     * {@code heads} must hold {@code positionCount} entries.
     */
    void findHeads(ProbeKeys probe, int positionCount, int[] heads)
    {
        findSlots(probe, positionCount, heads);
        for (int position = 0; position < positionCount; position++) {
            heads[position] = headRow(heads[position]);
        }
    }

    /**
     * Writes, for each position of the loaded probe keys, the table slot holding its key, or -1 when
     * no build row has it; {@link #headAddress(int)} and {@link #headRow(int)} resolve a slot.
     */
    void findSlots(ProbeKeys probe, int positionCount, int[] slots)
    {
        long[] probeHashes = probe.hashes;
        boolean[] anyNull = probe.anyNull;
        long[] table = this.table;
        int mask = this.mask;
        if (keyInTable) {
            // one long key: the tag is the key, so a hit needs no look at the build rows
            long[] probeKeys = probe.longs[0];
            for (int position = 0; position < positionCount; position++) {
                int slot = (int) probeHashes[position] & mask;
                long key = probeKeys[position];
                while (true) {
                    int entry = slot << 1;
                    if (table[entry + 1] == EMPTY_ADDRESS) {
                        slot = EMPTY;
                        break;
                    }
                    if (table[entry] == key) {
                        break;
                    }
                    slot = (slot + 1) & mask;
                }
                slots[position] = anyNull[position] ? EMPTY : slot;
            }
            return;
        }
        for (int position = 0; position < positionCount; position++) {
            if (anyNull[position]) {
                slots[position] = EMPTY;
                continue;
            }
            long hash = probeHashes[position];
            int slot = (int) hash & mask;
            while (true) {
                int entry = slot << 1;
                if (table[entry + 1] == EMPTY_ADDRESS) {
                    slot = EMPTY;
                    break;
                }
                if (table[entry] == hash && probeKeysEqual(rowOf(table[entry + 1] - 1), probe, position)) {
                    break;
                }
                slot = (slot + 1) & mask;
            }
            slots[position] = slot;
        }
    }

    /** The address of the first row in a slot found by {@link #findSlots}. */
    long headAddress(int slot)
    {
        return table[(slot << 1) + 1] - 1;
    }

    /** The index of the first row in a slot found by {@link #findSlots}, or -1 for slot -1. */
    int headRow(int slot)
    {
        return slot == EMPTY ? EMPTY : rowOf(headAddress(slot));
    }

    /** False when every key has one row, so no chain has a second link. */
    boolean hasDuplicates()
    {
        return hasDuplicates;
    }

    private int rowOf(long address)
    {
        return pageStarts[PageAddresses.pageIndex(address)] + PageAddresses.position(address);
    }

    private boolean probeKeysEqual(int row, ProbeKeys probe, int position)
    {
        for (int key = 0; key < keyChannels.length; key++) {
            if (stringKey[key]) {
                long address = addresses[row];
                ColumnVector buildColumn = columnsByChannel[keyChannels[key]][PageAddresses.pageIndex(address)];
                int buildPosition = PageAddresses.position(address);
                ColumnVector probeColumn = probe.columns[key];
                if (!KeyHashing.bytesEqual(buildColumn.values(), KeyHashing.keyStart(buildColumn, buildPosition), KeyHashing.keyLength(buildColumn, buildPosition),
                        probeColumn.values(), KeyHashing.keyStart(probeColumn, position), KeyHashing.keyLength(probeColumn, position))) {
                    return false;
                }
            }
            else if (longKeys[key][row] != probe.longs[key][position]) {
                return false;
            }
        }
        return true;
    }

    /** The next row index with the same key, or -1. */
    int next(int row)
    {
        return next[row];
    }

    long address(int row)
    {
        return addresses[row];
    }

    /** All build rows, those with a NULL key included. */
    int rowCount()
    {
        return addresses.length;
    }

    List<Type> types()
    {
        return types;
    }

    /** The vectors of build column {@code channel}, one per build page, indexed by page address. */
    ColumnVector[] columns(int channel)
    {
        return columnsByChannel[channel];
    }

    /** Bytes of the table itself, not counting the build pages. */
    long tableBytes()
    {
        long longKeyBytes = 0;
        for (long[] keys : longKeys) {
            longKeyBytes += keys == null ? 0 : (long) keys.length * Long.BYTES;
        }
        return (long) addresses.length * (Long.BYTES + Integer.BYTES) + longKeyBytes + (long) table.length * Long.BYTES + (long) pageStarts.length * Integer.BYTES
                + (long) columnsByChannel.length * (columnsByChannel.length == 0 ? 0 : columnsByChannel[0].length) * Long.BYTES;
    }

    long pageBytes()
    {
        return pageBytes;
    }
}
