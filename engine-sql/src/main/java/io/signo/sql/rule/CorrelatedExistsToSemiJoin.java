package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.plan.hep.HepRelVertex;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Correlate;
import org.apache.calcite.rel.core.CorrelationId;
import org.apache.calcite.rel.core.Filter;
import org.apache.calcite.rel.core.JoinInfo;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.core.Project;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexCorrelVariable;
import org.apache.calcite.rex.RexFieldAccess;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexSubQuery;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A correlated {@code EXISTS} or {@code NOT EXISTS} conjunct of a filter whose sub-query is a filter
 * (under projections) over an uncorrelated input, and whose correlated conditions hold at least one
 * equality and at least one other condition, becomes a SEMI or ANTI join of the filter's input with
 * that sub-query input, on the correlated conditions: the equalities are the hash keys and the rest
 * the join's residual. Calcite's decorrelation would instead join the sub-query with a value
 * generator of the outer keys and re-join the result, reading the sub-query's tables several times
 * (TPC-H Q21 read lineitem eight times). A pair matches only when the condition is TRUE, so a NULL
 * condition counts as no match, which is what NOT EXISTS means. A purely equi-correlated NOT EXISTS
 * becomes an ANTI join as well: Calcite's path would left-join a DISTINCT aggregate of the whole
 * sub-query input and keep the rows whose flag is NULL (TPC-H Q22 grouped all 1.5 million orders of
 * SF 1 by customer to test the 42,000 customers of seven country codes). A purely equi-correlated
 * EXISTS keeps Calcite's path, which the translator already runs as a semi join; a sub-query inside
 * OR, under an aggregate or a limit, keeps it too.
 */
