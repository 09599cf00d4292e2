package io.signo.sql.translate;

import io.signo.core.expression.InputReference;
import io.signo.core.operator.join.JoinType;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which hash joins publish a runtime filter, and which scan applies it: for each hash join whose
 * dropped probe rows could not have joined (INNER and SEMI lookups; a SEMI or ANTI join that keeps
 * its build rows, whose probe rows only mark build rows), the table scan whose columns are the
 * join's probe keys through projections of plain columns, filters, and the probe sides of other
 * hash joins (row by row: a probe row dropped there yields only rows with its key). Those all run
 * in the join's probe pipeline, in the same task as its build, so the scan can read the join's
 * filter from the bridge. An exchange on the way ends the search: across it the scan's rows may
 * meet another node's build (the cluster case goes without filters). So does a shared node: its
 * result is computed once for every parent, and a filter from one parent's join would drop rows
 * another parent needs.
 *
 * <p>Computed from the plan alone, so the coordinator's EXPLAIN and every node's pipelines agree.
 * Joins are numbered 1, 2, ... in plan order (the root first), as EXPLAIN shows them.
 */
public final class RuntimeFilterPlan
{
    /** One join's filter as one scan applies it: the scan's output columns that are the join's probe keys. */
    public record Target(HashJoinNode join, int joinNumber, int[] scanChannels) {}

    private final Map<HashJoinNode, Integer> joinNumbers = new IdentityHashMap<>();
    private final Map<TableScanNode, List<Target>> targets = new IdentityHashMap<>();
    private final Set<PlanNode> sharedNodes;
    private final Set<PlanNode> visited = Collections.newSetFromMap(new IdentityHashMap<>());

    private RuntimeFilterPlan(Set<PlanNode> sharedNodes)
    {
        this.sharedNodes = sharedNodes;
    }

    public static RuntimeFilterPlan of(PlanNode root)
    {
        RuntimeFilterPlan plan = new RuntimeFilterPlan(SharedPlanNodes.of(root));
        plan.visit(root);
        return plan;
    }

    private void visit(PlanNode node)
    {
        if (sharedNodes.contains(node) && !visited.add(node)) {
            return;
        }
        if (node instanceof HashJoinNode join && join.runtimeFilters() && filtersProbe(join)) {
            int[] channels = new int[join.probeKeys().size()];
            for (int key = 0; key < channels.length; key++) {
                channels[key] = join.probeKeys().get(key);
            }
            TableScanNode scan = scanOf(join.probe(), channels);
            if (scan != null) {
                int number = joinNumbers.size() + 1;
                joinNumbers.put(join, number);
                targets.computeIfAbsent(scan, _ -> new ArrayList<>()).add(new Target(join, number, channels));
            }
        }
        for (PlanNode source : node.sources()) {
            visit(source);
        }
    }

    /** Whether dropping probe rows that match no build key leaves the join's result as it was. */
    private static boolean filtersProbe(HashJoinNode join)
    {
        if (join.probeKeys().isEmpty()) {
            return false;
        }
        if (join.filtersBuildRows()) {
            return true;
        }
        return join.joinType() == JoinType.INNER || join.joinType() == JoinType.SEMI;
    }

    /** Follows the channels down to a scan, rewriting {@code channels} in place into the scan's; null when they lead elsewhere. */
    private TableScanNode scanOf(PlanNode node, int[] channels)
    {
        int[] current = channels;
        PlanNode at = node;
        // a loop, not recursion: a chain of joins on one probe side can be long
        while (true) {
            if (sharedNodes.contains(at)) {
                return null;
            }
            switch (at) {
                case TableScanNode scan -> {
                    return scan;
                }
                case FilterProjectNode filterProject -> {
                    for (int key = 0; key < current.length; key++) {
                        if (!(filterProject.projections().get(current[key]) instanceof InputReference reference)) {
                            return null;
                        }
                        current[key] = reference.channel();
                    }
                    at = filterProject.source();
                }
                case HashJoinNode join when !join.filtersBuildRows() -> {
                    for (int key = 0; key < current.length; key++) {
                        if (current[key] >= join.probeOutputs().size()) {
                            return null;
                        }
                        current[key] = join.probeOutputs().get(current[key]);
                    }
                    at = join.probe();
                }
                default -> {
                    return null;
                }
            }
        }
    }

    /** The plan's nodes that several parents read (see {@link SharedPlanNodes}), which no filter crosses into. */
    public Set<PlanNode> sharedNodes()
    {
        return sharedNodes;
    }

    /** The filters a scan applies, in plan order; empty for most scans. */
    public List<Target> targets(TableScanNode scan)
    {
        return targets.getOrDefault(scan, List.of());
    }

    /** Whether the join's build publishes a filter (some scan applies it). */
    public boolean publishes(HashJoinNode join)
    {
        return joinNumbers.containsKey(join);
    }

    /** The join's number in EXPLAIN, or 0 when it publishes no filter. */
    public int joinNumber(HashJoinNode join)
    {
        return joinNumbers.getOrDefault(join, 0);
    }

    /** How EXPLAIN names a target: its key columns and its join. */
    public static String describe(TableScanNode scan, Target target)
    {
        List<String> names = new ArrayList<>();
        for (int channel : target.scanChannels()) {
            names.add(scan.table().columns().get(scan.columns()[channel]).name());
        }
        String keys = names.size() == 1 ? names.getFirst() : "(" + String.join(", ", names) + ")";
        return keys + " from join " + target.joinNumber();
    }
}
