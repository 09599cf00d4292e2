package io.signo.core.operator;

import io.signo.storage.page.Page;

import java.util.concurrent.CompletableFuture;

/**
 * A step of a pipeline that consumes and produces pages. A driver thread calls it; one operator is
 * never called by two threads at once, so operators hold their mutable state without locks.
 *
 * <p>Protocol: the driver offers a page with {@link #addInput} only while {@link #needsInput()} is
 * true, pulls with {@link #getOutput()} (null when nothing is ready), calls {@link #finish()} once
 * no more input will come (again while unblocked, for an operator that {@linkplain #finishesInSteps()
 * finishes in steps}), and stops when {@link #isFinished()}. An operator that must wait (for a
 * hash build, for buffer space) returns a pending future from {@link #isBlocked()} instead of
 * blocking the thread. Operators never modify pages they receive.
 */
public interface Operator
        extends AutoCloseable
{
    CompletableFuture<Void> NOT_BLOCKED = CompletableFuture.completedFuture(null);

    default CompletableFuture<?> isBlocked()
    {
        return NOT_BLOCKED;
    }

    boolean needsInput();

    void addInput(Page page);

    /** The next output page, or null when none is ready now. */
    Page getOutput();

    /** No more input will be added. */
    void finish();

    /**
     * Whether this sink does work after {@link #finish()} in steps: the driver then calls
     * {@code finish()} again each time the operator is unblocked and not yet finished (a hash build
     * whose drivers share the inserts). Such an operator blocks whenever it has nothing to do.
     */
    default boolean finishesInSteps()
    {
        return false;
    }

    boolean isFinished();

    /**
     * Whether the operator, of a factory that {@linkplain OperatorFactory#keepsNothingOfInput() keeps
     * nothing of its input}, holds no reference to the page last added nor to any of its vectors, and
     * will output none of them. Asked by the driver right after {@link #addInput}.
     */
    default boolean keptNothingOfLastInput()
    {
        return false;
    }

    /** Releases memory and resources; called once, also after a failure. */
    @Override
    default void close() {}
}
