package io.signo.sql.planner;

import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.sql2rel.RelFieldTrimmer;
import org.apache.calcite.tools.RelBuilder;
import org.apache.calcite.util.ImmutableBitSet;

import java.util.IdentityHashMap;
import java.util.Map;
import java.util.Set;

/**
 * Trims unused fields like Calcite's trimmer, but keeps a shared sub-plan (see {@link
 * SharedSubPlans}) one sub-plan: the plain trimmer cuts each use down to what its own parent reads
 * (TPC-H Q11's sub-query drops {@code ps_partkey}, which the outer query groups by), and the two
 * copies would no longer be the same. A first pass records the fields every parent of a shared
 * node reads; the second trims each use to their union, so the copies come out equal and the
 * rule planner that runs next makes them one node again.
 */
final class SharedSubPlanTrimmer
        extends RelFieldTrimmer
{
    private final Set<RelNode> shared;
    private final Map<RelNode, ImmutableBitSet> fieldsUsedByParents;

    private SharedSubPlanTrimmer(RelBuilder relBuilder, Set<RelNode> shared, Map<RelNode, ImmutableBitSet> fieldsUsedByParents)
    {
        super(null, relBuilder);
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
            return new RelFieldTrimmer(null, relBuilder).trim(root);
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
        return super.trimChild(rel, input, fieldsUsed, extraFields);
    }
}
