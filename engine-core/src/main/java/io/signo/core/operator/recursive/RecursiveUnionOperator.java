package io.signo.core.operator.recursive;

import io.signo.core.driver.Driver;
import io.signo.core.driver.DriverFactory;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.aggregation.DistinctRows;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static java.util.Objects.requireNonNull;

/**
 * A recursive CTE ({@code WITH RECURSIVE t AS (seed UNION [ALL] recursive term)}), evaluated as
 * PostgreSQL's WorkTable and DuckDB's recursive CTE do: the seed's rows, which come in as this
 * operator's input, are the first working table; the recursive term then runs again and again over
 * the working table the run before produced, each run's rows becoming the next working table, until a
 * run produces no row. The result, streamed out as it grows, is the seed's rows and every run's. For
 * {@code UNION} (distinct) a row already in the result is neither output nor put into the working
 * table again, so a recursion over a cycle ends.
 *
 * <p>Where the loop runs. Signo plans every query for a cluster, so the loop could be the
 * coordinator starting each run as a distributed sub-plan of its own over an in-memory working
 * table. Instead the recursion is gathered onto one node: it is this operator, on one driver of the
 * coordinator, which the planner gathers the seed to. What is large stays distributed: the parts of
 * the recursive term that do not read the working table (scans and joins of tables) run once, with
 * the full distributed plan, before the first run, and are kept in {@link PageTable}s. Each run of the
 * term is then a small set of pipelines over the working table and those tables, which this operator
 * creates from the {@link IterationPlanner} and drives itself, inside its own {@link #getOutput()}
 * calls. So a query starts on its nodes once, like any other; a run costs no round trip to the
 * workers and no new tasks (a series of 1,000 rows is 1,000 runs); and a run never waits on another
 * node: when every pipeline of a run waits on another one (a probe for its build), the operator
 * reports their futures as its own. The price is that each run's work is one driver's, and the parts
 * computed once are held whole on the coordinator.
 *
 * <p>Limits: a run that produces rows after {@code maxIterations} runs fails the query with
 * {@link ErrorCode#RECURSION_LIMIT_EXCEEDED}; the working table, each run's output, the inputs
 * computed once and (for {@code UNION}) the rows seen are counted against the query's memory.
 */
