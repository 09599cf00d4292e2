package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/**
 * TPC-H at SF 0.001 over pages of one row, cut for three workers with several drivers each: the
 * smallest page there is through every exchange, build and aggregation.
 */
class TpchSingleRowPagesThreeWorkersTest
        extends TpchQueryComparison
{
    TpchSingleRowPagesThreeWorkersTest()
    {
        super(Setup.of(0.001).withThreads(3).withWorkers(3).withRowsPerPage(1), "automatic");
    }
}
