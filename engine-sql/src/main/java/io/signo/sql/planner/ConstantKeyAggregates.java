package io.signo.sql.planner;

import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.RelShuttleImpl;
import org.apache.calcite.rel.RelVisitor;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexExecutor;
import org.apache.calcite.rex.RexLiteral;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSimplify;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An aggregate grouped only by constants, outside the correlated sub-queries of a plan about to be
 * decorrelated, as the aggregate without groups it is, whose one row is kept only when it had input.
 * Calcite's decorrelator leaves constant group keys out of every aggregate it rebuilds, counting on
 * the correlation keys it adds to keep "no input, no group"; where it adds none (the aggregate is above the correlation, or
 * beside it in another branch of the plan) the aggregate loses its keys and answers one row for no
 * input. So {@code SELECT DISTINCT TRUE FROM nation WHERE EXISTS (...)} and {@code SELECT 'x',
 * COUNT(*) ... GROUP BY 'x'} gave a row where the sub-query matched nothing, and a {@code NOT IN}
 * sub-query (whose "any match" is such an aggregate) in a UNION ALL beside a correlated branch found
 * a match in an empty input (DuckDB: none). A key the decorrelator's builder simplifies to a
 * constant, such as {@code 0 * NULLIF(x, x)}, counts as one.
 *
 * <p>An aggregate with constant keys beside others, anywhere in the plan, groups by the others only
 * and a project puts the constants back in their places. The decorrelator drops such keys too and
 * inserts them again above the aggregate at positions that keep its own mapping of the columns but
 * not their order, and at the plan's root the order is what the query answers: {@code SELECT DISTINCT
 * TRUE, FALSE, LENGTH('a') ... WHERE 'a' > (correlated sub-query)} came out as {@code (TRUE, 1,
 * FALSE)}, which Calcite's check of the row type refused, so the statement was refused as a
 * sub-query that could not be decorrelated. Grouping by the other keys gives the same groups.
 */
final class ConstantKeyAggregates
{
    private ConstantKeyAggregates() {}

    /** The plan with each such aggregate rewritten. */
    static RelNode rewrite(RelNode root)
    {
        return root.accept(new RelShuttleImpl()
        {
            @Override
            public RelNode visit(LogicalAggregate aggregate)
            {
                RelNode visited = super.visit(aggregate);
                return visited instanceof Aggregate rewritten ? withoutConstantKeys(rewritten) : visited;
            }
        });
    }

    /**
     * Whether the plan reads a correlation variable it does not define: an aggregate in a correlated
     * sub-query, to which the decorrelator adds the correlation keys that keep "no input, no group".
     */
    private static boolean readsOuterRow(RelNode plan)
    {
        Set<CorrelationId> read = new HashSet<>();
        Set<CorrelationId> defined = new HashSet<>();
        new RelVisitor()
        {
            @Override
            public void visit(RelNode node, int ordinal, RelNode parent)
            {
                defined.addAll(node.getVariablesSet());
                if (node instanceof Correlate correlate) {
                    defined.add(correlate.getCorrelationId());
                }
                node.accept(new RexShuttle()
                {
                    @Override
                    public RexNode visitCorrelVariable(RexCorrelVariable variable)
                    {
                        read.add(variable.id);
                        return variable;
                    }
                });
                super.visit(node, ordinal, parent);
            }
        }.go(plan);
        read.removeAll(defined);
        return !read.isEmpty();
    }

    private static RelNode withoutConstantKeys(Aggregate aggregate)
    {
        if (aggregate.getGroupType() != Aggregate.Group.SIMPLE || aggregate.getGroupSet().isEmpty() || !(aggregate.getInput() instanceof Project project)) {
            return aggregate;
        }
        // simplified as the decorrelator's builder simplifies them
        RexExecutor executor = Objects.requireNonNullElse(aggregate.getCluster().getPlanner().getExecutor(), RexUtil.EXECUTOR);
        RexSimplify simplifier = new RexSimplify(aggregate.getCluster().getRexBuilder(), RelOptPredicateList.EMPTY, executor);
        List<RexNode> keys = new ArrayList<>();
        boolean anyConstant = false;
        boolean allConstant = true;
        for (int key : aggregate.getGroupSet()) {
            RexNode simplified = simplifier.simplifyPreservingType(project.getProjects().get(key));
            boolean constant = simplified instanceof RexLiteral;
            keys.add(constant ? simplified : null);
            anyConstant |= constant;
            allConstant &= constant;
        }
        if (!anyConstant) {
            return aggregate;
        }
        if (!allConstant) {
            return regrouped(aggregate, project, keys, false);
        }
        // walked only for an aggregate whose keys are all constants: the plan may hold many aggregates
        if (readsOuterRow(project)) {
            return aggregate;
        }
        return regrouped(aggregate, project, keys, true);
    }

    /**
     * The aggregate grouped by its keys that are not constants, under a project of its columns in
     * their order with the constants ({@code constantKeys}, null for a key that is not one) in place;
     * with {@code onlyWithInputRows} (every key a constant) a global aggregate that keeps its row only
     * when it had input rows, as the grouped one had a group only then.
     */
    private static RelNode regrouped(Aggregate aggregate, Project project, List<RexNode> constantKeys, boolean onlyWithInputRows)
    {
        RelBuilder builder = RelFactoriesHolder.relBuilder(aggregate.getCluster());
        builder.push(project);
        List<Integer> groupKeys = aggregate.getGroupSet().asList();
        List<Integer> keptKeys = new ArrayList<>();
        for (int key = 0; key < groupKeys.size(); key++) {
            if (constantKeys.get(key) == null) {
                keptKeys.add(groupKeys.get(key));
            }
        }
        List<RelBuilder.AggCall> calls = new ArrayList<>();
        for (AggregateCall call : aggregate.getAggCallList()) {
            calls.add(builder.aggregateCall(call.adaptTo(project, call.getArgList(), call.filterArg, false, keptKeys.isEmpty())));
        }
        int aggregates = aggregate.getAggCallList().size();
        if (onlyWithInputRows) {
            calls.add(builder.countStar("$input_rows"));
        }
        builder.aggregate(builder.groupKey(ImmutableBitSet.of(keptKeys)), calls);
        if (onlyWithInputRows) {
            builder.filter(builder.greaterThan(builder.field(keptKeys.size() + aggregates), builder.literal(0)));
        }
        List<RexNode> fields = new ArrayList<>();
        int kept = 0;
        for (RexNode constant : constantKeys) {
            fields.add(constant != null ? constant : builder.field(kept++));
        }
        for (int call = 0; call < aggregates; call++) {
            fields.add(builder.field(keptKeys.size() + call));
        }
        builder.project(fields, aggregate.getRowType().getFieldNames(), true);
        return builder.convert(aggregate.getRowType(), false).build();
    }
}
