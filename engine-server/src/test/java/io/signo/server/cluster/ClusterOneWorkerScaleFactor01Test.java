package io.signo.server.cluster;

/** TPC-H on one worker process at SF 0.1, against DuckDB. */
class ClusterOneWorkerScaleFactor01Test
        extends ClusterQueryComparison
{
    ClusterOneWorkerScaleFactor01Test()
    {
        super(0.1, 1, "automatic");
    }
}
