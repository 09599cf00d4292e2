package io.signo.sql.fragment;

import io.signo.sql.SignoEngine;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.translate.PlanPrinter;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The separate-process set-up without the processes: two workers each generate their share of the
 * partitions, the coordinator plans over schema-only tables with the workers' statistics merged,
 * and each worker decodes the plan against its own tables. The plans equal those made over the
 * whole data set in one process.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class CoordinatorPlanningTest
{
    private static final int WORKERS = 2;
    private static final int PARTITIONS = 4;

    private TpchDataSet whole;
    private final List<TpchDataSet> shares = new ArrayList<>();
    private SignoEngine wholeEngine;
    private SignoEngine coordinator;

    @BeforeAll
    void load()
    {
        MemoryPool pool = MemoryPool.unbounded("coordinator-planning-test");
        whole = TpchData.generateDataSet(0.01, PARTITIONS, pool);
        for (int worker = 0; worker < WORKERS; worker++) {
            int node = worker;
            shares.add(TpchData.generateDataSet(0.01, PARTITIONS, partition -> partition % WORKERS == node, 1, pool));
        }
        Catalog schema = new Catalog(TpchData.SCHEMA_NAME);
        for (Table table : shares.getFirst().catalog().tables()) {
            List<TableStatistics> statistics = new ArrayList<>();
            for (TpchDataSet share : shares) {
                statistics.add(share.catalog().table(table.name()).statistics());
            }
            // replicated tables are whole on every worker: their statistics are any one worker's
            TableStatistics global = table.partitioning().replicated() ? table.statistics() : TableStatistics.merge(statistics);
            schema.addTable(table.schemaOnly(global));
        }
        wholeEngine = new SignoEngine(whole.catalog(), 1, WORKERS, Runtime.getRuntime().maxMemory());
        coordinator = new SignoEngine(schema, 1, WORKERS, Runtime.getRuntime().maxMemory());
    }

    @AfterAll
    void close()
    {
        wholeEngine.close();
        coordinator.close();
        whole.close();
        shares.forEach(TpchDataSet::close);
    }

    @TestFactory
    Stream<DynamicTest> coordinatorPlansLikeOneProcess()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= TpchQueries.QUERY_COUNT; query++) {
            String sql = TpchQueries.query(query);
            tests.add(dynamicTest(String.format("q%02d", query), () -> {
                PlanNode plan = coordinator.plan(sql).root();
                List<String> explain = PlanPrinter.render(plan);
                assertEquals(PlanPrinter.render(wholeEngine.plan(sql).root()), explain);
                byte[] bytes = PlanCodec.encode(plan);
                for (TpchDataSet share : shares) {
                    assertEquals(explain, PlanPrinter.render(PlanCodec.decode(bytes, share.catalog())));
                }
            }));
        }
        return tests.stream();
    }
}
