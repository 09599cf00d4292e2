package io.signo.sql.cost;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

import java.util.ArrayList;
import java.util.List;

/**
 * Which output columns of a plan node hold equal values in every row, from the equalities of two
 * columns that its operators guarantee (Calcite's pulled-up predicates: a join's equi conditions,
 * a filter's {@code a = b}), followed through chains: with {@code a = b} and {@code b = c}, a equals c.
 */
public final class EqualColumns
{
    private final int[] parent;

    private EqualColumns(int columns)
    {
        parent = new int[columns];
        for (int column = 0; column < columns; column++) {
            parent[column] = column;
        }
    }

    public static EqualColumns of(RelMetadataQuery metadata, RelNode rel)
    {
        EqualColumns equalColumns = new EqualColumns(rel.getRowType().getFieldCount());
        for (RexNode predicate : metadata.getPulledUpPredicates(rel).pulledUpPredicates) {
            if (predicate.getKind() == SqlKind.EQUALS && predicate instanceof RexCall call && call.getOperands().get(0) instanceof RexInputRef a
                    && call.getOperands().get(1) instanceof RexInputRef b && a.getIndex() < equalColumns.parent.length
                    && b.getIndex() < equalColumns.parent.length) {
                equalColumns.parent[equalColumns.root(a.getIndex())] = equalColumns.root(b.getIndex());
            }
        }
        return equalColumns;
    }

    /** Whether columns {@code a} and {@code b} hold equal values in every row (a column equals itself). */
    public boolean equal(int a, int b)
    {
        return root(a) == root(b);
    }

    /** The columns equal to {@code column} in every row, itself included, in ascending order. */
    public List<Integer> equalTo(int column)
    {
        int root = root(column);
        List<Integer> equal = new ArrayList<>();
        for (int other = 0; other < parent.length; other++) {
            if (root(other) == root) {
                equal.add(other);
            }
        }
        return equal;
    }

    private int root(int column)
    {
        int root = column;
        while (parent[root] != root) {
            root = parent[root];
        }
        return root;
    }
}
