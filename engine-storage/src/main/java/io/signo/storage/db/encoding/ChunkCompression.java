package io.signo.storage.db.encoding;

/**
 * Which codecs the encoder may put on a chunk's string bytes (see {@link ByteSection}). Either way
 * the chunk describes its codec, so a reader decodes what any writer chose.
 */
public enum ChunkCompression
{
    /** LZ4, or zstd where it leaves at most half of LZ4's bytes: the smallest files that decode fast. */
    LZ4_OR_ZSTD,
    /**
     * LZ4 only, never trying zstd: zstd compresses 5 to 10 times slower than LZ4 and, tried on a sample
     * of every large section, costs a writer its time (and, in a process's first load, the JIT its
     * compilations) for the few sections where it wins. For files that live in memory, written by a
     * load the user waits for.
     */
    LZ4
}
