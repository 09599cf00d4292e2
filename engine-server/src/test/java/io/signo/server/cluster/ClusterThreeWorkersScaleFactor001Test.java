package io.signo.server.cluster;

/** TPC-H on three worker processes at SF 0.01, against DuckDB. */
class ClusterThreeWorkersScaleFactor001Test
        extends ClusterQueryComparison
{
    ClusterThreeWorkersScaleFactor001Test()
    {
        super(0.01, 3, "automatic");
    }
}
