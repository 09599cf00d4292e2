package io.signo.storage.db.encoding;

import java.lang.foreign.MemorySegment;

/** The encoding chosen for an encoded chunk, read from its first byte. */
final class ChunkColumnEncoding
{
    private ChunkColumnEncoding() {}

    static ChunkEncoding of(byte[] encoded)
    {
        return ColumnChunkCodec.encodingOf(MemorySegment.ofArray(encoded));
    }
}
