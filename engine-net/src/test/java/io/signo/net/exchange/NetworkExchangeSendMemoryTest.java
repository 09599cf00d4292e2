package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSource;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What a sender holds for sending is counted in its query's memory pool, and a sender past the limit fails. */
@Timeout(value = 20, unit = TimeUnit.SECONDS)
class NetworkExchangeSendMemoryTest
{
    private static final long MESSAGE_BYTES = 8 << 10;
    private static final long WINDOW_BYTES = 24 << 10;
    private static final ExchangeConfig CONFIG = new ExchangeConfig(MESSAGE_BYTES, WINDOW_BYTES, 0).withCompression(ExchangeCompression.NONE);

    private final ExchangeNodes nodes = new ExchangeNodes();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void tearDown()
    {
        threads.shutdownNow();
        nodes.close();
    }

    /** Rows (id, name): name = "row-" + id, NULL when id % 13 == 0. */
    private static Page page(long firstId, int rowCount)
    {
        VectorBuilder ids = new VectorBuilder(Type.BIGINT, rowCount);
        VectorBuilder names = new VectorBuilder(Type.VARCHAR, rowCount);
        for (long id = firstId; id < firstId + rowCount; id++) {
            ids.appendLong(id);
            if (id % 13 == 0) {
                names.appendNull();
            }
            else {
                names.appendString("row-" + id);
            }
        }
        return new Page(rowCount, ids.build(), names.build());
    }

    @Test
    void pagesWaitingForASlowConsumerAreCountedInTheQueryPoolUntilTheyAreSent()
            throws Exception
    {
        nodes.start(2);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("send-memory-1", 1);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, CONFIG);
        NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, CONFIG);
        MemoryPool pool = new MemoryPool("query send-memory-1", 1 << 20);
        NetworkSink sink = (NetworkSink) producerSide.createSink(pool);

        // the consumer takes nothing yet: the sender fills the window, then a message waits for credit
        int pageCount = 200;
        int rowsPerPage = 40;
        int added = 0;
        while (added < pageCount) {
            if (!sink.isBlocked().isDone()) {
                try {
                    sink.isBlocked().get(500, TimeUnit.MILLISECONDS);
                }
                catch (TimeoutException stillBlocked) {
                    break;
                }
            }
            sink.add(page((long) added * rowsPerPage, rowsPerPage));
            added++;
        }
        assertTrue(added < pageCount, "the sender must have blocked on the idle consumer");
        assertTrue(producerSide.stats().snapshot().wireBytesSent() <= WINDOW_BYTES + MESSAGE_BYTES, producerSide.stats().snapshot().toString());
        assertTrue(sink.heldBytes() >= MESSAGE_BYTES, "a whole message waits for credit, held " + sink.heldBytes());
        assertEquals(sink.heldBytes(), pool.reservedBytes(), "the pool counts what the sender holds");

        CompletableFuture<Long> consumer = consume(consumerSide.source(0));
        for (int next = added; next < pageCount; next++) {
            sink.isBlocked().get(10, TimeUnit.SECONDS);
            sink.add(page((long) next * rowsPerPage, rowsPerPage));
        }
        sink.finish();
        sink.close();
        assertEquals((long) pageCount * rowsPerPage, consumer.get(10, TimeUnit.SECONDS), "every row arrives");
        awaitReleased(pool);
        assertTrue(pool.peakBytes() >= MESSAGE_BYTES, "peak " + pool.peakBytes());
    }

    @Test
    void aSenderThatWouldHoldMoreThanTheQueryLimitFailsWithTheMemoryLimitErrorAndGivesEverythingBack()
            throws Exception
    {
        nodes.start(2);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("send-memory-2", 1);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, CONFIG);
        new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, CONFIG);
        // less than one message: the rows batched for it do not fit
        MemoryPool pool = new MemoryPool("query send-memory-2 (query_max_memory 4096 bytes)", 4 << 10);
        NetworkSink sink = (NetworkSink) producerSide.createSink(pool);

        SignoException error = assertThrows(SignoException.class, () -> {
            for (int i = 0; i < 100; i++) {
                sink.add(page(i * 40L, 40));
            }
        });
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode());
        assertTrue(error.getMessage().contains("query send-memory-2 (query_max_memory 4096 bytes)"), error.getMessage());
        assertTrue(error.getMessage().contains("pages to send"), error.getMessage());
        assertTrue(error.getMessage().contains("exchange send-memory-2/1"), error.getMessage());
        assertTrue(pool.reservedBytes() <= 4 << 10, "a refused reservation changes nothing: " + pool.reservedBytes());

        sink.close();
        producerSide.fail(error);
        awaitReleased(pool);
    }

    @Test
    void aLargePageForAnotherProcessIsCountedBeforeItIsSent()
    {
        nodes.start(2);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("send-memory-3", 1);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, CONFIG);
        new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, CONFIG);
        MemoryPool pool = new MemoryPool("query send-memory-3", 32 << 10);
        NetworkSink sink = (NetworkSink) producerSide.createSink(pool);
        Page large = page(0, 8192);
        assertTrue(large.retainedBytes() > 32 << 10, "the page is larger than the limit: " + large.retainedBytes());

        SignoException error = assertThrows(SignoException.class, () -> sink.add(large));
        assertEquals(ErrorCode.EXCEEDED_MEMORY_LIMIT, error.errorCode());
        sink.close();
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void aSinkCreatedWithoutAPoolCountsNothing()
            throws Exception
    {
        nodes.start(2);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("send-memory-4", 1);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, CONFIG);
        NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, CONFIG);
        NetworkSink sink = (NetworkSink) producerSide.createSink();
        CompletableFuture<Long> consumer = consume(consumerSide.source(0));
        for (int i = 0; i < 50; i++) {
            sink.isBlocked().get(10, TimeUnit.SECONDS);
            sink.add(page(i * 40L, 40));
            assertEquals(0, sink.heldBytes());
        }
        sink.finish();
        sink.close();
        assertEquals(2_000, consumer.get(10, TimeUnit.SECONDS));
    }

    /** Takes every page of the source; returns the row count. */
    private CompletableFuture<Long> consume(ExchangeSource source)
    {
        return CompletableFuture.supplyAsync(() -> {
            long rows = 0;
            try {
                while (!source.isFinished()) {
                    Page page = source.poll();
                    if (page == null) {
                        source.isBlocked().get(10, TimeUnit.SECONDS);
                        continue;
                    }
                    rows += page.positionCount();
                }
                return rows;
            }
            catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, threads);
    }

    /** The socket's writes complete on an event loop: waits until they gave everything back. */
    private static void awaitReleased(MemoryPool pool)
            throws InterruptedException
    {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (pool.reservedBytes() != 0 && System.nanoTime() < deadline) {
            Thread.sleep(5);
        }
        assertEquals(0, pool.reservedBytes(), "everything is given back once sent or dropped");
    }
}
