package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;
import java.util.List;

/**
 * Fills a {@link LookupSource} from the build pages, in steps that several threads share
 * ({@link SharedBuild}): {@link #loadTask}s read the keys of runs of pages (a small build inserts
 * its rows as it reads them); a large table's rows are then ordered by region ({@link #beginSort},
 * {@link #sortTask}, {@link #endSort}; see {@link RegionOrder}) and inserted a slice at a time
 * ({@link #insertTask}); {@link #complete} inserts what the slices kept back and hands over the
 * table. The constructor only sizes the table. Each step's callers order it after the step before.
 */
final class LookupSourceBuilder
{
    private static final int EMPTY = -1;
    private static final long EMPTY_ADDRESS = LookupSource.EMPTY_ADDRESS;
    /** Tables above this many slots (4 MiB) are filled region by region; {@link #REGIONS} regions. */
    private static final int PARTITIONED_INSERT_SLOTS = 1 << 18;
    private static final int REGIONS = 1 << 10;
    /** The slices of a region-by-region fill that threads may insert at once, {@code REGIONS / INSERT_TASKS} regions each. */
    static final int INSERT_TASKS = 16;
    /** The runs of pages whose keys a large build reads, and orders by region, on different threads at once. */
    static final int LOAD_TASKS = 16;
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
    /** A large build's rows on their way to region order until every insert task has run; null for a small build and once complete. */
    private RegionOrder pending;
    private final List<Page> pages;
    /** The first page of each run that a load task reads, then the page count. */
    private final int[] chunkPageStarts;
    private final int mask;
    private final long pageBytes;

