package io.signo.server.cluster;

/** TPC-H on two worker processes at SF 0.1, against DuckDB. */
class ClusterTwoWorkersScaleFactor01Test
        extends ClusterQueryComparison
{
    ClusterTwoWorkersScaleFactor01Test()
    {
        super(0.1, 2, "automatic");
    }
}
