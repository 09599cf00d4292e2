package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/** TPC-H at SF 0.1 cut for three workers, the cost model choosing. */
class TpchThreeWorkersScaleFactor01Test
        extends TpchQueryComparison
{
    TpchThreeWorkersScaleFactor01Test()
    {
        super(Setup.of(0.1).withWorkers(3), "automatic");
    }
}
