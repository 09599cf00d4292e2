package io.signo.sql.cost;

import org.apache.calcite.plan.RelOptCluster;
import org.apache.calcite.plan.RelOptPredicateList;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexNode;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;

/**
 * The predicates inferred for the joins of one statement, kept by everything they are computed from.
 * A rule planner drops the whole metadata query after every rule that changes the plan, so the
 * expression-reduction rules above a join ask again for predicates the join's condition and its
 * inputs' predicates gave the same a moment ago: Calcite's inference over the join's equivalences,
 * simplifying each side's predicates, took 7% of planning TPC-H Q2, Q4, Q11, Q16 and Q22. The inference
 * reads nothing but the join's type, condition and row types and the predicates of its two inputs
 * (and the statement's expression builder and simplifier, which this cache does not outlive: the
 * planner's context holds it), so a join equal in those gets the very same answer. Expressions and
 * types compare by value (their digests), so a join that a rule copied, or rebuilt with the same
 * inputs, finds its entry.
 */
public final class JoinPredicateCache
{
    /** What Calcite's inference for a join reads; {@code leftPredicates} and {@code rightPredicates} are the inputs' pulled-up predicates. */
    private record Key(Class<?> joinClass, JoinRelType joinType, RexNode condition, RelDataType rowType, RelDataType leftRowType, RelDataType rightRowType,
            List<RelDataTypeField> systemFields, List<RexNode> leftPredicates, List<RexNode> rightPredicates) {}

    private final Map<Key, RelOptPredicateList> predicates = new HashMap<>();

    /** The cache of the statement {@code cluster} plans, or null when its planner's context holds none. */
    public static JoinPredicateCache of(RelOptCluster cluster)
    {
        return cluster.getPlanner().getContext().unwrap(JoinPredicateCache.class);
    }

    /** {@code join}'s predicates: {@code inference}'s answer for an equal join, or {@code inference} asked now. */
    public RelOptPredicateList predicates(Join join, RelMetadataQuery mq, BiFunction<Join, RelMetadataQuery, RelOptPredicateList> inference)
    {
        Key key = new Key(join.getClass(), join.getJoinType(), join.getCondition(), join.getRowType(), join.getLeft().getRowType(), join.getRight().getRowType(),
                join.getSystemFieldList(), mq.getPulledUpPredicates(join.getLeft()).pulledUpPredicates, mq.getPulledUpPredicates(join.getRight()).pulledUpPredicates);
        RelOptPredicateList known = predicates.get(key);
        if (known == null) {
            // not computeIfAbsent: the inference asks the metadata query, which may come back here for a join below
            known = inference.apply(join, mq);
            predicates.put(key, known);
        }
        return known;
    }
}
