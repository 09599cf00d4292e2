package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/** TPC-H at SF 0.01 over pages of 16 rows, cut for two workers, every join repartitioning both sides. */
class TpchSixteenRowPagesTwoWorkersTest
        extends TpchQueryComparison
{
    TpchSixteenRowPagesTwoWorkersTest()
    {
        super(Setup.of(0.01).withWorkers(2).withRowsPerPage(16), "partitioned");
    }
}
