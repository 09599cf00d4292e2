package io.signo.server.cluster;

import org.junit.jupiter.api.extension.RegisterExtension;

/** TPC-H on one worker process at SF 0.1, against DuckDB. */
class ClusterOneWorkerScaleFactor01Test
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.1, 1);

    ClusterOneWorkerScaleFactor01Test()
    {
        super(CLUSTER, "automatic");
    }
}
