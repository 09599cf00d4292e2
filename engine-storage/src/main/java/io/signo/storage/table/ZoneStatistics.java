package io.signo.storage.table;

/**
 * The statistics of one zone of a segment's column (a Parquet page, in the file's page index) and
 * the rows the zone covers, for pruning finer than the segment's own min and max.
 */
public record ZoneStatistics(ColumnStatistics statistics, int rowCount)
{
    public ZoneStatistics
    {
        if (statistics == null) {
            throw new IllegalArgumentException("a zone without statistics");
        }
        if (rowCount < 0) {
            throw new IllegalArgumentException("a zone of " + rowCount + " rows");
        }
    }
}
