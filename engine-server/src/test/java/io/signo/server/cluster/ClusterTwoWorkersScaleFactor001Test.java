package io.signo.server.cluster;

/** TPC-H on two worker processes at SF 0.01, against DuckDB. */
class ClusterTwoWorkersScaleFactor001Test
        extends ClusterQueryComparison
{
    ClusterTwoWorkersScaleFactor001Test()
    {
        super(0.01, 2, "automatic");
    }
}
