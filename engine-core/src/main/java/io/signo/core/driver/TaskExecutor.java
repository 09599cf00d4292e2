package io.signo.core.driver;

import io.signo.storage.memory.MemoryPool;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A fixed pool of threads, one per core, that runs the drivers of every query. No thread is tied to
 * a query: a driver runs for a quantum, and a blocked driver is parked on its future and put back
 * in the queue when the future completes, so no thread ever waits inside an operator.
 */
public final class TaskExecutor
        implements AutoCloseable
{
    private static final long QUANTUM_NANOS = TimeUnit.MILLISECONDS.toNanos(100);

    private final int threads;
    private final ExecutorService executor;

    public TaskExecutor(int threads)
    {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be positive: " + threads);
        }
        this.threads = threads;
        AtomicInteger counter = new AtomicInteger();
        this.executor = Executors.newFixedThreadPool(threads, runnable -> {
            Thread thread = new Thread(runnable, "signo-driver-" + counter.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
    }

    public int threads()
    {
        return threads;
    }

    /**
     * Creates and runs every driver of the given pipelines. The returned future completes when all
     * drivers finished, or exceptionally with the first failure, after which the remaining drivers
     * are closed. Cancelling the future stops the query.
     */
    public CompletableFuture<Void> execute(List<DriverFactory> pipelines, MemoryPool queryPool)
    {
        QueryRun run = new QueryRun();
        try {
            for (DriverFactory pipeline : pipelines) {
                for (int i = 0; i < pipeline.driverCount(); i++) {
                    run.drivers.add(pipeline.createDriver(i, queryPool));
                }
            }
        }
        catch (RuntimeException e) {
            run.fail(e);
            return run.done;
        }
        run.remaining.set(run.drivers.size());
        if (run.drivers.isEmpty()) {
            // a node without a stage of this query (one that reads only replicated tables runs on the coordinator)
            run.done.complete(null);
            return run.done;
        }
        for (Driver driver : run.drivers) {
            schedule(run, driver);
        }
        return run.done;
    }

    /**
     * Runs {@code setup} on a driver thread, after the quanta queued before it: the start of a query's
     * tasks on a node (decoding its plan, building its pipelines), whose drivers are then scheduled
     * from the thread that will run them rather than handed over from another. Must not block.
     */
    public CompletableFuture<Void> runSetup(Runnable setup)
    {
        return CompletableFuture.runAsync(setup, executor);
    }

    private void schedule(QueryRun run, Driver driver)
    {
        try {
            executor.execute(() -> runQuantum(run, driver));
        }
        catch (RuntimeException e) {
            run.fail(e);
        }
    }

    private void runQuantum(QueryRun run, Driver driver)
    {
        if (run.done.isDone()) {
            run.closeAll();
            return;
        }
        try {
            CompletableFuture<?> blocked;
            synchronized (driver) {
                if (run.done.isDone()) {
                    // the query failed after the check above; closeAll closes this driver, if it has not already
                    return;
                }
                blocked = driver.process(QUANTUM_NANOS);
                if (driver.isFinished()) {
                    driver.close();
                    if (run.remaining.decrementAndGet() == 0) {
                        run.done.complete(null);
                    }
                    return;
                }
            }
            if (blocked.isDone()) {
                schedule(run, driver);
            }
            else {
                blocked.whenComplete((ignored, failure) -> schedule(run, driver));
            }
        }
        catch (Throwable e) {
            run.fail(e);
        }
    }

    @Override
    public void close()
    {
        executor.shutdownNow();
    }

    private static final class QueryRun
    {
        final List<Driver> drivers = new ArrayList<>();
        final AtomicInteger remaining = new AtomicInteger();
        final CompletableFuture<Void> done = new CompletableFuture<>();
        final AtomicBoolean closed = new AtomicBoolean();

        QueryRun()
        {
            done.whenComplete((ignored, failure) -> {
                if (failure != null) {
                    closeAll();
                }
            });
        }

        void fail(Throwable failure)
        {
            done.completeExceptionally(failure);
            closeAll();
        }

        void closeAll()
        {
            if (!closed.compareAndSet(false, true)) {
                return;
            }
            for (Driver driver : drivers) {
                synchronized (driver) {
                    try {
                        driver.close();
                    }
                    catch (RuntimeException ignored) {
                        // the query already failed; its first error is the one reported
                    }
                }
            }
        }
    }
}
