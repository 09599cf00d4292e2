package io.signo.sql;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.type.Type;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Union;
import org.apache.calcite.sql.type.SqlTypeUtil;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every input of a UNION ALL gives its columns the union's types. A remote exchange encodes the pages
 * of all its inputs as the first input's types, so an input whose BIGINT column a rewrite left an
 * INTEGER sends 4-byte values that another process reads as 8-byte ones (the seed-34 fuzzer statement
 * failed on two workers only). One process passes pages as they are, so only the plan shows it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class UnionInputTypesTest
{
    /** The seed-34 fuzzer statement: trimming must drop its unused columns (e_dec's 123.45 among them) and keep GROUPING a BIGINT. */
    private static final String SEED_34 = "WITH edge (e_id, e_int, e_big, e_dbl, e_dec, e_str, e_date, e_bool) AS (VALUES (1, CAST('0' AS INTEGER), CAST('0' AS BIGINT), CAST('0' AS DOUBLE), CAS"
            + "T('0.00' AS DECIMAL(12, 2)), CAST('' AS VARCHAR), CAST('1970-01-01' AS DATE), CAST('false' AS BOOLEAN)), (2, CAST('-1' AS INTEGER), CAST('-1' AS BIGIN"
            + "T), CAST('-1.5' AS DOUBLE), CAST('-1.00' AS DECIMAL(12, 2)), CAST('a' AS VARCHAR), CAST('1992-01-01' AS DATE), CAST('true' AS BOOLEAN)), (3, CAST('214"
            + "7483647' AS INTEGER), CAST('9223372036854775807' AS BIGINT), CAST('NaN' AS DOUBLE), CAST('9999999999.99' AS DECIMAL(12, 2)), CAST('Zz' AS VARCHAR), CA"
            + "ST('9999-12-31' AS DATE), CAST(NULL AS BOOLEAN)), (4, CAST('-2147483648' AS INTEGER), CAST('-9223372036854775808' AS BIGINT), CAST('-Infinity' AS DOUB"
            + "LE), CAST('-9999999999.99' AS DECIMAL(12, 2)), CAST(' x ' AS VARCHAR), CAST('0001-01-01' AS DATE), CAST('false' AS BOOLEAN)), (5, CAST(NULL AS INTEGER"
            + "), CAST(NULL AS BIGINT), CAST('Infinity' AS DOUBLE), CAST(NULL AS DECIMAL(12, 2)), CAST(NULL AS VARCHAR), CAST(NULL AS DATE), CAST('true' AS BOOLEAN))"
            + ", (6, CAST('7' AS INTEGER), CAST('42' AS BIGINT), CAST(NULL AS DOUBLE), CAST('0.01' AS DECIMAL(12, 2)), CAST('ab%_c' AS VARCHAR), CAST('2000-02-29' AS"
            + " DATE), CAST(NULL AS BOOLEAN)), (7, CAST('1' AS INTEGER), CAST('1' AS BIGINT), CAST('2.5' AS DOUBLE), CAST('123.45' AS DECIMAL(12, 2)), CAST('A' AS VA"
            + "RCHAR), CAST('1998-12-01' AS DATE), CAST('true' AS BOOLEAN)), (8, CAST('3' AS INTEGER), CAST('24' AS BIGINT), CAST('-0.0' AS DOUBLE), CAST('-0.01' AS "
            + "DECIMAL(12, 2)), CAST('furious' AS VARCHAR), CAST('1995-06-17' AS DATE), CAST('false' AS BOOLEAN))) SELECT t0.e_id AS c0, SUM(DISTINCT COALESCE(CAST(N"
            + "ULL AS BIGINT), (t0.e_date - t0.e_date))) AS c1, GROUPING(t0.e_id) AS c2 FROM edge t0 WHERE (t0.e_bool) GROUP BY GROUPING SETS ((t0.e_id), (t0.e_id), "
            + "())";

    private TpchDataSet dataSet;
    private LogicalPlanner planner;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.001, 1, MemoryPool.unbounded("union-input-types-test"));
        planner = new LogicalPlanner(dataSet.catalog());
    }

    @AfterAll
    void close()
    {
        dataSet.close();
    }

    /** Calcite writes the repeated set's GROUPING as the INTEGER 0 beside the aggregate's BIGINT one. */
    @Test
    void groupingOfARepeatedGroupingSet()
    {
        assertExchangeInputsAlike("SELECT k, GROUPING(k) AS g FROM (VALUES (1), (2), (3)) AS t (k) GROUP BY GROUPING SETS ((k), (k), ())");
    }

    /** Trimming an aggregate over rows unique on its key writes GROUPING as the INTEGER 0: the trimmed plan casts it back. */
    @Test
    void trimmingKeepsTheTypesOfTheFieldsItKeeps()
    {
        RelNode rel = planner.plan(SEED_34).root();
        String plan = LogicalPlanner.describe(rel);
        assertFalse(plan.contains("123.45"), "the unused columns are trimmed:\n" + plan);
        assertUnionInputsAlike(rel, plan);
        assertExchangeInputsAlike(SEED_34);
    }

    private void assertUnionInputsAlike(RelNode rel, String plan)
    {
        if (rel instanceof Union union) {
            for (RelNode input : union.getInputs()) {
                for (int field = 0; field < union.getRowType().getFieldCount(); field++) {
                    assertTrue(SqlTypeUtil.equalSansNullability(rel.getCluster().getTypeFactory(), union.getRowType().getFieldList().get(field).getType(),
                            input.getRowType().getFieldList().get(field).getType()),
                            union.getRowType().getFullTypeString() + " has an input of " + input.getRowType().getFullTypeString() + ":\n" + plan);
                }
            }
        }
        for (RelNode input : rel.getInputs()) {
            assertUnionInputsAlike(input, plan);
        }
    }

    private void assertExchangeInputsAlike(String sql)
    {
        RelNode rel = planner.plan(sql).root();
        PlanNode root = new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), new PlannerOptions(2,
                io.signo.sql.translate.JoinDistributionMode.AUTOMATIC, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, true)).plan(rel);
        assertExchangeInputsAlike(root, sql);
    }

    private static void assertExchangeInputsAlike(PlanNode node, String sql)
    {
        if (node instanceof ExchangeNode exchange) {
            List<Type> types = exchange.sources().getFirst().outputTypes();
            for (PlanNode source : exchange.sources()) {
                assertEquals(types.stream().map(Type::kind).toList(), source.outputTypes().stream().map(Type::kind).toList(), sql);
            }
        }
        for (PlanNode source : node.sources()) {
            assertExchangeInputsAlike(source, sql);
        }
    }
}
