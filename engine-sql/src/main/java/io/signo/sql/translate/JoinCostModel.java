package io.signo.sql.translate;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.operator.join.JoinType;
import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.FilterProjectNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.JoinDistribution;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.storage.type.Type;

import java.util.List;

/**
 * Chooses, for every join, how matching rows meet: co-located (no exchange), a broadcast of the
 * build side to every worker, or a repartitioning of both sides by the join keys.
 *
 * <p>Each alternative is costed as one scalar from the bytes it processes (CPU), holds in hash
 * tables (memory) and sends (network), weighted 75 / 10 / 15 as Trino does. Broadcasting costs the
 * build bytes once per worker in all three; repartitioning sends both sides but holds the build
 * once. A build estimated above the broadcast limit, or with unknown size, is never broadcast.
 */
final class JoinCostModel
{
    private static final double CPU_WEIGHT = 0.75;
    private static final double MEMORY_WEIGHT = 0.10;
    private static final double NETWORK_WEIGHT = 0.15;
    /** How much larger the right side of a SEMI, ANTI or LEFT join must be estimated before its left side is hashed instead. */
    private static final double HASH_LEFT_SIDE_RATIO = 2.0;
    private static final String FINAL_STEP_ON_EVERY_WORKER = "aggregation finished on every worker";

    private final PlannerOptions options;

    JoinCostModel(PlannerOptions options)
    {
        this.options = options;
    }

    /** Whether the joins planned may publish runtime filters (the session's {@code runtime_filters}). */
    boolean runtimeFilters()
    {
        return options.runtimeFilters();
    }

    JoinPlacement place(JoinType type, PlanNode probe, PlanNode proposedBuild, List<Integer> probeKeys, List<Integer> buildKeys)
    {
        JoinPlacement replicatedProbe = replicatedProbeOnEveryWorker(type, probe, proposedBuild);
        if (replicatedProbe != null) {
            return replicatedProbe;
        }
        Distribution probeDistribution = probe.distribution();
        PlanNode build = proposedBuild;
        if (options.replicatedOnWorkers() && options.joinDistribution() != JoinDistributionMode.PARTITIONED && !probeDistribution.isSingle()
                && build.distribution().isSingle()) {
            // a replicated table every worker keeps: each builds from its own copy, nothing is broadcast
            // (not when every join must repartition: every worker would send its whole copy)
            PlanNode local = onEveryWorker(build);
            build = local != null ? local : build;
        }
        PlanNode finalOnWorkers = probeDistribution.isSingle() ? null : finalStepOnEveryWorker(build);
        build = finalOnWorkers != null ? finalOnWorkers : build;
        Distribution buildDistribution = build.distribution();
        if (probeDistribution.isSingle()) {
            // the probe is one stream on the coordinator: bring the build there too
            PlanNode gathered = buildDistribution.isSingle() ? build : ExchangeNode.gather(build);
            return new JoinPlacement(probe, gathered, new JoinDistribution(JoinDistribution.Kind.SINGLE, Double.NaN, Double.NaN, Double.NaN, "probe on the coordinator"), Distribution.SINGLE);
        }

        int workers = options.workerCount();
        double probeBytes = bytes(probe);
        double buildBytes = bytes(build);
        boolean colocated = oneNode(buildDistribution) || buildDistribution.kind() == Distribution.Kind.REPLICATED || coPartitioned(probeDistribution, buildDistribution, probeKeys, buildKeys);
        double colocatedCost = colocated ? CPU_WEIGHT * (probeBytes + buildBytes) + MEMORY_WEIGHT * buildBytes : Double.NaN;
        double broadcastCost = CPU_WEIGHT * (probeBytes + workers * buildBytes) + MEMORY_WEIGHT * workers * buildBytes + NETWORK_WEIGHT * workers * buildBytes;
        double movedFraction = (workers - 1) / (double) workers;
        double partitionedCost = CPU_WEIGHT * 2 * (probeBytes + buildBytes) + MEMORY_WEIGHT * buildBytes + NETWORK_WEIGHT * movedFraction * (probeBytes + buildBytes);

        JoinDistribution.Kind kind;
        String reason = null;
        switch (options.joinDistribution()) {
            case BROADCAST -> {
                kind = JoinDistribution.Kind.BROADCAST;
                reason = "join_distribution = broadcast";
            }
            case PARTITIONED -> {
                kind = JoinDistribution.Kind.PARTITIONED;
                reason = "join_distribution = partitioned";
            }
            default -> {
                if (colocated) {
                    kind = JoinDistribution.Kind.COLOCATED;
                    reason = oneNode(buildDistribution) ? "one worker" : finalOnWorkers != null ? FINAL_STEP_ON_EVERY_WORKER : null;
                }
                else if (!Double.isFinite(buildBytes)) {
                    kind = JoinDistribution.Kind.PARTITIONED;
                    reason = "build size unknown";
                }
                else if (buildBytes > options.broadcastLimitBytes()) {
                    kind = JoinDistribution.Kind.PARTITIONED;
                    reason = "build over the broadcast limit";
                }
                else {
                    kind = broadcastCost <= partitionedCost ? JoinDistribution.Kind.BROADCAST : JoinDistribution.Kind.PARTITIONED;
                }
            }
        }
        JoinDistribution choice = new JoinDistribution(kind, colocatedCost, broadcastCost, partitionedCost, reason);
        return switch (kind) {
            case COLOCATED, SINGLE -> new JoinPlacement(probe, build, choice, probeDistribution);
            case BROADCAST -> new JoinPlacement(probe, broadcast(build), choice, probeDistribution);
            case PARTITIONED -> {
                ExchangeNode probeExchange = ExchangeNode.remote(probe, ExchangeKind.HASH, probeKeys);
                yield new JoinPlacement(probeExchange, ExchangeNode.remote(build, ExchangeKind.HASH, buildKeys), choice, probeExchange.distribution());
            }
        };
    }

