package io.signo.storage.db;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.vector.ColumnVector;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.function.Supplier;

/**
 * Decoded column chunks that scans read again, up to a fixed number of bytes, kept so that one large
 * scan cannot flush the chunks that queries keep reading (a segmented LRU with the ghost list of
 * 2Q): a chunk read for the first time enters a FIFO queue ({@code recent}) and is the first to go;
 * a chunk read a second time, while still there or while its key is still remembered after it left
 * ({@code ghosts}), enters the LRU queue ({@code frequent}), which holds at most three quarters of
 * the cache and is emptied only when {@code recent} is. A scan of a table larger than the cache thus
 * churns {@code recent} alone.
 *
 * <p>The bytes held are reserved in the cache's {@link MemoryPool}. A vector evicted while a query
 * still reads it stays valid: its memory is freed by the garbage collector once unreachable.
 * Thread safe.
 */
public final class BlockCache
{
    /** The share of the cache that chunks read more than once may take; the rest is for first reads. */
    private static final double FREQUENT_SHARE = 0.75;

    /** A decoded chunk: column {@code column} of block {@code block} of segment file {@code fileId}. */
    record Key(long fileId, int block, int column) {}

    private final long capacityBytes;
    private final long frequentCapacityBytes;
    private final MemoryPool pool;
    private final LinkedHashMap<Key, ColumnVector> recent = new LinkedHashMap<>();
    private final LinkedHashMap<Key, ColumnVector> frequent = new LinkedHashMap<>(16, 0.75f, true);
    private final LinkedHashSet<Key> ghosts = new LinkedHashSet<>();
    private long recentBytes;
    private long frequentBytes;
    private long hits;
    private long misses;
    private final LongAdder blocksRead = new LongAdder();

    /** A cache of {@code capacityBytes} (0 turns it off); what it holds is counted in {@code pool}. */
    public BlockCache(long capacityBytes, MemoryPool pool)
    {
        if (capacityBytes < 0) {
            throw new IllegalArgumentException("cache size is negative: " + capacityBytes);
        }
        this.capacityBytes = capacityBytes;
        this.frequentCapacityBytes = (long) (capacityBytes * FREQUENT_SHARE);
        this.pool = pool;
    }

    public static BlockCache disabled()
    {
        return new BlockCache(0, MemoryPool.unbounded("block-cache"));
    }

    /** The chunk, decoded by {@code decoder} when the cache does not hold it (outside the cache's lock, so drivers decode in parallel). */
    ColumnVector get(Key key, Supplier<ColumnVector> decoder)
    {
        if (capacityBytes == 0) {
            return decoder.get();
        }
        ColumnVector cached = cached(key);
        if (cached != null) {
            return cached;
        }
        synchronized (this) {
            misses++;
        }
        ColumnVector decoded = decoder.get();
        put(key, decoded);
        return decoded;
    }

    /** The chunk when the cache holds it (a hit, as {@link #get} counts one), else null: a miss that the caller may decode without caching. */
    ColumnVector cached(Key key)
    {
        if (capacityBytes == 0) {
            return null;
        }
        synchronized (this) {
            ColumnVector cached = frequent.get(key);
            if (cached != null) {
                hits++;
                return cached;
            }
            cached = recent.remove(key);
            if (cached != null) {
                hits++;
                long bytes = bytes(cached);
                recentBytes -= bytes;
                frequent.put(key, cached);
                frequentBytes += bytes;
                evict();
            }
            return cached;
        }
    }

    private synchronized void put(Key key, ColumnVector vector)
    {
        if (recent.containsKey(key) || frequent.containsKey(key)) {
            // another driver decoded it meanwhile
            return;
        }
        long bytes = bytes(vector);
        if (bytes > capacityBytes / 4) {
            return;
        }
        pool.reserve(bytes);
        if (ghosts.remove(key)) {
            frequent.put(key, vector);
            frequentBytes += bytes;
        }
        else {
            recent.put(key, vector);
            recentBytes += bytes;
        }
        evict();
    }

    private void evict()
    {
        // the least recently read of the frequent chunks go back to the end of the first-read queue
        while (frequentBytes > frequentCapacityBytes) {
            Iterator<Map.Entry<Key, ColumnVector>> leastRecent = frequent.entrySet().iterator();
            Map.Entry<Key, ColumnVector> entry = leastRecent.next();
            leastRecent.remove();
            long bytes = bytes(entry.getValue());
            frequentBytes -= bytes;
            recent.put(entry.getKey(), entry.getValue());
            recentBytes += bytes;
        }
        while (recentBytes + frequentBytes > capacityBytes) {
            if (!recent.isEmpty()) {
                Iterator<Map.Entry<Key, ColumnVector>> oldest = recent.entrySet().iterator();
                Map.Entry<Key, ColumnVector> entry = oldest.next();
                oldest.remove();
                recentBytes -= release(entry.getValue());
                remember(entry.getKey());
            }
            else {
                Iterator<Map.Entry<Key, ColumnVector>> leastRecent = frequent.entrySet().iterator();
                ColumnVector vector = leastRecent.next().getValue();
                leastRecent.remove();
                frequentBytes -= release(vector);
            }
        }
    }

    private long release(ColumnVector vector)
    {
        long bytes = bytes(vector);
        pool.release(bytes);
        return bytes;
    }

    /** Keeps the keys of chunks that left the FIFO queue, as many as half the cache's chunks at the typical size. */
    private void remember(Key key)
    {
        ghosts.add(key);
        int limit = Math.max(1024, (recent.size() + frequent.size()) * 2);
        Iterator<Key> oldest = ghosts.iterator();
        while (ghosts.size() > limit) {
            oldest.next();
            oldest.remove();
        }
    }

    /** Drops every chunk of a file no version reads any more. */
    synchronized void forget(long fileId)
    {
        recentBytes -= forget(recent, fileId);
        frequentBytes -= forget(frequent, fileId);
        ghosts.removeIf(key -> key.fileId() == fileId);
    }

    /** Removes a file's chunks from one queue; returns their bytes. */
    private long forget(Map<Key, ColumnVector> queue, long fileId)
    {
        long bytes = 0;
        Iterator<Map.Entry<Key, ColumnVector>> entries = queue.entrySet().iterator();
        while (entries.hasNext()) {
            Map.Entry<Key, ColumnVector> entry = entries.next();
            if (entry.getKey().fileId() == fileId) {
                entries.remove();
                bytes += release(entry.getValue());
            }
        }
        return bytes;
    }

    private static long bytes(ColumnVector vector)
    {
        long bytes = vector.values().byteSize();
        if (vector.offsets() != null) {
            bytes += vector.offsets().byteSize();
        }
        if (vector.nulls() != null) {
            bytes += vector.nulls().byteSize();
        }
        return bytes;
    }

    public long capacityBytes()
    {
        return capacityBytes;
    }

    public synchronized long cachedBytes()
    {
        return recentBytes + frequentBytes;
    }

    /** Reads the cache answered, since it was made. */
    public synchronized long hits()
    {
        return hits;
    }

    /**
     * Blocks of the database's files that scans have read (decoded one column of, at least), since the
     * cache was made; a block its zone maps ruled out is not read. Counted whether the cache is on or
     * off, so that a test can see what a statement's pruning skipped.
     */
    public long blocksRead()
    {
        return blocksRead.sum();
    }

    void recordBlockRead()
    {
        blocksRead.increment();
    }

    /** Reads that decoded the chunk (a disabled cache counts none). */
    public synchronized long misses()
    {
        return misses;
    }
}
