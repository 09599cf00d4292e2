package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdUtil;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.List;

/**
 * Distinct values of table columns from their statistics, and of an aggregation's COUNT results.
 * Calcite's own rules carry the counts up through projections, filters and joins.
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

    /**
     * Distinct values of an aggregation's output columns: as Calcite counts them (the group columns'
     * values in the input, an aggregate's by its arguments' values), except that the results of a
     * COUNT take few values. Calcite counts a COUNT's result by its argument's distinct values, so
     * TPC-H Q13's {@code GROUP BY c_count} over the orders per customer looked like 150,000 groups
     * where there are a few dozen. k groups with k different counts hold at least
     * 0 + 1 + ... + (k - 1) rows, so over n input rows a COUNT has at most (1 + sqrt(1 + 8n)) / 2
     * values; for one grouping set only (with several, a row counts in each).
     */
    public Double getDistinctRowCount(Aggregate aggregate, RelMetadataQuery metadata, ImmutableBitSet groupKey, RexNode predicate)
    {
        if (groupKey.isEmpty() && (predicate == null || predicate.isAlwaysTrue())) {
            return 1.0;
        }
        List<RexNode> pushable = new ArrayList<>();
        List<RexNode> notPushable = new ArrayList<>();
        RelOptUtil.splitFilters(aggregate.getGroupSet(), predicate, pushable, notPushable);
        RexBuilder rexBuilder = aggregate.getCluster().getRexBuilder();
        RexNode inputPredicate = RexUtil.composeConjunction(rexBuilder, pushable, true);

        int groupCount = aggregate.getGroupCount();
        Double inputRows = metadata.getRowCount(aggregate.getInput());
        boolean countsBounded = aggregate.getGroupType() == Aggregate.Group.SIMPLE && inputRows != null;
        double countValues = countsBounded ? (1 + Math.sqrt(1 + 8 * Math.max(0, inputRows))) / 2 : Double.NaN;
        ImmutableBitSet.Builder inputKey = ImmutableBitSet.builder();
        double boundedCounts = 1.0;
        for (int field : groupKey) {
            if (field < groupCount) {
                inputKey.set(aggregate.getGroupSet().nth(field));
                continue;
            }
            AggregateCall call = aggregate.getAggCallList().get(field - groupCount);
            if (countsBounded && call.getAggregation().getKind() == SqlKind.COUNT) {
                boundedCounts *= countValues;
            }
            else {
                inputKey.addAll(call.getArgList());
            }
        }
        Double distinct = metadata.getDistinctRowCount(aggregate.getInput(), inputKey.build(), inputPredicate);
        if (distinct == null) {
            return null;
        }
        distinct *= boundedCounts;
        Double rows = metadata.getRowCount(aggregate);
        if (rows != null) {
            distinct = Math.min(distinct, rows);
        }
        if (!notPushable.isEmpty()) {
            distinct *= RelMdUtil.guessSelectivity(RexUtil.composeConjunction(rexBuilder, notPushable, true));
        }
        return Math.max(1.0, distinct);
    }
}
