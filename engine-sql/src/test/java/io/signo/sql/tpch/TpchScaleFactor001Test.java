package io.signo.sql.tpch;

/** TPC-H at SF 0.01 on two driver threads. */
class TpchScaleFactor001Test
        extends TpchQueryComparison
{
    TpchScaleFactor001Test()
    {
        super(0.01, 2);
    }
}
