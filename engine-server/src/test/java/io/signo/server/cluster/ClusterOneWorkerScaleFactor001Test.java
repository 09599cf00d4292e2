package io.signo.server.cluster;

import org.junit.jupiter.api.extension.RegisterExtension;

/** TPC-H on one worker process at SF 0.01, against DuckDB. */
class ClusterOneWorkerScaleFactor001Test
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.01, 1);

    ClusterOneWorkerScaleFactor001Test()
    {
        super(CLUSTER, "automatic");
    }
}
