package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.Aggregate;
import org.apache.calcite.rel.core.AggregateCall;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;

/**
 * An aggregate over several grouping sets ({@code ROLLUP}, {@code CUBE}, {@code GROUPING SETS}) with
 * an exact DISTINCT aggregate becomes a UNION ALL of one plain aggregate per grouping set, each
 * projected to the original row: the keys outside its set NULL, {@code GROUPING} and
 * {@code GROUPING_ID} the set's constant. Calcite's expansion of DISTINCT aggregates then takes each
 * plain aggregate as it takes any other. The input is read once per grouping set; an aggregate
 * without DISTINCT keeps the runtime's single pass over its grouping sets.
 */
public final class GroupingSetsWithDistinctToUnion
        extends RelRule<SignoRuleConfig>
{
    private GroupingSetsWithDistinctToUnion(SignoRuleConfig config)
    {
        super(config);
    }

    /** The rule's settings; {@link SignoRules} registers the rule they make. */
    public static final SignoRuleConfig CONFIG = SignoRuleConfig.of(
            "GroupingSetsWithDistinctToUnion",
            operand -> operand.operand(Aggregate.class).predicate(GroupingSetsWithDistinctToUnion::matches).anyInputs(),
            GroupingSetsWithDistinctToUnion::new);

    private static boolean matches(Aggregate aggregate)
    {
        if (aggregate.getGroupType() == Aggregate.Group.SIMPLE) {
            return false;
        }
        boolean distinct = false;
        for (AggregateCall call : aggregate.getAggCallList()) {
            if (call.getAggregation().getKind() == SqlKind.GROUP_ID) {
                // duplicate grouping sets are told apart by GROUP_ID, which the runtime refuses with its own message
                return false;
            }
            distinct |= call.isDistinct() && !call.isApproximate();
        }
        return distinct;
    }

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        Aggregate aggregate = call.rel(0);
        RelBuilder builder = call.builder();
        RexBuilder rexBuilder = builder.getRexBuilder();
        List<RelDataTypeField> outputFields = aggregate.getRowType().getFieldList();
        List<Integer> keys = aggregate.getGroupSet().asList();
        List<AggregateCall> computed = new ArrayList<>();
        for (AggregateCall aggregateCall : aggregate.getAggCallList()) {
            if (!isGroupingFunction(aggregateCall)) {
                computed.add(aggregateCall);
            }
        }
        for (ImmutableBitSet groupingSet : aggregate.getGroupSets()) {
            builder.push(aggregate.getInput());
            List<AggregateCall> calls = new ArrayList<>();
            for (AggregateCall aggregateCall : computed) {
                // its type inferred anew: a plain aggregate may type a call differently (nullability)
                calls.add(aggregateCall.adaptTo(aggregate.getInput(), aggregateCall.getArgList(), aggregateCall.filterArg, aggregate.getGroupCount(), groupingSet.cardinality()));
            }
            builder.aggregate(builder.groupKey(groupingSet), calls);
            List<RexNode> row = new ArrayList<>();
            for (int key : keys) {
                RelDataType type = outputFields.get(row.size()).getType();
                row.add(groupingSet.get(key)
                        ? rexBuilder.makeCast(type, builder.field(groupingSet.asList().indexOf(key)), true, false)
                        : rexBuilder.makeNullLiteral(type));
            }
            int computedField = groupingSet.cardinality();
            for (AggregateCall aggregateCall : aggregate.getAggCallList()) {
                RelDataType type = outputFields.get(row.size()).getType();
                if (isGroupingFunction(aggregateCall)) {
                    row.add(rexBuilder.makeExactLiteral(BigDecimal.valueOf(groupingValue(aggregateCall.getArgList(), groupingSet)), type));
                }
                else {
                    row.add(rexBuilder.makeCast(type, builder.field(computedField++), true, false));
                }
            }
            builder.project(row, aggregate.getRowType().getFieldNames(), true);
        }
        builder.union(true, aggregate.getGroupSets().size());
        call.transformTo(builder.build());
    }

    private static boolean isGroupingFunction(AggregateCall call)
    {
        SqlKind kind = call.getAggregation().getKind();
        return kind == SqlKind.GROUPING || kind == SqlKind.GROUPING_ID;
    }

    /**
     * GROUPING(a, b, ...) of the rows of one grouping set: a bit per argument, the first the most
     * significant, set when the set leaves that key out. The runtime's grouping sets use it too.
     */
    public static long groupingValue(List<Integer> arguments, ImmutableBitSet groupingSet)
    {
        long value = 0;
        for (int argument : arguments) {
            value = (value << 1) | (groupingSet.get(argument) ? 0 : 1);
        }
        return value;
    }
}
