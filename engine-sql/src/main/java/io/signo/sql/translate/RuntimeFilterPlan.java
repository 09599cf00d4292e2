package io.signo.sql.translate;

import io.signo.core.expression.InputReference;
import io.signo.core.operator.join.JoinType;
import io.signo.sql.rel.AggregationNode;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.TableScanNode;

import java.util.ArrayList;
import java.util.Arrays;
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
 * filter from the bridge. The search also crosses exchanges (which move rows unchanged) and
 * aggregations grouped on the keys (a group with a key no build row has yields no joined row
 * either): then the scan runs in another task, possibly on another node, than the join, and the
 * target is {@linkplain Target#remote() remote}: the scan applies the union of the keys of every
 * node's build ({@code DistributedRuntimeFilter}), which every row that can meet some build row
 * passes, wherever the exchanges send it. Not in a plan with a recursion, whose joins run again for
 * every working table. A shared node ends the search: its result is computed once for every
 * parent, and a filter from one parent's join would drop rows another parent needs.
 *
 * <p>Computed from the plan alone, so the coordinator's EXPLAIN and every node's pipelines agree.
 * Joins are numbered 1, 2, ... in plan order (the root first), as EXPLAIN shows them.
 */
public final class RuntimeFilterPlan
{
    /**
     * One join's filter as one scan applies it: the scan's output columns that are the join's probe
     * keys; {@code remote} when an exchange lies between them (the scan runs in another task).
     */
    public record Target(HashJoinNode join, int joinNumber, int[] scanChannels, boolean remote) {}

    /** A join's filter and the scan that could apply it, found in plan order, before {@link #settle()} keeps it or not. */
    private record Candidate(HashJoinNode join, TableScanNode scan, int[] channels, boolean remote) {}

    private final List<Candidate> candidates = new ArrayList<>();
    private final Map<HashJoinNode, Integer> joinNumbers = new IdentityHashMap<>();
    private final Map<TableScanNode, List<Target>> targets = new IdentityHashMap<>();
    private final Set<PlanNode> sharedNodes;
    private final Set<PlanNode> visited = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<HashJoinNode> remotePublishers = Collections.newSetFromMap(new IdentityHashMap<>());
    private final Set<HashJoinNode> localPublishers = Collections.newSetFromMap(new IdentityHashMap<>());
    /** Whether filters may cross exchanges: not in a plan with a recursion. */
    private final boolean crossesExchanges;

    private RuntimeFilterPlan(Set<PlanNode> sharedNodes, boolean crossesExchanges)
    {
        this.sharedNodes = sharedNodes;
        this.crossesExchanges = crossesExchanges;
    }

    public static RuntimeFilterPlan of(PlanNode root)
    {
        RuntimeFilterPlan plan = new RuntimeFilterPlan(SharedPlanNodes.of(root), !containsRecursion(root, Collections.newSetFromMap(new IdentityHashMap<>())));
        plan.visit(root);
        plan.settle();
        return plan;
    }

    /**
     * Numbers the joins whose filter some scan applies, in plan order, leaving out a filter from
     * beyond an exchange on the very key columns that a join in the scan's own task already filters
     * (TPC-H Q17's and Q20's lineitem under an aggregation, Q2's partsupp): the nearer filter drops
     * those rows without waiting for another task's build, and the remote one would make the scan
     * wait for it and test every row twice.
     */
    private void settle()
    {
        for (Candidate candidate : candidates) {
            if (candidate.remote() && coveredLocally(candidate)) {
                continue;
            }
            int number = joinNumbers.size() + 1;
            joinNumbers.put(candidate.join(), number);
            (candidate.remote() ? remotePublishers : localPublishers).add(candidate.join());
            targets.computeIfAbsent(candidate.scan(), _ -> new ArrayList<>()).add(new Target(candidate.join(), number, candidate.channels(), candidate.remote()));
        }
        candidates.clear();
    }

    private boolean coveredLocally(Candidate remote)
    {
        int[] keys = remote.channels().clone();
        Arrays.sort(keys);
        for (Candidate other : candidates) {
            if (other.scan() == remote.scan() && !other.remote()) {
                int[] otherKeys = other.channels().clone();
                Arrays.sort(otherKeys);
                if (Arrays.equals(keys, otherKeys)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static boolean containsRecursion(PlanNode node, Set<PlanNode> seen)
    {
        if (!seen.add(node)) {
            return false;
        }
        if (node instanceof RecursiveUnionNode) {
            return true;
        }
        for (PlanNode source : node.sources()) {
            if (containsRecursion(source, seen)) {
                return true;
            }
        }
        return false;
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
            boolean[] remote = new boolean[1];
            TableScanNode scan = scanOf(join.probe(), channels, remote);
            if (scan != null) {
                candidates.add(new Candidate(join, scan, channels, remote[0]));
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

    /**
     * Follows the channels down to a scan, rewriting {@code channels} in place into the scan's; null
     * when they lead elsewhere. Sets {@code remote[0]} when the way crosses a remote exchange.
     */
    private TableScanNode scanOf(PlanNode node, int[] channels, boolean[] remote)
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
                case ExchangeNode exchange when crossesExchanges && exchange.sources().size() == 1 -> {
                    // rows move unchanged; a local exchange keeps them in the task, a remote one may send them anywhere
                    remote[0] |= exchange.scope() == ExchangeNode.Scope.REMOTE;
                    at = exchange.sources().getFirst();
                }
                case AggregationNode aggregation when crossesExchanges -> {
                    for (int key = 0; key < current.length; key++) {
                        if (current[key] >= aggregation.groupChannels().size()) {
                            return null;
                        }
                        current[key] = aggregation.groupChannels().get(current[key]);
                    }
                    at = aggregation.source();
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

    /** Whether a scan in the join's own task applies its filter (the build makes it for the bridge). */
    public boolean publishesLocally(HashJoinNode join)
    {
        return localPublishers.contains(join);
    }

    /** Whether a scan beyond an exchange applies its filter (every node's build sends its keys). */
    public boolean publishesRemotely(HashJoinNode join)
    {
        return remotePublishers.contains(join);
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
