package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;

/** TPC-H at SF 0.01 cut for two workers with runtime filters off: the joins alone must give DuckDB's answers. */
class TpchWithoutRuntimeFiltersTest
        extends TpchQueryComparison
{
    TpchWithoutRuntimeFiltersTest()
    {
        super(Setup.of(0.01).withWorkers(2), "automatic", false);
    }
}
