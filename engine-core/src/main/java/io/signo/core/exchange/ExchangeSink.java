package io.signo.core.exchange;

import io.signo.storage.page.Page;

import java.util.concurrent.CompletableFuture;

/**
 * The producer end of an exchange, one per producing driver. {@link #isBlocked()} is pending while
 * the exchange holds as many bytes as it may buffer; a producer then yields instead of adding more.
 */
public interface ExchangeSink
{
    CompletableFuture<?> isBlocked();

    void add(Page page);

    /** This producer will add no more pages. */
    void finish();

    /** True once no consumer wants more pages; the producer may stop early. */
    boolean isDone();

    /** The producer is gone (finished, failed or stopped): frees what the sink holds for pages it will not send. */
    default void close() {}
}
