package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.core.exchange.ExchangeSource;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.stream.LongStream;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Announcements and first windows of data for an exchange that registers on their consumer's node
 * after they came reach it whole; those for one that never registers there (its query failed there
 * before it started) must neither pile up nor hold their producers forever.
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
        ExchangeSink fresh = announceQ2AfterQ1WaitedPastTheTimeout();

        // the exchange whose announcement still waits gets it with the first window of pages behind it,
        // and its producer credit for more once they are read
        NetworkExchange consumer = consumer(new ExchangeId("q2", 1));
        assertEquals(0, nodes.router(1).waitingCount());
        ExchangeSource source = consumer.source(0);
        awaitTrue(() -> {
            source.poll();
            return fresh.isBlocked().isDone();
        });
        assertFalse(fresh.isDone());
        source.close();
    }

    @Test
    void pagesSentBeforeTheirConsumerRegisteredReachItWholeAndInOrder()
            throws Exception
    {
        nodes.start(2, ExchangeRouter::new);
        ExchangeId id = new ExchangeId("q1", 1);
        NetworkExchange producer = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, List.of(nodes.address(1)), null, 1, 1, SMALL_MESSAGES);
        ExchangeSink sink = producer.createSink();
        // less than the first window: the producer sends it all, and its end, without any credit from the consumer
        int rows = 0;
        for (int page = 0; page < 3; page++) {
            assertTrue(sink.isBlocked().isDone(), "blocked after " + rows + " rows, within the first window");
            sink.add(page(rows, 500));
            rows += 500;
        }
        sink.finish();
        // every page and the end left the producer
        producer.whenSinksDone().get(10, TimeUnit.SECONDS);
        awaitTrue(() -> nodes.router(1).waitingCount() == 1);

        NetworkExchange consumer = consumer(id);
        assertEquals(0, nodes.router(1).waitingCount());
        ExchangeSource source = consumer.source(0);
        List<Long> received = new ArrayList<>();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (!source.isFinished() && System.nanoTime() < deadline) {
            Page page = source.poll();
            if (page == null) {
                source.isBlocked().get(10, TimeUnit.SECONDS);
                continue;
            }
            for (int position = 0; position < page.positionCount(); position++) {
                received.add(page.column(0).getLong(position));
            }
        }
        assertTrue(source.isFinished(), "the producer's end did not arrive");
        assertEquals(LongStream.range(0, rows).boxed().toList(), received);
        source.close();
    }

    @Test
    void pagesForAnExchangeThatIsGivenUpAreDroppedWithIt()
            throws Exception
    {
        announceQ2AfterQ1WaitedPastTheTimeout();
        assertThrows(IllegalStateException.class, () -> consumer(new ExchangeId("q1", 1)));
    }

    /**
     * Starts two nodes whose routers give a waiting exchange up after 5 minutes (of the test's clock),
     * announces exchange q1 to node 1, lets it wait past that, then announces q2, whose arrival gives q1
     * up: q1's announcement and first window are gone and its producer learns that its consumer is.
     * Returns q2's producer, whose exchange still waits.
     */
    private ExchangeSink announceQ2AfterQ1WaitedPastTheTimeout()
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
        return fresh;
    }

    @Test
    void pagesForTheExchangesOfAStoppedQueryAreDroppedAtOnce()
            throws Exception
    {
        nodes.start(2, ExchangeRouter::new);
        ExchangeSink stopped = blockedProducer(new ExchangeId("q1", 1));
        ExchangeSink other = blockedProducer(new ExchangeId("q2", 1));
        awaitTrue(() -> nodes.router(1).waitingCount() == 2);

        nodes.router(1).queryStopped("q1");
        awaitTrue(stopped::isDone);
        assertEquals(1, nodes.router(1).waitingCount());
        assertFalse(other.isDone());
        assertThrows(IllegalStateException.class, () -> consumer(new ExchangeId("q1", 1)));
    }

    /** A producer on node 0 for a consumer on node 1 that does not exist yet: it announces itself, sends its first window and waits for credit. */
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
