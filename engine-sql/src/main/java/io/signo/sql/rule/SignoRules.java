package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepProgram;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalAggregate;
import org.apache.calcite.rel.rules.AggregateExpandDistinctAggregatesRule;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rel.rules.PruneEmptyRules;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Signo's own planner rules, one constant each, and the phases of planning a statement in the order
 * {@link io.signo.sql.planner.LogicalPlanner} runs them, each with the rule programs it applies.
 */
public final class SignoRules
{
    /** A correlated EXISTS or NOT EXISTS with a non-equi correlation becomes a SEMI or ANTI join. */
    public static final RelOptRule CORRELATED_EXISTS_TO_SEMI_JOIN = CorrelatedExistsToSemiJoin.CONFIG.toRule();

    /** Grouping sets with an exact DISTINCT aggregate become a union of plain aggregates, which Calcite's expansion then takes. */
    public static final RelOptRule GROUPING_SETS_WITH_DISTINCT_TO_UNION = GroupingSetsWithDistinctToUnion.CONFIG.toRule();

    /**
     * An aggregate over no rows has no rows, unless it has a grand total: Calcite's own rule keeps a
     * global aggregate but prunes grouping sets that include the empty set, whose row must stay.
     */
    public static final RelOptRule PRUNE_EMPTY_AGGREGATE = PruneEmptyRules.RemoveEmptySingleRule.RemoveEmptySingleRuleConfig.AGGREGATE
            .withOperandFor(Aggregate.class, aggregate -> aggregate.getGroupCount() > 0 && !aggregate.getGroupSets().contains(ImmutableBitSet.of()))
            .toRule();

    /** An aggregate joined with few keys aggregates only the rows of those keys. */
    public static final RelOptRule AGGREGATE_SEMI_JOIN_REDUCTION = AggregateSemiJoinReduction.CONFIG.toRule();

    /** An inner MultiJoin's equalities {@code a = b} and {@code b = c} give join ordering {@code a = c} too. */
    public static final RelOptRule MULTI_JOIN_TRANSITIVE_KEYS = MultiJoinTransitiveKeys.CONFIG.toRule();

    /** An inner join drops the key pairs its inputs' equalities already imply. */
    public static final RelOptRule JOIN_REDUNDANT_KEYS = JoinRedundantKeys.CONFIG.toRule();

    /** Every join tree of a small inner MultiJoin, bushy ones included; the cheapest is kept. */
    public static final RelOptRule MULTI_JOIN_OPTIMIZE_EXHAUSTIVE = MultiJoinOptimizeExhaustive.CONFIG.toRule();

    /**
     * The bushy alternative to {@link Phase#JOIN_ORDER}'s programs: the same MultiJoins and implied
     * equalities, ordered by {@link #MULTI_JOIN_OPTIMIZE_EXHAUSTIVE} where it takes them, by
     * LoptOptimizeJoinRule where not; then each join without the key pairs its inputs already imply.
     */
    public static final List<RuleProgram> BUSHY_JOIN_ORDER = List.of(
            inTurn(HepMatchOrder.BOTTOM_UP, CoreRules.JOIN_TO_MULTI_JOIN, CoreRules.PROJECT_MULTI_JOIN_MERGE, CoreRules.FILTER_MULTI_JOIN_MERGE),
            inTurn(null, MULTI_JOIN_TRANSITIVE_KEYS),
            inTurn(null, MULTI_JOIN_OPTIMIZE_EXHAUSTIVE),
            inTurn(null, CoreRules.MULTI_JOIN_OPTIMIZE),
            inTurn(null, JOIN_REDUNDANT_KEYS));

    /**
     * Calcite's expansion of DISTINCT aggregates into aggregates joined, for an aggregate with an exact
     * one: an APPROX_COUNT_DISTINCT alone (an approximate COUNT(DISTINCT) to Calcite) runs as a sketch.
     */
    public static final RelOptRule AGGREGATE_EXPAND_EXACT_DISTINCT_AGGREGATES_TO_JOIN = AggregateExpandDistinctAggregatesRule.Config.JOIN
            .withOperandSupplier(operand -> operand.operand(LogicalAggregate.class).predicate(SignoRules::hasExactDistinctCall).anyInputs())
            .as(AggregateExpandDistinctAggregatesRule.Config.class)
            .toRule();

