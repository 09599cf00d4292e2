package io.signo.storage.db;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** The files of a database that lives in memory, as long as its process: the same format, nothing to make durable. */
final class MemoryStore
        implements FileStore
{
    private final Map<Long, MemorySegment> files = new ConcurrentHashMap<>();
    private volatile Manifest manifest = Manifest.EMPTY;

    @Override
    public SegmentOutput create(long fileId)
    {
        return new SegmentOutput()
        {
            private final java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();

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
                // native like a mapped file, so that decoding sees one kind of segment
                byte[] content = bytes.toByteArray();
                MemorySegment file = Arena.ofAuto().allocate(Math.max(content.length, 1), 8);
                MemorySegment.copy(MemorySegment.ofArray(content), 0, file, 0, content.length);
                files.put(fileId, file.asSlice(0, content.length).asReadOnly());
            }

            @Override
            public void abort() {}
        };
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
        files.remove(fileId);
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
    }
}
