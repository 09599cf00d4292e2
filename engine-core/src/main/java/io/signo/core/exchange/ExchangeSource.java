package io.signo.core.exchange;

import io.signo.storage.page.Page;

import java.util.concurrent.CompletableFuture;

/** The consumer end of an exchange for one partition, read by one driver. */
public interface ExchangeSource
{
    /** The next page, or null when none is buffered now. */
    Page poll();

    /** Pending while nothing is buffered and some producer is still running. */
    CompletableFuture<?> isBlocked();

    /** Every producer finished and every page was taken. */
    boolean isFinished();

    /**
     * The consumer needs no more pages (it finished early, for example at a LIMIT, or failed).
     * Once every consumer of an exchange closed, producers are told to stop.
     */
    void close();
}
