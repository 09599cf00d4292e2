package io.signo.storage.table;

import io.signo.storage.vector.ColumnVector;

/**
 * A test of one table column's values that a scan runs as it reads a segment, before it decodes the
 * other columns, so that rows that cannot pass the scan's filter are never decoded. A segment that
 * stores the column as a dictionary tests the dictionary's few distinct values instead of every
 * row's. A test keeps only rows its query's filters would keep too, and never a NULL.
 */
public interface ColumnTest
{
    /** The table column tested. */
    int column();

    /**
     * Keeps, in place and in order, those of {@code positions[0 .. count)} whose value in
     * {@code values} passes; returns how many are kept. NULL values never pass.
     */
    int keep(ColumnVector values, int[] positions, int count);
}
