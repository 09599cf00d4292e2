package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.logical.LogicalCorrelate;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.util.Litmus;

import java.util.Set;

/**
 * A correlate whose right side no longer reads its correlation variable, as a join. Simplifying a
 * sub-query can drop the predicate that read the outer row: {@code NOT EXISTS (SELECT 1 FROM nation
 * WHERE n_regionkey = ps_supplycost AND 0.05 <> 0.05)} is empty whatever the outer row, so its
 * correlate's right side is an empty VALUES. Calcite's decorrelator leaves such a correlate in place,
 * which Signo then refused as a sub-query it could not decorrelate; as a join it needs no decorrelating.
 */
final class UncorrelatedCorrelates
{
    private UncorrelatedCorrelates() {}

    static RelNode toJoins(RelNode root)
    {
        return root.accept(new RelShuttleImpl()
        {
            @Override
            public RelNode visit(LogicalCorrelate logicalCorrelate)
            {
                RelNode visited = super.visit(logicalCorrelate);
                if (visited instanceof Correlate correlate
                        && RelOptUtil.notContainsCorrelation(correlate.getRight(), correlate.getCorrelationId(), Litmus.IGNORE)) {
                    return LogicalJoin.create(correlate.getLeft(), correlate.getRight(), correlate.getHints(), correlate.getCluster().getRexBuilder().makeLiteral(true),
                            Set.of(), correlate.getJoinType());
                }
                return visited;
            }
        });
    }
}
