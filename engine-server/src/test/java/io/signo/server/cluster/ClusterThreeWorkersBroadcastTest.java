package io.signo.server.cluster;

/** TPC-H on three worker processes at SF 0.01, every join broadcast, against DuckDB. */
class ClusterThreeWorkersBroadcastTest
        extends ClusterQueryComparison
{
    ClusterThreeWorkersBroadcastTest()
    {
        super(0.01, 3, "broadcast");
    }
}
