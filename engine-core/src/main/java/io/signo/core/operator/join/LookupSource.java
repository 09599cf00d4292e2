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
 * came; each row gets an index (its position across all pages in order) whose page address is in
 * {@link #address(int)}; an open-addressing table maps a key to the first row with that key, and
 * {@link #next(int)} chains the other rows with the same key. Rows with a NULL key are in no chain.
 * Immutable once built, so probe drivers share it without locks.
 * With no key columns every row has the same (empty) key: one chain of all rows, for nested-loop joins.
 *
 * <p>The table is laid out for the probe: a power-of-two array of (tag, head address) pairs with
 * linear probing, where the tag is the normalized key itself when the key is one fixed-width column
 * (so a probe compares keys without touching the build rows) and the key hash otherwise. A probe
 * hit on a table with no duplicate keys then costs one cache line, and so does an insert. The
 * head's row index follows from its address through the small {@link #pageStarts} array.
 */
final class LookupSource
{
    private static final int EMPTY = -1;
    /** A free slot; a used one holds its head's address plus one. */
    private static final long EMPTY_ADDRESS = 0;
    /** Tables above this many slots (4 MiB) are filled region by region; {@link #REGIONS} regions. */
    private static final int PARTITIONED_INSERT_SLOTS = 1 << 18;
    private static final int REGIONS = 1 << 10;
    /** The slices of a region-by-region fill that threads may insert at once, {@code REGIONS / INSERT_TASKS} regions each. */
    static final int INSERT_TASKS = 16;
    private static final int PLACED = 0;
    private static final int JOINED_CHAIN = 1;
    private static final int KEPT_BACK = 2;

    private final List<Type> types;
    private final ColumnVector[][] columnsByChannel;
    private final boolean[] stringKey;
    private final int[] keyChannels;
    private final int rowCount;
    private final long[] addresses;
    private final long[][] longKeys;
    private final int[] next;
    /** Pairs per slot: [2 * slot] the tag (key or hash), [2 * slot + 1] the head row's address + 1, or {@link #EMPTY_ADDRESS}. */
    private final long[] table;
    /** The row index of each page's first position. */
    private final int[] pageStarts;
    private final boolean keyInTable;
    /** Final once the table is complete (see {@link #completeInsert}), before anyone probes it. */
    private boolean hasDuplicates;
    /** A large build's rows in region order until every insert task has run; null for a small build and once complete. */
    private SortedRows pending;
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
        this.keyInTable = keyCount == 1 && !stringKey[0];
        columnsByChannel = new ColumnVector[types.size()][pages.size()];
        long bytes = 0;
        int totalRows = 0;
        this.pageStarts = new int[pages.size()];
        for (int page = 0; page < pages.size(); page++) {
            Page buildPage = pages.get(page);
            pageStarts[page] = totalRows;
            for (int channel = 0; channel < types.size(); channel++) {
                columnsByChannel[channel][page] = buildPage.column(channel);
            }
            bytes += buildPage.retainedBytes();
            totalRows += buildPage.positionCount();
        }
        this.pageBytes = bytes;

        // sized for every row, NULL keys included, so rows go into the table as each page is read
        int capacity = Integer.highestOneBit(Math.max(16, totalRows * 2) - 1) << 1;
        this.mask = capacity - 1;
        long[] table = new long[capacity * 2];
        long[] addresses = new long[totalRows];
        int[] next = new int[totalRows];
        // the table holds a lone long key itself; other keys are compared through these per-row copies
        long[][] longKeys = new long[keyCount][];
        for (int key = 0; key < keyCount; key++) {
            longKeys[key] = stringKey[key] || keyInTable ? null : new long[totalRows];
        }
        this.table = table;
        this.addresses = addresses;
        this.longKeys = longKeys;
        this.next = next;

        ProbeKeys keys = new ProbeKeys(stringKey);
        boolean partitioned = capacity > PARTITIONED_INSERT_SLOTS;
        // a large table is filled a region at a time (see sortByRegion), which needs every row's key first
        long[] rowHashes = partitioned ? new long[totalRows] : null;
        long[] rowTags = partitioned && keyInTable ? new long[totalRows] : rowHashes;
        boolean[] rowNull = partitioned ? new boolean[totalRows] : null;
        boolean duplicates = false;
        int row = 0;
        for (int page = 0; page < pages.size(); page++) {
            Page buildPage = pages.get(page);
            int positionCount = buildPage.positionCount();
            keys.load(buildPage, this.keyChannels);
            long[] hashes = keys.hashes;
            long[] tags = keyInTable ? keys.longs[0] : hashes;
            boolean[] anyNull = keys.anyNull;
            for (int position = 0; position < positionCount; position++, row++) {
                addresses[row] = PageAddresses.encode(page, position);
                next[row] = EMPTY;
                if (anyNull[position]) {
                    if (partitioned) {
                        rowNull[row] = true;
                    }
                    continue;
                }
                for (int key = 0; key < keyCount; key++) {
                    if (longKeys[key] != null) {
                        longKeys[key][row] = keys.longs[key][position];
                    }
                }
                if (partitioned) {
                    rowHashes[row] = hashes[position];
                    rowTags[row] = tags[position];
                }
                else {
                    duplicates |= insert(row, tags[position], hashes[position]);
                }
            }
        }
        if (partitioned) {
            pending = sortByRegion(row, rowHashes, rowTags, rowNull);
        }
        this.rowCount = row;
        this.hasDuplicates = duplicates;
    }

    /**
     * How many slices of a large build's inserts remain ({@link #insertTask}), which different threads
     * may run at once; 0 when the table is complete already (a small build fills it as it reads).
     */
    int insertTasks()
    {
        return pending == null ? 0 : INSERT_TASKS;
    }

    /**
     * Inserts the rows of one slice of the table's regions; returns whether a key repeated. A slice
     * writes only its own slots: a row whose probe would run past them is kept back for
     * {@link #completeInsert}. Different slices may run on different threads at once.
     */
    boolean insertTask(int task)
    {
        SortedRows sorted = pending;
        int regionFrom = task * (REGIONS / INSERT_TASKS);
        int regionTo = regionFrom + REGIONS / INSERT_TASKS;
        int slotEnd = regionTo << sorted.shift();
        boolean duplicates = false;
        int[] keptBack = new int[16];
        int keptCount = 0;
        for (int at = sorted.regionStarts()[regionFrom]; at < sorted.regionStarts()[regionTo]; at++) {
            int result = insertBefore(slotEnd, sorted.rows()[at], sorted.tags()[at], sorted.hashes()[at], sorted.addresses()[at]);
            if (result == KEPT_BACK) {
                if (keptCount == keptBack.length) {
                    keptBack = Arrays.copyOf(keptBack, keptCount * 2);
                }
                keptBack[keptCount++] = at;
            }
            duplicates |= result == JOINED_CHAIN;
        }
        sorted.keptBack()[task] = Arrays.copyOf(keptBack, keptCount);
        return duplicates;
    }

    /**
     * Completes the table after every {@link #insertTask} ran (the caller orders that before this call):
     * inserts the rows the slices kept back and records whether any key repeats.
     */
    void completeInsert(boolean duplicatesInTasks)
    {
        SortedRows sorted = pending;
        boolean duplicates = duplicatesInTasks;
        if (sorted != null) {
            for (int[] keptBack : sorted.keptBack()) {
                for (int at : keptBack) {
                    duplicates |= insert(sorted.rows()[at], sorted.tags()[at], sorted.hashes()[at], sorted.addresses()[at]);
                }
            }
            pending = null;
        }
        hasDuplicates |= duplicates;
    }

    /**
     * A large build's rows ordered by table region, with each row's tag, hash and address beside
     * its index; region r's rows are at {@code regionStarts[r] .. regionStarts[r + 1] - 1}.
     */
    private record SortedRows(int[] rows, long[] hashes, long[] tags, long[] addresses, int[] regionStarts, int shift, int[][] keptBack) {}

    /**
     * Orders the rows by the table region their slot falls in (a counting sort on the slot's high
     * bits), so the random writes of a large build stay within a region that fits in the caches
     * instead of missing the cache and the TLB on every row. The sort copies each row's tag, hash
     * and address beside its index: read through the row index instead, in region order, each of
     * them would be a cache miss of its own (three per row, which cost more than the table writes
     * the sort saves).
     */
    private SortedRows sortByRegion(int rows, long[] rowHashes, long[] rowTags, boolean[] rowNull)
    {
        int shift = Integer.numberOfTrailingZeros(mask + 1) - Integer.numberOfTrailingZeros(REGIONS);
        int[] regionStarts = new int[REGIONS + 1];
        for (int row = 0; row < rows; row++) {
            if (!rowNull[row]) {
                regionStarts[(((int) rowHashes[row] & mask) >>> shift) + 1]++;
            }
        }
        for (int region = 0; region < REGIONS; region++) {
            regionStarts[region + 1] += regionStarts[region];
        }
        int[] next = Arrays.copyOf(regionStarts, REGIONS);
        int sorted = regionStarts[REGIONS];
        int[] sortedRows = new int[sorted];
        long[] sortedHashes = new long[sorted];
        // a key compared by its hash has the hash as its tag: one array serves both
        long[] sortedTags = rowTags == rowHashes ? sortedHashes : new long[sorted];
        long[] sortedAddresses = new long[sorted];
        for (int row = 0; row < rows; row++) {
            if (!rowNull[row]) {
                int at = next[((int) rowHashes[row] & mask) >>> shift]++;
                sortedRows[at] = row;
                sortedHashes[at] = rowHashes[row];
                sortedTags[at] = rowTags[row];
                sortedAddresses[at] = addresses[row];
            }
        }
        return new SortedRows(sortedRows, sortedHashes, sortedTags, sortedAddresses, regionStarts, shift, new int[INSERT_TASKS][]);
    }

    /** Puts a row into the table; true when another row has its key (the row joins that chain). */
    private boolean insert(int row, long tag, long hash)
    {
        return insert(row, tag, hash, addresses[row]);
    }

    /**
     * {@link #insert(int, long, long, long)} that writes no slot at or after {@code slotEnd}: returns
     * {@link #KEPT_BACK} when the probe gets there, else {@link #PLACED} or {@link #JOINED_CHAIN}.
     * The row's slot is below {@code slotEnd}, so the probe never wraps around.
     */
    private int insertBefore(int slotEnd, int row, long tag, long hash, long address)
    {
        long[] table = this.table;
        int slot = (int) hash & mask;
        while (slot < slotEnd) {
            int entry = slot << 1;
            long stored = table[entry + 1];
            if (stored == EMPTY_ADDRESS) {
                table[entry] = tag;
                table[entry + 1] = address + 1;
                return PLACED;
            }
            if (table[entry] == tag && (keyInTable || buildKeysEqual(rowOf(stored - 1), row))) {
                int head = rowOf(stored - 1);
                next[row] = next[head];
                next[head] = row;
                return JOINED_CHAIN;
            }
            slot++;
        }
        return KEPT_BACK;
    }

    /** {@link #insert(int, long, long)} with the row's address at hand. */
    private boolean insert(int row, long tag, long hash, long address)
    {
        long[] table = this.table;
        int slot = (int) hash & mask;
        while (true) {
            int entry = slot << 1;
            long stored = table[entry + 1];
            if (stored == EMPTY_ADDRESS) {
                table[entry] = tag;
                table[entry + 1] = address + 1;
                return false;
            }
            if (table[entry] == tag && (keyInTable || buildKeysEqual(rowOf(stored - 1), row))) {
                int head = rowOf(stored - 1);
                next[row] = next[head];
                next[head] = row;
                return true;
            }
            slot = (slot + 1) & mask;
        }
    }

    private int rowOf(long address)
    {
        return pageStarts[PageAddresses.pageIndex(address)] + PageAddresses.position(address);
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

    /** All build rows, those with a NULL key included. */
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
