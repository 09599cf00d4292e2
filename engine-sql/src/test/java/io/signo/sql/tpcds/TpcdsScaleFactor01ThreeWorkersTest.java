package io.signo.sql.tpcds;

/** TPC-DS at SF 0.1 on three workers (in this process), joins distributed as the cost model chooses. */
class TpcdsScaleFactor01ThreeWorkersTest
        extends TpcdsQueryComparison
{
    TpcdsScaleFactor01ThreeWorkersTest()
    {
        super(0.1, 2, 3, "automatic");
    }
}
