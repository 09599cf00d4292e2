package io.signo.core.exchange;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultBufferTest
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
    void pagesComeOutInOrderThenTheEnd()
            throws Exception
    {
        ResultBuffer buffer = new ResultBuffer(1 << 20);
        buffer.add(longs(1, 2));
        buffer.add(longs(3));
        buffer.finish();
        assertEquals(2, buffer.take().positionCount());
        assertEquals(3L, buffer.take().column(0).getLong(0));
        assertNull(buffer.take());
        assertNull(buffer.take(), "the end stays the end");
    }

    @Test
    void aFullBufferParksProducersUntilTheCallerTakesAPage()
            throws Exception
    {
        Page page = longs(1, 2, 3);
        ResultBuffer buffer = new ResultBuffer(page.retainedBytes());
        assertTrue(buffer.notFull().isDone());
        buffer.add(page);
        assertTrue(buffer.isFull());
        CompletableFuture<?> notFull = buffer.notFull();
        assertFalse(notFull.isDone());
        assertSame(page, buffer.take());
        assertTrue(notFull.isDone(), "taking the page makes room");
        assertFalse(buffer.isFull());
    }

    @Test
    void aTakerWaitsForTheNextPage()
            throws Exception
    {
        ResultBuffer buffer = new ResultBuffer(1 << 20);
        CompletableFuture<Page> taken = CompletableFuture.supplyAsync(() -> {
            try {
                return buffer.take();
            }
            catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
        });
        Page page = longs(7);
        buffer.add(page);
        assertSame(page, taken.get(10, TimeUnit.SECONDS));
    }

    @Test
    void aFailureReachesTheCallerAndReleasesProducers()
            throws Exception
    {
        Page page = longs(1);
        ResultBuffer buffer = new ResultBuffer(page.retainedBytes());
        buffer.add(page);
        CompletableFuture<?> notFull = buffer.notFull();
        IllegalStateException failure = new IllegalStateException("boom");
        buffer.fail(failure);
        assertTrue(notFull.isDone());
        CompletionException thrown = assertThrows(CompletionException.class, buffer::take);
        assertSame(failure, thrown.getCause());

        ResultBuffer cancelled = new ResultBuffer(1);
        cancelled.fail(new CancellationException());
        assertThrows(CancellationException.class, cancelled::take);
    }

    @Test
    void closingDropsThePagesAndReleasesProducers()
    {
        Page page = longs(1);
        ResultBuffer buffer = new ResultBuffer(page.retainedBytes());
        buffer.add(page);
        CompletableFuture<?> notFull = buffer.notFull();
        buffer.close();
        assertTrue(notFull.isDone());
        assertFalse(buffer.isFull());
        buffer.add(longs(2));
        assertThrows(IllegalStateException.class, buffer::take);
    }
}
