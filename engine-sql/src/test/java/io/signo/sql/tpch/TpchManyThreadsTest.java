package io.signo.sql.tpch;

/** TPC-H at SF 0.01 on more driver threads than cores: more partitions than rows in some exchanges. */
class TpchManyThreadsTest
        extends TpchQueryComparison
{
    TpchManyThreadsTest()
    {
        super(0.01, 5);
    }
}
