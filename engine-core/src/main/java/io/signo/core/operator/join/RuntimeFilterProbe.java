package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.vector.ColumnVector;

import static java.util.Objects.requireNonNull;

/**
 * One probe-side operator's use of a {@link RuntimeFilter} on a selection of a page's positions:
 * one INTEGER or BIGINT key is read and hashed at the selected positions alone; other keys are
 * loaded and hashed a vector at a time as the join's lookup loads them. Scratch state of one driver.
 */
public final class RuntimeFilterProbe
{
    private final RuntimeFilter filter;
    private final int[] keyChannels;
    private final ProbeKeys keys;
    private long[] longKeys = new long[0];

    /** @param keyChannels the probe key columns of the pages, in the order of the build keys */
    public RuntimeFilterProbe(RuntimeFilter filter, int[] keyChannels)
    {
        this.filter = requireNonNull(filter, "filter is null");
        this.keyChannels = keyChannels.clone();
        if (keyChannels.length != filter.keyColumns()) {
            throw new IllegalArgumentException("probe has " + keyChannels.length + " key columns, the filter " + filter.keyColumns());
        }
        this.keys = new ProbeKeys(filter.stringKeys());
    }

    /**
     * Keeps, of the page's {@code positions[0 .. count)}, those whose keys some build row may have
     * (never one with a NULL key), in order, at the front of {@code positions}; returns how many.
     */
    public int filter(Page page, int[] positions, int count)
    {
        return filter(page, positions, count, false);
    }

    /** {@link #filter(Page, int[], int)} where {@code dense} says the positions are 0 .. count - 1, which reads faster. */
    public int filter(Page page, int[] positions, int count, boolean dense)
    {
        boolean[] stringKeys = filter.stringKeys();
        for (int key = 0; key < keyChannels.length; key++) {
            boolean string = page.column(keyChannels[key]).type().physicalType() == PhysicalType.BYTES;
            if (string != stringKeys[key]) {
                throw new IllegalArgumentException("probe key " + key + " of type " + page.column(keyChannels[key]).type() + " cannot match the build key");
            }
        }
        if (count == 0) {
            return 0;
        }
        ColumnVector first = page.column(keyChannels[0]);
        if (filter.testsDirectly(first)) {
            if (longKeys.length < count) {
                longKeys = new long[Math.max(count, page.positionCount())];
            }
            return filter.filterLongs(first, positions, count, dense, longKeys);
        }
        keys.load(page, keyChannels);
        return filter.filter(keys, positions, count);
    }

    public long retainedBytes()
    {
        return keys.retainedBytes() + (long) longKeys.length * Long.BYTES;
    }
}
