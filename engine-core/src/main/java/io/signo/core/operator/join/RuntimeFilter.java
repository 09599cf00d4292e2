package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;
import java.util.List;

/**
 * What a finished hash-join build tells its probe side's scan (runtime filtering): a
 * {@link BloomFilter} of the build keys' hashes and, for one INTEGER-like key, the keys' min and
 * max. A probe row whose keys fail it has no join partner and can be dropped before the lookup.
 * Never a false negative: keys are normalized and hashed exactly as the lookup does; rows with a
 * NULL key never pass (they match nothing in an inner or semi join). Immutable once built; shared
 * by every probe driver of the join.
 *
 * <p>When the one integer key is dense (its range spans at most {@link #MAX_SPAN_PER_KEY} values per
 * build key, as order, part, customer and supplier keys are even after a selective filter), or its
 * range is small enough for a bitmap of at most {@link #SMALL_BITMAP_BITS} bits however few keys it
 * holds (Q11's 400 supplier keys out of 10,000, Q8's 1,300 part keys out of 200,000, the order keys of
 * Q3's 147,000 orders out of 6 million at SF 1), the filter is an exact bitmap over [min, max]
 * instead: a probe is a subtraction, one load and one bit test, with no hashing and no false
 * positives, in at most twice the Bloom filter's memory or 1 MiB.
 *
 * <p>A filter of several keys also holds a one-key filter of each INTEGER-like key column. A probe
 * tests those on the selected rows first, reading each key at the rows alone, and loads and hashes all
 * its keys only for the rows they keep: Q2's probe of partsupp on (supply cost, part key) would
 * otherwise hash both keys of every one of its rows for a build of a few thousand.
 */
public final class RuntimeFilter
{
    /** Builds larger than this get no filter: it would no longer fit the caches, and probes would miss as often as the lookup. */
    public static final int MAX_BUILD_ROWS = 4 << 20;
    /** A bitmap over the key range replaces the Bloom filter while it takes at most twice the Bloom filter's bits. */
    static final long MAX_SPAN_PER_KEY = 2L * BloomFilter.BITS_PER_KEY;
    /**
     * A key range of at most this many values always gets the bitmap (1 MiB): the Bloom test's hashing
     * costs more than the bitmap's load from L3, and the bitmap's exactness spares the probe the Bloom
     * filter's false positives (Q3's and Q4's order keys at SF 1: 57-147 thousand keys over 6 million).
     */
    static final long SMALL_BITMAP_BITS = 1L << 20 << 3;

    /** Null when {@link #bits} holds the keys instead. */
    private final BloomFilter bloom;
    /** For one dense INTEGER-like key: bit {@code key - min} is set for each build key; else null. */
    private final long[] bits;
    private final boolean[] stringKeys;
    private final boolean hasRange;
    private final long min;
    private final long max;
    private final long keyCount;
    /** Of a filter of several keys, the one-key filter of each INTEGER-like key column (null for the others); else null. */
    private final RuntimeFilter[] keyFilters;

    private RuntimeFilter(BloomFilter bloom, long[] bits, boolean[] stringKeys, boolean hasRange, long min, long max, long keyCount)
    {
        this(bloom, bits, stringKeys, hasRange, min, max, keyCount, null);
    }

    private RuntimeFilter(BloomFilter bloom, long[] bits, boolean[] stringKeys, boolean hasRange, long min, long max, long keyCount, RuntimeFilter[] keyFilters)
    {
        this.keyFilters = keyFilters;
        this.bloom = bloom;
        this.bits = bits;
        this.stringKeys = stringKeys;
        this.hasRange = hasRange;
        this.min = min;
        this.max = max;
        this.keyCount = keyCount;
    }

