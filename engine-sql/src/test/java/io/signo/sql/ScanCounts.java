package io.signo.sql;

import io.signo.core.driver.DriverFactory;
import io.signo.core.driver.TaskExecutor;
import io.signo.core.exchange.ResultBuffer;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.TableScanOperator;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.translate.LocalExecutionPlanner;
import io.signo.storage.memory.MemoryPool;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The segments a query's one scan had and those its statistics let it skip, read by running the query's pipelines directly. */
public record ScanCounts(int segments, int pruned)
{
    public static ScanCounts of(SignoEngine engine, String sql, int threads)
            throws Exception
    {
        // the results are small: the buffer holds them all without a reader
        ResultBuffer result = new ResultBuffer(Long.MAX_VALUE);
        List<DriverFactory> pipelines = new LocalExecutionPlanner(FragmentedPlan.fragment(engine.plan(sql).root(), ClusterShape.singleNode(threads))).planAllNodes(result);
        List<TableScanOperator.SegmentCursor> cursors = new ArrayList<>();
        for (DriverFactory pipeline : pipelines) {
            for (OperatorFactory factory : pipeline.operatorFactories()) {
                if (factory instanceof TableScanOperator.Factory scan) {
                    cursors.add(scan.cursor());
                }
            }
        }
        assertEquals(1, cursors.size(), "the query has one scan");
        try (TaskExecutor executor = new TaskExecutor(threads)) {
            executor.execute(pipelines, MemoryPool.unbounded("query")).get(60, TimeUnit.SECONDS);
        }
        return new ScanCounts(cursors.getFirst().segmentCount(), cursors.getFirst().prunedSegments());
    }
}
