package io.signo.sql;

import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.Nested;

/**
 * The SQL suite again under perturbations, as DuckDB re-runs its suite with tiny vectors: every answer
 * must stay DuckDB's whatever the page size and however many drivers and workers share the work.
 */
class SqlQuerySuitePerturbedTest
{
    /** Pages of one row on one driver (over SF 0.001, to keep the page count in check): every page boundary falls between two rows. */
    @Nested
    class SingleRowPagesOneDriver
            extends SqlQuerySuite
    {
        SingleRowPagesOneDriver()
        {
            super(Setup.of(0.001).withThreads(1).withRowsPerPage(1));
        }
    }

    /** Pages of 7 rows, cut for three workers with three drivers each. */
    @Nested
    class SevenRowPagesThreeWorkers
            extends SqlQuerySuite
    {
        SevenRowPagesThreeWorkers()
        {
            super(Setup.of(0.01).withThreads(3).withWorkers(3).withRowsPerPage(7));
        }
    }
}