    /**
     * The filter of these build pages' keys, or null when the build has more than
     * {@code maxRows} rows (then a filter is not worth its memory and probe cost).
     */
    public static RuntimeFilter build(List<Page> pages, List<Integer> keyChannels, List<Type> types, int maxRows)
    {
        int keyCount = keyChannels.size();
        if (keyCount == 0) {
            return null;
        }
        long rows = 0;
        for (Page page : pages) {
            rows += page.positionCount();
        }
        if (rows > maxRows) {
            return null;
        }
        int[] channels = new int[keyCount];
        boolean[] stringKeys = new boolean[keyCount];
        for (int key = 0; key < keyCount; key++) {
            channels[key] = keyChannels.get(key);
            stringKeys[key] = KeyHashing.isByteKey(types.get(channels[key]).physicalType());
        }
        // the normalized long orders like the value for integer types only (not for a DOUBLE's bit pattern)
        PhysicalType first = types.get(channels[0]).physicalType();
        boolean ranged = keyCount == 1 && (first == PhysicalType.INT || first == PhysicalType.LONG);
        ProbeKeys keys = new ProbeKeys(stringKeys);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long added = 0;
        if (ranged) {
            for (Page page : pages) {
                keys.load(page, channels);
                long[] values = keys.longs[0];
                boolean[] anyNull = keys.anyNull;
                for (int position = 0; position < page.positionCount(); position++) {
                    if (!anyNull[position]) {
                        min = Math.min(min, values[position]);
                        max = Math.max(max, values[position]);
                        added++;
                    }
                }
            }
            // max - min may overflow a long for extreme keys: then it is negative, and far too sparse anyway
            long span = max - min;
            boolean dense = span / MAX_SPAN_PER_KEY < added || span < SMALL_BITMAP_BITS;
            if (added > 0 && span >= 0 && dense && span / Long.SIZE < Integer.MAX_VALUE - 8) {
                return new RuntimeFilter(null, bitmap(pages, channels, keys, min, span), stringKeys, true, min, max, added);
            }
        }
        BloomFilter bloom = BloomFilter.forKeys(rows);
        added = 0;
        for (Page page : pages) {
            keys.load(page, channels);
            long[] hashes = keys.hashes;
            boolean[] anyNull = keys.anyNull;
            for (int position = 0; position < page.positionCount(); position++) {
                if (!anyNull[position]) {
                    bloom.add(hashes[position]);
                    added++;
                }
            }
        }
        return new RuntimeFilter(bloom, null, stringKeys, ranged, min, max, added, keyCount > 1 ? keyFilters(pages, channels, types, maxRows) : null);
    }

    private static RuntimeFilter[] keyFilters(List<Page> pages, int[] channels, List<Type> types, int maxRows)
    {
        RuntimeFilter[] keyFilters = new RuntimeFilter[channels.length];
        for (int key = 0; key < channels.length; key++) {
            PhysicalType type = types.get(channels[key]).physicalType();
            if (type == PhysicalType.INT || type == PhysicalType.LONG) {
                keyFilters[key] = build(pages, List.of(channels[key]), types, maxRows);
            }
        }
        return keyFilters;
    }

    /** The exact bitmap of one integer key column's non-NULL values: bit {@code key - min} set for each. */
    private static long[] bitmap(List<Page> pages, int[] channels, ProbeKeys keys, long min, long span)
    {
        long[] bits = new long[(int) (span / Long.SIZE) + 1];
        for (Page page : pages) {
            keys.load(page, channels);
            long[] values = keys.longs[0];
            boolean[] anyNull = keys.anyNull;
            for (int position = 0; position < page.positionCount(); position++) {
                if (!anyNull[position]) {
                    long offset = values[position] - min;
                    bits[(int) (offset >>> 6)] |= 1L << offset;
                }
            }
        }
        return bits;
    }

    /** How many key columns; a probe's must be as many, string where the build's are. */
    public int keyColumns()
    {
        return stringKeys.length;
    }

    boolean[] stringKeys()
    {
        return stringKeys;
    }

    /** Build rows with non-NULL keys that went into the filter. */
    public long keyCount()
    {
        return keyCount;
    }

    public long retainedBytes()
    {
        long bytes = bits != null ? (long) bits.length * Long.BYTES : bloom.retainedBytes();
        if (keyFilters != null) {
            for (RuntimeFilter keyFilter : keyFilters) {
                bytes += keyFilter == null ? 0 : keyFilter.retainedBytes();
            }
        }
        return bytes;
    }

    /** Of a filter of several keys, the one-key filter of key column {@code key} when it is INTEGER-like; else null. */
    public RuntimeFilter keyFilter(int key)
    {
        return keyFilters == null ? null : keyFilters[key];
    }

    /**
     * Keeps, of {@code positions[0 .. count)}, those whose loaded keys some build row may have (never
     * one with a NULL key), in order, at the front of {@code positions}; returns how many.
     */
    int filter(ProbeKeys keys, int[] positions, int count)
    {
        return filter(keys, positions, count, false);
    }

