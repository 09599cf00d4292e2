package io.signo.sql.tpcds;

/** TPC-DS at SF 0.01 on one worker with two driver threads. */
class TpcdsScaleFactor001Test
        extends TpcdsQueryComparison
{
    TpcdsScaleFactor001Test()
    {
        super(0.01, 2, 1, "automatic");
    }
}
