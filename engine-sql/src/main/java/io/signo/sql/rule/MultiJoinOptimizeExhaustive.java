package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.logical.LogicalJoin;
import org.apache.calcite.rel.metadata.RelMetadataQuery;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.tools.RelBuilder;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * Orders the joins of a small MultiJoin of inner joins by trying every tree, bushy ones included
 * (dynamic programming over the sets of inputs), and keeping the one with the lowest cumulative cost:
 * the rows every join produces, as the row-count metadata estimates them. Only joins with a condition
 * between their two sides are tried, never a cross product. A left-deep order (LoptOptimizeJoinRule)
 * joins each input with all the inputs before it, so two small inputs that cut each other down (TPC-H
 * Q9's filtered part and partsupp, joined on the part key that {@link MultiJoinTransitiveKeys} gives
 * them) cannot meet before the large one; here they can. MultiJoins of more inputs, or with outer
 * joins, a condition on one input, or no tree without cross products, are left to the rules after it.
 */
public final class MultiJoinOptimizeExhaustive
        extends RelRule<SignoRuleConfig>
{
    /** Inputs beyond which the sets (2^n) and their splits (3^n) cost more planning than they save. */
    static final int MAX_INPUTS = 8;

    private MultiJoinOptimizeExhaustive(SignoRuleConfig config)
    {
        super(config);
    }

    /** The rule's settings; {@link SignoRules} registers the rule they make. */
    public static final SignoRuleConfig CONFIG = SignoRuleConfig.of("MultiJoinOptimizeExhaustive",
            operand -> operand.operand(MultiJoin.class)
                    .predicate(multiJoin -> SignoRules.innerOnly(multiJoin) && multiJoin.getInputs().size() >= 3 && multiJoin.getInputs().size() <= MAX_INPUTS)
                    .anyInputs(),
            MultiJoinOptimizeExhaustive::new);

    /** The best plan found for one set of inputs: its join tree and the inputs in the order of its fields. */
    private record Plan(RelNode rel, List<Integer> inputs, double cost) {}

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        MultiJoin multiJoin = call.rel(0);
        List<RelNode> inputs = multiJoin.getInputs();
        int count = inputs.size();
        int[] start = new int[count + 1];
        for (int input = 0; input < count; input++) {
            start[input + 1] = start[input] + inputs.get(input).getRowType().getFieldCount();
        }
        List<RexNode> conditions = RelOptUtil.conjunctions(multiJoin.getJoinFilter());
        int[] inputsOfCondition = new int[conditions.size()];
        for (int i = 0; i < conditions.size(); i++) {
            int mask = 0;
            for (int field : RelOptUtil.InputFinder.bits(conditions.get(i))) {
                mask |= 1 << inputOf(start, field);
            }
            if (Integer.bitCount(mask) < 2) {
                return;
            }
            inputsOfCondition[i] = mask;
        }
        RelMetadataQuery metadata = call.getMetadataQuery();
        RexBuilder rexBuilder = multiJoin.getCluster().getRexBuilder();
        Plan[] best = new Plan[1 << count];
        for (int input = 0; input < count; input++) {
            best[1 << input] = new Plan(inputs.get(input), List.of(input), 0);
        }
        for (int set = 1; set < best.length; set++) {
            if (Integer.bitCount(set) < 2) {
                continue;
            }
            // each split once: the left side holds the set's lowest input
            int lowest = set & -set;
            for (int left = (set - 1) & set; left > 0; left = (left - 1) & set) {
                int right = set & ~left;
                if ((left & lowest) == 0 || best[left] == null || best[right] == null) {
                    continue;
                }
                Plan joined = join(best[left], best[right], set, left, right, conditions, inputsOfCondition, start, rexBuilder, metadata);
                if (joined != null && (best[set] == null || joined.cost() < best[set].cost())) {
                    best[set] = joined;
                }
            }
        }
        Plan plan = best[best.length - 1];
        if (plan == null) {
            return;
        }
        // back to the MultiJoin's field order, then the filter it keeps for after the joins
        int[] position = new int[start[count]];
        int offset = 0;
        for (int input : plan.inputs()) {
            for (int field = start[input]; field < start[input + 1]; field++) {
                position[field] = offset++;
            }
        }
        RelBuilder builder = call.builder().push(plan.rel());
        List<RexNode> fields = new ArrayList<>();
        for (int field = 0; field < start[count]; field++) {
            fields.add(builder.field(position[field]));
        }
        builder.project(fields, multiJoin.getRowType().getFieldNames(), true);
        if (multiJoin.getPostJoinFilter() != null) {
            builder.filter(multiJoin.getPostJoinFilter());
        }
        call.transformTo(builder.build());
    }

    /** The join of two plans with the conditions that join them, or null when none does (a cross product). */
    private static Plan join(Plan left, Plan right, int set, int leftSet, int rightSet, List<RexNode> conditions, int[] inputsOfCondition, int[] start,
            RexBuilder rexBuilder, RelMetadataQuery metadata)
    {
        List<Integer> order = new ArrayList<>(left.inputs());
        order.addAll(right.inputs());
        int[] position = new int[start[start.length - 1]];
        int offset = 0;
        for (int input : order) {
            for (int field = start[input]; field < start[input + 1]; field++) {
                position[field] = offset++;
            }
        }
        List<RexNode> applied = new ArrayList<>();
        for (int i = 0; i < conditions.size(); i++) {
            int mask = inputsOfCondition[i];
            if ((mask & ~set) == 0 && (mask & ~leftSet) != 0 && (mask & ~rightSet) != 0) {
                applied.add(conditions.get(i).accept(new RexShuttle()
                {
                    @Override
                    public RexNode visitInputRef(RexInputRef inputRef)
                    {
                        return new RexInputRef(position[inputRef.getIndex()], inputRef.getType());
                    }
                }));
            }
        }
        if (applied.isEmpty()) {
            return null;
        }
        RelNode join = LogicalJoin.create(left.rel(), right.rel(), List.of(), RexUtil.composeConjunction(rexBuilder, applied), Set.of(), JoinRelType.INNER);
        Double rows = metadata.getRowCount(join);
        if (rows == null) {
            return null;
        }
        return new Plan(join, order, left.cost() + right.cost() + rows);
    }

    private static int inputOf(int[] start, int field)
    {
        int input = 0;
        while (field >= start[input + 1]) {
            input++;
        }
        return input;
    }
}
