package io.signo.sql;

import io.signo.sql.tpch.TpchFixture.Setup;

/** The SQL suite over TPC-H SF 0.01 on two drivers, pages as generated; each query runs twice, the second time from its kept plan. */
class SqlQuerySuiteTest
        extends SqlQuerySuite
{
    SqlQuerySuiteTest()
    {
        super(Setup.of(0.01), true);
    }
}
