package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.util.stream.IntStream;

import static java.util.Objects.requireNonNull;

/**
 * One probe-side operator's use of a {@link RuntimeFilter} on a selection of a page's positions:
 * one INTEGER or BIGINT key is read and hashed at the selected positions alone; several keys are
 * loaded and hashed a vector at a time as the join's lookup loads them, after the one-key filters of
 * their INTEGER-like keys, when the page is dense, for the rows those keep alone. Scratch state of one driver.
 */
public final class RuntimeFilterProbe
{
    private final RuntimeFilter filter;
    private final int[] keyChannels;
    private final ProbeKeys keys;
    private final int[] keyColumnsInOrder;
    private final ColumnVector[] keyColumns;
    private long[] longKeys = new long[0];
    private int[] keptRows = new int[0];

    /** @param keyChannels the probe key columns of the pages, in the order of the build keys */
    public RuntimeFilterProbe(RuntimeFilter filter, int[] keyChannels)
    {
        this.filter = requireNonNull(filter, "filter is null");
        this.keyChannels = keyChannels.clone();
        if (keyChannels.length != filter.keyColumns()) {
            throw new IllegalArgumentException("probe has " + keyChannels.length + " key columns, the filter " + filter.keyColumns());
        }
        this.keys = new ProbeKeys(filter.stringKeys());
        this.keyColumnsInOrder = IntStream.range(0, keyChannels.length).toArray();
        this.keyColumns = new ColumnVector[keyChannels.length];
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
            boolean string = KeyHashing.isByteKey(page.column(keyChannels[key]).type().physicalType());
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
        if (page.isSelected()) {
            keys.load(page, keyChannels);
            return filter.filter(keys, positions, count);
        }
        int kept = testKeysOneByOne(page, positions, count, dense);
        if (kept == page.positionCount()) {
            keys.load(page, keyChannels);
            return filter.filter(keys, positions, kept);
        }
        if (kept == 0) {
            return 0;
        }
        // the kept rows' keys alone, through a selected page of the key columns that lives for this call
        if (keptRows.length < kept) {
            keptRows = new int[page.positionCount()];
        }
        System.arraycopy(positions, 0, keptRows, 0, kept);
        for (int key = 0; key < keyChannels.length; key++) {
            keyColumns[key] = page.column(keyChannels[key]);
        }
        keys.load(Page.selected(keptRows, kept, keyColumns), keyColumnsInOrder);
        return filter.filter(keys, positions, kept, true);
    }

    /** Applies the one-key filters of the INTEGER-like keys ({@link RuntimeFilter#keyFilter}) to the positions of a dense page. */
    private int testKeysOneByOne(Page page, int[] positions, int count, boolean dense)
    {
        int kept = count;
        for (int key = 0; key < keyChannels.length && kept > 0; key++) {
            RuntimeFilter keyFilter = filter.keyFilter(key);
            ColumnVector column = page.column(keyChannels[key]);
            if (keyFilter != null && keyFilter.testsDirectly(column)) {
                if (longKeys.length < kept) {
                    longKeys = new long[Math.max(kept, page.positionCount())];
                }
                kept = keyFilter.filterLongs(column, positions, kept, dense && kept == count, longKeys);
            }
        }
        return kept;
    }

    public long retainedBytes()
    {
        return keys.retainedBytes() + (long) longKeys.length * Long.BYTES + (long) keptRows.length * Integer.BYTES;
    }
}