    /**
     * An INNER join whose probe side reads only replicated tables (one stream on the coordinator)
     * and whose build side is on the workers: every worker reads the probe from its own copies and
     * joins it with its share of the build rows, instead of gathering the build rows to the
     * coordinator (and, for a join above on the workers, broadcasting the result back). Each build
     * row is on one worker and meets every probe row there, so every matching pair comes out once,
     * where its build row is. Not for outer, SEMI or ANTI joins, whose unmatched or matched probe rows
     * would come out on every worker; not when every join must repartition, nor on one node. Null
     * when the join is not of that shape.
     */
    private JoinPlacement replicatedProbeOnEveryWorker(JoinType type, PlanNode probe, PlanNode build)
    {
        Distribution buildDistribution = build.distribution();
        if (type != JoinType.INNER || !options.replicatedOnWorkers() || options.joinDistribution() == JoinDistributionMode.PARTITIONED || !probe.distribution().isSingle()
                || buildDistribution.isSingle() || buildDistribution.kind() == Distribution.Kind.REPLICATED) {
            return null;
        }
        PlanNode local = onEveryWorker(probe);
        if (local == null) {
            return null;
        }
        JoinDistribution choice = new JoinDistribution(JoinDistribution.Kind.COLOCATED, Double.NaN, Double.NaN, Double.NaN, "replicated probe read on every worker");
        return new JoinPlacement(local, build, choice, buildDistribution, true);
    }

    /**
     * Where a FULL join's rows meet: each row of either side on exactly one node, with every row of
     * the other side that can match it, so that each node emits the rows nothing matched there once:
     * co-located (one node, or both sides partitioned on the keys) or both sides repartitioned by the
     * keys; never a broadcast nor a replicated side.
     */
    JoinPlacement placeEachRowOnce(PlanNode probe, PlanNode build, List<Integer> probeKeys, List<Integer> buildKeys)
    {
        if (probe.distribution().isSingle()) {
            PlanNode gathered = build.distribution().isSingle() ? build : ExchangeNode.gather(build);
            return new JoinPlacement(probe, gathered, new JoinDistribution(JoinDistribution.Kind.SINGLE, Double.NaN, Double.NaN, Double.NaN, "probe on the coordinator"), Distribution.SINGLE);
        }
        boolean replicated = probe.distribution().kind() == Distribution.Kind.REPLICATED || build.distribution().kind() == Distribution.Kind.REPLICATED;
        if (!replicated && (oneNode(build.distribution()) || coPartitioned(probe.distribution(), build.distribution(), probeKeys, buildKeys))) {
            return new JoinPlacement(probe, build, new JoinDistribution(JoinDistribution.Kind.COLOCATED, Double.NaN, Double.NaN, Double.NaN, "FULL join"), probe.distribution());
        }
        ExchangeNode probeExchange = ExchangeNode.remote(probe, ExchangeKind.HASH, probeKeys);
        return new JoinPlacement(probeExchange, ExchangeNode.remote(build, ExchangeKind.HASH, buildKeys),
                new JoinDistribution(JoinDistribution.Kind.PARTITIONED, Double.NaN, Double.NaN, Double.NaN, "FULL join"), probeExchange.distribution());
    }