    LookupSourceBuilder(List<Page> pages, List<Integer> keyChannels, List<Type> types)
    {
        this.types = List.copyOf(types);
        this.pages = List.copyOf(pages);
        int keyCount = keyChannels.size();
        this.keyChannels = new int[keyCount];
        this.stringKey = new boolean[keyCount];
        for (int key = 0; key < keyCount; key++) {
            this.keyChannels[key] = keyChannels.get(key);
            stringKey[key] = KeyHashing.isByteKey(types.get(this.keyChannels[key]).physicalType());
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

        int capacity = slotCount(totalRows);
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

        boolean partitioned = capacity > PARTITIONED_INSERT_SLOTS;
        this.rowCount = totalRows;
        this.chunkPageStarts = partitioned ? chunkPages(pages) : new int[] {0, pages.size()};
        // a large table is filled a region at a time (see RegionOrder), which needs every row's key first
        this.pending = partitioned ? new RegionOrder(totalRows, keyInTable, chunkPageStarts.length - 1, mask, REGIONS, INSERT_TASKS) : null;
    }

    /** Sized for every row, NULL keys included, so rows go into the table as each page is read. */
    private static int slotCount(int rowCount)
    {
        return Integer.highestOneBit(Math.max(16, rowCount * 2) - 1) << 1;
    }

    /**
     * The bytes of the {@link LookupSource} these pages make, as {@link LookupSource#tableBytes()}
     * counts them, known before any of its arrays is allocated.
     */
    static long tableBytes(List<Page> pages, List<Integer> keyChannels, List<Type> types)
    {
        long rowCount = 0;
        for (Page page : pages) {
            rowCount += page.positionCount();
        }
        int longKeyColumns = 0;
        for (int channel : keyChannels) {
            longKeyColumns += KeyHashing.isByteKey(types.get(channel).physicalType()) ? 0 : 1;
        }
        if (keyChannels.size() == 1) {
            // a lone long key lives in the table itself
            longKeyColumns = 0;
        }
        long slots = slotCount(Math.toIntExact(rowCount));
        return rowCount * (Long.BYTES + Integer.BYTES) + rowCount * longKeyColumns * Long.BYTES + slots * 2 * Long.BYTES
                + (long) pages.size() * Integer.BYTES + (long) types.size() * pages.size() * Long.BYTES;
    }

    /**
     * Splits the pages into up to {@link #LOAD_TASKS} runs of about equal rows; returns the first page
     * of each run, then the page count.
     */
    private int[] chunkPages(List<Page> pages)
    {
        int chunks = Math.min(LOAD_TASKS, pages.size());
        int[] starts = new int[chunks + 1];
        int chunk = 1;
        for (int page = 0; page < pages.size() && chunk < chunks; page++) {
            // the next run starts at the first page past its share of the rows
            if ((long) pageStarts[page] * chunks >= (long) rowCount * chunk && page > starts[chunk - 1]) {
                starts[chunk++] = page;
            }
        }
        // fewer runs when the rows sit in a few large pages
        starts = Arrays.copyOf(starts, chunk + 1);
        starts[chunk] = pages.size();
        return starts;
    }

    /**
     * How many tasks read the keys of the build pages ({@link #loadTask}), which different threads
     * may run at once: one per run of pages for a large build, one that also fills the table for a
     * small build.
     */
    int loadTasks()
    {
        return chunkPageStarts.length - 1;
    }

    /**
     * Reads the keys of one run of build pages: every row's address and key; a small build inserts
     * its rows as it reads them (and returns whether a key repeated), a large build keeps each row's
     * hash and counts the rows of each table region for the sort ({@link #sortTasks}).
     */
    boolean loadTask(int task)
    {
        RegionOrder order = pending;
        int keyCount = keyChannels.length;
        ProbeKeys keys = new ProbeKeys(stringKey);
        boolean duplicates = false;
        int row = chunkStart(task);
        for (int page = chunkPageStarts[task]; page < chunkPageStarts[task + 1]; page++) {
            Page buildPage = pages.get(page);
            int positionCount = buildPage.positionCount();
            keys.load(buildPage, keyChannels);
            long[] hashes = keys.hashes;
            long[] tags = keyInTable ? keys.longs[0] : hashes;
            boolean[] anyNull = keys.anyNull;
            for (int position = 0; position < positionCount; position++, row++) {
                addresses[row] = PageAddresses.encode(page, position);
                next[row] = EMPTY;
                if (anyNull[position]) {
                    if (order != null) {
                        order.setNullKey(row);
                    }
                    continue;
                }
                for (int key = 0; key < keyCount; key++) {
                    if (longKeys[key] != null) {
                        longKeys[key][row] = keys.longs[key][position];
                    }
                }
                if (order != null) {
                    order.setKey(row, hashes[position], tags[position]);
                }
                else {
                    duplicates |= insert(row, tags[position], hashes[position]);
                }
            }
        }
        if (order != null) {
            order.countRegions(task, chunkStart(task), row);
        }
        return duplicates;
    }

    /** How many tasks order a large build's rows by table region ({@link #sortTask}); 0 for a small build. */
    int sortTasks()
    {
        return pending == null ? 0 : loadTasks();
    }

    /** Between the last {@link #loadTask} and the first {@link #sortTask} of a large build: places each run's rows within each region. */
    void beginSort()
    {
        pending.placeRuns();
    }

    /**
     * Orders the rows of one run of pages into their regions, after {@link #beginSort} (the caller
     * orders that before this call); different runs may be sorted on different threads at once.
     */
    void sortTask(int task)
    {
        pending.scatter(task, chunkStart(task), chunkStart(task + 1), addresses);
    }

    /** After every {@link #sortTask}: frees what only the sort read. */
    void endSort()
    {
        pending.dropUnsorted();
    }

    /** The first row of load task {@code task}'s run of pages; {@code chunkStart(loadTasks())} is the row count. */
    private int chunkStart(int task)
    {
        int page = chunkPageStarts[task];
        return page < pageStarts.length ? pageStarts[page] : rowCount;
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
     * {@link #complete}. Different slices may run on different threads at once.
     */
    boolean insertTask(int task)
    {
        RegionOrder sorted = pending;
        int regionFrom = task * (REGIONS / INSERT_TASKS);
        int regionTo = regionFrom + REGIONS / INSERT_TASKS;
        int slotEnd = regionTo << sorted.shift();
        boolean duplicates = false;
        int[] keptBack = new int[16];
        int keptCount = 0;
        int[] rows = sorted.rows();
        long[] tags = sorted.tags();
        long[] hashes = sorted.hashes();
        long[] sortedAddresses = sorted.addresses();
        for (int at = sorted.regionStart(regionFrom); at < sorted.regionStart(regionTo); at++) {
            int result = insertBefore(slotEnd, rows[at], tags[at], hashes[at], sortedAddresses[at]);
            if (result == KEPT_BACK) {
                if (keptCount == keptBack.length) {
                    keptBack = Arrays.copyOf(keptBack, keptCount * 2);
                }
                keptBack[keptCount++] = at;
            }
            duplicates |= result == JOINED_CHAIN;
        }
        sorted.keepBack(task, Arrays.copyOf(keptBack, keptCount));
        return duplicates;
    }

    /**
     * Completes the table after every {@link #insertTask} ran (the caller orders that before this call):
     * inserts the rows the slices kept back, and returns the lookup source, which records whether any key repeats.
     */
    LookupSource complete(boolean duplicatesInTasks)
    {
        RegionOrder sorted = pending;
        boolean duplicates = duplicatesInTasks;
        if (sorted != null) {
            for (int task = 0; task < INSERT_TASKS; task++) {
                for (int at : sorted.keptBack(task)) {
                    duplicates |= insert(sorted.rows()[at], sorted.tags()[at], sorted.hashes()[at], sorted.addresses()[at]);
                }
            }
            pending = null;
        }
        return new LookupSource(types, columnsByChannel, keyChannels, stringKey, addresses, next, longKeys, table, pageStarts, duplicates, pageBytes);
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
                if (!KeyHashing.bytesEqual(leftColumn.values(), KeyHashing.keyStart(leftColumn, leftPosition), KeyHashing.keyLength(leftColumn, leftPosition),
                        rightColumn.values(), KeyHashing.keyStart(rightColumn, rightPosition), KeyHashing.keyLength(rightColumn, rightPosition))) {
                    return false;
                }
            }
            else if (longKeys[key][left] != longKeys[key][right]) {
                return false;
            }
        }
        return true;
    }
}
