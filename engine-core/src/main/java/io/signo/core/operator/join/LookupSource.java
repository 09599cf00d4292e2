package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;
import java.util.List;

/**
 * The built side of a hash join, in the manner of Trino's PagesHash: build pages are kept as they
 * came; each row with no NULL key gets an index whose page address is in {@link #address(int)}; an
 * open-addressing table maps a key to the first row index with that key, and {@link #next(int)}
 * chains the other rows with the same key. Immutable once built, so probe drivers share it without locks.
 * With no key columns every row has the same (empty) key: one chain of all rows, for nested-loop joins.
 */
final class LookupSource
{
    private static final int EMPTY = -1;

    private final List<Type> types;
    private final ColumnVector[][] columnsByChannel;
    private final boolean[] stringKey;
    private final int[] keyChannels;
    private final int rowCount;
    private final long[] addresses;
    private final long[] hashes;
    private final long[][] longKeys;
    private final int[] next;
    private final int[] slots;
    private final int mask;
    private final long pageBytes;

    LookupSource(List<Page> pages, List<Integer> keyChannels, List<Type> types)
    {
        this.types = List.copyOf(types);
        int keyCount = keyChannels.size();
        this.keyChannels = new int[keyCount];
        this.stringKey = new boolean[keyCount];
        for (int key = 0; key < keyCount; key++) {
            this.keyChannels[key] = keyChannels.get(key);
            stringKey[key] = types.get(this.keyChannels[key]).physicalType() == PhysicalType.BYTES;
        }
        columnsByChannel = new ColumnVector[types.size()][pages.size()];
        long bytes = 0;
        int totalRows = 0;
        for (int page = 0; page < pages.size(); page++) {
            Page buildPage = pages.get(page);
            for (int channel = 0; channel < types.size(); channel++) {
                columnsByChannel[channel][page] = buildPage.column(channel);
            }
            bytes += buildPage.retainedBytes();
            totalRows += buildPage.positionCount();
        }
        this.pageBytes = bytes;

        long[] addresses = new long[totalRows];
        long[] hashes = new long[totalRows];
        long[][] longKeys = new long[keyCount][];
        for (int key = 0; key < keyCount; key++) {
            longKeys[key] = stringKey[key] ? null : new long[totalRows];
        }
        ProbeKeys keys = new ProbeKeys(stringKey);
        int rows = 0;
        for (int page = 0; page < pages.size(); page++) {
            Page buildPage = pages.get(page);
            keys.load(buildPage, this.keyChannels);
            for (int position = 0; position < buildPage.positionCount(); position++) {
                if (keys.anyNull[position]) {
                    continue;
                }
                addresses[rows] = PageAddresses.encode(page, position);
                hashes[rows] = keys.hashes[position];
                for (int key = 0; key < keyCount; key++) {
                    if (!stringKey[key]) {
                        longKeys[key][rows] = keys.longs[key][position];
                    }
                }
                rows++;
            }
        }
        this.rowCount = rows;
        this.addresses = Arrays.copyOf(addresses, rows);
        this.hashes = Arrays.copyOf(hashes, rows);
        for (int key = 0; key < keyCount; key++) {
            if (longKeys[key] != null) {
                longKeys[key] = Arrays.copyOf(longKeys[key], rows);
            }
        }
        this.longKeys = longKeys;

        int capacity = Integer.highestOneBit(Math.max(16, rows * 2) - 1) << 1;
        this.slots = new int[capacity];
        Arrays.fill(slots, EMPTY);
        this.mask = capacity - 1;
        this.next = new int[rows];
        for (int row = 0; row < rows; row++) {
            long hash = this.hashes[row];
            int slot = (int) hash & mask;
            while (true) {
                int head = slots[slot];
                if (head == EMPTY) {
                    slots[slot] = row;
                    next[row] = EMPTY;
                    break;
                }
                if (this.hashes[head] == hash && buildKeysEqual(head, row)) {
                    next[row] = next[head];
                    next[head] = row;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
    }

    private boolean buildKeysEqual(int left, int right)
    {
        for (int key = 0; key < keyChannels.length; key++) {
            if (stringKey[key]) {
                ColumnVector[] columns = columnsByChannel[keyChannels[key]];
                long leftAddress = addresses[left];
                long rightAddress = addresses[right];
                ColumnVector leftColumn = columns[PageAddresses.pageIndex(leftAddress)];
                ColumnVector rightColumn = columns[PageAddresses.pageIndex(rightAddress)];
                int leftPosition = PageAddresses.position(leftAddress);
                int rightPosition = PageAddresses.position(rightAddress);
                if (!KeyHashing.bytesEqual(leftColumn.values(), leftColumn.stringStart(leftPosition), leftColumn.stringLength(leftPosition),
                        rightColumn.values(), rightColumn.stringStart(rightPosition), rightColumn.stringLength(rightPosition))) {
                    return false;
                }
            }
            else if (longKeys[key][left] != longKeys[key][right]) {
                return false;
            }
        }
        return true;
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
        long[] probeHashes = probe.hashes;
        boolean[] anyNull = probe.anyNull;
        for (int position = 0; position < positionCount; position++) {
            if (anyNull[position] || rowCount == 0) {
                heads[position] = EMPTY;
                continue;
            }
            long hash = probeHashes[position];
            int slot = (int) hash & mask;
            int found = EMPTY;
            while (true) {
                int head = slots[slot];
                if (head == EMPTY) {
                    break;
                }
                if (hashes[head] == hash && probeKeysEqual(head, probe, position)) {
                    found = head;
                    break;
                }
                slot = (slot + 1) & mask;
            }
            heads[position] = found;
        }
    }

    private boolean probeKeysEqual(int row, ProbeKeys probe, int position)
    {
        for (int key = 0; key < keyChannels.length; key++) {
            if (stringKey[key]) {
                long address = addresses[row];
                ColumnVector buildColumn = columnsByChannel[keyChannels[key]][PageAddresses.pageIndex(address)];
                int buildPosition = PageAddresses.position(address);
                ColumnVector probeColumn = probe.columns[key];
                if (!KeyHashing.bytesEqual(buildColumn.values(), buildColumn.stringStart(buildPosition), buildColumn.stringLength(buildPosition),
                        probeColumn.values(), probeColumn.stringStart(position), probeColumn.stringLength(position))) {
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

    int rowCount()
    {
        return rowCount;
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
        return (long) rowCount * (Long.BYTES * 2 + Integer.BYTES + (long) Long.BYTES * longKeys.length) + (long) slots.length * Integer.BYTES
                + (long) columnsByChannel.length * (columnsByChannel.length == 0 ? 0 : columnsByChannel[0].length) * Long.BYTES;
    }

    long pageBytes()
    {
        return pageBytes;
    }
}