    /**
     * Whether a SEMI or ANTI join should hash its left side (the rows it keeps) and stream its right
     * side as the probe, marking the left rows that match: when the right side is estimated clearly
     * larger. The marks of a node see only that node's right rows, so this is valid only when every
     * node sees all the right rows that can match its left rows: co-located (one node, co-partitioned,
     * or a replicated right side) or both sides repartitioned by the keys; never with a broadcast.
     */
    boolean hashesKeptSide(JoinType type, JoinPlacement placement, PlanNode left, PlanNode right)
    {
        if (type != JoinType.SEMI && type != JoinType.ANTI) {
            return false;
        }
        JoinDistribution.Kind kind = placement.choice().kind();
        if (kind != JoinDistribution.Kind.COLOCATED && kind != JoinDistribution.Kind.PARTITIONED) {
            return false;
        }
        return right.estimatedRows() > HASH_LEFT_SIDE_RATIO * left.estimatedRows();
    }

    /**
     * Whether a LEFT join should hash its left side, the rows it preserves, and stream its right side
     * past it as a RIGHT join (emitting at the end the left rows nothing matched): when the right
     * side is estimated clearly larger. Each left row must be on exactly one node and meet there
     * every right row that can match it: co-located without a replicated left side, or both sides
     * repartitioned by the keys; never with a broadcast, where every node would emit the unmatched
     * rows again.
     */
    boolean hashesPreservedSide(JoinType type, JoinPlacement placement, PlanNode left, PlanNode right)
    {
        if (type != JoinType.LEFT) {
            return false;
        }
        JoinDistribution.Kind kind = placement.choice().kind();
        boolean placed = kind == JoinDistribution.Kind.PARTITIONED
                || kind == JoinDistribution.Kind.COLOCATED && left.distribution().kind() != Distribution.Kind.REPLICATED;
        return placed && right.estimatedRows() > HASH_LEFT_SIDE_RATIO * left.estimatedRows();
    }

    /** A join without equality keys: every probe row meets every build row, so the build goes wherever the probe is. */
    JoinPlacement placeWithoutKeys(PlanNode probe, PlanNode build)
    {
        if (probe.distribution().isSingle()) {
            PlanNode gathered = build.distribution().isSingle() ? build : ExchangeNode.gather(build);
            return new JoinPlacement(probe, gathered, new JoinDistribution(JoinDistribution.Kind.SINGLE, Double.NaN, Double.NaN, Double.NaN, "probe on the coordinator"), Distribution.SINGLE);
        }
        if (oneNode(build.distribution()) && options.joinDistribution() != JoinDistributionMode.BROADCAST) {
            return new JoinPlacement(probe, build, new JoinDistribution(JoinDistribution.Kind.COLOCATED, Double.NaN, Double.NaN, Double.NaN, "one worker"), probe.distribution());
        }
        PlanNode finalOnWorkers = finalStepOnEveryWorker(build);
        if (finalOnWorkers != null) {
            return new JoinPlacement(probe, finalOnWorkers, new JoinDistribution(JoinDistribution.Kind.COLOCATED, Double.NaN, Double.NaN, Double.NaN, FINAL_STEP_ON_EVERY_WORKER),
                    probe.distribution());
        }
        return new JoinPlacement(probe, broadcast(build), new JoinDistribution(JoinDistribution.Kind.BROADCAST, Double.NaN, Double.NaN, Double.NaN, "no equality keys"), probe.distribution());
    }

