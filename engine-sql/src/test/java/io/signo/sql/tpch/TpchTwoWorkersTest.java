package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/** TPC-H at SF 0.01 cut for two workers, the cost model choosing how each join is distributed. */
class TpchTwoWorkersTest
        extends TpchQueryComparison
{
    TpchTwoWorkersTest()
    {
        super(Setup.of(0.01).withWorkers(2), "automatic");
    }
}
