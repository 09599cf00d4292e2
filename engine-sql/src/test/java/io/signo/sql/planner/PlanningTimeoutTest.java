package io.signo.sql.planner;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PlanningTimeoutTest
{
    @Test
    void planningPastItsDeadlineFailsWithAClearErrorAndTheNextPlanWorks()
    {
        try (TpchDataSet dataSet = TpchData.generateDataSet(0.001, 1, MemoryPool.unbounded("timeout-test"))) {
            SignoException failure = assertThrows(SignoException.class,
                    () -> new LogicalPlanner(dataSet.catalog(), Duration.ZERO).plan(TpchQueries.query(8)));
            assertEquals(ErrorCode.PLANNING_TIMEOUT, failure.errorCode());
            assertTrue(failure.getMessage().contains("planning took longer than"), failure.getMessage());

            // the same statement plans in full with the default timeout
            LogicalPlanner.LogicalPlan plan = new LogicalPlanner(dataSet.catalog()).plan(TpchQueries.query(8));
            assertEquals(List.of("o_year", "mkt_share"), plan.columnNames());
            assertEquals(2, plan.root().getRowType().getFieldCount());
        }
    }
}