    /**
     * A build on the coordinator that is the final step of an aggregation there, as that step on
     * every worker ({@link AggregationPlanner#finalStepOnEveryWorker}), for a probe on the workers;
     * null when the build is not of that shape, when every join must repartition, or on one node,
     * where the coordinator is the worker.
     */
    private PlanNode finalStepOnEveryWorker(PlanNode build)
    {
        if (options.joinDistribution() == JoinDistributionMode.PARTITIONED || !build.distribution().isSingle() || oneNode(build.distribution())) {
            return null;
        }
        return AggregationPlanner.finalStepOnEveryWorker(build);
    }

    /**
     * Both sides gathered to one node, for a RIGHT or FULL join without equality keys: a build row is
     * unmatched only when no probe row anywhere matched it, and without keys there is no partitioning
     * that brings each build row together with every probe row that could match it.
     */
    JoinPlacement placeOnOneNode(PlanNode probe, PlanNode build)
    {
        PlanNode gatheredProbe = probe.distribution().isSingle() ? probe : ExchangeNode.gather(probe);
        PlanNode gatheredBuild = build.distribution().isSingle() ? build : ExchangeNode.gather(build);
        return new JoinPlacement(gatheredProbe, gatheredBuild,
                new JoinDistribution(JoinDistribution.Kind.SINGLE, Double.NaN, Double.NaN, Double.NaN, "unmatched build rows need every probe row"), Distribution.SINGLE);
    }

    /**
     * The build side read on every worker from its copies, when it reads only replicated tables,
     * through filters, projections and joins on the coordinator; null otherwise.
     */
    private static PlanNode onEveryWorker(PlanNode build)
    {
        return switch (build) {
            case TableScanNode scan when scan.table().partitioning() != null && scan.table().partitioning().replicated() -> scan.readOnEveryWorker();
            case FilterProjectNode project -> {
                PlanNode source = onEveryWorker(project.source());
                yield source == null ? null : project.withSource(source);
            }
            case HashJoinNode join when join.joinDistribution().kind() == JoinDistribution.Kind.SINGLE -> {
                PlanNode probe = onEveryWorker(join.probe());
                PlanNode joinBuild = probe == null ? null : onEveryWorker(join.build());
                yield joinBuild == null ? null : join.onEveryWorker(probe, joinBuild);
            }
            default -> null;
        };
    }

    /** Both sides surely on the same single node: one worker, and the build not on a separate coordinator. */
    private boolean oneNode(Distribution buildDistribution)
    {
        return options.workerCount() == 1 && (!options.separateCoordinator() || !buildDistribution.isSingle());
    }

    private static PlanNode broadcast(PlanNode build)
    {
        return build.distribution().kind() == Distribution.Kind.REPLICATED ? build : ExchangeNode.remote(build, ExchangeKind.BROADCAST, List.of());
    }

    /** Both sides partitioned alike, each on its side of the same join key pairs. */
    private static boolean coPartitioned(Distribution probe, Distribution build, List<Integer> probeKeys, List<Integer> buildKeys)
    {
        if (probe.kind() != Distribution.Kind.PARTITIONED || build.kind() != Distribution.Kind.PARTITIONED
                || probe.scheme() == null || !probe.scheme().equals(build.scheme()) || probe.keys().size() != build.keys().size()) {
            return false;
        }
        for (int i = 0; i < probe.keys().size(); i++) {
            int pair = probeKeys.indexOf(probe.keys().get(i));
            if (pair < 0 || !buildKeys.get(pair).equals(build.keys().get(i))) {
                return false;
            }
        }
        return true;
    }

    /** Estimated bytes of a node's output: rows times an estimated row width. */
    static double bytes(PlanNode node)
    {
        double width = 0;
        for (Type type : node.outputTypes()) {
            width += switch (type.physicalType()) {
                case BYTE -> 1;
                case INT -> 4;
                case LONG, DOUBLE -> 8;
                case INT128 -> 16;
                case BYTES -> 4 + (type.length() > 0 ? type.length() / 2.0 : 16);
            };
        }
        return node.estimatedRows() * Math.max(width, 1);
    }
}
