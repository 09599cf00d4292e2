package io.signo.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Trims unused fields like Calcite's trimmer, but keeps a shared sub-plan (see {@link
 * SharedSubPlans}) one sub-plan: the plain trimmer cuts each use down to what its own parent reads
 * (TPC-H Q11's sub-query drops {@code ps_partkey}, which the outer query groups by), and the two
 * copies would no longer be the same. A first pass records the fields every parent of a shared
 * node reads; the second trims each use to their union, so the copies come out equal and the
 * rule planner that runs next makes them one node again.
 *
 * <p>A trimmed input keeps the types of the fields its parent reads: Calcite's builder writes an
 * aggregate over an input unique on its keys as a projection, and GROUPING there as the INTEGER 0
 * where the call is a BIGINT; a parent that took the old type (a UNION's other inputs, a remote
 * exchange's encoding) would read 4-byte values as 8-byte ones. Such a field is cast back.
 */
final class SharedSubPlanTrimmer
        extends RelFieldTrimmer
{
    private final RelBuilder relBuilder;
    private final Set<RelNode> shared;
    private final Map<RelNode, ImmutableBitSet> fieldsUsedByParents;

    private SharedSubPlanTrimmer(RelBuilder relBuilder, Set<RelNode> shared, Map<RelNode, ImmutableBitSet> fieldsUsedByParents)
    {
        super(null, relBuilder);
        this.relBuilder = relBuilder;
        this.shared = shared;
        this.fieldsUsedByParents = fieldsUsedByParents;
    }

    /**
     * The plan with unused fields trimmed, or as it is when Calcite's trimmer fails on it (an
     * aggregate over an input reduced to no rows and no fields: {@code ... WHERE FALSE INTERSECT ALL
     * ...}); trimming only narrows rows, so the untrimmed plan gives the same answer.
     */
    static RelNode trimShared(RelNode root)
    {
        try {
            return trimUnused(root);
        }
        catch (RuntimeException | AssertionError e) {
            // with -ea the same failure is an assertion of Calcite's mappings
            return root;
        }
    }

    private static RelNode trimUnused(RelNode root)
    {
        RelBuilder relBuilder = RelFactoriesHolder.relBuilder(root.getCluster());
        Set<RelNode> shared = SharedSubPlans.of(root);
        if (shared.isEmpty()) {
            return new SharedSubPlanTrimmer(relBuilder, shared, new IdentityHashMap<>()).trim(root);
        }
        Map<RelNode, ImmutableBitSet> fieldsUsed = new IdentityHashMap<>();
        new SharedSubPlanTrimmer(relBuilder, shared, fieldsUsed).trim(root);
        return new SharedSubPlanTrimmer(relBuilder, shared, fieldsUsed).trim(root);
    }

    @Override
    protected TrimResult trimChild(RelNode rel, RelNode input, ImmutableBitSet fieldsUsed, Set<RelDataTypeField> extraFields)
    {
        if (shared.contains(input)) {
            // more fields than a parent reads is always correct; a shared node nested in another may see a
            // wider request in the second pass than in the first, and then only stays unshared
            fieldsUsed = fieldsUsedByParents.merge(input, fieldsUsed, ImmutableBitSet::union);
        }
        return withFieldTypesOf(input, super.trimChild(rel, input, fieldsUsed, extraFields));
    }

    /** The trimmed input with each field it keeps of {@code input}'s type again (nullability aside), cast where trimming changed it. */
    private TrimResult withFieldTypesOf(RelNode input, TrimResult trimmed)
    {
        RelNode newInput = trimmed.left;
        List<RelDataTypeField> oldFields = input.getRowType().getFieldList();
        List<RelDataTypeField> newFields = newInput.getRowType().getFieldList();
        RelDataType[] wanted = new RelDataType[newFields.size()];
        boolean changed = false;
        for (int source = 0; source < oldFields.size(); source++) {
            int target = trimmed.right.getTargetOpt(source);
            if (target < 0) {
                continue;
            }
            RelDataType oldType = oldFields.get(source).getType();
            if (!SqlTypeUtil.equalSansNullability(newInput.getCluster().getTypeFactory(), oldType, newFields.get(target).getType())) {
                wanted[target] = oldType;
                changed = true;
            }
        }
        if (!changed) {
            return trimmed;
        }
        RexBuilder rexBuilder = newInput.getCluster().getRexBuilder();
        List<RexNode> projections = new ArrayList<>();
        for (int field = 0; field < newFields.size(); field++) {
            RexNode reference = rexBuilder.makeInputRef(newInput, field);
            projections.add(wanted[field] == null ? reference : rexBuilder.makeCast(wanted[field], reference, true, false));
        }
        RelNode cast = relBuilder.push(newInput).project(projections, newInput.getRowType().getFieldNames(), true).build();
        return result(cast, trimmed.right);
    }
}
