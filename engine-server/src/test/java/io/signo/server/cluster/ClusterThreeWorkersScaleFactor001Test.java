package io.signo.server.cluster;

import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.extension.RegisterExtension;

import java.util.stream.Stream;

/** TPC-H and the recursive queries on three worker processes at SF 0.01, against DuckDB. */
class ClusterThreeWorkersScaleFactor001Test
        extends ClusterQueryComparison
{
    @RegisterExtension
    static final SharedCluster CLUSTER = SharedCluster.tpch(0.01, 3);

    ClusterThreeWorkersScaleFactor001Test()
    {
        super(CLUSTER, "automatic");
    }

    /** A recursion runs on the coordinator, its inputs computed once on the workers: recursive.sql as the in-process suites run it. */
    @TestFactory
    Stream<DynamicTest> recursiveQueries()
    {
        return suiteFile("recursive.sql");
    }
}
