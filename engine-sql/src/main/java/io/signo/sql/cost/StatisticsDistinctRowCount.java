package io.signo.sql.cost;

import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.util.ImmutableBitSet;

/**
 * Distinct values of table columns from their statistics. Calcite's own rules carry the counts
 * up through projections, filters, joins and aggregations; they only lacked a source at the scan.
 */
public final class StatisticsDistinctRowCount
        implements MetadataHandler<BuiltInMetadata.DistinctRowCount>
{
    public static final RelMetadataProvider SOURCE = ReflectiveRelMetadataProvider.reflectiveSource(
            new StatisticsDistinctRowCount(), BuiltInMetadata.DistinctRowCount.Handler.class);

    private StatisticsDistinctRowCount() {}

    @Override
    public MetadataDef<BuiltInMetadata.DistinctRowCount> getDef()
    {
        return BuiltInMetadata.DistinctRowCount.DEF;
    }

    /**
     * Product of the columns' distinct counts (a null counts as one more value), at most the row
     * count; a predicate keeps the values that its selected rows are expected to cover.
     */
    public Double getDistinctRowCount(TableScan scan, RelMetadataQuery metadata, ImmutableBitSet groupKey, RexNode predicate)
    {
        if (groupKey.isEmpty()) {
            return 1.0;
        }
        Double rows = metadata.getRowCount(scan);
        if (rows == null) {
            return null;
        }
        double distinct = 1.0;
        for (int field : groupKey) {
            ColumnOrigin origin = ColumnOrigin.of(metadata, scan, field);
            if (origin == null) {
                Boolean unique = metadata.areColumnsUnique(scan, groupKey);
                distinct = unique != null && unique ? rows : rows / 10;
                break;
            }
            long values = origin.statistics().distinctValues() + (origin.statistics().nullCount() > 0 ? 1 : 0);
            distinct *= Math.max(1, values);
        }
        distinct = Math.max(1.0, Math.min(distinct, rows));
        if (predicate != null && !predicate.isAlwaysTrue()) {
            double selected = rows * StatisticsSelectivity.estimate(scan, metadata, predicate);
            distinct = RelMdUtil.numDistinctVals(distinct, selected);
        }
        return distinct;
    }
}
