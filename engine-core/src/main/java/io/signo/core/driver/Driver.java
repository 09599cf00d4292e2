package io.signo.core.driver;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.storage.memory.PageAllocator;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * Moves pages through one chain of operators, from its source to its sink. A driver is run by one
 * thread at a time for a bounded quantum and gives the thread back when it is blocked or its
 * quantum is used, so a fixed pool of threads serves every query (morsel-driven parallelism).
 */
public final class Driver
        implements AutoCloseable
{
    private final List<Operator> operators;
    private final List<OperatorContext> contexts;
    private final boolean[] finishSent;
    private boolean closed;

    public Driver(List<Operator> operators, List<OperatorContext> contexts)
    {
        if (operators.isEmpty()) {
            throw new IllegalArgumentException("a driver needs at least one operator");
        }
        this.operators = List.copyOf(operators);
        this.contexts = List.copyOf(contexts);
        this.finishSent = new boolean[operators.size()];
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
                var page = current.getOutput();
                if (page != null) {
                    boolean keptNothing = true;
                    if (page.positionCount() > 0) {
                        next.addInput(page.isSelected() && !takesSelectedRows(i + 1) ? page.compact(PageAllocator.transientPages()) : page);
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
                next.finish();
                progressed = true;
            }
            else if (finishSent[i + 1] && next.finishesInSteps() && !next.isFinished() && next.isBlocked().isDone()) {
                next.finish();
                progressed = true;
            }
        }
        return progressed;
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
                contexts.get(i).close();
            }
        }
        if (failure != null) {
            throw failure;
        }
    }
}