public final class CorrelatedExistsToSemiJoin
        extends RelRule<SignoRuleConfig>
{

    private CorrelatedExistsToSemiJoin(SignoRuleConfig config)
    {
        super(config);
    }

    /** The rule's settings; {@link SignoRules} registers the rule they make. */
    public static final SignoRuleConfig CONFIG = SignoRuleConfig.of("CorrelatedExistsToSemiJoin", operand -> operand.operand(Filter.class).anyInputs(), CorrelatedExistsToSemiJoin::new);

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        Filter filter = call.rel(0);
        if (filter.getVariablesSet().isEmpty() || !RexUtil.SubQueryFinder.containsSubQuery(filter) || readsOuterScope(filter)) {
            return;
        }
        RelNode input = filter.getInput();
        RexBuilder rexBuilder = filter.getCluster().getRexBuilder();

        List<RexNode> plainConditions = new ArrayList<>();
        List<RexNode> subQueryConditions = new ArrayList<>();
        List<SemiJoinSide> joins = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(filter.getCondition())) {
            SemiJoinSide side = semiJoinSide(conjunct, filter.getVariablesSet(), input, rexBuilder);
            if (side != null) {
                joins.add(side);
            }
            else if (RexUtil.SubQueryFinder.find(conjunct) != null) {
                subQueryConditions.add(conjunct);
            }
            else {
                plainConditions.add(conjunct);
            }
        }
        if (joins.isEmpty()) {
            return;
        }

        RelBuilder relBuilder = call.builder();
        relBuilder.push(input).filter(plainConditions);
        for (SemiJoinSide side : joins) {
            relBuilder.push(side.input()).join(side.type(), side.condition());
        }
        if (!subQueryConditions.isEmpty()) {
            // the sub-queries left over still read the correlation variables of this filter's input, whose row the joins keep
            relBuilder.filter(filter.getVariablesSet(), subQueryConditions);
        }
        call.transformTo(relBuilder.build());
    }

    /** The right side and condition of a SEMI (EXISTS) or ANTI (NOT EXISTS) join, null if the conjunct does not qualify. */
    private static SemiJoinSide semiJoinSide(RexNode conjunct, Set<CorrelationId> variables, RelNode input, RexBuilder rexBuilder)
    {
        int inputCount = input.getRowType().getFieldCount();
        JoinRelType type = JoinRelType.SEMI;
        RexNode node = conjunct;
        if (node.getKind() == SqlKind.NOT) {
            type = JoinRelType.ANTI;
            node = ((RexCall) node).getOperands().getFirst();
        }
        if (!(node instanceof RexSubQuery subQuery) || subQuery.getKind() != SqlKind.EXISTS) {
            return null;
        }
        // EXISTS reads no column, so the projections over the sub-query's filter do not matter
        RelNode rel = unwrap(subQuery.rel);
        while (rel instanceof Project project) {
            if (RexUtil.SubQueryFinder.find(project.getProjects()) != null) {
                return null;
            }
            rel = unwrap(project.getInput());
        }
        if (!(rel instanceof Filter subQueryFilter) || !subQueryFilter.getVariablesSet().isEmpty()) {
            return null;
        }
        RelNode subQueryInput = unwrap(subQueryFilter.getInput());
        if (readsVariables(subQueryInput, variables)) {
            return null;
        }

        List<RexNode> correlated = new ArrayList<>();
        List<RexNode> uncorrelated = new ArrayList<>();
        ToJoinCondition toJoinCondition = new ToJoinCondition(variables, inputCount);
        for (RexNode condition : RelOptUtil.conjunctions(subQueryFilter.getCondition())) {
            if (RexUtil.SubQueryFinder.find(condition) != null) {
                // a nested sub-query must stay inside the sub-query's own filter
                if (readsVariables(condition, variables)) {
                    return null;
                }
                uncorrelated.add(condition);
            }
            else if (readsVariables(condition, variables)) {
                correlated.add(condition.accept(toJoinCondition));
            }
            else {
                uncorrelated.add(condition);
            }
        }
        if (toJoinCondition.failed || correlated.isEmpty()) {
            return null;
        }

        RelNode right = uncorrelated.isEmpty()
                ? subQueryInput
                : subQueryFilter.copy(subQueryFilter.getTraitSet(), subQueryInput, RexUtil.composeConjunction(rexBuilder, uncorrelated));
        RexNode condition = RexUtil.composeConjunction(rexBuilder, correlated);
        if (!hasKeys(condition, input, right, rexBuilder, type == JoinRelType.SEMI)) {
            return null;
        }
        return new SemiJoinSide(type, right, condition);
    }

    /** At least one equality of a left and a right column to hash on, and when {@code needsResidual} at least one other condition. */
    private static boolean hasKeys(RexNode condition, RelNode left, RelNode right, RexBuilder rexBuilder, boolean needsResidual)
    {
        JoinInfo info = JoinInfo.of(left, right, condition);
        for (boolean filtersNulls : info.nullExclusionFlags) {
            if (!filtersNulls) {
                // IS NOT DISTINCT FROM: keep Calcite's path
                return false;
            }
        }
        return !info.leftKeys.isEmpty() && (!needsResidual || !info.getRemaining(rexBuilder).isAlwaysTrue());
    }

    /**
     * Whether the filter sits inside another correlated sub-query, reading a variable it does not define: Calcite's
     * decorrelator, which must then lift that scope, cannot decorrelate through SEMI and ANTI joins.
     */
    private static boolean readsOuterScope(Filter filter)
    {
        ScopeCollector collector = new ScopeCollector();
        collector.visit(filter);
        return !collector.defined.containsAll(collector.used);
    }

    private static boolean readsVariables(RexNode node, Set<CorrelationId> variables)
    {
        VariableFinder finder = new VariableFinder(variables);
        node.accept(finder);
        return finder.found;
    }

    private static boolean readsVariables(RelNode rel, Set<CorrelationId> variables)
    {
        VariableFinder finder = new VariableFinder(variables);
        finder.visit(rel);
        return finder.found;
    }

    private static RelNode unwrap(RelNode rel)
    {
        return rel instanceof HepRelVertex vertex ? vertex.getCurrentRel() : rel;
    }

    private record SemiJoinSide(JoinRelType type, RelNode input, RexNode condition) {}

    /** Finds a correlation variable of the given set anywhere: in expressions, inputs and nested sub-queries. */
    private static final class VariableFinder
            extends RexShuttle
    {
        private final Set<CorrelationId> variables;
        private boolean found;

        VariableFinder(Set<CorrelationId> variables)
        {
            this.variables = variables;
        }

        void visit(RelNode rel)
        {
            RelNode current = unwrap(rel);
            current.accept(this);
            for (RelNode input : current.getInputs()) {
                visit(input);
            }
        }

        @Override
        public RexNode visitCorrelVariable(RexCorrelVariable variable)
        {
            found |= variables.contains(variable.id);
            return variable;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery)
        {
            visit(subQuery.rel);
            return super.visitSubQuery(subQuery);
        }
    }

    /** The correlation variables a tree reads, and those its nodes define. */
    private static final class ScopeCollector
            extends RexShuttle
    {
        private final Set<CorrelationId> used = new HashSet<>();
        private final Set<CorrelationId> defined = new HashSet<>();

        void visit(RelNode rel)
        {
            RelNode current = unwrap(rel);
            defined.addAll(current.getVariablesSet());
            if (current instanceof Correlate correlate) {
                defined.add(correlate.getCorrelationId());
            }
            current.accept(this);
            for (RelNode input : current.getInputs()) {
                visit(input);
            }
        }

        @Override
        public RexNode visitCorrelVariable(RexCorrelVariable variable)
        {
            used.add(variable.id);
            return variable;
        }

        @Override
        public RexNode visitSubQuery(RexSubQuery subQuery)
        {
            visit(subQuery.rel);
            return super.visitSubQuery(subQuery);
        }
    }

    /**
     * A condition of the sub-query's filter as a join condition over [outer row, sub-query row]: a
     * field of the correlation variable is the outer row's column, a column of the sub-query moves
     * past the outer row's columns.
     */
    private static final class ToJoinCondition
            extends RexShuttle
    {
        private final Set<CorrelationId> variables;
        private final int leftCount;
        private boolean failed;

        ToJoinCondition(Set<CorrelationId> variables, int leftCount)
        {
            this.variables = variables;
            this.leftCount = leftCount;
        }

        @Override
        public RexNode visitFieldAccess(RexFieldAccess fieldAccess)
        {
            if (fieldAccess.getReferenceExpr() instanceof RexCorrelVariable variable && variables.contains(variable.id)) {
                if (variable.getType().getFieldCount() != leftCount) {
                    failed = true;
                    return fieldAccess;
                }
                return new RexInputRef(fieldAccess.getField().getIndex(), fieldAccess.getType());
            }
            return super.visitFieldAccess(fieldAccess);
        }

        @Override
        public RexNode visitCorrelVariable(RexCorrelVariable variable)
        {
            // the whole outer row, or another scope's row: not a column of the join
            failed = true;
            return variable;
        }

        @Override
        public RexNode visitInputRef(RexInputRef inputRef)
        {
            return new RexInputRef(inputRef.getIndex() + leftCount, inputRef.getType());
        }
    }
}
