package io.signo.sql;

import io.signo.core.driver.DriverFactory;
import io.signo.core.driver.TaskExecutor;
import io.signo.core.operator.PageCollectorOperator;
import io.signo.sql.SignoException.ErrorCode;
import io.signo.sql.planner.LogicalPlanner;
import io.signo.sql.rel.PlanNode;
import io.signo.sql.translate.JoinDistributionMode;
import io.signo.sql.translate.LocalExecutionPlanner;
import io.signo.sql.translate.PhysicalPlanner;
import io.signo.sql.translate.PlanPrinter;
import io.signo.sql.translate.PlannerOptions;
import io.signo.storage.memory.ExceededMemoryLimitException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.table.Catalog;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.apache.calcite.rel.RelNode;

import java.util.List;
import java.util.Locale;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Runs SQL statements against a catalog in this process (a cluster of one). Thread safe: several
 * statements may run at once; they share one pool of driver threads.
 */
public final class SignoEngine
        implements AutoCloseable
{
    /** {@code SET name = value}, Signo's session properties. */
    private static final Pattern SET_STATEMENT = Pattern.compile("\\s*(?i:set)\\s+(\\w+)\\s*=\\s*(.*?)\\s*;?\\s*", Pattern.DOTALL);

    private final Catalog catalog;
    private final int threads;
    private final int workers;
    private final boolean separateCoordinator;
    private final TaskExecutor executor;
    private final long queryMaxMemoryBytes;
    private volatile JoinDistributionMode joinDistribution = JoinDistributionMode.AUTOMATIC;

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
        this.separateCoordinator = separateCoordinator;
        this.catalog = catalog;
        this.threads = threads;
        this.workers = workers;
        this.executor = new TaskExecutor(threads);
        this.queryMaxMemoryBytes = queryMaxMemoryBytes;
    }

    /** Runs one statement (a query, EXPLAIN of one, or SET of a session property) and returns its whole result. */
    public QueryResult execute(String sql)
    {
        Matcher set = sql == null ? null : SET_STATEMENT.matcher(sql);
        if (set != null && set.matches()) {
            return setProperty(set.group(1), set.group(2));
        }
        PlannedQuery planned = plan(sql);
        if (planned.explain()) {
            VectorBuilder lines = new VectorBuilder(Type.VARCHAR, 64);
            List<String> rendered = PlanPrinter.render(planned.root());
            rendered.forEach(lines::appendString);
            return new QueryResult(List.of("plan"), List.of(Type.VARCHAR), List.of(new Page(rendered.size(), lines.build())));
        }
        return run(planned);
    }

    private QueryResult setProperty(String name, String valueText)
    {
        String value = valueText.strip();
        if (value.length() >= 2 && value.startsWith("'") && value.endsWith("'")) {
            value = value.substring(1, value.length() - 1);
        }
        switch (name.toLowerCase(Locale.ROOT)) {
            case "join_distribution" -> joinDistribution = JoinDistributionMode.parse(value);
            default -> throw new SignoException(ErrorCode.INVALID_ARGUMENT, "unknown session property: " + name + " (known: join_distribution)");
        }
        VectorBuilder text = new VectorBuilder(Type.VARCHAR, 1);
        text.appendString(name.toLowerCase(Locale.ROOT) + " = " + value.toLowerCase(Locale.ROOT));
        return new QueryResult(List.of("set"), List.of(Type.VARCHAR), List.of(new Page(1, text.build())));
    }

    /** A statement planned down to its physical plan. */
    public record PlannedQuery(PlanNode root, List<String> columnNames, boolean explain) {}

    public PlannedQuery plan(String sql)
    {
        if (sql == null || sql.isBlank()) {
            throw new SignoException(ErrorCode.SYNTAX_ERROR, "empty statement");
        }
        try {
            LogicalPlanner.LogicalPlan logical = new LogicalPlanner(catalog).plan(sql);
            RelNode rel = logical.root();
            PlannerOptions options = new PlannerOptions(workers, joinDistribution, PlannerOptions.DEFAULT_BROADCAST_LIMIT_BYTES, separateCoordinator);
            PlanNode root = new PhysicalPlanner(rel.getCluster().getRexBuilder(), rel.getCluster().getMetadataQuery(), options).plan(rel);
            return new PlannedQuery(root, logical.columnNames(), logical.explain());
        }
        catch (SignoException e) {
            throw e;
        }
        catch (RuntimeException | StackOverflowError e) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "planning failed: " + e, e);
        }
    }

    /** Runs a query planned by {@link #plan} (for example one decoded from another node); EXPLAIN is not run. */
    public QueryResult execute(PlannedQuery planned)
    {
        if (planned.explain()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "an EXPLAIN plan cannot be executed");
        }
        return run(planned);
    }

    private QueryResult run(PlannedQuery planned)
    {
        PageCollectorOperator.ResultPages result = new PageCollectorOperator.ResultPages();
        List<DriverFactory> pipelines = new LocalExecutionPlanner(workers, threads).plan(planned.root(), result);
        MemoryPool queryPool = new MemoryPool("query", queryMaxMemoryBytes);
        CompletableFuture<Void> done = executor.execute(pipelines, queryPool);
        try {
            done.get();
        }
        catch (InterruptedException e) {
            done.cancel(true);
            Thread.currentThread().interrupt();
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "query interrupted", e);
        }
        catch (CancellationException e) {
            throw new SignoException(ErrorCode.INTERNAL_ERROR, "query cancelled", e);
        }
        catch (ExecutionException e) {
            throw translateFailure(e.getCause());
        }
        return new QueryResult(planned.columnNames(), planned.root().outputTypes(), result.pages());
    }

    private static SignoException translateFailure(Throwable failure)
    {
        return switch (failure) {
            case SignoException signo -> signo;
            case ExceededMemoryLimitException memory -> new SignoException(ErrorCode.EXCEEDED_MEMORY_LIMIT, memory.getMessage(), memory);
            case ArithmeticException arithmetic when String.valueOf(arithmetic.getMessage()).toLowerCase().contains("division by zero") ->
                    new SignoException(ErrorCode.DIVISION_BY_ZERO, "Division by zero", arithmetic);
            case ArithmeticException arithmetic -> new SignoException(ErrorCode.NUMERIC_OVERFLOW, String.valueOf(arithmetic.getMessage()), arithmetic);
            case IllegalArgumentException invalid -> new SignoException(ErrorCode.INVALID_ARGUMENT, invalid.getMessage(), invalid);
            default -> new SignoException(ErrorCode.INTERNAL_ERROR, "query failed: " + failure, failure);
        };
    }

    @Override
    public void close()
    {
        executor.close();
    }
}
