package io.signo.core.operator.join;

import io.signo.core.operator.kernel.KeyHashing;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

/**
 * The key columns of one page, normalized and hashed a column at a time (see {@link KeyHashing}).
 * Scratch state of one operator; reused from page to page. Of a {@linkplain Page#selected selected
 * page} it loads the selected rows: integer keys are read through the rows, a string key column is
 * copied (so that {@link #columns} is dense either way).
 */
final class ProbeKeys
{
    private final boolean[] stringColumn;
    long[] hashes = new long[0];
    final long[][] longs;
    final ColumnVector[] columns;
    /** True at positions where any key is NULL; such rows never match. */
    boolean[] anyNull = new boolean[0];
    private boolean[] nullScratch = new boolean[0];

    ProbeKeys(boolean[] stringColumn)
    {
        this.stringColumn = stringColumn;
        this.longs = new long[stringColumn.length][0];
        this.columns = new ColumnVector[stringColumn.length];
    }

    void load(Page page, int[] keyChannels)
    {
        int positionCount = page.positionCount();
        if (hashes.length < positionCount) {
            hashes = new long[positionCount];
            anyNull = new boolean[positionCount];
            nullScratch = new boolean[positionCount];
            for (int column = 0; column < stringColumn.length; column++) {
                longs[column] = stringColumn[column] ? null : new long[positionCount];
            }
        }
        java.util.Arrays.fill(anyNull, 0, positionCount, false);
        java.util.Arrays.fill(hashes, 0, positionCount, 0);
        int[] rows = page.rows();
        for (int column = 0; column < stringColumn.length; column++) {
            ColumnVector vector = page.column(keyChannels[column]);
            if (rows != null && stringColumn[column]) {
                vector = vector.copyPositions(rows, positionCount, PageAllocator.transientPages());
            }
            columns[column] = vector;
            boolean nulls;
            if (stringColumn[column]) {
                nulls = KeyHashing.loadNulls(vector, positionCount, null, nullScratch);
                KeyHashing.hashStrings(vector, positionCount, hashes, column > 0);
            }
            else {
                nulls = rows == null
                        ? KeyHashing.loadLongKeys(vector, positionCount, longs[column], nullScratch)
                        : KeyHashing.loadLongKeys(vector, rows, positionCount, longs[column], nullScratch);
                KeyHashing.hashLongs(longs[column], nullScratch, nulls, positionCount, hashes, column > 0);
            }
            if (nulls) {
                for (int i = 0; i < positionCount; i++) {
                    anyNull[i] |= nullScratch[i];
                }
            }
        }
    }

    long retainedBytes()
    {
        return (long) hashes.length * (Long.BYTES * (1 + longs.length) + 2);
    }
}
