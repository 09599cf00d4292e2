package io.signo.sql.planner;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Intersect;
import org.apache.calcite.rel.core.Minus;
import org.apache.calcite.rel.core.SetOp;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.tools.RelBuilder;

import java.util.ArrayList;
import java.util.List;

/**
 * INTERSECT ALL and EXCEPT ALL as their DISTINCT forms over numbered rows: each input's rows get
 * {@code ROW_NUMBER() OVER (PARTITION BY every column)}, so that a row present m times on the left
 * and n times on the right is kept min(m, n) times by INTERSECT and max(m - n, 0) times by EXCEPT of
 * the numbered rows; the number is dropped after. Calcite's rules then plan the DISTINCT forms, and
 * the window partitions treat NULLs as equal, as set operations do.
 */
final class SetOperationsAll
{
    private SetOperationsAll() {}

    static RelNode rewrite(RelNode root)
    {
        return root.accept(new RelHomogeneousShuttle()
        {
            @Override
            public RelNode visit(RelNode other)
            {
                RelNode visited = super.visit(other);
                if (visited instanceof SetOp setOp && setOp.all && (setOp instanceof Intersect || setOp instanceof Minus)) {
                    return distinctOverNumberedRows(setOp);
                }
                return visited;
            }
        });
    }

    private static RelNode distinctOverNumberedRows(SetOp setOp)
    {
        RelBuilder builder = RelFactoriesHolder.relBuilder(setOp.getCluster());
        int fieldCount = setOp.getRowType().getFieldCount();
        for (RelNode input : setOp.getInputs()) {
            builder.push(input);
            List<RexNode> fields = new ArrayList<>(builder.fields());
            RexNode rowNumber = builder.aggregateCall(SqlStdOperatorTable.ROW_NUMBER).over().partitionBy(builder.fields()).toRex();
            fields.add(rowNumber);
            builder.project(fields);
        }
        if (setOp instanceof Intersect) {
            builder.intersect(false, setOp.getInputs().size());
        }
        else {
            builder.minus(false, setOp.getInputs().size());
        }
        builder.project(builder.fields().subList(0, fieldCount), setOp.getRowType().getFieldNames());
        return builder.build();
    }
}
