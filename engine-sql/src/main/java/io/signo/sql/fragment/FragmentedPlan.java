package io.signo.sql.fragment;

import io.signo.core.exchange.ExchangeKind;
import io.signo.sql.planner.SharedSubPlans;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.HashJoinNode;
import io.signo.sql.rel.NestedLoopJoinNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.PlanNodeNumbers;
import io.signo.sql.rel.RecursionInputNode;
import io.signo.sql.rel.RecursiveUnionNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.ValuesNode;
import io.signo.sql.rel.WorkingTableNode;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static java.util.Objects.requireNonNull;

/**
 * A physical plan cut at its remote exchanges into stages, laid out over the nodes of a
 * {@link ClusterShape}. The root stage runs on the coordinator and produces the result; every
 * other stage feeds a remote exchange and runs on the coordinator when it is SINGLE, otherwise on
 * every worker, each over its share of the partitioned tables.
 *
 * <p>Everything here is a function of the plan and the shape alone: every node cuts the same plan
 * the same way, so each can tell how many producers an exchange has and which number it bears
 * without asking the others. Immutable.
 */
public final class FragmentedPlan
{
    private final PlanNode root;
    private final ClusterShape shape;
    private final List<Stage> stages;
    private final Map<ExchangeNode, Integer> exchangeIds;
    private final Map<PlanNode, Integer> planNodeIds;

    private FragmentedPlan(PlanNode root, ClusterShape shape, List<Stage> stages, Map<ExchangeNode, Integer> exchangeIds)
    {
        this.root = root;
        this.planNodeIds = PlanNodeNumbers.of(root);
        this.shape = shape;
        this.stages = List.copyOf(stages);
        this.exchangeIds = exchangeIds;
    }

    /** Cuts {@code root} into stages for the nodes of {@code shape}. */
    public static FragmentedPlan fragment(PlanNode root, ClusterShape shape)
    {
        requireNonNull(root, "root is null");
        requireNonNull(shape, "shape is null");
        Map<ExchangeNode, Integer> exchangeIds = new IdentityHashMap<>();
        numberExchanges(root, exchangeIds);
        List<Stage> stages = new ArrayList<>();
        stages.add(new Stage(0, root, null));
        Set<PlanNode> sharedNodes = SharedSubPlans.withSeveralParents(root, PlanNode::sources);
        addProducerStages(root, sharedNodes, Collections.newSetFromMap(new IdentityHashMap<>()), stages);
        return new FragmentedPlan(root, shape, stages, Collections.unmodifiableMap(exchangeIds));
    }

    private static void numberExchanges(PlanNode node, Map<ExchangeNode, Integer> exchangeIds)
    {
        if (node instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE && !exchangeIds.containsKey(exchange)) {
            exchangeIds.put(exchange, exchangeIds.size());
        }
        for (PlanNode source : node.sources()) {
            numberExchanges(source, exchangeIds);
        }
    }

    /** Every stage below a remote exchange, in the order of a walk from the root. */
    private static void addProducerStages(PlanNode node, Set<PlanNode> sharedNodes, Set<PlanNode> visitedShared, List<Stage> stages)
    {
        if (sharedNodes.contains(node) && !visitedShared.add(node)) {
            // a shared sub-plan's stages run once, whichever parent reaches it first
            return;
        }
        if (node instanceof ExchangeNode exchange && exchange.scope() == ExchangeNode.Scope.REMOTE) {
            for (PlanNode source : exchange.sources()) {
                stages.add(new Stage(stages.size(), source, exchange));
            }
        }
        for (PlanNode source : node.sources()) {
            addProducerStages(source, sharedNodes, visitedShared, stages);
        }
    }

    public PlanNode root()
    {
        return root;
    }

    public ClusterShape shape()
    {
        return shape;
    }

    /** The root stage first, then the others in the order of a walk from the root. */
    public List<Stage> stages()
    {
        return stages;
    }

    /** The node's number in the plan ({@link PlanNodeNumbers}), the same on every node; -1 for a node of another plan (a recursion's run). */
    public int planNodeId(PlanNode node)
    {
        Integer id = planNodeIds.get(node);
        return id == null ? -1 : id;
    }

    /** Whether node {@code nodeIndex} runs {@code stage}. */
    public boolean runsOn(Stage stage, int nodeIndex)
    {
        return stage.isSingle() ? nodeIndex == shape.coordinator() : nodeIndex < shape.workerCount();
    }

    /** The exchange's number in the plan, the same on every node. */
    public int exchangeId(ExchangeNode exchange)
    {
        Integer id = exchangeIds.get(exchange);
        if (id == null) {
            throw new IllegalArgumentException("not a remote exchange of this plan: " + exchange.describe());
        }
        return id;
    }

    /** How a remote exchange's partitions spread over the nodes and how many drivers feed it, seen from {@code nodeIndex}. */
    public ExchangeLayout exchangeLayout(ExchangeNode exchange, int nodeIndex)
    {
        int producers = 0;
        int localProducers = 0;
        for (PlanNode source : exchange.sources()) {
            boolean single = source.distribution().isSingle();
            int drivers = driverCount(source);
            producers += (single ? 1 : shape.workerCount()) * drivers;
            boolean local = single ? nodeIndex == shape.coordinator() : nodeIndex < shape.workerCount();
            localProducers += local ? drivers : 0;
        }
        boolean gather = exchange.kind() == ExchangeKind.GATHER;
        int partitions = gather ? 1 : shape.workerCount() * shape.driversPerNode();
        int partitionsPerNode = gather ? 1 : shape.driversPerNode();
        return new ExchangeLayout(exchangeId(exchange), partitions, partitionsPerNode, producers, localProducers);
    }

    /** How many drivers run the pipeline that produces this node's rows: a function of the plan alone. */
    public int driverCount(PlanNode node)
    {
        return switch (node) {
            case TableScanNode scan -> scan.distribution().isSingle() ? 1 : shape.driversPerNode();
            case ValuesNode values -> 1;
            // a recursion runs on one driver, and so does every run of its recursive term
            case RecursiveUnionNode recursive -> 1;
            case WorkingTableNode workingTable -> 1;
            case RecursionInputNode input -> 1;
            case ExchangeNode exchange -> exchange.kind() == ExchangeKind.GATHER ? 1 : shape.driversPerNode();
            case HashJoinNode join -> driverCount(join.probe());
            case NestedLoopJoinNode join -> driverCount(join.probe());
            default -> driverCount(node.sources().getFirst());
        };
    }
}
