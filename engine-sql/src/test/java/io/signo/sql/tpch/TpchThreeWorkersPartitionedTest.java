package io.signo.sql.tpch;

/** TPC-H at SF 0.01 cut for three workers with every join forced to repartition both sides. */
class TpchThreeWorkersPartitionedTest
        extends TpchQueryComparison
{
    TpchThreeWorkersPartitionedTest()
    {
        super(0.01, 2, 3, "partitioned");
    }
}
