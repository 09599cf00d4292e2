package io.signo.server.cluster;

/** TPC-H on three worker processes at SF 0.01, every join repartitioned, against DuckDB. */
class ClusterThreeWorkersPartitionedTest
        extends ClusterQueryComparison
{
    ClusterThreeWorkersPartitionedTest()
    {
        super(0.01, 3, "partitioned");
    }
}
