package io.signo.sql.tpch;

/** TPC-H at SF 0.1 on two driver threads. */
class TpchScaleFactor01Test
        extends TpchQueryComparison
{
    TpchScaleFactor01Test()
    {
        super(0.1, 2);
    }
}
