package io.signo.core.driver;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.storage.memory.PageAllocator;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Moves pages through one chain of operators, from its source to its sink. A driver is run by one
 * thread at a time for a bounded quantum and gives the thread back when it is blocked or its
 * quantum is used, so a fixed pool of threads serves every query (morsel-driven parallelism).
 *
 * <p>It counts what each of its operators does: the pages and rows handed in and out, and the time
 * spent in each call of an operator on a page (one clock reading between calls, never one per row).
 * The thread's CPU time is read once per quantum and shared among the operators in proportion to
 * their time in that quantum: reading it around every call would cost more than the calls. On close
 * the totals go to the pipeline's {@link OperatorCounters}.
 */
public final class Driver
        implements AutoCloseable
{
    private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
    /** Off ({@code -Dsigno.operatorTiming=false}) only to measure what timing the calls costs; rows and pages are counted either way. */
    private static final boolean TIMING = Boolean.parseBoolean(System.getProperty("signo.operatorTiming", "true"));
    private static final boolean THREAD_CPU_TIME = TIMING && THREADS.isCurrentThreadCpuTimeSupported() && THREADS.isThreadCpuTimeEnabled();

    private final List<Operator> operators;
    private final List<OperatorContext> contexts;
    /** Where the totals go on close, one per operator; null when nobody reads them. */
    private final List<OperatorCounters> counters;
    private final boolean[] finishSent;
    private final long[] inputRows;
    private final long[] inputPages;
    private final long[] outputRows;
    private final long[] outputPages;
    private final long[] wallNanos;
    private final long[] cpuNanos;
    /** Each operator's wall time in the running quantum, to share the quantum's CPU time by. */
    private final long[] quantumWallNanos;
    private boolean closed;

    public Driver(List<Operator> operators, List<OperatorContext> contexts)
    {
        this(operators, contexts, null);
    }

    /** @param counters where each operator's totals go on close, one per operator, or null */
    public Driver(List<Operator> operators, List<OperatorContext> contexts, List<OperatorCounters> counters)
    {
        if (operators.isEmpty()) {
            throw new IllegalArgumentException("a driver needs at least one operator");
        }
        if (counters != null && counters.size() != operators.size()) {
            throw new IllegalArgumentException(operators.size() + " operators but " + counters.size() + " counters");
        }
        this.operators = List.copyOf(operators);
        this.contexts = List.copyOf(contexts);
        this.counters = counters == null ? null : List.copyOf(counters);
        int count = operators.size();
        this.finishSent = new boolean[count];
        this.inputRows = new long[count];
        this.inputPages = new long[count];
        this.outputRows = new long[count];
        this.outputPages = new long[count];
        this.wallNanos = new long[count];
        this.cpuNanos = new long[count];
        this.quantumWallNanos = new long[count];
    }

    public boolean isFinished()
    {
        return closed || operators.getLast().isFinished();
    }

    /**
     * Runs until the driver is finished, blocked, or {@code quantumNanos} have passed. Returns a
     * completed future when the driver can be run again at once, otherwise a future that
     * completes when some blocked operator can make progress.
     */
    public CompletableFuture<?> process(long quantumNanos)
    {
        if (closed) {
            // a failed query closes its drivers from another thread, which may come between a driver's
            // scheduling and its quantum: a closed operator must not run again (a table writer would
            // open a file after it removed its files, an operator touch memory it gave back)
            return Operator.NOT_BLOCKED;
        }
        long cpuStart = THREAD_CPU_TIME ? THREADS.getCurrentThreadCpuTime() : 0;
        try {
            long deadline = System.nanoTime() + quantumNanos;
            do {
                boolean progressed = processOnce();
                if (isFinished()) {
                    return Operator.NOT_BLOCKED;
                }
                if (!progressed) {
                    CompletableFuture<?> blocked = blockedFuture();
                    if (blocked != null) {
                        return blocked;
                    }
                }
            }
            while (System.nanoTime() < deadline);
            return Operator.NOT_BLOCKED;
        }
        finally {
            endQuantum(THREAD_CPU_TIME ? THREADS.getCurrentThreadCpuTime() - cpuStart : 0);
        }
    }

    /** Adds the quantum's wall time to each operator's and shares its CPU time among them by it. */
    private void endQuantum(long quantumCpuNanos)
    {
        long totalWall = 0;
        for (long wall : quantumWallNanos) {
            totalWall += wall;
        }
        for (int i = 0; i < quantumWallNanos.length; i++) {
            long wall = quantumWallNanos[i];
            wallNanos[i] += wall;
            if (totalWall > 0) {
                cpuNanos[i] += (long) ((double) quantumCpuNanos * wall / totalWall);
            }
            quantumWallNanos[i] = 0;
        }
    }

    private boolean processOnce()
    {
        boolean progressed = false;
        for (int i = 0; i < operators.size() - 1; i++) {
            Operator current = operators.get(i);
            Operator next = operators.get(i + 1);
            if (!current.isBlocked().isDone()) {
                continue;
            }
            if (!current.isFinished() && next.isBlocked().isDone() && next.needsInput()) {
                long start = TIMING ? System.nanoTime() : 0;
                var page = current.getOutput();
                long produced = TIMING ? System.nanoTime() : 0;
                quantumWallNanos[i] += produced - start;
                if (page != null) {
                    boolean keptNothing = true;
                    int rows = page.positionCount();
                    outputPages[i]++;
                    outputRows[i] += rows;
                    if (rows > 0) {
                        next.addInput(page.isSelected() && !takesSelectedRows(i + 1) ? page.compact(PageAllocator.transientPages()) : page);
                        quantumWallNanos[i + 1] += TIMING ? System.nanoTime() - produced : 0;
                        inputPages[i + 1]++;
                        inputRows[i + 1] += rows;
                        keptNothing = next.keptNothingOfLastInput();
                    }
                    OperatorContext producer = i < contexts.size() ? contexts.get(i) : null;
                    if (producer != null && producer.recyclesOutput()) {
                        producer.outputTaken(keptNothing);
                    }
                    if (!keptNothing && !contexts.isEmpty() && contexts.getFirst().roundsReleasedBy() == i + 1) {
                        contexts.getFirst().roundOutputKept();
                    }
                    progressed = true;
                }
            }
            if (!finishSent[i + 1] && current.isFinished()) {
                finishSent[i + 1] = true;
                finish(i + 1);
                progressed = true;
            }
            else if (finishSent[i + 1] && next.finishesInSteps() && !next.isFinished() && next.isBlocked().isDone()) {
                finish(i + 1);
                progressed = true;
            }
        }
        return progressed;
    }

    private void finish(int operatorIndex)
    {
        long start = System.nanoTime();
        operators.get(operatorIndex).finish();
        quantumWallNanos[operatorIndex] += System.nanoTime() - start;
    }

    /** Whether the operator at this index was created to take selected pages (its context's producer was told so). */
    private boolean takesSelectedRows(int operatorIndex)
    {
        return operatorIndex > 0 && operatorIndex - 1 < contexts.size() && contexts.get(operatorIndex - 1).consumerTakesSelectedRows();
    }

    private CompletableFuture<?> blockedFuture()
    {
        List<CompletableFuture<?>> blocked = new ArrayList<>();
        for (Operator operator : operators) {
            CompletableFuture<?> future = operator.isBlocked();
            if (!future.isDone()) {
                blocked.add(future);
            }
        }
        if (blocked.isEmpty()) {
            return null;
        }
        return CompletableFuture.anyOf(blocked.toArray(CompletableFuture[]::new));
    }

    @Override
    public void close()
    {
        if (closed) {
            return;
        }
        closed = true;
        RuntimeException failure = null;
        for (int i = 0; i < operators.size(); i++) {
            try {
                operators.get(i).close();
            }
            catch (RuntimeException e) {
                failure = failure == null ? e : failure;
            }
            finally {
                OperatorContext context = contexts.get(i);
                long peakMemoryBytes = context.memory().peakBytes();
                context.close();
                if (counters != null) {
                    counters.get(i).add(inputRows[i], inputPages[i], outputRows[i], outputPages[i], wallNanos[i], cpuNanos[i], peakMemoryBytes);
                }
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
