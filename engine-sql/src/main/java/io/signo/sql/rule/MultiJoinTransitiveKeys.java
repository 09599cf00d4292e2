package io.signo.sql.rule;

import com.google.common.collect.ImmutableMap;
import org.apache.calcite.plan.RelOptRuleCall;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;
import org.apache.calcite.rex.RexUtil;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.sql.fun.SqlStdOperatorTable;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.util.ImmutableIntList;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Gives join ordering every join that the equalities of an inner MultiJoin imply: with {@code a = b}
 * and {@code b = c} among its conditions it adds {@code a = c} when a and c are columns of different
 * inputs, so that the inputs of a and c may meet first. TPC-H Q9 joins part and partsupp each with
 * lineitem on the part key; with {@code p_partkey = ps_partkey} the filtered parts can cut partsupp
 * down to the few rows that lineitem is then probed against, instead of hashing every line item of
 * those parts to probe partsupp with. Only equalities of two columns of one type (nullability aside)
 * are followed, so no comparison gains a cast. An equality a join already implies through its inputs
 * is dropped again after ordering ({@link JoinRedundantKeys}), and the row count of a join on several
 * keys counts a pair whose columns its inputs already hold equal once, so the added conditions do
 * not make joins look smaller.
 */
public final class MultiJoinTransitiveKeys
        extends RelRule<SignoRuleConfig>
{
    /** Columns in one class of equal columns beyond which nothing is added: the pairs grow as its square. */
    private static final int MAX_CLASS_SIZE = 8;

    private MultiJoinTransitiveKeys(SignoRuleConfig config)
    {
        super(config);
    }

    /** The rule's settings; {@link SignoRules} registers the rule they make. */
    public static final SignoRuleConfig CONFIG = SignoRuleConfig.of("MultiJoinTransitiveKeys", operand -> operand.operand(MultiJoin.class).anyInputs(),
            MultiJoinTransitiveKeys::new);

    @Override
    public void onMatch(RelOptRuleCall call)
    {
        MultiJoin multiJoin = call.rel(0);
        if (!SignoRules.innerOnly(multiJoin)) {
            return;
        }
        List<RexNode> conditions = RelOptUtil.conjunctions(multiJoin.getJoinFilter());
        int fieldCount = multiJoin.getRowType().getFieldCount();
        ColumnClasses classes = new ColumnClasses(fieldCount);
        Set<Long> equalPairs = new HashSet<>();
        for (RexNode condition : conditions) {
            int[] pair = columnEquality(condition);
            if (pair != null && sameType(multiJoin, pair[0], pair[1])) {
                classes.union(pair[0], pair[1]);
                equalPairs.add(pairKey(pair[0], pair[1]));
            }
        }
        int[] factorOfField = factorOfField(multiJoin);
        RexBuilder rexBuilder = multiJoin.getCluster().getRexBuilder();
        List<RexNode> added = new ArrayList<>();
        for (List<Integer> members : classes.classes()) {
            if (members.size() < 3 || members.size() > MAX_CLASS_SIZE) {
                continue;
            }
            for (int i = 0; i < members.size(); i++) {
                for (int j = i + 1; j < members.size(); j++) {
                    int a = members.get(i);
                    int b = members.get(j);
                    if (factorOfField[a] != factorOfField[b] && equalPairs.add(pairKey(a, b))) {
                        added.add(rexBuilder.makeCall(SqlStdOperatorTable.EQUALS, reference(multiJoin, a), reference(multiJoin, b)));
                    }
                }
            }
        }
        if (added.isEmpty()) {
            return;
        }
        List<RexNode> all = new ArrayList<>(conditions);
        all.addAll(added);
        RexNode joinFilter = RexUtil.composeConjunction(rexBuilder, all);
        call.transformTo(new MultiJoin(multiJoin.getCluster(), multiJoin.getInputs(), joinFilter, multiJoin.getRowType(), false,
                multiJoin.getOuterJoinConditions(), multiJoin.getJoinTypes(), multiJoin.getProjFields(), fieldReferenceCounts(multiJoin, joinFilter),
                multiJoin.getPostJoinFilter()));
    }

    /** The two columns of {@code a = b} over plain column references, or null. */
    private static int[] columnEquality(RexNode condition)
    {
        if (condition.getKind() == SqlKind.EQUALS && condition instanceof RexCall call && call.getOperands().get(0) instanceof RexInputRef left
                && call.getOperands().get(1) instanceof RexInputRef right && left.getIndex() != right.getIndex()) {
            return new int[] {left.getIndex(), right.getIndex()};
        }
        return null;
    }

    private static boolean sameType(MultiJoin multiJoin, int a, int b)
    {
        return SqlTypeUtil.equalSansNullability(multiJoin.getCluster().getTypeFactory(), multiJoin.getRowType().getFieldList().get(a).getType(),
                multiJoin.getRowType().getFieldList().get(b).getType());
    }

    private static long pairKey(int a, int b)
    {
        return ((long) Math.min(a, b) << 32) | Math.max(a, b);
    }

    private static RexInputRef reference(MultiJoin multiJoin, int field)
    {
        return new RexInputRef(field, multiJoin.getRowType().getFieldList().get(field).getType());
    }

    private static int[] factorOfField(MultiJoin multiJoin)
    {
        int[] factorOfField = new int[multiJoin.getRowType().getFieldCount()];
        int field = 0;
        for (int factor = 0; factor < multiJoin.getInputs().size(); factor++) {
            int count = multiJoin.getInputs().get(factor).getRowType().getFieldCount();
            for (int i = 0; i < count; i++) {
                factorOfField[field++] = factor;
            }
        }
        return factorOfField;
    }

    /** How often the join filter reads each field of each input, as the MultiJoin records it for join ordering. */
    private static ImmutableMap<Integer, ImmutableIntList> fieldReferenceCounts(MultiJoin multiJoin, RexNode joinFilter)
    {
        List<RelNode> inputs = multiJoin.getInputs();
        int[][] counts = new int[inputs.size()][];
        for (int factor = 0; factor < inputs.size(); factor++) {
            counts[factor] = new int[inputs.get(factor).getRowType().getFieldCount()];
        }
        int[] factorOfField = factorOfField(multiJoin);
        int[] startOfFactor = new int[inputs.size()];
        for (int factor = 1; factor < inputs.size(); factor++) {
            startOfFactor[factor] = startOfFactor[factor - 1] + counts[factor - 1].length;
        }
        joinFilter.accept(new RexShuttle()
        {
            @Override
            public RexNode visitInputRef(RexInputRef inputRef)
            {
                int factor = factorOfField[inputRef.getIndex()];
                counts[factor][inputRef.getIndex() - startOfFactor[factor]]++;
                return inputRef;
            }
        });
        ImmutableMap.Builder<Integer, ImmutableIntList> map = ImmutableMap.builder();
        for (int factor = 0; factor < inputs.size(); factor++) {
            map.put(factor, ImmutableIntList.of(counts[factor]));
        }
        return map.build();
    }

    /** Union-find over the MultiJoin's fields. */
    private static final class ColumnClasses
    {
        private final int[] parent;

        ColumnClasses(int size)
        {
            parent = new int[size];
            for (int i = 0; i < size; i++) {
                parent[i] = i;
            }
        }

        int find(int field)
        {
            int root = field;
            while (parent[root] != root) {
                root = parent[root];
            }
            return root;
        }

        void union(int a, int b)
        {
            parent[find(a)] = find(b);
        }

        /** Each class's fields in ascending order, classes ordered by their first field. */
        List<List<Integer>> classes()
        {
            List<List<Integer>> classes = new ArrayList<>();
            List<Integer>[] byRoot = newLists(parent.length);
            for (int field = 0; field < parent.length; field++) {
                int root = find(field);
                if (byRoot[root] == null) {
                    byRoot[root] = new ArrayList<>();
                    classes.add(byRoot[root]);
                }
                byRoot[root].add(field);
            }
            return classes;
        }

        @SuppressWarnings("unchecked")
        private static List<Integer>[] newLists(int size)
        {
            return (List<Integer>[]) new List<?>[size];
        }
    }
}
