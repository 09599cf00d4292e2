package io.signo.server.cluster;

/** TPC-H on one worker process at SF 0.01, against DuckDB. */
class ClusterOneWorkerScaleFactor001Test
        extends ClusterQueryComparison
{
    ClusterOneWorkerScaleFactor001Test()
    {
        super(0.01, 1, "automatic");
    }
}