    /**
     * {@link #filter(ProbeKeys, int[], int)} where {@code keys} holds the keys of {@code positions[0 .. count)}
     * at 0 .. count - 1 (loaded from those rows alone) when {@code compact}, at the positions themselves when not.
     */
    int filter(ProbeKeys keys, int[] positions, int count, boolean compact)
    {
        long[] hashes = keys.hashes;
        boolean[] anyNull = keys.anyNull;
        BloomFilter bloom = this.bloom;
        int kept = 0;
        if (bloom == null) {
            // a bitmap filter tests integer keys read directly (filterLongs); any other probe keeps its non-NULL rows
            for (int i = 0; i < count; i++) {
                int position = positions[i];
                int key = compact ? i : position;
                positions[kept] = position;
                kept += anyNull[key] ? 0 : 1;
            }
            return kept;
        }
        for (int i = 0; i < count; i++) {
            int position = positions[i];
            int key = compact ? i : position;
            positions[kept] = position;
            kept += !anyNull[key] && bloom.mightContain(hashes[key]) ? 1 : 0;
        }
        return kept;
    }

    /** True when the filter can test this one key column straight from its values (see {@link #filterLongs}). */
    boolean testsDirectly(ColumnVector column)
    {
        PhysicalType type = column.type().physicalType();
        return stringKeys.length == 1 && (type == PhysicalType.INT || type == PhysicalType.LONG);
    }

    /**
     * {@link #filter} for one INTEGER-like key column, read at the selected positions only: no pass
     * over the whole page to hash every key. The hash is the lookup's for one long key. The keys are
     * first copied to {@code scratch} (sequentially when {@code dense}: the positions are 0 .. count - 1),
     * so that the test loop reads heap arrays only: a loop that reads a segment and writes an array
     * the segment might alias re-checks the segment on every row.
     */
    int filterLongs(ColumnVector column, int[] positions, int count, boolean dense, long[] scratch)
    {
        MemorySegment values = column.values();
        boolean wide = column.type().physicalType() == PhysicalType.LONG;
        if (dense && wide) {
            MemorySegment.copy(values, ValueLayout.JAVA_LONG_UNALIGNED, 0, scratch, 0, count);
        }
        else if (dense) {
            for (int i = 0; i < count; i++) {
                scratch[i] = values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i);
            }
        }
        else if (wide) {
            for (int i = 0; i < count; i++) {
                scratch[i] = values.getAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, positions[i]);
            }
        }
        else {
            for (int i = 0; i < count; i++) {
                scratch[i] = values.getAtIndex(ValueLayout.JAVA_INT_UNALIGNED, positions[i]);
            }
        }
        int kept = bits != null ? testBits(scratch, positions, count) : testBloom(scratch, positions, count);
        // NULLs (stored as some value) never pass: take out the few survivors that are NULL
        return ColumnVector.removeNullPositions(column.nulls(), positions, kept);
    }

    private int testBits(long[] values, int[] positions, int count)
    {
        long[] bits = this.bits;
        long min = this.min;
        long span = this.max - min;
        int kept = 0;
        for (int i = 0; i < count; i++) {
            long offset = values[i] - min;
            // one unsigned comparison rejects both sides of the range; word 0 stands in for keys outside it
            boolean inRange = Long.compareUnsigned(offset, span) <= 0;
            long word = bits[inRange ? (int) (offset >>> 6) : 0];
            positions[kept] = positions[i];
            kept += inRange & (word & (1L << offset)) != 0 ? 1 : 0;
        }
        return kept;
    }

    /**
     * Three simple loops instead of one: the range test, hashing every key in range (a loop without
     * loads or branches, which the JIT turns into vector instructions), then the filter's test.
     * {@code values} is scratch and ends up holding hashes.
     */
    private int testBloom(long[] values, int[] positions, int count)
    {
        long min = hasRange ? this.min : Long.MIN_VALUE;
        // as unsigned, -1 is the largest span: every key is in range; so is every key when max - min overflows
        long span = hasRange ? this.max - this.min : -1L;
        int inRange = 0;
        for (int i = 0; i < count; i++) {
            long value = values[i];
            positions[inRange] = positions[i];
            values[inRange] = value;
            inRange += Long.compareUnsigned(value - min, span) <= 0 ? 1 : 0;
        }
        for (int i = 0; i < inRange; i++) {
            values[i] = KeyHashing.hashLong(values[i]);
        }
        BloomFilter bloom = this.bloom;
        int kept = 0;
        for (int i = 0; i < inRange; i++) {
            positions[kept] = positions[i];
            kept += bloom.mightContain(values[i]) ? 1 : 0;
        }
        return kept;
    }

    @Override
    public String toString()
    {
        return "RuntimeFilter[" + (bits != null ? "bitmap" : "bloom") + ", keys=" + keyCount + ", bytes=" + retainedBytes() + (hasRange ? ", range=[" + min + ", " + max + "]" : "")
                + (keyFilters != null ? ", per key=" + Arrays.toString(keyFilters) : "") + "]";
    }
}
