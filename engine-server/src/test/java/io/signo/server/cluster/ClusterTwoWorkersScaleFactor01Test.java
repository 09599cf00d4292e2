package io.signo.server.cluster;

import org.junit.jupiter.api.extension.RegisterExtension;

/** TPC-H on two worker processes at SF 0.1, against DuckDB. */
class ClusterTwoWorkersScaleFactor01Test
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.1, 2);

    ClusterTwoWorkersScaleFactor01Test()
    {
        super(CLUSTER, "automatic");
    }
}
