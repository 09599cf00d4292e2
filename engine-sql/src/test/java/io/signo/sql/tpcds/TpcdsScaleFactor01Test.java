package io.signo.sql.tpcds;

/** TPC-DS at SF 0.1 on one worker with two driver threads. */
class TpcdsScaleFactor01Test
        extends TpcdsQueryComparison
{
    TpcdsScaleFactor01Test()
    {
        super(0.1, 2, 1, "automatic");
    }
}
