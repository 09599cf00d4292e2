package io.signo.storage.db;

import io.signo.storage.db.encoding.ChunkCompression;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.NativeMemory;

import java.io.ByteArrayOutputStream;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The files of a database that lives in memory, as long as its process: the same format, nothing to
 * make durable. The files are native memory, counted against a limit (by default the native memory
 * the JVM lets the process hold): a write whose files would pass it fails with
 * {@link ErrorCode#EXCEEDED_MEMORY_LIMIT}, and the statement, which has committed nothing, removes
 * the files it wrote.
 */
final class MemoryStore
        implements FileStore
{
    private final Map<Long, MemorySegment> files = new ConcurrentHashMap<>();
    private final long limitBytes;
    private final AtomicLong heldBytes = new AtomicLong();
    private volatile Manifest manifest = Manifest.EMPTY;

    MemoryStore(long limitBytes)
    {
        if (limitBytes <= 0) {
            throw new IllegalArgumentException("limitBytes must be positive: " + limitBytes);
        }
        this.limitBytes = limitBytes;
    }

    /**
     * LZ4 only: a load into memory is a statement the user waits for, and trying zstd on every large
     * section of strings costs it more CPU than the little memory zstd saves (docs/files.md, "Memory").
     */
    @Override
    public ChunkCompression compression()
    {
        return ChunkCompression.LZ4;
    }

    @Override
    public SegmentOutput create(long fileId)
    {
        return new SegmentOutput()
        {
            private final Bytes bytes = new Bytes();

            @Override
            public void write(byte[] chunk)
            {
                bytes.write(chunk, 0, chunk.length);
            }

            @Override
            public long position()
            {
                return bytes.size();
            }

            @Override
            public void finish()
            {
                int length = bytes.size();
                reserve(length);
                MemorySegment file;
                try {
                    // native like a mapped file, so that decoding sees one kind of segment
                    file = Arena.ofAuto().allocate(Math.max(length, 1), 8);
                }
                catch (OutOfMemoryError e) {
                    // the JVM's native memory ran out before this store's limit: pages of queries hold the rest
                    heldBytes.addAndGet(-length);
                    throw full(length, e);
                }
                bytes.copyTo(file);
                files.put(fileId, file.asSlice(0, length).asReadOnly());
            }

            @Override
            public void abort() {}
        };
    }

    private void reserve(long length)
    {
        while (true) {
            long held = heldBytes.get();
            if (held + length > limitBytes) {
                throw full(length, null);
            }
            if (heldBytes.compareAndSet(held, held + length)) {
                return;
            }
        }
    }

    private SignoException full(long length, Throwable cause)
    {
        return new SignoException(ErrorCode.EXCEEDED_MEMORY_LIMIT, "the in-memory database cannot hold this statement's rows: its tables take "
                + NativeMemory.format(heldBytes.get()) + " and a file of " + NativeMemory.format(length) + " more would pass its limit of " + NativeMemory.format(limitBytes)
                + " (by default the native memory the JVM gives the process: -XX:MaxDirectMemorySize, by default the heap size; raise it with SIGNO_HEAP, e.g. SIGNO_HEAP=8g,"
                + " or keep the tables on disk with --db DIR); nothing was written", cause);
    }

    /** Bytes held by the in-memory database's files. */
    long heldBytes()
    {
        return heldBytes.get();
    }

    @Override
    public MemorySegment open(long fileId)
    {
        MemorySegment file = files.get(fileId);
        if (file == null) {
            throw new IllegalStateException("no segment file " + fileId);
        }
        return file;
    }

    @Override
    public void delete(long fileId)
    {
        MemorySegment removed = files.remove(fileId);
        if (removed != null) {
            // readers that still hold the file keep it until the collector frees it
            heldBytes.addAndGet(-removed.byteSize());
        }
    }

    @Override
    public Set<Long> fileIds()
    {
        return Set.copyOf(files.keySet());
    }

    @Override
    public Manifest readManifest()
    {
        return manifest;
    }

    @Override
    public void writeManifest(Manifest manifest)
    {
        this.manifest = manifest;
    }

    @Override
    public String describe(long fileId)
    {
        return "segment " + fileId + " (in memory)";
    }

    @Override
    public void syncFiles() {}

    @Override
    public void close()
    {
        files.clear();
        heldBytes.set(0);
    }

    /** A file's bytes as they are written, copied once into native memory when it ends (no copy on the heap first). */
    private static final class Bytes
            extends ByteArrayOutputStream
    {
        void copyTo(MemorySegment target)
        {
            MemorySegment.copy(MemorySegment.ofArray(buf), 0, target, 0, count);
        }
    }
}
