package io.signo.sql.tpch;

/** TPC-H at SF 0.01 on one driver thread: every exchange and build with a single driver. */
class TpchOneThreadTest
        extends TpchQueryComparison
{
    TpchOneThreadTest()
    {
        super(0.01, 1);
    }
}
