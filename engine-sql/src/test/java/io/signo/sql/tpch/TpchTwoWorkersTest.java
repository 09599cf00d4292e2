package io.signo.sql.tpch;

/** TPC-H at SF 0.01 cut for two workers, the cost model choosing how each join is distributed. */
class TpchTwoWorkersTest
        extends TpchQueryComparison
{
    TpchTwoWorkersTest()
    {
        super(0.01, 2, 2, "automatic");
    }
}
