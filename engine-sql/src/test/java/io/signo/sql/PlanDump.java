package io.signo.sql;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.sql.translate.JoinDistributionMode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlanPrinter;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpcds.TpcdsQueries;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.tpch.TpchQueries;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.SqlExplainLevel;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes the logical plan (with every attribute) and the physical plan of the 22 TPC-H queries, of
 * every statement of the SQL query suite and of the TPC-DS statements to one file, so that two planner builds can be diffed: a
 * planning change meant to be faster only must leave the file unchanged. Run with {@code java -cp
 * <test class path> io.signo.sql.PlanDump <output file>}.
 */
public final class PlanDump
{
    private PlanDump() {}

    public static void main(String[] args)
            throws IOException
    {
        List<String> statements = new ArrayList<>();
        for (int query = 1; query <= 22; query++) {
            statements.add(TpchQueries.query(query));
        }
        for (String file : AotTrainingRun.SUITE_FILES) {
            statements.addAll(SqlQuerySuite.statements(file));
        }
        StringBuilder dump = new StringBuilder();
        try (TpchDataSet dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("plan-dump"))) {
            dumpPlans(dataSet.catalog(), statements, dump);
        }
        List<String> tpcds = new ArrayList<>();
        for (String name : TpcdsQueries.names()) {
            tpcds.add(TpcdsQueries.query(name));
        }
        try (GeneratedDataSet dataSet = TpcdsData.generateDataSet(0.01, 2, MemoryPool.unbounded("plan-dump"))) {
            dumpPlans(dataSet.catalog(), tpcds, dump);
        }
        Files.writeString(Path.of(args[0]), dump);
    }

    private static void dumpPlans(Catalog catalog, List<String> statements, StringBuilder dump)
    {
        PlannerOptions options = new PlannerOptions(2, JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false);
        for (String sql : statements) {
            dump.append("==== ").append(sql.strip()).append('\n');
            try {
                RelNode rel = new LogicalPlanner(catalog).plan(sql).root();
                dump.append(RelOptUtil.toString(rel, SqlExplainLevel.ALL_ATTRIBUTES));
                PlanPrinter.render(new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), options).plan(rel))
                        .forEach(line -> dump.append(line).append('\n'));
            }
            catch (RuntimeException e) {
                dump.append("failed: ").append(e).append('\n');
            }
        }
    }
}