    private SignoRules() {}

    /** Whether a MultiJoin joins its inputs by inner joins alone. */
    public static boolean innerOnly(MultiJoin multiJoin)
    {
        return !multiJoin.isFullOuterJoin() && multiJoin.getJoinTypes().stream().allMatch(type -> type == JoinRelType.INNER);
    }

    private static boolean hasExactDistinctCall(Aggregate aggregate)
    {
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (call.isDistinct() && !call.isApproximate()) {
                return true;
            }
        }
        return false;
    }

    /** The phases of planning, in order; a phase without rule programs does its work in code. */
    public enum Phase
    {
        PARSE,
        VALIDATE,
        SQL_TO_REL,
        /** Window functions (RexOver in a projection) into Window nodes, between the projections that feed and read them. */
        WINDOWS(together(CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)),
        /**
         * Sub-queries to correlates. An EXISTS with a non-equi correlation becomes a semi (anti) join
         * before Calcite would decorrelate it; on one filter the rule goes first, and nested
         * sub-queries meet it again once their outer one is expanded.
         */
        SUB_QUERIES(together(
                CORRELATED_EXISTS_TO_SEMI_JOIN,
                CoreRules.FILTER_SUB_QUERY_TO_CORRELATE,
                CoreRules.PROJECT_SUB_QUERY_TO_CORRELATE,
                CoreRules.JOIN_SUB_QUERY_TO_CORRELATE, // the window functions of the sub-queries this expands
                CoreRules.PROJECT_TO_LOGICAL_PROJECT_AND_WINDOW)),
        /** Calcite's decorrelation, kept only when it leaves no correlate. */
        DECORRELATE,
        /**
         * Constant folding and push-downs, after the disjunctions' common predicates are pulled out.
         * No JOIN_REDUCE_EXPRESSIONS: the push-downs already simplify the conditions they build, and it
         * changed no plan of the TPC-H queries or the SQL suite while costing a predicate pull-up and
         * a simplification per join per pass.
         */
        REDUCE_AND_PUSH_DOWN(together(
                CoreRules.FILTER_REDUCE_EXPRESSIONS,
                CoreRules.PROJECT_REDUCE_EXPRESSIONS,
                CoreRules.FILTER_INTO_JOIN,
                CoreRules.JOIN_CONDITION_PUSH, // a key compared through an expression (CAST(l_comment AS VARCHAR(55)) = p_name) computed below the
                // join, so that the join hashes on it instead of comparing every pair of rows
                CoreRules.JOIN_PUSH_EXPRESSIONS,
                CoreRules.FILTER_PROJECT_TRANSPOSE,
                CoreRules.FILTER_AGGREGATE_TRANSPOSE,
                CoreRules.FILTER_SET_OP_TRANSPOSE,
                CoreRules.FILTER_MERGE,
                CoreRules.PROJECT_MERGE,
                CoreRules.PROJECT_REMOVE,
                CoreRules.AGGREGATE_PROJECT_MERGE,
                PruneEmptyRules.UNION_INSTANCE,
                PruneEmptyRules.PROJECT_INSTANCE,
                PruneEmptyRules.FILTER_INSTANCE,
                PRUNE_EMPTY_AGGREGATE,
                CoreRules.UNION_TO_DISTINCT,
                CoreRules.INTERSECT_TO_DISTINCT,
                CoreRules.MINUS_TO_DISTINCT)),
        /**
         * Join ordering in one family: joins into MultiJoins, then LoptOptimizeJoinRule on each (left-deep
         * orders); {@link BushyJoinOrder} decides when {@link #BUSHY_JOIN_ORDER} is tried beside it.
         */
        JOIN_ORDER(
                inTurn(HepMatchOrder.BOTTOM_UP, CoreRules.JOIN_TO_MULTI_JOIN, CoreRules.PROJECT_MULTI_JOIN_MERGE, CoreRules.FILTER_MULTI_JOIN_MERGE),
                inTurn(null, CoreRules.MULTI_JOIN_OPTIMIZE)),
        SEMI_JOINS(inTurn(null, GROUPING_SETS_WITH_DISTINCT_TO_UNION), together(
                AGGREGATE_EXPAND_EXACT_DISTINCT_AGGREGATES_TO_JOIN,
                CoreRules.PROJECT_TO_SEMI_JOIN,
                CoreRules.JOIN_TO_SEMI_JOIN,
                CoreRules.FILTER_INTO_JOIN,
                CoreRules.JOIN_CONDITION_PUSH,
                CoreRules.FILTER_PROJECT_TRANSPOSE,
                CoreRules.FILTER_MERGE,
                CoreRules.PROJECT_MERGE,
                CoreRules.PROJECT_REMOVE)),
        /** A decorrelated aggregate over a big table keeps only the groups the few outer keys can join. */
        AGGREGATE_REDUCTION(inTurn(null, AGGREGATE_SEMI_JOIN_REDUCTION)),
        /** Join ordering drops the projections under joins; trimmed, scans read only the columns used. */
        TRIM(together(
                CoreRules.FILTER_PROJECT_TRANSPOSE,
                CoreRules.PROJECT_MERGE,
                CoreRules.PROJECT_REMOVE), // a window passes every input column through: only those read above it go below it (on its own,
        // since with the filter transpose above it the two keep undoing each other)
                together(
                        CoreRules.PROJECT_WINDOW_TRANSPOSE,
                        CoreRules.PROJECT_MERGE,
                        CoreRules.PROJECT_REMOVE)),
        /** Signo's physical planner, which runs after the logical planner. */
        PHYSICAL;

        private final List<RuleProgram> programs;

        Phase(RuleProgram... programs)
        {
            this.programs = List.of(programs);
        }

        /** This phase's rule programs, to run one after the other. */
        public List<RuleProgram> programs()
        {
            return programs;
        }
    }

    /**
     * Rules applied as one collection until none matches, or each in turn until it no longer
     * matches ({@code inTurn}), visiting the plan in {@code matchOrder} (Calcite's default when null).
     */
    public record RuleProgram(HepMatchOrder matchOrder, boolean inTurn, List<RelOptRule> rules)
    {
        /**
         * Whether some rule of the program could fire on {@code root}'s plan: whether some node of it
         * matches the top operand of some rule. When none does, running the program cannot change
         * the plan, and the planner saves building the rule planner's graph and a pass of matching.
         */
        public boolean mayMatch(RelNode root)
        {
            Set<RelNode> visited = Collections.newSetFromMap(new IdentityHashMap<>());
            List<RelNode> pending = new ArrayList<>();
            pending.add(root);
            while (!pending.isEmpty()) {
                RelNode node = pending.removeLast();
                if (!visited.add(node)) {
                    continue;
                }
                for (RelOptRule rule : rules) {
                    if (rule.getOperand().matches(node)) {
                        return true;
                    }
                }
                pending.addAll(node.getInputs());
            }
            return false;
        }

        /** The program to run; a new one on every call, since a program keeps state while it runs. */
        public HepProgram build()
        {
            HepProgramBuilder builder = HepProgram.builder();
            if (matchOrder != null) {
                builder.addMatchOrder(matchOrder);
            }
            if (inTurn) {
                rules.forEach(builder::addRuleInstance);
            }
            else {
                builder.addRuleCollection(rules);
            }
            return builder.build();
        }
    }

    private static RuleProgram together(RelOptRule... rules)
    {
        return new RuleProgram(null, false, List.of(rules));
    }

    private static RuleProgram inTurn(HepMatchOrder matchOrder, RelOptRule... rules)
    {
        return new RuleProgram(matchOrder, true, List.of(rules));
    }
}
