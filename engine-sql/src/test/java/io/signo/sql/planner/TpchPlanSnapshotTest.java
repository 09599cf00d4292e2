package io.signo.sql.planner;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.TestInstance;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.DynamicTest.dynamicTest;

/**
 * The physical plans of the 22 TPC-H queries at SF 0.01, as EXPLAIN prints them, against golden files
 * in {@code src/test/resources/io/signo/sql/plans}. A plan change shows up in review as a diff of
 * these files. Regenerate them with {@code -Dsigno.updatePlans=true}.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class TpchPlanSnapshotTest
{
    private static final Path GOLDEN_DIRECTORY = Path.of("src/test/resources/io/signo/sql/plans");
    private static final boolean UPDATE = Boolean.getBoolean("signo.updatePlans");

    private TpchDataSet dataSet;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("plan-test"));
        engine = new SignoEngine(dataSet.catalog(), 2);
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @TestFactory
    Stream<DynamicTest> plansMatchTheirSnapshots()
    {
        List<DynamicTest> tests = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            String name = String.format("q%02d", query);
            String sql = TpchQueries.query(query);
            tests.add(dynamicTest(name, () -> checkPlan(name, sql)));
        }
        return tests.stream();
    }

    private void checkPlan(String name, String sql)
            throws IOException
    {
        StringBuilder plan = new StringBuilder();
        for (List<Object> row : ResultRows.toRows(engine.execute("EXPLAIN " + sql))) {
            plan.append(row.getFirst()).append('\n');
        }
        Path golden = GOLDEN_DIRECTORY.resolve(name + ".plan");
        if (UPDATE) {
            Files.createDirectories(GOLDEN_DIRECTORY);
            Files.writeString(golden, plan, StandardCharsets.UTF_8);
            return;
        }
        assertTrue(Files.exists(golden), "no snapshot " + golden.toAbsolutePath() + "; run with -Dsigno.updatePlans=true to create it");
        assertEquals(Files.readString(golden, StandardCharsets.UTF_8), plan.toString(), "plan of " + name + " changed; if intended, run with -Dsigno.updatePlans=true");
    }
}
