package io.signo.server.jdbc;

import io.signo.sql.QueryResult;
import io.signo.sql.Session;
import io.signo.sql.ddl.DatabaseStatements;
import io.signo.sql.ddl.StatementKind;
import io.signo.sql.planner.LogicalPlanner;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Catalog;
import io.signo.storage.type.Type;
import org.apache.calcite.avatica.ColumnMetaData;
import org.apache.calcite.rel.RelNode;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The result columns of a statement, found by planning it without running it: what a prepared
 * statement reports before it executes. Planning also validates it, so a syntax or name error shows
 * at prepare time.
 */
final class StatementDescriber
{
    private static final Pattern SET_STATEMENT = Pattern.compile("\\s*(?i:set)\\s+\\w+\\s*=.*", Pattern.DOTALL);

    private StatementDescriber() {}

    static List<ColumnMetaData> describe(Catalog catalog, Session session, String sql)
    {
        if (SET_STATEMENT.matcher(sql).matches()) {
            return JdbcTypes.columns(List.of("set"), List.of(Type.VARCHAR));
        }
        if (CancelCommand.parse(sql) != null) {
            return CancelCommand.COLUMNS;
        }
        StatementKind kind = StatementKind.of(sql);
        if (kind != StatementKind.QUERY) {
            QueryResult answer = DatabaseStatements.emptyAnswer(kind);
            return JdbcTypes.columns(answer.columnNames(), answer.columnTypes());
        }
        try {
            LogicalPlanner.LogicalPlan logical = new LogicalPlanner(catalog.snapshot()).plan(sql);
            if (logical.explain()) {
                return JdbcTypes.columns(List.of("plan"), List.of(Type.VARCHAR));
            }
            RelNode rel = logical.root();
            PlannerOptions options = new PlannerOptions(1, session.joinDistribution(), PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false, session.runtimeFilters());
            PlanNode root = new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), options).plan(rel);
            return JdbcTypes.columns(logical.columnNames(), root.outputTypes());
        }
        catch (SignoException e) {
            throw e;
        }
        catch (RuntimeException | StackOverflowError e) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "planning failed: " + e, e);
        }
    }
}
