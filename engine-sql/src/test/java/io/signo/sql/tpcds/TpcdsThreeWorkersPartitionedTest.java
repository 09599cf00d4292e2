package io.signo.sql.tpcds;

/** TPC-DS at SF 0.01 on three workers (in this process) with every join forced to repartition both sides. */
class TpcdsThreeWorkersPartitionedTest
        extends TpcdsQueryComparison
{
    TpcdsThreeWorkersPartitionedTest()
    {
        super(0.01, 2, 3, "partitioned");
    }
}
