package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/**
 * TPC-H at SF 0.01 over pages of 7 rows on one driver: every operator sees many small pages, page
 * boundaries inside every group, join key run and sort run, and a single driver takes them all.
 */
class TpchSmallPagesTest
        extends TpchQueryComparison
{
    TpchSmallPagesTest()
    {
        super(Setup.of(0.01).withThreads(1).withRowsPerPage(7), "automatic");
    }
}
