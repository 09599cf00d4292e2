package io.signo.sql.cost;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.core.Sort;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;

/**
 * The fraction of a node's rows in which a column is NULL because an outer join below it found no
 * match: the columns of a LEFT join's right side (or a RIGHT join's left side, either side of a FULL
 * join) are NULL in the preserved rows that matched nothing. Table statistics cannot say it, and
 * without it {@code IS NULL} over such a column (how NOT IN and NOT EXISTS can end up, TPC-H Q16)
 * looks like it keeps no row at all.
 */
final class OuterJoinNulls
{
    private OuterJoinNulls() {}

    /** The fraction of {@code node}'s rows whose column {@code field} an outer join made NULL; 0 where none did or it cannot be followed. */
    static double fraction(RelMetadataQuery metadata, RelNode node, int field)
    {
        return switch (node.stripped()) {
            case Join join -> joined(metadata, join, field);
            case Project project -> {
                RexNode projection = project.getProjects().get(field);
                yield projection instanceof RexInputRef input ? fraction(metadata, project.getInput(), input.getIndex()) : 0.0;
            }
            // a filter may drop some of those rows; without knowing which, keep the fraction
            case Filter filter -> fraction(metadata, filter.getInput(), field);
            case Sort sort -> fraction(metadata, sort.getInput(), field);
            default -> 0.0;
        };
    }

    private static double joined(RelMetadataQuery metadata, Join join, int field)
    {
        int leftCount = join.getLeft().getRowType().getFieldCount();
        if (field >= leftCount && !join.getJoinType().projectsRight()) {
            return 0.0;
        }
        boolean left = field < leftCount;
        double below = left ? fraction(metadata, join.getLeft(), field) : fraction(metadata, join.getRight(), field - leftCount);
        boolean madeNull = left ? join.getJoinType().generatesNullsOnLeft() : join.getJoinType().generatesNullsOnRight();
        if (!madeNull) {
            return below;
        }
        // the other side's rows that matched nothing carry this side's columns as NULL
        double unmatched = StatisticsRowCount.unmatchedFraction(join, metadata, !left);
        return unmatched + (1.0 - unmatched) * below;
    }
}
