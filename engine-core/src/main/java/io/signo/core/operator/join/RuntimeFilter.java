package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;

import java.util.List;

/**
 * What a finished hash-join build tells its probe side's scan (runtime filtering): a
 * {@link BloomFilter} of the build keys' hashes and, for one INTEGER-like key, the keys' min and
 * max. A probe row whose keys fail it has no join partner and can be dropped before the lookup.
 * Never a false negative: keys are normalized and hashed exactly as the lookup does; rows with a
 * NULL key never pass (they match nothing in an inner or semi join). Immutable once built; shared
 * by every probe driver of the join.
 */
public final class RuntimeFilter
{
    /** Builds larger than this get no filter: it would no longer fit the caches, and probes would miss as often as the lookup. */
    public static final int MAX_BUILD_ROWS = 4 << 20;

    private final BloomFilter bloom;
    private final boolean[] stringKeys;
    private final boolean hasRange;
    private final long min;
    private final long max;
    private final long keyCount;

    private RuntimeFilter(BloomFilter bloom, boolean[] stringKeys, boolean hasRange, long min, long max, long keyCount)
    {
        this.bloom = bloom;
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
            stringKeys[key] = types.get(channels[key]).physicalType() == PhysicalType.BYTES;
        }
        // the normalized long orders like the value for integer types only (not for a DOUBLE's bit pattern)
        PhysicalType first = types.get(channels[0]).physicalType();
        boolean ranged = keyCount == 1 && (first == PhysicalType.INT || first == PhysicalType.LONG);
        BloomFilter bloom = BloomFilter.forKeys(rows);
        ProbeKeys keys = new ProbeKeys(stringKeys);
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long added = 0;
        for (Page page : pages) {
            int positionCount = page.positionCount();
            keys.load(page, channels);
            long[] hashes = keys.hashes;
            boolean[] anyNull = keys.anyNull;
            for (int position = 0; position < positionCount; position++) {
                if (!anyNull[position]) {
                    bloom.add(hashes[position]);
                    added++;
                }
            }
            if (ranged) {
                long[] values = keys.longs[0];
                for (int position = 0; position < positionCount; position++) {
                    if (!anyNull[position]) {
                        min = Math.min(min, values[position]);
                        max = Math.max(max, values[position]);
                    }
                }
            }
        }
        return new RuntimeFilter(bloom, stringKeys, ranged, min, max, added);
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
        return bloom.retainedBytes();
    }

    /**
     * Clears {@code keep[i]} at each of positions 0 .. count - 1 whose keys no build row has (or
     * that has a NULL key); returns how many positions fail the filter, whether kept before or not.
     */
    int apply(ProbeKeys keys, int count, boolean[] keep)
    {
        long[] hashes = keys.hashes;
        boolean[] anyNull = keys.anyNull;
        BloomFilter bloom = this.bloom;
        int failed = 0;
        if (hasRange) {
            long[] values = keys.longs[0];
            long min = this.min;
            long max = this.max;
            for (int i = 0; i < count; i++) {
                long value = values[i];
                boolean pass = !anyNull[i] && value >= min && value <= max && bloom.mightContain(hashes[i]);
                failed += pass ? 0 : 1;
                keep[i] &= pass;
            }
            return failed;
        }
        for (int i = 0; i < count; i++) {
            boolean pass = !anyNull[i] && bloom.mightContain(hashes[i]);
            failed += pass ? 0 : 1;
            keep[i] &= pass;
        }
        return failed;
    }

    @Override
    public String toString()
    {
        return "RuntimeFilter[keys=" + keyCount + ", bytes=" + retainedBytes() + (hasRange ? ", range=[" + min + ", " + max + "]" : "") + "]";
    }
}
