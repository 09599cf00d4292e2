package io.signo.sql.translate;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.operator.join.JoinType;
import io.signo.sql.rel.Distribution;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.JoinDistribution;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.rel.ValuesNode;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JoinCostModelTest
{
    private static PlanNode scan(String name, Partitioning partitioning, double rows)
    {
        Table table = new Table(name, List.of(new Column(name + "_key", Type.BIGINT), new Column(name + "_value", Type.BIGINT)), List.of(), partitioning, null);
        return new TableScanNode(table, new int[] {0, 1}, rows);
    }

    private static JoinPlacement place(PlanNode probe, PlanNode build, int workers, JoinDistributionMode mode)
    {
        PlannerOptions options = new PlannerOptions(workers, mode, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, true);
        return new JoinCostModel(options).place(JoinType.INNER, probe, build, List.of(0), List.of(0));
    }

    @Test
    void coPartitionedTablesJoinWhereTheyAre()
    {
        PlanNode lineitem = scan("lineitem", Partitioning.coPartitioned("orderkey", "lineitem_key"), 6_000_000);
        PlanNode orders = scan("orders", Partitioning.coPartitioned("orderkey", "orders_key"), 1_500_000);
        JoinPlacement placement = place(lineitem, orders, 3, JoinDistributionMode.AUTOMATIC);
        assertEquals(JoinDistribution.Kind.COLOCATED, placement.choice().kind());
        assertSame(lineitem, placement.probe());
        assertSame(orders, placement.build());
        assertEquals(lineitem.distribution(), placement.distribution());
    }

    @Test
    void aSmallBuildIsBroadcastAndALargeOneRepartitioned()
    {
        PlanNode probe = scan("facts", Partitioning.hash("facts_key"), 10_000_000);
        PlanNode small = scan("dimension", Partitioning.hash("dimension_key"), 1_000);
        JoinPlacement broadcast = place(probe, small, 3, JoinDistributionMode.AUTOMATIC);
        assertEquals(JoinDistribution.Kind.BROADCAST, broadcast.choice().kind());
        ExchangeNode exchange = assertInstanceOf(ExchangeNode.class, broadcast.build());
        assertEquals(ExchangeKind.BROADCAST, exchange.kind());
        assertTrue(broadcast.choice().broadcastCost() < broadcast.choice().partitionedCost());

        PlanNode large = scan("other_facts", Partitioning.hash("other_facts_key"), 8_000_000);
        JoinPlacement partitioned = place(probe, large, 3, JoinDistributionMode.AUTOMATIC);
        assertEquals(JoinDistribution.Kind.PARTITIONED, partitioned.choice().kind());
        assertEquals(ExchangeKind.HASH, assertInstanceOf(ExchangeNode.class, partitioned.probe()).kind());
        assertEquals(ExchangeKind.HASH, assertInstanceOf(ExchangeNode.class, partitioned.build()).kind());
        assertEquals(Distribution.partitioned(Distribution.HASH_SCHEME, List.of(0)), partitioned.distribution());
    }

    @Test
    void aBuildOverTheBroadcastLimitIsNeverBroadcast()
    {
        PlanNode probe = scan("facts", Partitioning.hash("facts_key"), 1e12);
        PlanNode build = scan("big", Partitioning.hash("big_key"), 1e8);
        JoinPlacement placement = place(probe, build, 2, JoinDistributionMode.AUTOMATIC);
        assertTrue(placement.choice().broadcastCost() < placement.choice().partitionedCost(), "the costs alone would broadcast");
        assertEquals(JoinDistribution.Kind.PARTITIONED, placement.choice().kind());
    }

    @Test
    void theSessionPropertyForcesEitherWay()
    {
        PlanNode lineitem = scan("lineitem", Partitioning.coPartitioned("orderkey", "lineitem_key"), 6_000_000);
        PlanNode orders = scan("orders", Partitioning.coPartitioned("orderkey", "orders_key"), 1_500_000);
        assertEquals(JoinDistribution.Kind.BROADCAST, place(lineitem, orders, 3, JoinDistributionMode.BROADCAST).choice().kind());
        assertEquals(JoinDistribution.Kind.PARTITIONED, place(lineitem, orders, 3, JoinDistributionMode.PARTITIONED).choice().kind());
    }

    @Test
    void aBuildOnTheCoordinatorIsBroadcastEvenToOneWorker()
    {
        PlanNode probe = scan("facts", Partitioning.hash("facts_key"), 1_000_000);
        PlanNode values = new ValuesNode(List.of(Type.BIGINT, Type.BIGINT), List.of(), 3);
        JoinPlacement placement = place(probe, values, 1, JoinDistributionMode.AUTOMATIC);
        assertEquals(JoinDistribution.Kind.BROADCAST, placement.choice().kind());

        PlannerOptions oneProcess = new PlannerOptions(1, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false);
        assertEquals(JoinDistribution.Kind.COLOCATED, new JoinCostModel(oneProcess).place(JoinType.INNER, probe, values, List.of(0), List.of(0)).choice().kind());
    }

    @Test
    void aProbeOnTheCoordinatorGathersTheBuild()
    {
        PlanNode values = new ValuesNode(List.of(Type.BIGINT, Type.BIGINT), List.of(), 3);
        PlanNode build = scan("facts", Partitioning.hash("facts_key"), 1_000_000);
        JoinPlacement placement = place(values, build, 3, JoinDistributionMode.AUTOMATIC);
        assertEquals(JoinDistribution.Kind.SINGLE, placement.choice().kind());
        assertEquals(ExchangeKind.GATHER, assertInstanceOf(ExchangeNode.class, placement.build()).kind());
        assertEquals(Distribution.SINGLE, placement.distribution());
    }

    @Test
    void aReplicatedProbeIsReadWhereTheBuildRowsAre()
    {
        PlanNode nation = scan("nation", Partitioning.replicatedTable(), 25);
        PlanNode build = scan("facts", Partitioning.hash("facts_key"), 1_000);
        PlannerOptions cluster = new PlannerOptions(2, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, true, true, true);
        JoinPlacement placement = new JoinCostModel(cluster).place(JoinType.INNER, nation, build, List.of(0), List.of(0));
        assertEquals(JoinDistribution.Kind.COLOCATED, placement.choice().kind());
        assertTrue(placement.distributedAsBuild());
        TableScanNode probe = assertInstanceOf(TableScanNode.class, placement.probe());
        assertTrue(probe.onEveryWorker());
        assertEquals(Distribution.REPLICATED, probe.distribution());
        assertSame(build, placement.build());
        assertEquals(build.distribution(), placement.distribution());
    }

    @Test
    void aReplicatedProbeOfAnOuterOrSemiJoinStaysOnTheCoordinator()
    {
        // every worker would emit the probe rows nothing (or something) matched on it: once per worker
        PlanNode nation = scan("nation", Partitioning.replicatedTable(), 25);
        PlanNode build = scan("facts", Partitioning.hash("facts_key"), 1_000);
        PlannerOptions cluster = new PlannerOptions(2, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, true, true, true);
        for (JoinType type : List.of(JoinType.LEFT, JoinType.SEMI, JoinType.ANTI)) {
            JoinPlacement placement = new JoinCostModel(cluster).place(type, nation, build, List.of(0), List.of(0));
            assertEquals(JoinDistribution.Kind.SINGLE, placement.choice().kind(), type.name());
            assertEquals(ExchangeKind.GATHER, assertInstanceOf(ExchangeNode.class, placement.build()).kind(), type.name());
        }
        PlannerOptions partitioned = new PlannerOptions(2, JoinDistributionMode.PARTITIONED, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, true, true, true);
        assertEquals(JoinDistribution.Kind.SINGLE, new JoinCostModel(partitioned).place(JoinType.INNER, nation, build, List.of(0), List.of(0)).choice().kind());
    }
}
