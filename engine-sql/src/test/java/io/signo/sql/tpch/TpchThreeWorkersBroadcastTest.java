package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/** TPC-H at SF 0.01 cut for three workers with every join forced to broadcast its build side. */
class TpchThreeWorkersBroadcastTest
        extends TpchQueryComparison
{
    TpchThreeWorkersBroadcastTest()
    {
        super(Setup.of(0.01).withWorkers(3), "broadcast");
    }
}
