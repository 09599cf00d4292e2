package io.signo.sql;

import io.signo.core.driver.TaskExecutor;
import io.signo.sql.ddl.ClusterWrites;
import io.signo.sql.ddl.DatabaseStatements;
import io.signo.sql.ddl.StatementKind;
import io.signo.sql.execution.ExecutionTarget;
import io.signo.sql.execution.InProcessTarget;
import io.signo.sql.execution.QueryExecution;
import io.signo.sql.fragment.ClusterShape;
import io.signo.sql.fragment.FragmentedPlan;
import io.signo.sql.planner.LogicalPlanner;
import io.signo.sql.planner.PostgresColumnNames;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.rel.TableScanNode;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlanPrinter;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.sql.SqlNode;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static java.util.Objects.requireNonNull;

/**
 * Runs SQL statements against a catalog in this process (a cluster of one). Thread safe: several
 * statements may run at once; they share one pool of driver threads.
 */
public final class SignoEngine
        implements AutoCloseable
{
    /** {@code SET name = value} (or {@code TO value}), Signo's session properties. */
    private static final Pattern SET_STATEMENT = Pattern.compile("\\s*(?i:set)\\s+(\\w+)\\s*(?:=|\\s(?i:to)\\s)\\s*(.*?)\\s*;?\\s*", Pattern.DOTALL);
    /** Comments before a statement's first word. */
    private static final Pattern LEADING_COMMENTS = Pattern.compile("^(\\s*(--[^\\n]*(\\n|$)|/\\*.*?\\*/))*", Pattern.DOTALL);
    /** PostgreSQL's {@code SET TIME ZONE value}: the session's {@code timezone}. */
    private static final Pattern SET_TIME_ZONE = Pattern.compile("\\s*(?i:set)\\s+(?i:time)\\s+(?i:zone)\\s+(.*?)\\s*;?\\s*", Pattern.DOTALL);

    private final Catalog catalog;
    /** Null when the catalog is not a database's (generated TPC-H): then nothing can be written. */
    private final Database database;
    private final DatabaseStatements databaseStatements;
    private final int workers;
    private final boolean separateCoordinator;
    private final TaskExecutor executor;
    private final QueryMemoryLimit memoryLimit;
    /** Every node of the cluster the plans are cut for, in this process. */
    private final InProcessTarget inProcess;
    /** Where queries run: this process, or the nodes of the cluster this process coordinates (a target per query). */
    private final Supplier<ExecutionTarget> targets;
    /** The session of callers that bring none (the command line, tests): one at a time. */
    private final Session defaultSession = new Session("signo");
    /** The plans of the queries clients sent last, reused when one comes again against the same catalog version. */
    private final PlanCache plans = new PlanCache();

    public SignoEngine(Catalog catalog, int threads)
    {
        this(catalog, threads, 1, Runtime.getRuntime().maxMemory());
    }

    /**
     * @param workers how many worker nodes the plans are cut for; each is instantiated in this process
     *        with {@code threads} drivers per pipeline, over its share of the table partitions
     */
    public SignoEngine(Catalog catalog, int threads, int workers, long queryMaxMemoryBytes)
    {
        this(catalog, threads, workers, queryMaxMemoryBytes, false);
    }

    /**
     * @param separateCoordinator plans are for a cluster of processes, where this coordinator is a node
     *        apart from the workers even when there is one worker
     */
    public SignoEngine(Catalog catalog, int threads, int workers, long queryMaxMemoryBytes, boolean separateCoordinator)
    {
        this(catalog, null, threads, workers, queryMaxMemoryBytes, separateCoordinator, null, null);
    }

    /** An engine over a database in this process: its tables can be created and written. Closing the engine closes the database. */
    public SignoEngine(Database database, int threads)
    {
        this(database, threads, Runtime.getRuntime().maxMemory());
    }

    public SignoEngine(Database database, int threads, long queryMaxMemoryBytes)
    {
        this(database.catalog(), database, threads, 1, queryMaxMemoryBytes, false, null, null);
    }

    /**
     * The engine of a cluster's coordinator over its database: plans for {@code cluster}'s workers,
     * runs every query on a target {@code clusterTargets} makes (one per query), and writes through
     * the workers.
     */
    public SignoEngine(Database database, int threads, long queryMaxMemoryBytes, ClusterWrites cluster, Supplier<ExecutionTarget> clusterTargets)
    {
        this(database.catalog(), database, threads, cluster.workerCount(), queryMaxMemoryBytes, true, cluster, requireNonNull(clusterTargets, "clusterTargets is null"));
    }

    private SignoEngine(Catalog catalog, Database database, int threads, int workers, long queryMaxMemoryBytes, boolean separateCoordinator, ClusterWrites cluster,
            Supplier<ExecutionTarget> clusterTargets)
    {
        this.separateCoordinator = separateCoordinator;
        this.catalog = catalog;
        this.database = database;
        this.databaseStatements = new DatabaseStatements(database, this, cluster);
        this.workers = workers;
        this.executor = new TaskExecutor(threads);
        this.memoryLimit = new QueryMemoryLimit(queryMaxMemoryBytes);
        this.inProcess = new InProcessTarget(executor, new ClusterShape(workers, threads, false), memoryLimit);
        this.targets = clusterTargets != null ? clusterTargets : () -> inProcess;
    }

    /**
     * Whether joins may build on each worker's own copy of a replicated table. Every node holds the
     * replicated tables whole, whatever the source (a generator's share, a cluster database's copies,
     * or this process's memory shared by its simulated workers); with one node there is nothing to
     * broadcast anyway.
     */
    private boolean replicatedOnWorkers()
    {
        return workers > 1 || separateCoordinator;
    }

    public Catalog catalog()
    {
        return catalog;
    }

    /** Runs one statement (a query, EXPLAIN of one, or SET of a session property) and returns its whole result. */
    public QueryResult execute(String sql)
    {
        return execute(defaultSession, sql, new QueryControl());
    }

    /**
     * Runs one statement for a client's session and returns its whole result; {@code control} learns
     * the plan and may cancel the statement from another thread.
     */
    public QueryResult execute(Session session, String sql, QueryControl control)
    {
        return start(session, sql, control).collect();
    }

    /**
     * Starts one statement for a client's session and returns its result as it is produced;
     * {@code control} learns the plan and may cancel the statement from another thread. Planning
     * errors are thrown here, errors of the running query by the stream.
     */
    public ResultStream start(Session session, String sql, QueryControl control)
    {
        QueryResult set = trySetStatement(session, sql);
        if (set != null) {
            return ResultStream.of(set);
        }
        StatementKind kind = StatementKind.of(sql);
        if (kind != StatementKind.QUERY) {
            return ResultStream.of(databaseStatements.execute(kind, session, sql, control));
        }
        PlannedQuery planned = plan(session, sql, control);
        if (planned.analyze()) {
            return ResultStream.of(explainAnalyzeResult(planned, session, control, targets.get()));
        }
        if (planned.explain()) {
            return ResultStream.of(explainResult(planned));
        }
        return start(planned, session, control, targets.get());
    }

    /** Cuts a planned query into stages for {@code target}'s nodes and starts them there. */
    public static ResultStream start(PlannedQuery planned, Session session, QueryControl control, ExecutionTarget target)
    {
        FragmentedPlan fragmented = FragmentedPlan.fragment(planned.root(), target.shape());
        control.steps().mark("fragmented");
        return QueryExecution.start(planned.columnNames(), planned.root().outputTypes(), fragmented, target, session, control);
    }

    /** The result of a {@code SET name = value} statement after applying it to the session, or null when {@code sql} is not one. */
    public static QueryResult trySetStatement(Session session, String sql)
    {
        if (sql == null) {
            return null;
        }
        String statement = LEADING_COMMENTS.matcher(sql).replaceFirst("");
        String name;
        String value;
        Matcher timeZone = SET_TIME_ZONE.matcher(statement);
        Matcher set = SET_STATEMENT.matcher(statement);
        if (timeZone.matches()) {
            name = Session.TIME_ZONE;
            value = timeZone.group(1).strip();
        }
        else if (set.matches()) {
            name = set.group(1);
            value = set.group(2).strip();
        }
        else {
            return null;
        }
        if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
            value = value.substring(1, value.length() - 1);
        }
        String shown = session.set(name, value);
        VectorBuilder text = new VectorBuilder(Type.VARCHAR, 1);
        text.appendString(name.toLowerCase(Locale.ROOT) + " = " + shown);
        return new QueryResult(List.of("set"), List.of(Type.VARCHAR), List.of(new Page(1, text.build())));
    }

    /** The rendered plan of an EXPLAIN statement as a one-column result. */
    public static QueryResult explainResult(PlannedQuery planned)
    {
        VectorBuilder lines = new VectorBuilder(Type.VARCHAR, 64);
        List<String> rendered = PlanPrinter.render(planned.root());
        rendered.forEach(lines::appendString);
        return new QueryResult(List.of("plan"), List.of(Type.VARCHAR), List.of(new Page(rendered.size(), lines.build())));
    }

    /**
     * The result of EXPLAIN ANALYZE: runs the query on {@code target}, reading and dropping its rows,
     * then renders the plan with what each operator did, summed over drivers and nodes, after a line
     * with the query's time, result rows and peak memory.
     */
    public static QueryResult explainAnalyzeResult(PlannedQuery planned, Session session, QueryControl control, ExecutionTarget target)
    {
        long start = System.nanoTime();
        long rows = 0;
        try (ResultStream result = start(planned, session, control, target)) {
            for (Page page = result.nextPage(); page != null; page = result.nextPage()) {
                rows += page.positionCount();
            }
            result.awaitStatistics();
        }
        long elapsedNanos = System.nanoTime() - start;
        VectorBuilder lines = new VectorBuilder(Type.VARCHAR, 64);
        List<String> rendered = new ArrayList<>();
        rendered.add(String.format(Locale.ROOT, "Query ran in %.2f ms, %d result row%s, peak memory %d bytes", elapsedNanos / 1e6, rows, rows == 1 ? "" : "s",
                control.statistics().peakBytes()));
        rendered.addAll(PlanPrinter.render(planned.root(), control.statistics().operators()));
        rendered.forEach(lines::appendString);
        return new QueryResult(List.of("plan"), List.of(Type.VARCHAR), List.of(new Page(rendered.size(), lines.build())));
    }

    /** A statement planned down to its physical plan; {@code analyze} for EXPLAIN ANALYZE, where {@code explain} is true too. */
    public record PlannedQuery(PlanNode root, List<String> columnNames, boolean explain, boolean analyze)
    {
        public PlannedQuery(PlanNode root, List<String> columnNames, boolean explain)
        {
            this(root, columnNames, explain, false);
        }
    }

    public PlannedQuery plan(String sql)
    {
        return plan(defaultSession, sql, new QueryControl());
    }

    /**
     * Plans a statement a client sent with the session's properties and hands the plan to
     * {@code control}. Its unnamed result columns are named as PostgreSQL names them
     * ({@link PostgresColumnNames}: {@code count(*)} is {@code count}), so that every client, JDBC,
     * REST, the PostgreSQL protocol and the command line, shows the same names.
     */
    public PlannedQuery plan(Session session, String sql, QueryControl control)
    {
        Catalog snapshot = catalog.snapshot();
        boolean cached = session.planCache();
        PlannedQuery reused = cached ? plans.get(sql, session, snapshot.version()) : null;
        if (reused != null) {
            control.checkNotCancelled();
            control.steps().mark("plan reused");
            control.planned(reused.root());
            return reused;
        }
        Planned planned = plan(session, sql, control, snapshot, true);
        // EXPLAIN is planned every time: it shows a person what planning does now
        if (cached && planned.reusable() && !planned.query().explain() && readsOnlyCatalogTables(planned.query().root(), snapshot)) {
            plans.put(sql, session, snapshot.version(), planned.query());
        }
        return planned.query();
    }

    /**
     * Whether every table {@code plan} reads is one {@code catalog} holds: a file's table (read_csv,
     * a view over a file), information_schema's and pg_catalog's are made for the statement and may
     * read differently the next time, with the catalog's version unchanged.
     */
    private static boolean readsOnlyCatalogTables(PlanNode plan, Catalog catalog)
    {
        if (plan instanceof TableScanNode scan && catalog.table(scan.table().name()) != scan.table()) {
            return false;
        }
        for (PlanNode source : plan.sources()) {
            if (!readsOnlyCatalogTables(source, catalog)) {
                return false;
            }
        }
        return true;
    }

    /** Runs a planned query where the engine runs queries: this process, or its cluster. */
    public ResultStream start(PlannedQuery planned, Session session, QueryControl control)
    {
        return start(planned, session, control, targets.get());
    }

    /** Runs a statement that is not a query (a write, a definition, SHOW or DESCRIBE). */
    public QueryResult executeStatement(StatementKind kind, Session session, String sql, QueryControl control)
    {
        return databaseStatements.execute(kind, session, sql, control);
    }

    /**
     * Runs INSERT, UPDATE and DELETE statements as one atomic unit with one commit (see
     * {@link DatabaseStatements#executeAtomically}); returns each statement's row count.
     */
    public List<Long> executeAtomically(Session session, List<String> statements, QueryControl control)
    {
        return databaseStatements.executeAtomically(session, statements, control);
    }

    /** The database the engine stores its tables in, or null when its tables are generated and read-only. */
    public Database database()
    {
        return database;
    }

    /** Plans a query against {@code catalog}: a snapshot, possibly with a table shown differently (its row ids, for a write). */
    public PlannedQuery plan(Session session, String sql, QueryControl control, Catalog catalog)
    {
        return plan(session, sql, control, catalog, false).query();
    }

    /** A planned query, and whether its plan may serve the same statement again (see {@link LogicalPlanner.LogicalPlan#reusable()}). */
    private record Planned(PlannedQuery query, boolean reusable) {}

    private Planned plan(Session session, String sql, QueryControl control, Catalog catalog, boolean clientNames)
    {
        if (sql == null || sql.isBlank()) {
            control.checkNotCancelled();
            throw new SignoException(ErrorCode.SYNTAX_ERROR, "empty statement");
        }
        return plan(session, control, catalog, planner -> planner.plan(sql), clientNames);
    }

    /**
     * Plans a query already parsed ({@link LogicalPlanner#plan(SqlNode, java.util.function.Supplier)}):
     * a statement's query built around a part of the statement, whose text is then not parsed again.
     */
    public PlannedQuery plan(Session session, SqlNode parsed, java.util.function.Supplier<SqlNode> parseAgain, QueryControl control, Catalog catalog)
    {
        return plan(session, control, catalog, planner -> planner.plan(parsed, parseAgain), false).query();
    }

    /** @param clientNames whether the columns take the names a client sees (its unnamed ones as PostgreSQL names them) */
    private Planned plan(Session session, QueryControl control, Catalog catalog, java.util.function.Function<LogicalPlanner, LogicalPlanner.LogicalPlan> logicalPlanning,
            boolean clientNames)
    {
        control.checkNotCancelled();
        try {
            LogicalPlanner.LogicalPlan logical = logicalPlanning.apply(new LogicalPlanner(catalog, session.timeZone()));
            RelNode rel = logical.root();
            control.steps().mark("parsed and optimized");
            PlannerOptions options = new PlannerOptions(workers, session.joinDistribution(), PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, separateCoordinator, session.runtimeFilters(),
                    replicatedOnWorkers(), session.maxRecursionDepth());
            PlanNode root = new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), options).plan(rel);
            control.steps().mark("physical plan");
            control.planned(root);
            return new Planned(new PlannedQuery(root, clientNames ? logical.clientColumnNames() : logical.columnNames(), logical.explain(), logical.analyze()), logical.reusable());
        }
        catch (SignoException e) {
            throw e;
        }
        catch (StackOverflowError e) {
            throw new SignoException(ErrorCode.STATEMENT_TOO_COMPLEX, "the statement is too complex to plan: its nesting exhausted the planner's stack", e);
        }
        catch (RuntimeException | AssertionError e) {
            // Calcite reports a broken invariant with an AssertionError (Litmus.THROW) even without -ea: a bug of planning, not of the process
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "planning failed: " + e, e);
        }
    }

    /** Runs a query planned by {@link #plan} (for example one decoded from another node); EXPLAIN is not run. */
    public QueryResult execute(PlannedQuery planned)
    {
        if (planned.explain()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "an EXPLAIN plan cannot be executed");
        }
        return start(planned, defaultSession, new QueryControl(), targets.get()).collect();
    }

    /** The memory pool of one query: the session's limit when it set one, never above the engine's. */
    public MemoryPool queryMemoryPool(Session session, String name)
    {
        return memoryLimit.pool(session, name);
    }

    /** The user-facing error for a failure inside a running query. */
    public static SignoException translateFailure(Throwable failure)
    {
        return SignoException.of(failure);
    }

    @Override
    public void close()
    {
        executor.close();
        databaseStatements.close();
        if (database != null) {
            database.close();
        }
    }
}
