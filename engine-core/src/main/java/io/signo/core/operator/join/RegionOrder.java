package io.signo.core.operator.join;

/**
 * A large build's rows ordered by the table region their slot falls in, so that the random writes
 * of the inserts stay within a region that fits in the caches instead of missing the cache and the
 * TLB on every row. A counting sort on the slot's high bits, run in parallel over runs of rows:
 * each run counts its rows per region ({@link #countRegions}); once every run has counted,
 * {@link #placeRuns} gives each run its own place within each region; then each run writes its rows
 * there ({@link #scatter}), and no two runs write the same entry.
 *
 * <p>The sort copies each row's tag, hash and address beside its index: read through the row index
 * instead, in region order, each of them would be a cache miss of its own (three per row, which
 * cost more than the table writes the sort saves).
 */
final class RegionOrder
{
    private final int regions;
    private final int mask;
    private final int shift;
    /** Each row's hash and tag in row order, and whether a key is NULL (such a row goes into no region); dropped after the sort. */
    private long[] rowHashes;
    private long[] rowTags;
    private boolean[] rowNull;
    /** [run][region]: the run's row count in the region, then (after placeRuns) where its next row there goes. */
    private final int[][] runCursors;
    private int[] regionStarts;
    private int[] rows;
    private long[] hashes;
    private long[] tags;
    private long[] addresses;
    private final int[][] keptBack;

    /**
     * @param keyIsTag whether a row's tag differs from its hash (it is the key itself); otherwise one array serves both
     * @param mask the table's slot mask; {@code regions} must be a power of two at most its slot count
     */
    RegionOrder(int rowCount, boolean keyIsTag, int runs, int mask, int regions, int insertTasks)
    {
        this.regions = regions;
        this.mask = mask;
        this.shift = Integer.numberOfTrailingZeros(mask + 1) - Integer.numberOfTrailingZeros(regions);
        this.rowHashes = new long[rowCount];
        this.rowTags = keyIsTag ? new long[rowCount] : rowHashes;
        this.rowNull = new boolean[rowCount];
        this.runCursors = new int[runs][regions];
        this.keptBack = new int[insertTasks][];
    }

    /** Records a row's key hash and tag, before its run counts its regions. */
    void setKey(int row, long hash, long tag)
    {
        rowHashes[row] = hash;
        rowTags[row] = tag;
    }

    /** Records that a row has a NULL key: it is in no region. */
    void setNullKey(int row)
    {
        rowNull[row] = true;
    }

    private int regionOf(long hash)
    {
        return ((int) hash & mask) >>> shift;
    }

    /** Counts the rows {@code from .. to - 1}, run {@code run}'s, per region; after each of them was {@linkplain #setKey set}. */
    void countRegions(int run, int from, int to)
    {
        int[] counts = runCursors[run];
        for (int row = from; row < to; row++) {
            if (!rowNull[row]) {
                counts[regionOf(rowHashes[row])]++;
            }
        }
    }

    /** After every run counted: lays the regions out one after another, each run's rows of a region after the earlier runs'. */
    void placeRuns()
    {
        regionStarts = new int[regions + 1];
        int at = 0;
        for (int region = 0; region < regions; region++) {
            regionStarts[region] = at;
            for (int[] cursors : runCursors) {
                int count = cursors[region];
                cursors[region] = at;
                at += count;
            }
        }
        regionStarts[regions] = at;
        rows = new int[at];
        hashes = new long[at];
        tags = rowTags == rowHashes ? hashes : new long[at];
        addresses = new long[at];
    }

    /** Writes run {@code run}'s rows, {@code from .. to - 1}, to their places in region order. */
    void scatter(int run, int from, int to, long[] rowAddresses)
    {
        int[] cursors = runCursors[run];
        long[] rowHashes = this.rowHashes;
        long[] rowTags = this.rowTags;
        boolean[] rowNull = this.rowNull;
        int[] rows = this.rows;
        long[] hashes = this.hashes;
        long[] tags = this.tags;
        long[] addresses = this.addresses;
        for (int row = from; row < to; row++) {
            if (!rowNull[row]) {
                long hash = rowHashes[row];
                int at = cursors[regionOf(hash)]++;
                rows[at] = row;
                hashes[at] = hash;
                tags[at] = rowTags[row];
                addresses[at] = rowAddresses[row];
            }
        }
    }

    /** After every run scattered: drops the rows' hashes in row order, which the inserts do not read. */
    void dropUnsorted()
    {
        rowHashes = null;
        rowTags = null;
        rowNull = null;
    }

    int shift()
    {
        return shift;
    }

    /** The first position, in region order, of {@code region}'s rows; {@code regionStart(regions)} is the row count. */
    int regionStart(int region)
    {
        return regionStarts[region];
    }

    int[] rows()
    {
        return rows;
    }

    long[] hashes()
    {
        return hashes;
    }

    long[] tags()
    {
        return tags;
    }

    long[] addresses()
    {
        return addresses;
    }

    /** Records the positions, in region order, of the rows insert task {@code task} left for the end. */
    void keepBack(int task, int[] positions)
    {
        keptBack[task] = positions;
    }

    int[] keptBack(int task)
    {
        return keptBack[task];
    }
}
