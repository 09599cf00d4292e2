package io.signo.server.cluster;

/** TPC-H on three worker processes at SF 0.1, against DuckDB. */
class ClusterThreeWorkersScaleFactor01Test
        extends ClusterQueryComparison
{
    ClusterThreeWorkersScaleFactor01Test()
    {
        super(0.1, 3, "automatic");
    }
}
