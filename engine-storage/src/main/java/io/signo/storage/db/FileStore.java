package io.signo.storage.db;

import io.signo.storage.db.encoding.ChunkCompression;

import java.io.IOException;
import java.lang.foreign.MemorySegment;
import java.util.Set;

/**
 * Where a database keeps its segment files and its manifest: a directory ({@link DirectoryStore}),
 * or memory for a database that lives as long as its process ({@link MemoryStore}).
 */
interface FileStore
        extends AutoCloseable
{
    /** A new segment file, written front to back; it is not read before {@link SegmentOutput#finish()}. */
    SegmentOutput create(long fileId)
            throws IOException;

    /** A finished segment file's bytes, read-only, valid while the returned segment is reachable. */
    MemorySegment open(long fileId)
            throws IOException;

    /** Removes a file no manifest refers to any more; readers that still hold it keep their view. */
    void delete(long fileId);

    /** The ids of the segment files present, committed or not. */
    Set<Long> fileIds()
            throws IOException;

    /** The last committed manifest, or {@link Manifest#EMPTY} for a new database. */
    Manifest readManifest()
            throws IOException;

    /** Makes {@code manifest} the committed version: when this returns it survives a crash, and a crash before leaves the previous one. */
    void writeManifest(Manifest manifest)
            throws IOException;

    /** The codecs a writer may compress string bytes with in this store's files. */
    default ChunkCompression compression()
    {
        return ChunkCompression.LZ4_OR_ZSTD;
    }

    /** How a file is named in errors: its path for a directory. */
    String describe(long fileId);

    /** Makes every file created since the last call durable, before a manifest names them. */
    void syncFiles()
            throws IOException;

    @Override
    void close();

    /** The bytes of one segment file as they are written. */
    interface SegmentOutput
    {
        void write(byte[] bytes)
                throws IOException;

        long position();

        /** Ends the file; {@link FileStore#syncFiles()} later makes it durable. */
        void finish()
                throws IOException;

        /** Drops a file that will not be committed. */
        void abort();
    }
}
