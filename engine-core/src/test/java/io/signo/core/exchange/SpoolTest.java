package io.signo.core.exchange;

import io.signo.storage.memory.ExceededMemoryLimitException;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SpoolTest
{
    private static Page longs(long... values)
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, values.length);
        for (long value : values) {
            builder.appendLong(value);
        }
        return new Page(values.length, builder.build());
    }

    private static List<Long> drain(ExchangeSource reader)
    {
        List<Long> values = new ArrayList<>();
        Page page;
        while ((page = reader.poll()) != null) {
            for (int i = 0; i < page.positionCount(); i++) {
                values.add(page.column(0).getLong(i));
            }
        }
        return values;
    }

    @Test
    void everyReaderSeesEveryPageAndFinishesAfterAllProducers()
    {
        MemoryPool pool = MemoryPool.unbounded("test");
        Spool spool = new Spool(2);
        ExchangeSource first = spool.addReader(1);
        ExchangeSource second = spool.addReader(1);
        ExchangeSink producerA = spool.createSink(pool);
        ExchangeSink producerB = spool.createSink(pool);
        CompletableFuture<?> waiting = first.isBlocked();
        assertFalse(waiting.isDone(), "nothing spooled and producers running");
        producerA.add(longs(1, 2));
        assertTrue(waiting.isDone(), "a page wakes a waiting reader");
        producerA.finish();
        assertEquals(List.of(1L, 2L), drain(first));
        assertFalse(first.isFinished(), "the second producer is still running");
        producerB.add(longs(3));
        producerB.finish();
        assertEquals(List.of(3L), drain(first));
        assertTrue(first.isFinished());
        assertEquals(List.of(1L, 2L, 3L), drain(second), "a reader that starts late still gets every page");
        assertTrue(second.isFinished());
        assertThrows(IllegalStateException.class, () -> spool.createSink(pool));
    }

    @Test
    void producersNeverWaitAndPagesAreHeldUntilEveryReaderTookThem()
    {
        MemoryPool pool = MemoryPool.unbounded("test");
        Spool spool = new Spool(1);
        ExchangeSource probe = spool.addReader(1);
        ExchangeSource build = spool.addReader(1);
        ExchangeSink producer = spool.createSink(pool);
        long bytes = 0;
        for (int i = 0; i < 100; i++) {
            assertTrue(producer.isBlocked().isDone(), "a spool must not make its producer wait");
            Page page = longs(i, i + 1, i + 2);
            bytes += page.retainedBytes();
            producer.add(page);
        }
        producer.finish();
        assertEquals(bytes, pool.reservedBytes(), "every page counted while no reader took it");
        assertEquals(300, drain(build).size());
        assertEquals(bytes, pool.reservedBytes(), "the other reader still needs every page");
        probe.poll();
        assertTrue(pool.reservedBytes() < bytes, "a page every reader took is let go");
        drain(probe);
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void driversOfOneReaderShareItAndTheLastOneClosesIt()
    {
        MemoryPool pool = MemoryPool.unbounded("test");
        Spool spool = new Spool(1);
        ExchangeSource twoDrivers = spool.addReader(2);
        ExchangeSource other = spool.addReader(1);
        ExchangeSink producer = spool.createSink(pool);
        producer.add(longs(1));
        producer.add(longs(2));
        producer.finish();
        assertEquals(1L, twoDrivers.poll().column(0).getLong(0));
        assertEquals(2L, twoDrivers.poll().column(0).getLong(0), "the pipeline's drivers take turns, each page once");
        twoDrivers.close();
        assertFalse(producer.isDone());
        other.close();
        assertFalse(producer.isDone(), "one driver of the first reader is still open");
        twoDrivers.close();
        assertTrue(producer.isDone(), "no reader is left: producers may stop");
        assertEquals(0, pool.reservedBytes());
    }

    @Test
    void aReaderThatStopsEarlyFreesWhatOnlyItNeeded()
    {
        MemoryPool pool = MemoryPool.unbounded("test");
        Spool spool = new Spool(1);
        ExchangeSource limited = spool.addReader(1);
        ExchangeSource whole = spool.addReader(1);
        ExchangeSink producer = spool.createSink(pool);
        producer.add(longs(1));
        producer.add(longs(2));
        assertEquals(List.of(1L, 2L), drain(whole));
        assertTrue(pool.reservedBytes() > 0);
        limited.close();
        assertEquals(0, pool.reservedBytes(), "the reader that needed the pages is gone");
        assertNull(limited.poll());
        assertTrue(limited.isFinished());
        producer.add(longs(3));
        producer.finish();
        assertEquals(List.of(3L), drain(whole));
        assertTrue(whole.isFinished());
    }

    @Test
    void passingTheQueryLimitFailsTheProducerAndKeepsWhatWasSpooled()
    {
        Page page = longs(1, 2, 3);
        MemoryPool pool = new MemoryPool("small", page.retainedBytes() * 2);
        Spool spool = new Spool(1);
        ExchangeSource first = spool.addReader(1);
        spool.addReader(1);
        ExchangeSink producer = spool.createSink(pool);
        producer.add(page);
        producer.add(longs(4, 5, 6));
        assertThrows(ExceededMemoryLimitException.class, () -> producer.add(longs(7, 8, 9)));
        assertEquals(List.of(1L, 2L, 3L, 4L, 5L, 6L), drain(first));
    }

    @Test
    void readersComeBeforeWriters()
    {
        Spool spool = new Spool(1);
        assertThrows(IllegalStateException.class, () -> spool.createSink(MemoryPool.unbounded("test")), "a spool nobody reads");
        spool.addReader(1);
        spool.createSink(MemoryPool.unbounded("test"));
        assertThrows(IllegalStateException.class, () -> spool.addReader(1));
        assertThrows(IllegalArgumentException.class, () -> new Spool(0));
    }
}
