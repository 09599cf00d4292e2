package io.signo.server.cluster;

import io.signo.sql.ResultRows;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** TPC-H on two worker processes at SF 0.01, against DuckDB. */
class ClusterTwoWorkersScaleFactor001Test
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.01, 2);

    ClusterTwoWorkersScaleFactor001Test()
    {
        super(CLUSTER, "automatic");
    }

    /** Every worker generated its own nation and region: Q5 and Q8 join them there, nothing is broadcast from the coordinator. */
    @Test
    void joinsTheReplicatedTablesOnEachWorkersCopy()
    {
        for (int query : List.of(5, 8)) {
            List<String> plan = ResultRows.toRows(execute("EXPLAIN " + TpchQueries.query(query))).stream()
                    .map(row -> row.getFirst().toString())
                    .flatMap(String::lines)
                    .toList();
            List<String> replicatedScans = plan.stream().filter(line -> line.contains("TableScan[nation") || line.contains("TableScan[region")).toList();
            assertFalse(replicatedScans.isEmpty(), String.join("\n", plan));
            assertTrue(replicatedScans.stream().allMatch(line -> line.contains("each worker's copy")), String.join("\n", plan));
            assertTrue(plan.stream().noneMatch(line -> line.contains("Stage") && line.contains("on the coordinator") && !line.contains("Stage 0")), String.join("\n", plan));
        }
    }
}
