package io.signo.core.operator;

import io.signo.core.memory.QueryMemoryContext;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.memory.RecyclingPageAllocator;

/** What an operator may use from its driver: its memory accounting and the allocator for output pages. */
public final class OperatorContext
        implements AutoCloseable
{
    private final MemoryPool queryPool;
    private final QueryMemoryContext memory;
    private final PageAllocator allocator;
    /** The allocator when the driver recycles this operator's output, else null. */
    private final RecyclingPageAllocator recyclingAllocator;
    private final int driverIndex;
    private final boolean consumerTakesSelectedRows;
    /** For a source recycled in rounds: the index in the driver of the operator whose keeping decides; else -1. */
    private final int roundsReleasedBy;
    /** Whether that operator kept a page since the current round began. */
    private boolean roundKept;

    public OperatorContext(MemoryPool queryPool, int driverIndex)
    {
        this(queryPool, driverIndex, false);
    }

    /** @param consumerTakesSelectedRows whether the next operator of the driver takes selected pages */
    public OperatorContext(MemoryPool queryPool, int driverIndex, boolean consumerTakesSelectedRows)
    {
        this(queryPool, driverIndex, consumerTakesSelectedRows, null, -1);
    }

    /**
     * The context of an operator whose output pages the driver recycles: the operator
     * {@linkplain OperatorFactory#allocatesOnlyItsNextOutput() allocates only its next output}, and
     * its consumer {@linkplain OperatorFactory#keepsNothingOfInput() keeps nothing of its input}.
     */
    public static OperatorContext recyclingOutput(MemoryPool queryPool, int driverIndex, boolean consumerTakesSelectedRows)
    {
        return new OperatorContext(queryPool, driverIndex, consumerTakesSelectedRows, new RecyclingPageAllocator(queryPool), -1);
    }

    /**
     * The context of a source whose output memory the driver recycles in rounds: the source
     * {@linkplain OperatorFactory#allocatesInRounds() allocates in rounds}, and the operator at index
     * {@code releasedBy} of the driver {@linkplain OperatorFactory#keepsNothingOfInput() keeps nothing
     * of its input}, with only operators that {@linkplain OperatorFactory#keepsInputOnlyInItsOutput()
     * pass their input on} between them.
     */
    public static OperatorContext recyclingRounds(MemoryPool queryPool, int driverIndex, boolean consumerTakesSelectedRows, int releasedBy)
    {
        return new OperatorContext(queryPool, driverIndex, consumerTakesSelectedRows, new RecyclingPageAllocator(queryPool), releasedBy);
    }

    private OperatorContext(MemoryPool queryPool, int driverIndex, boolean consumerTakesSelectedRows, RecyclingPageAllocator recyclingAllocator, int roundsReleasedBy)
    {
        this.queryPool = queryPool;
        this.memory = new QueryMemoryContext(queryPool);
        this.recyclingAllocator = recyclingAllocator;
        this.allocator = recyclingAllocator != null ? recyclingAllocator : PageAllocator.transientPages();
        this.driverIndex = driverIndex;
        this.consumerTakesSelectedRows = consumerTakesSelectedRows;
        this.roundsReleasedBy = roundsReleasedBy;
    }

    /**
     * True when the operator after this one in its driver accepts {@linkplain io.signo.storage.page.Page#selected
     * selected pages}, so this one may output them; the driver compacts any other selected page.
     */
    public boolean consumerTakesSelectedRows()
    {
        return consumerTakesSelectedRows;
    }

    public QueryMemoryContext memory()
    {
        return memory;
    }

    /** The query's pool, for memory that outlives this operator (a spool's pages stay until its readers took them). */
    public MemoryPool queryPool()
    {
        return queryPool;
    }

    public PageAllocator allocator()
    {
        return allocator;
    }

    /** Whether the driver recycles this operator's output pages once their consumer kept nothing of them. */
    public boolean recyclesOutput()
    {
        return recyclingAllocator != null && roundsReleasedBy < 0;
    }

    /** For a source recycled in rounds, the index in its driver of the operator whose keeping decides; else -1. */
    public int roundsReleasedBy()
    {
        return roundsReleasedBy;
    }

    /** The operator that decides a round's reuse kept the page it was last given: this round's memory is not reused. */
    public void roundOutputKept()
    {
        roundKept = true;
    }

    /**
     * A source begins its next round of output; it calls this only when its consumer needs input, so
     * every page of the rounds before has been handed on through to the deciding operator. Their
     * memory is reused unless that operator kept a page of the round (then it is left to the
     * collector). A no-op for an operator not {@linkplain #recyclingRounds recycled in rounds}.
     */
    public void startOutputRound()
    {
        if (roundsReleasedBy < 0) {
            return;
        }
        if (roundKept) {
            recyclingAllocator.abandon();
        }
        else {
            recyclingAllocator.recycle();
        }
        roundKept = false;
    }

    /**
     * The driver handed the operator's last output page on: its memory is reused for the next one when
     * the consumer kept nothing of it, else left to the collector.
     */
    public void outputTaken(boolean consumerKeptNothing)
    {
        if (consumerKeptNothing) {
            recyclingAllocator.recycle();
        }
        else {
            recyclingAllocator.abandon();
        }
    }

    /** Which of its pipeline's drivers runs this operator, 0-based. */
    public int driverIndex()
    {
        return driverIndex;
    }

    @Override
    public void close()
    {
        if (recyclingAllocator != null) {
            recyclingAllocator.close();
        }
        memory.close();
    }
}
