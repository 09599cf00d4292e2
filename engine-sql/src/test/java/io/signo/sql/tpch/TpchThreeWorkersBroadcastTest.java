package io.signo.sql.tpch;

/** TPC-H at SF 0.01 cut for three workers with every join forced to broadcast its build side. */
class TpchThreeWorkersBroadcastTest
        extends TpchQueryComparison
{
    TpchThreeWorkersBroadcastTest()
    {
        super(0.01, 2, 3, "broadcast");
    }
}
