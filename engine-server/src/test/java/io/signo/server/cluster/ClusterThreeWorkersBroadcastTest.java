package io.signo.server.cluster;

import org.junit.jupiter.api.extension.RegisterExtension;

/** TPC-H on three worker processes at SF 0.01, every join broadcast, against DuckDB. */
class ClusterThreeWorkersBroadcastTest
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.01, 3);

    ClusterThreeWorkersBroadcastTest()
    {
        super(CLUSTER, "broadcast");
    }
}
