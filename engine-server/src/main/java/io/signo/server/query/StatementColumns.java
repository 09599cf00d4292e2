package io.signo.server.query;

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
import org.apache.calcite.rel.RelNode;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The result columns of a statement, found by planning it without running it: what a prepared
 * statement reports before it executes (JDBC's prepare, the PostgreSQL protocol's Describe).
 * Planning also validates it, so a syntax or name error shows before it runs.
 */
public final class StatementColumns
{
    private static final Pattern SET_STATEMENT = Pattern.compile("\\s*(?i:set)\\s+\\w+\\s*=.*", Pattern.DOTALL);

    /** The names and types of a statement's result columns. */
    public record Columns(List<String> names, List<Type> types)
    {
        public Columns
        {
            names = List.copyOf(names);
            types = List.copyOf(types);
        }
    }

    private StatementColumns() {}

    public static Columns describe(Catalog catalog, Session session, String sql)
    {
        if (SET_STATEMENT.matcher(sql).matches()) {
            return new Columns(List.of("set"), List.of(Type.VARCHAR));
        }
        StatementKind kind = StatementKind.of(sql);
        if (kind != StatementKind.QUERY) {
            QueryResult answer = DatabaseStatements.emptyAnswer(kind);
            return new Columns(answer.columnNames(), answer.columnTypes());
        }
        try {
            LogicalPlanner.LogicalPlan logical = new LogicalPlanner(catalog.snapshot(), session.timeZone()).plan(sql);
            if (logical.explain()) {
                return new Columns(List.of("plan"), List.of(Type.VARCHAR));
            }
            RelNode rel = logical.root();
            PlannerOptions options = new PlannerOptions(1, session.joinDistribution(), PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, false, session.runtimeFilters());
            PlanNode root = new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), options).plan(rel);
            // named as the statement's result will name them (SignoEngine.plan)
            return new Columns(logical.clientColumnNames(), root.outputTypes());
        }
        catch (SignoException e) {
            throw e;
        }
        catch (StackOverflowError e) {
            throw new SignoException(ErrorCode.STATEMENT_TOO_COMPLEX, "the statement is too complex to plan: its nesting exhausted the planner's stack", e);
        }
        catch (RuntimeException e) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "planning failed: " + e, e);
        }
    }

    /**
     * The types of the {@code ?} parameters of a query, in the order they appear, as validation
     * infers them from where they stand.
     */
    public static List<Type> parameterTypes(Catalog catalog, Session session, String sqlWithQuestionMarks)
    {
        try {
            return new LogicalPlanner(catalog.snapshot(), session.timeZone()).parameterTypes(sqlWithQuestionMarks);
        }
        catch (SignoException e) {
            throw e;
        }
        catch (RuntimeException | StackOverflowError e) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "validating the statement's parameters failed: " + e, e);
        }
    }
}
