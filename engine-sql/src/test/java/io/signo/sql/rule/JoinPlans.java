package io.signo.sql.rule;

import io.signo.sql.planner.LogicalPlanner;
import io.signo.storage.table.Catalog;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Partitioning;
import io.signo.storage.table.Table;
import io.signo.storage.table.TableStatistics;
import io.signo.storage.type.Type;
import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelOptUtil;
import org.apache.calcite.plan.hep.HepMatchOrder;
import org.apache.calcite.plan.hep.HepPlanner;
import org.apache.calcite.plan.hep.HepProgramBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.rel.core.TableScan;
import org.apache.calcite.rel.rules.CoreRules;
import org.apache.calcite.rel.rules.MultiJoin;
import org.apache.calcite.rex.RexCall;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.sql.SqlKind;
import org.apache.calcite.tools.RelBuilder;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Join trees built by hand over the scans of a small catalog with statistics, and the join-ordering
 * rules run on them as the planner runs them, so that a test states the plan a rule is given.
 */
final class JoinPlans
{
    private final Map<String, TableScan> scans = new HashMap<>();
    private final RelBuilder builder;

    /** The scans of {@code tables} (each one a table of the catalog), planned in one query so that they share one cluster and its statistics. */
    JoinPlans(Catalog catalog, List<String> tables)
    {
        RelNode plan = new LogicalPlanner(catalog).plan("SELECT * FROM " + String.join(", ", tables)).root();
        collectScans(plan);
        builder = RelFactories.LOGICAL_BUILDER.create(plan.getCluster(), null);
    }

    /** A builder whose trees use the catalog's scans; push a scan with {@link #scan}. */
    RelBuilder builder()
    {
        return builder;
    }

    TableScan scan(String table)
    {
        return scans.get(table);
    }

    /** The plan after joins are merged into MultiJoins, as join ordering starts, and then {@code rules} in turn. */
    static RelNode toMultiJoinsThen(RelNode plan, RelOptRule... rules)
    {
        HepProgramBuilder program = new HepProgramBuilder().addMatchOrder(HepMatchOrder.BOTTOM_UP)
                .addRuleInstance(CoreRules.JOIN_TO_MULTI_JOIN)
                .addRuleInstance(CoreRules.PROJECT_MULTI_JOIN_MERGE)
                .addRuleInstance(CoreRules.FILTER_MULTI_JOIN_MERGE)
                .addMatchOrder(HepMatchOrder.ARBITRARY);
        for (RelOptRule rule : rules) {
            program.addRuleInstance(rule);
        }
        return run(program, plan);
    }

    /** The plan after {@code rules} alone, in turn. */
    static RelNode after(RelNode plan, RelOptRule... rules)
    {
        HepProgramBuilder program = new HepProgramBuilder();
        for (RelOptRule rule : rules) {
            program.addRuleInstance(rule);
        }
        return run(program, plan);
    }

    private static RelNode run(HepProgramBuilder program, RelNode plan)
    {
        HepPlanner planner = new HepPlanner(program.build());
        planner.setRoot(plan);
        return planner.findBestExp();
    }

    static MultiJoin multiJoin(RelNode rel)
    {
        if (rel instanceof MultiJoin multiJoin) {
            return multiJoin;
        }
        for (RelNode input : rel.getInputs()) {
            MultiJoin found = multiJoin(input);
            if (found != null) {
                return found;
            }
        }
        return null;
    }

    static List<Join> joins(RelNode rel)
    {
        List<Join> joins = new ArrayList<>();
        if (rel instanceof Join join) {
            joins.add(join);
        }
        for (RelNode input : rel.getInputs()) {
            joins.addAll(joins(input));
        }
        return joins;
    }

    /** The column equalities of a condition, each as "left name = right name" over {@code rel}'s input fields, in the condition's order. */
    static List<String> equalities(RexNode condition, List<String> fieldNames)
    {
        List<String> equalities = new ArrayList<>();
        for (RexNode conjunct : RelOptUtil.conjunctions(condition)) {
            if (conjunct.getKind() == SqlKind.EQUALS && conjunct instanceof RexCall call && call.getOperands().get(0) instanceof RexInputRef a
                    && call.getOperands().get(1) instanceof RexInputRef b) {
                equalities.add(fieldNames.get(a.getIndex()) + " = " + fieldNames.get(b.getIndex()));
            }
        }
        return equalities;
    }

    /** A table of INTEGER columns, {@code rows} rows: names each followed by the column's number of distinct values (1 to that number). */
    static Table table(String name, long rows, Object... columnsAndDistinctValues)
    {
        List<Column> columns = new ArrayList<>();
        Map<String, ColumnStatistics> statistics = new LinkedHashMap<>();
        for (int i = 0; i < columnsAndDistinctValues.length; i += 2) {
            String column = (String) columnsAndDistinctValues[i];
            long distinct = ((Number) columnsAndDistinctValues[i + 1]).longValue();
            columns.add(new Column(column, Type.INTEGER));
            statistics.put(column, new ColumnStatistics(distinct, 0, 1, distinct, 4));
        }
        return new Table(name, columns, List.of(), Partitioning.replicatedTable(), new TableStatistics(rows, statistics));
    }

    private void collectScans(RelNode rel)
    {
        if (rel instanceof TableScan scan) {
            scans.put(scan.getTable().getQualifiedName().getLast().toLowerCase(Locale.ROOT), scan);
        }
        rel.getInputs().forEach(this::collectScans);
    }
}
