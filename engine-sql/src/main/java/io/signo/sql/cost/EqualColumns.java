package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;

import java.util.ArrayList;
import java.util.List;

/**
 * Which output columns of a plan node hold equal values in every row: those an inner join's or a
 * filter's {@code a = b} makes equal below it, passed up through projections of plain columns, and
 * followed through chains (with {@code a = b} and {@code b = c}, a equals c). Any other node (an
 * outer join, an aggregation, a scan) is taken to guarantee no equality. This reads the plan itself
 * rather than Calcite's pulled-up predicates: join ordering asks for every join it tries, and
 * inferring predicates over a tree of joins costs milliseconds where this costs microseconds.
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

    public static EqualColumns of(RelNode rel)
    {
        RelNode node = rel instanceof HepRelVertex vertex ? vertex.getCurrentRel() : rel;
        EqualColumns equal = new EqualColumns(node.getRowType().getFieldCount());
        switch (node) {
            case Join join when join.getJoinType() == JoinRelType.INNER -> {
                int leftCount = join.getLeft().getRowType().getFieldCount();
                equal.add(of(join.getLeft()), 0);
                equal.add(of(join.getRight()), leftCount);
                equal.addEqualities(join.getCondition());
            }
            case Filter filter -> {
                equal.add(of(filter.getInput()), 0);
                equal.addEqualities(filter.getCondition());
            }
            case Project project -> {
                EqualColumns input = of(project.getInput());
                List<RexNode> projects = project.getProjects();
                for (int a = 0; a < projects.size(); a++) {
                    for (int b = a + 1; b < projects.size(); b++) {
                        if (projects.get(a) instanceof RexInputRef x && projects.get(b) instanceof RexInputRef y && input.equal(x.getIndex(), y.getIndex())) {
                            equal.union(a, b);
                        }
                    }
                }
            }
            default -> {
            }
        }
        return equal;
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

    /** The equalities of an input whose columns are this node's from {@code offset} on. */
    private void add(EqualColumns input, int offset)
    {
        for (int column = 0; column < input.parent.length; column++) {
            union(offset + column, offset + input.root(column));
        }
    }

    private void addEqualities(RexNode condition)
    {
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            if (conjunct.getKind() == SqlKind.EQUALS && conjunct instanceof RexCall call && call.getOperands().get(0) instanceof RexInputRef a
                    && call.getOperands().get(1) instanceof RexInputRef b) {
                union(a.getIndex(), b.getIndex());
            }
        }
    }

    private void union(int a, int b)
    {
        parent[root(a)] = root(b);
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
