package io.signo.storage.db;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.Test;

import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BlockCacheTest
{
    /** 1000 BIGINT values: 8000 bytes. */
    private static final int CHUNK_BYTES = 8000;

    @Test
    void chunksReadAgainSurviveOneLargeScan()
    {
        MemoryPool pool = MemoryPool.unbounded("cache");
        BlockCache cache = new BlockCache(20L * CHUNK_BYTES, pool);
        AtomicInteger decoded = new AtomicInteger();
        // the hot set: read twice
        for (int round = 0; round < 2; round++) {
            for (int block = 0; block < 8; block++) {
                read(cache, 1, block, decoded);
            }
        }
        // chunks read again after they left the cache are remembered and kept from then on
        for (int block = 0; block < 30; block++) {
            read(cache, 2, block, decoded);
        }
        read(cache, 2, 0, decoded);
        // one scan of a table ten times the cache, every chunk read once
        for (int block = 0; block < 200; block++) {
            read(cache, 3, block, decoded);
        }
        int before = decoded.get();
        for (int block = 0; block < 8; block++) {
            read(cache, 1, block, decoded);
        }
        read(cache, 2, 0, decoded);
        assertEquals(before, decoded.get(), "chunks read twice were decoded again: the scan flushed them");
        assertTrue(cache.cachedBytes() <= 20L * CHUNK_BYTES, "the cache holds more than its size: " + cache.cachedBytes());
    }

    @Test
    void theCacheCountsWhatItHoldsAndForgetsDroppedFiles()
    {
        MemoryPool pool = new MemoryPool("cache", 1L << 30);
        BlockCache cache = new BlockCache(10L * CHUNK_BYTES, pool);
        AtomicInteger decoded = new AtomicInteger();
        ColumnVector first = read(cache, 7, 0, decoded);
        assertSame(first, read(cache, 7, 0, decoded), "a chunk in the cache is not decoded again");
        read(cache, 7, 1, decoded);
        assertEquals(2L * CHUNK_BYTES, cache.cachedBytes());
        cache.forget(7);
        assertEquals(0, cache.cachedBytes());
        read(cache, 7, 0, decoded);
        assertEquals(3, decoded.get());
    }

    @Test
    void aCacheOfZeroBytesKeepsNothing()
    {
        BlockCache cache = BlockCache.disabled();
        AtomicInteger decoded = new AtomicInteger();
        read(cache, 1, 0, decoded);
        read(cache, 1, 0, decoded);
        assertEquals(2, decoded.get());
        assertEquals(0, cache.cachedBytes());
    }

    private static ColumnVector read(BlockCache cache, long file, int block, AtomicInteger decoded)
    {
        return cache.get(new BlockCache.Key(file, block, 0), () -> {
            decoded.incrementAndGet();
            VectorBuilder builder = new VectorBuilder(Type.BIGINT, 1000);
            for (int i = 0; i < 1000; i++) {
                builder.appendLong(i);
            }
            return builder.build();
        });
    }
}