public final class RecursiveUnionOperator
        implements Operator
{
    /** How long one call drives a run's pipeline before it lets the caller's driver look around. */
    private static final long RUN_QUANTUM_NANOS = TimeUnit.MILLISECONDS.toNanos(10);

    /**
     * Plans one run of the recursive term: pipelines reading the working table and the inputs, the
     * last one ending in a {@link PageTableSinkOperator} into the run's output table. Called once per
     * run, because pipelines are used once (a hash join's bridge is built once).
     */
    public interface IterationPlanner
    {
        List<DriverFactory> plan();
    }

    /** Creates the one operator of a recursion; the tables it is given belong to that operator, which closes them. */
    public static final class Factory
            implements OperatorFactory
    {
        private final String name;
        private final List<Type> types;
        private final boolean distinct;
        private final int maxIterations;
        private final PageTable workingTable;
        private final PageTable runOutput;
        private final List<PageTable> inputs;
        private final IterationPlanner iterations;
        private final AtomicBoolean created = new AtomicBoolean();

        /**
         * @param name the CTE's name, for errors
         * @param types the columns of the seed, of every run's output and of the result
         * @param distinct UNION rather than UNION ALL: a row already in the result is not added again
         * @param maxIterations how many runs of the recursive term may produce rows
         * @param workingTable the table the recursive term's working-table scans read, which the operator fills
         * @param runOutput the table a run's last pipeline writes into, which the operator empties after each run
         * @param inputs parts of the recursive term computed once by pipelines of their own, complete before the first run
         * @param iterations plans the pipelines of each run
         */
        public Factory(String name, List<Type> types, boolean distinct, int maxIterations, PageTable workingTable, PageTable runOutput, List<PageTable> inputs,
                IterationPlanner iterations)
        {
            this.name = requireNonNull(name, "name is null");
            this.types = List.copyOf(types);
            this.distinct = distinct;
            if (maxIterations < 0) {
                throw new IllegalArgumentException("maxIterations is negative: " + maxIterations);
            }
            this.maxIterations = maxIterations;
            this.workingTable = requireNonNull(workingTable, "workingTable is null");
            this.runOutput = requireNonNull(runOutput, "runOutput is null");
            this.inputs = List.copyOf(inputs);
            this.iterations = requireNonNull(iterations, "iterations is null");
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            if (!created.compareAndSet(false, true)) {
                throw new IllegalStateException("a recursion runs on one driver; a second operator of " + name + " was created");
            }
            return new RecursiveUnionOperator(this, context);
        }

        @Override
        public String name()
        {
            return "RecursiveUnion";
        }
    }

    private enum State
    {
        /** Taking the seed's rows. */
        SEED,
        /** Running the recursive term over the working table, one run after another. */
        RECURSING,
        /** No run left: only output to hand out. */
        DONE
    }

    private final Factory factory;
    private final OperatorContext context;
    private final DistinctRows seen;
    private final ArrayDeque<Page> output = new ArrayDeque<>();
    private final CompletableFuture<Void> inputsComplete;
    private State state = State.SEED;
    /** The drivers of the run under way, null between runs. */
    private List<Driver> run;
    private CompletableFuture<?>[] runBlocked;
    private CompletableFuture<?> blocked = NOT_BLOCKED;
    private int iterations;

    private RecursiveUnionOperator(Factory factory, OperatorContext context)
    {
        this.factory = factory;
        this.context = context;
        this.seen = factory.distinct ? new DistinctRows(factory.types) : null;
        this.inputsComplete = CompletableFuture.allOf(factory.inputs.stream().map(PageTable::complete).toArray(CompletableFuture[]::new));
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        if (state == State.RECURSING && output.isEmpty()) {
            if (!inputsComplete.isDone()) {
                return inputsComplete;
            }
            return blocked;
        }
        return NOT_BLOCKED;
    }

    @Override
    public boolean needsInput()
    {
        return state == State.SEED;
    }

    @Override
    public void addInput(Page page)
    {
        if (state != State.SEED) {
            throw new IllegalStateException("the seed's rows came after its end");
        }
        Page added = newRows(page);
        if (added != null) {
            factory.workingTable.add(added, context.queryPool());
            output.add(added);
        }
    }

    @Override
    public void finish()
    {
        if (state == State.SEED) {
            state = factory.workingTable.isEmpty() ? State.DONE : State.RECURSING;
        }
    }

    @Override
    public Page getOutput()
    {
        if (output.isEmpty() && state == State.RECURSING && inputsComplete.isDone()) {
            recurse();
        }
        return output.poll();
    }

    @Override
    public boolean isFinished()
    {
        return state == State.DONE && output.isEmpty();
    }

    /** Drives the run under way (starting one when none is) for a quantum; a run that ended makes the next working table. */
    private void recurse()
    {
        if (run == null) {
            startRun();
        }
        long deadline = System.nanoTime() + RUN_QUANTUM_NANOS;
        List<CompletableFuture<?>> waiting = new ArrayList<>();
        boolean running = false;
        boolean runnable = false;
        for (int i = 0; i < run.size(); i++) {
            Driver driver = run.get(i);
            if (driver == null) {
                continue;
            }
            if (runBlocked[i].isDone()) {
                runBlocked[i] = driver.process(Math.max(0, deadline - System.nanoTime()));
                if (driver.isFinished()) {
                    driver.close();
                    run.set(i, null);
                    continue;
                }
            }
            running = true;
            if (runBlocked[i].isDone()) {
                runnable = true;
            }
            else {
                waiting.add(runBlocked[i]);
            }
        }
        if (running) {
            // every pipeline of the run waits on another one's future: the caller's driver waits with them
            blocked = runnable ? NOT_BLOCKED : CompletableFuture.anyOf(waiting.toArray(CompletableFuture[]::new));
            return;
        }
        blocked = NOT_BLOCKED;
        run = null;
        endRun();
    }

    private void startRun()
    {
        iterations++;
        List<DriverFactory> pipelines = factory.iterations.plan();
        List<Driver> drivers = new ArrayList<>();
        try {
            for (DriverFactory pipeline : pipelines) {
                for (int i = 0; i < pipeline.driverCount(); i++) {
                    drivers.add(pipeline.createDriver(i, context.queryPool()));
                }
            }
        }
        catch (RuntimeException e) {
            drivers.forEach(Driver::close);
            throw e;
        }
        run = drivers;
        runBlocked = new CompletableFuture<?>[drivers.size()];
        Arrays.fill(runBlocked, NOT_BLOCKED);
    }

    /** The run's rows (the new ones, for UNION) become the output and the next working table. */
    private void endRun()
    {
        List<Page> produced = factory.runOutput.takeAll();
        factory.workingTable.takeAll();
        for (Page page : produced) {
            Page added = newRows(page);
            if (added != null) {
                if (iterations > factory.maxIterations) {
                    throw new SignoException(ErrorCode.RECURSION_LIMIT_EXCEEDED, "recursive query " + factory.name + " still produced rows after "
                            + factory.maxIterations + " iterations of its recursive term (max_recursion_depth): make the recursion end, or raise the limit with SET max_recursion_depth = <n>");
                }
                factory.workingTable.add(added, context.queryPool());
                output.add(added);
            }
        }
        if (factory.workingTable.isEmpty()) {
            state = State.DONE;
        }
    }

    /** The rows of {@code page} to add to the result: all for UNION ALL, those not seen yet for UNION; null for none. */
    private Page newRows(Page page)
    {
        if (page.positionCount() == 0) {
            return null;
        }
        if (seen == null) {
            return page;
        }
        Page added = seen.newRows(page, context.allocator());
        context.memory().setBytes(seen.retainedBytes());
        return added;
    }

    @Override
    public void close()
    {
        RuntimeException failure = null;
        if (run != null) {
            for (Driver driver : run) {
                if (driver != null) {
                    try {
                        driver.close();
                    }
                    catch (RuntimeException e) {
                        failure = failure == null ? e : failure;
                    }
                }
            }
            run = null;
        }
        output.clear();
        factory.workingTable.close();
        factory.runOutput.close();
        factory.inputs.forEach(PageTable::close);
        context.memory().setBytes(0);
        if (failure != null) {
            throw failure;
        }
    }
}
