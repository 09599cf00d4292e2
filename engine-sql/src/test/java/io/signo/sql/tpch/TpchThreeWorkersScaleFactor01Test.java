package io.signo.sql.tpch;

/** TPC-H at SF 0.1 cut for three workers, the cost model choosing. */
class TpchThreeWorkersScaleFactor01Test
        extends TpchQueryComparison
{
    TpchThreeWorkersScaleFactor01Test()
    {
        super(0.1, 2, 3, "automatic");
    }
}
