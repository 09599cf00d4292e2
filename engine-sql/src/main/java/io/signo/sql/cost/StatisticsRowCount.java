package io.signo.sql.cost;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.util.ImmutableBitSet;
import org.apache.calcite.util.ImmutableIntList;

import java.util.List;

/**
 * Row counts of joins and aggregations from distinct counts. Scans, filters (through
 * {@link StatisticsSelectivity}) and the other nodes keep Calcite's rules.
 *
 * <ul>
 * <li>An equi join produces {@code left * right / max(ndv(left keys), ndv(right keys))}: each key
 * value of the side with fewer values meets {@code rows / ndv} rows of the other (containment).
 * Residual conditions multiply by their selectivity.
 * <li>A semi join keeps the fraction of left key values found on the right, an anti join the rest;
 * both are bounded by the left side.
 * <li>An aggregation produces {@code min(input rows, product of group key ndvs)} per grouping set.
 * </ul>
 */
public final class StatisticsRowCount
        implements MetadataHandler<BuiltInMetadata.RowCount>
{
    public static final RelMetadataProvider SOURCE = ReflectiveRelMetadataProvider.reflectiveSource(
            new StatisticsRowCount(), BuiltInMetadata.RowCount.Handler.class);

    /** An anti join whose keys all seem to match still keeps some rows: distinct counts are estimates. */
    static final double MIN_ANTI_JOIN_FRACTION = 0.1;

    private StatisticsRowCount() {}

    @Override
    public MetadataDef<BuiltInMetadata.RowCount> getDef()
    {
        return BuiltInMetadata.RowCount.DEF;
    }

    public Double getRowCount(Join join, RelMetadataQuery metadata)
    {
        Double leftRows = metadata.getRowCount(join.getLeft());
        Double rightRows = metadata.getRowCount(join.getRight());
        if (leftRows == null || rightRows == null) {
            return null;
        }
        JoinInfo joinInfo = join.analyzeCondition();
        RexNode residual = RexUtil.composeConjunction(join.getCluster().getRexBuilder(), joinInfo.nonEquiConditions);
        double residualSelectivity = residual.isAlwaysTrue() ? 1.0 : StatisticsSelectivity.estimateJoinCondition(join, metadata, residual);

        double leftDistinct = keyDistinctValues(metadata, join.getLeft(), joinInfo.leftKeys, leftRows);
        double rightDistinct = keyDistinctValues(metadata, join.getRight(), joinInfo.rightKeys, rightRows);
        boolean equiJoin = !joinInfo.leftKeys.isEmpty();

        return switch (join.getJoinType()) {
            case SEMI, ANTI -> {
                double matched = equiJoin ? Math.min(1.0, rightDistinct / leftDistinct) : 1.0;
                matched *= residualSelectivity;
                if (rightRows < 1) {
                    matched = 0;
                }
                yield join.getJoinType() == JoinRelType.SEMI
                        ? leftRows * matched
                        : leftRows * Math.max(MIN_ANTI_JOIN_FRACTION, 1.0 - matched);
            }
            default -> {
                double inner = leftRows * rightRows * residualSelectivity;
                if (equiJoin) {
                    inner /= Math.max(1.0, joinKeyDistinctValues(metadata, join, joinInfo, leftRows, rightRows));
                }
                yield switch (join.getJoinType()) {
                    case LEFT -> Math.max(inner, leftRows);
                    case RIGHT -> Math.max(inner, rightRows);
                    case FULL -> Math.max(inner, Math.max(leftRows, rightRows));
                    default -> inner;
                };
            }
        };
    }

    /**
     * The fraction of an outer join's output rows that are rows of its preserved side ({@code left}
     * or right) that matched nothing, so that the other side's columns are NULL in them: the
     * preserved rows whose keys the other side lacks, as a semi join estimates the ones it has.
     */
    static double unmatchedFraction(Join join, RelMetadataQuery metadata, boolean left)
    {
        Double joinRows = metadata.getRowCount(join);
        Double preservedRows = metadata.getRowCount(left ? join.getLeft() : join.getRight());
        Double otherRows = metadata.getRowCount(left ? join.getRight() : join.getLeft());
        if (joinRows == null || preservedRows == null || otherRows == null || joinRows <= 0) {
            return 0.0;
        }
        if (otherRows < 1) {
            return Math.min(1.0, preservedRows / joinRows);
        }
        JoinInfo joinInfo = join.analyzeCondition();
        RexNode residual = RexUtil.composeConjunction(join.getCluster().getRexBuilder(), joinInfo.nonEquiConditions);
        double matched = residual.isAlwaysTrue() ? 1.0 : StatisticsSelectivity.estimateJoinCondition(join, metadata, residual);
        if (!joinInfo.leftKeys.isEmpty()) {
            double preservedDistinct = keyDistinctValues(metadata, left ? join.getLeft() : join.getRight(), left ? joinInfo.leftKeys : joinInfo.rightKeys, preservedRows);
            double otherDistinct = keyDistinctValues(metadata, left ? join.getRight() : join.getLeft(), left ? joinInfo.rightKeys : joinInfo.leftKeys, otherRows);
            matched *= Math.min(1.0, otherDistinct / preservedDistinct);
        }
        return Math.max(0.0, Math.min(1.0, preservedRows * (1.0 - matched) / joinRows));
    }

    public Double getRowCount(Aggregate aggregate, RelMetadataQuery metadata)
    {
        Double inputRows = metadata.getRowCount(aggregate.getInput());
        if (inputRows == null) {
            return null;
        }
        ImmutableBitSet groupKey = aggregate.getGroupSet();
        if (groupKey.isEmpty()) {
            return 1.0;
        }
        double groups = Math.min(inputRows, product(metadata, aggregate.getInput(), groupKey.asList(), inputRows));
        // each grouping set emits its own groups; the empty set one row
        return Math.max(1.0, groups) * aggregate.getGroupSets().size();
    }

    /**
     * The divisor of an equi join's row count. For one key pair it is the larger distinct count of
     * the two sides (containment); several pairs combine as {@link SeveralKeyJoinDivisor} says.
     */
    private static double joinKeyDistinctValues(RelMetadataQuery metadata, Join join, JoinInfo joinInfo, double leftRows, double rightRows)
    {
        double[] pairDistinctValues = new double[joinInfo.leftKeys.size()];
        for (int i = 0; i < pairDistinctValues.length; i++) {
            double left = keyDistinctValues(metadata, join.getLeft(), ImmutableIntList.of(joinInfo.leftKeys.get(i)), leftRows);
            double right = keyDistinctValues(metadata, join.getRight(), ImmutableIntList.of(joinInfo.rightKeys.get(i)), rightRows);
            pairDistinctValues[i] = Math.max(left, right);
        }
        if (pairDistinctValues.length == 1) {
            return Math.max(1.0, pairDistinctValues[0]);
        }
        return SeveralKeyJoinDivisor.divisor(metadata, join, joinInfo, leftRows, rightRows, pairDistinctValues);
    }

    /** Distinct values of a (multi-column) key: product of per-column counts, at most the input's rows. */
    private static double keyDistinctValues(RelMetadataQuery metadata, RelNode input, ImmutableIntList keys, double rows)
    {
        if (keys.isEmpty()) {
            return 1.0;
        }
        return Math.max(1.0, Math.min(rows, product(metadata, input, keys, rows)));
    }

    private static double product(RelMetadataQuery metadata, RelNode input, List<Integer> columns, double rows)
    {
        double product = 1.0;
        for (int column : columns) {
            Double distinct = metadata.getDistinctRowCount(input, ImmutableBitSet.of(column), null);
            // without a count, assume the column alone tells rows apart little: a tenth of the rows
            product *= distinct == null ? Math.max(1.0, rows / 10) : Math.max(1.0, Math.min(distinct, rows));
        }
        return product;
    }
}
