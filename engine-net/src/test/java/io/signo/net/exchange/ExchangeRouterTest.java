package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Announcements for an exchange that never registers on their consumer's node (its query failed
 * there before it started) must neither pile up nor hold their producers forever.
 */
@Timeout(value = 15, unit = TimeUnit.SECONDS)
class ExchangeRouterTest
{
    private static final ExchangeConfig SMALL_MESSAGES = new ExchangeConfig(8 << 10, 32 << 10, 0);

    private final ExchangeNodes nodes = new ExchangeNodes();
    private final AtomicLong clock = new AtomicLong();

    @AfterEach
    void tearDown()
    {
        nodes.close();
    }

    @Test
    void theLongestWaitingExchangeIsGivenUpWhenTooManyWaitAndItsProducerIsReleased()
            throws Exception
    {
        nodes.start(2, transport -> new ExchangeRouter(transport, 2, TimeUnit.MINUTES.toNanos(5), clock::get));
        ExchangeSink first = blockedProducer(new ExchangeId("q1", 1));
        ExchangeSink second = blockedProducer(new ExchangeId("q2", 1));
        awaitTrue(() -> nodes.router(1).waitingCount() == 2);
        assertFalse(first.isDone(), "two waiting exchanges are within the limit");

        ExchangeSink third = blockedProducer(new ExchangeId("q3", 1));
        awaitTrue(first::isDone);
        assertEquals(2, nodes.router(1).waitingCount());
        assertFalse(second.isDone());
        assertFalse(third.isDone());

        IllegalStateException late = assertThrows(IllegalStateException.class, () -> consumer(new ExchangeId("q1", 1)));
        assertTrue(late.getMessage().contains("given up"), late.getMessage());
    }

    @Test
    void anExchangeWaitingLongerThanTheTimeoutIsGivenUpWhileTheOthersStillRegister()
            throws Exception
    {
        long timeout = TimeUnit.MINUTES.toNanos(5);
        nodes.start(2, transport -> new ExchangeRouter(transport, 100, timeout, clock::get));
        ExchangeSink stale = blockedProducer(new ExchangeId("q1", 1));
        awaitTrue(() -> nodes.router(1).waitingCount() == 1);

        clock.addAndGet(timeout + 1);
        ExchangeSink fresh = blockedProducer(new ExchangeId("q2", 1));
        awaitTrue(stale::isDone);
        assertEquals(1, nodes.router(1).waitingCount());

        // the exchange whose announcement still waits gets it, and its producer its credit
        NetworkExchange consumer = consumer(new ExchangeId("q2", 1));
        assertEquals(0, nodes.router(1).waitingCount());
        awaitTrue(() -> fresh.isBlocked().isDone());
        assertFalse(fresh.isDone());
        consumer.source(0).close();
    }

    /** A producer on node 0 for a consumer on node 1 that does not exist yet: it announces itself and waits for credit. */
    private ExchangeSink blockedProducer(ExchangeId id)
    {
        NetworkExchange producer = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, List.of(nodes.address(1)), null, 1, 1, SMALL_MESSAGES);
        ExchangeSink sink = producer.createSink();
        long firstId = 0;
        while (sink.isBlocked().isDone()) {
            sink.add(page(firstId, 500));
            firstId += 500;
        }
        return sink;
    }

    private NetworkExchange consumer(ExchangeId id)
    {
        return new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, List.of(nodes.address(1)), null, 0, 1, SMALL_MESSAGES);
    }

    private static Page page(long firstId, int rowCount)
    {
        VectorBuilder ids = new VectorBuilder(Type.BIGINT, rowCount);
        for (long id = firstId; id < firstId + rowCount; id++) {
            ids.appendLong(id);
        }
        return new Page(rowCount, ids.build());
    }

    private static void awaitTrue(BooleanSupplier condition)
            throws InterruptedException
    {
        while (!condition.getAsBoolean()) {
            Thread.sleep(5);
        }
    }
}
