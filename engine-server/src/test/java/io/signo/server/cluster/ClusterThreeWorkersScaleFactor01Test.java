package io.signo.server.cluster;

import org.junit.jupiter.api.extension.RegisterExtension;

/** TPC-H on three worker processes at SF 0.1, against DuckDB. */
class ClusterThreeWorkersScaleFactor01Test
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.1, 3);

    ClusterThreeWorkersScaleFactor01Test()
    {
        super(CLUSTER, "automatic");
    }
}
