package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;

import static java.util.Objects.requireNonNull;

/**
 * One probe-side operator's use of a {@link RuntimeFilter}: the key columns of its pages, loaded
 * and hashed a vector at a time as the join's lookup loads them. Scratch state of one driver.
 */
public final class RuntimeFilterProbe
{
    private final RuntimeFilter filter;
    private final int[] keyChannels;
    private final ProbeKeys keys;

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
     * Clears {@code keep[i]} at each position of the page whose keys no build row has, NULL keys
     * included; returns how many positions fail the filter (kept or not before).
     */
    public int apply(Page page, boolean[] keep)
    {
        boolean[] stringKeys = filter.stringKeys();
        for (int key = 0; key < keyChannels.length; key++) {
            boolean string = page.column(keyChannels[key]).type().physicalType() == PhysicalType.BYTES;
            if (string != stringKeys[key]) {
                throw new IllegalArgumentException("probe key " + key + " of type " + page.column(keyChannels[key]).type() + " cannot match the build key");
            }
        }
        int positionCount = page.positionCount();
        keys.load(page, keyChannels);
        return filter.apply(keys, positionCount, keep);
    }

    public long retainedBytes()
    {
        return keys.retainedBytes();
    }
}
