package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptTable;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.metadata.RelColumnOrigin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The divisor of the row count of an equi join on several key pairs: the distinct values of the
 * pairs together, by containment. Each pair alone has the larger of its two columns' distinct
 * counts; how the pairs combine depends on where their columns come from.
 *
 * <ul>
 * <li>Each side's key columns are columns of one table (lineitem's {@code (l_partkey, l_suppkey)}
 * against partsupp's {@code (ps_partkey, ps_suppkey)}): a composite key, whose columns are not
 * independent. Its values are at most the rows of either table (partsupp's 800,000 pairs at SF 1,
 * not 200,000 parts times 10,000 suppliers), so the divisor is the product of the pairs' counts, at
 * most the smaller table's rows.
 * <li>Some side's key columns come from different tables (TPC-H Q5's lineitem supplier and
 * customer nation against supplier's key and nation): independent, so the product of the pairs'
 * counts, at most the larger side's rows.
 * <li>Otherwise (a key computed by an expression or an aggregate): the most selective pair alone,
 * which errs towards more rows rather than fewer.
 * </ul>
 *
 * <p>A column counts as any column its side holds equal to it in every row (after {@code p_partkey =
 * ps_partkey}, part's key is also partsupp's), and a pair whose column equals one of an earlier
 * pair's on either side adds nothing: join ordering gives joins such implied pairs.
 * The divisor is never below the most selective pair's count.
 */
final class SeveralKeyJoinDivisor
{
    private SeveralKeyJoinDivisor() {}

    static double divisor(RelMetadataQuery metadata, Join join, JoinInfo joinInfo, double leftRows, double rightRows, double[] pairDistinctValues)
    {
        double best = 1.0;
        for (double distinct : pairDistinctValues) {
            best = Math.max(best, distinct);
        }
        EqualColumns leftEqual = EqualColumns.of(join.getLeft());
        EqualColumns rightEqual = EqualColumns.of(join.getRight());
        List<Integer> leftKeys = new ArrayList<>();
        List<Integer> rightKeys = new ArrayList<>();
        double product = 1.0;
        for (int i = 0; i < pairDistinctValues.length; i++) {
            int left = joinInfo.leftKeys.get(i);
            int right = joinInfo.rightKeys.get(i);
            if (leftKeys.stream().noneMatch(key -> leftEqual.equal(key, left)) && rightKeys.stream().noneMatch(key -> rightEqual.equal(key, right))) {
                product *= Math.max(1.0, pairDistinctValues[i]);
                leftKeys.add(left);
                rightKeys.add(right);
            }
        }
        if (leftKeys.size() < 2) {
            return best;
        }
        KeyOrigin leftOrigin = KeyOrigin.of(metadata, join.getLeft(), leftEqual, leftKeys);
        KeyOrigin rightOrigin = KeyOrigin.of(metadata, join.getRight(), rightEqual, rightKeys);
        double bound;
        if (leftOrigin.table() != null && rightOrigin.table() != null) {
            bound = Math.min(leftOrigin.table().getRowCount(), rightOrigin.table().getRowCount());
        }
        else if (leftOrigin.known() && rightOrigin.known()) {
            bound = Math.max(leftRows, rightRows);
        }
        else {
            return best;
        }
        return Math.max(best, Math.min(product, bound));
    }

    /**
     * Where one side's key columns come from: the one table that holds all of them ({@code table}, or
     * null when there is none), and whether every key column comes from some table unchanged.
     */
    private record KeyOrigin(RelOptTable table, boolean known)
    {
        static KeyOrigin of(RelMetadataQuery metadata, RelNode rel, EqualColumns equal, List<Integer> keys)
        {
            Set<List<String>> common = null;
            boolean known = true;
            for (int key : keys) {
                Set<List<String>> tables = new HashSet<>();
                for (int column : equal.equalTo(key)) {
                    RelColumnOrigin origin = metadata.getColumnOrigin(rel, column);
                    if (origin != null && !origin.isDerived()) {
                        tables.add(origin.getOriginTable().getQualifiedName());
                    }
                }
                known &= !tables.isEmpty();
                if (common == null) {
                    common = tables;
                }
                else {
                    common.retainAll(tables);
                }
            }
            if (!known || common == null || common.isEmpty()) {
                return new KeyOrigin(null, known);
            }
            return new KeyOrigin(tableNamed(metadata, rel, equal, keys.getFirst(), common.iterator().next()), true);
        }

        private static RelOptTable tableNamed(RelMetadataQuery metadata, RelNode rel, EqualColumns equal, int key, List<String> name)
        {
            for (int column : equal.equalTo(key)) {
                RelColumnOrigin origin = metadata.getColumnOrigin(rel, column);
                if (origin != null && !origin.isDerived() && origin.getOriginTable().getQualifiedName().equals(name)) {
                    return origin.getOriginTable();
                }
            }
            throw new IllegalStateException("no column of table " + name + " equal to key " + key);
        }
    }
}
