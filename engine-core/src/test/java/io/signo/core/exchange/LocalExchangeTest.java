package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LocalExchangeTest
{
    private static Page longs(long... values)
    {
        VectorBuilder builder = new VectorBuilder(Type.BIGINT, values.length);
        for (long value : values) {
            builder.appendLong(value);
        }
        return new Page(values.length, builder.build());
    }

    @Test
    void gatherDeliversPagesInOrderAndFinishesAfterAllProducers()
    {
        LocalExchange exchange = new LocalExchange(ExchangeKind.GATHER, 1, 2, null, 1 << 20);
        ExchangeSink first = exchange.createSink();
        ExchangeSink second = exchange.createSink();
        ExchangeSource source = exchange.source(0);
        assertFalse(source.isBlocked().isDone(), "nothing buffered and producers running");
        first.add(longs(1, 2));
        assertTrue(source.isBlocked().isDone());
        first.finish();
        assertEquals(2, source.poll().positionCount());
        assertFalse(source.isFinished(), "second producer still running");
        second.add(longs(3));
        second.finish();
        assertEquals(3, source.poll().column(0).getLong(0));
        assertNull(source.poll());
        assertTrue(source.isFinished());
        assertThrows(IllegalStateException.class, exchange::createSink);
    }

    @Test
    void hashSendsEqualKeysToTheSamePartition()
    {
        LocalExchange exchange = new LocalExchange(ExchangeKind.HASH, 3, 2, new int[] {0}, 1 << 20);
        ExchangeSink first = exchange.createSink();
        ExchangeSink second = exchange.createSink();
        first.add(longs(1, 2, 3, 4, 5, 6, 7, 8, 9, 10));
        second.add(longs(10, 9, 8, 7, 6, 5, 4, 3, 2, 1));
        first.finish();
        second.finish();
        Map<Long, Integer> partitionOfKey = new HashMap<>();
        int rows = 0;
        for (int partition = 0; partition < 3; partition++) {
            ExchangeSource source = exchange.source(partition);
            Page page;
            while ((page = source.poll()) != null) {
                for (int i = 0; i < page.positionCount(); i++) {
                    Integer previous = partitionOfKey.put(page.column(0).getLong(i), partition);
                    assertTrue(previous == null || previous == partition, "key split over partitions");
                    rows++;
                }
            }
            assertTrue(source.isFinished());
        }
        assertEquals(20, rows);
        assertTrue(new HashSet<>(partitionOfKey.values()).size() > 1, "all keys landed in one partition");
    }

    @Test
    void producersWaitWhileTheBufferIsFull()
    {
        Page page = longs(1, 2, 3, 4);
        LocalExchange exchange = new LocalExchange(ExchangeKind.ROUND_ROBIN, 2, 1, null, page.retainedBytes());
        ExchangeSink sink = exchange.createSink();
        sink.add(page);
        assertTrue(sink.isBlocked().isDone(), "at the limit, not past it");
        sink.add(page);
        var blocked = sink.isBlocked();
        assertFalse(blocked.isDone(), "past the limit the producer must wait");
        Set<Integer> drained = new HashSet<>();
        for (int partition = 0; partition < 2; partition++) {
            if (exchange.source(partition).poll() != null) {
                drained.add(partition);
            }
        }
        assertEquals(2, drained.size(), "round robin used both partitions");
        assertTrue(blocked.isDone(), "draining unblocks the producer");
    }

    @Test
    void whenEveryConsumerStopsEarlyBlockedProducersAreReleased()
    {
        Page page = longs(1, 2, 3, 4);
        LocalExchange exchange = new LocalExchange(ExchangeKind.GATHER, 1, 1, null, page.retainedBytes());
        ExchangeSink sink = exchange.createSink();
        sink.add(page);
        sink.add(page);
        var blocked = sink.isBlocked();
        assertFalse(blocked.isDone());
        assertFalse(sink.isDone());

        exchange.source(0).close();

        assertTrue(blocked.isDone(), "a closed consumer must not leave its producers waiting");
        assertTrue(sink.isDone());
        assertTrue(exchange.source(0).isFinished());
        sink.add(page);
        assertTrue(sink.isBlocked().isDone(), "pages nobody reads are dropped, not buffered");
    }
}
