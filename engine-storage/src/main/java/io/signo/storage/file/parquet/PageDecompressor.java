package io.signo.storage.file.parquet;

import dev.hardwood.metadata.CompressionCodec;
import io.airlift.compress.v3.Decompressor;
import io.airlift.compress.v3.lz4.Lz4Decompressor;
import io.airlift.compress.v3.snappy.SnappyDecompressor;
import io.airlift.compress.v3.zstd.ZstdDecompressor;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

/**
 * Uncompresses a page body into a buffer it reuses, with aircompressor's codecs (native where its
 * libraries load, pure Java otherwise). Owned by one reading thread.
 */
final class PageDecompressor
{
    private final Arena arena;
    private final Decompressor decompressor;
    private MemorySegment buffer;

    private PageDecompressor(Arena arena, Decompressor decompressor)
    {
        this.arena = arena;
        this.decompressor = decompressor;
    }

    /** Whether pages of {@code codec} are uncompressed here; the others (gzip, Hadoop's LZ4 framing, Brotli, LZO) are left to Hardwood. */
    static boolean handles(CompressionCodec codec)
    {
        return switch (codec) {
            case UNCOMPRESSED, SNAPPY, ZSTD, LZ4_RAW -> true;
            default -> false;
        };
    }

    /** @param arena where the buffer lives */
    static PageDecompressor of(CompressionCodec codec, Arena arena)
    {
        Decompressor decompressor = switch (codec) {
            case UNCOMPRESSED -> null;
            case SNAPPY -> SnappyDecompressor.create();
            case ZSTD -> ZstdDecompressor.create();
            case LZ4_RAW -> Lz4Decompressor.create();
            default -> throw new IllegalArgumentException("codec " + codec + " is read through Hardwood");
        };
        return new PageDecompressor(arena, decompressor);
    }

    /** The page body {@code compressed}, uncompressed into exactly {@code uncompressedSize} bytes; valid until the next call. */
    MemorySegment decompress(MemorySegment compressed, int uncompressedSize)
    {
        if (decompressor == null) {
            if (compressed.byteSize() != uncompressedSize) {
                throw new IllegalArgumentException("uncompressed page of " + compressed.byteSize() + " bytes, its header says " + uncompressedSize);
            }
            return compressed;
        }
        if (buffer == null || buffer.byteSize() < uncompressedSize) {
            buffer = arena.allocate(Math.max(uncompressedSize, buffer == null ? 64 * 1024 : buffer.byteSize() * 2), 8);
        }
        MemorySegment output = buffer.asSlice(0, uncompressedSize);
        int written = decompressor.decompress(compressed, output);
        if (written != uncompressedSize) {
            throw new IllegalArgumentException("page uncompressed to " + written + " bytes, its header says " + uncompressedSize);
        }
        return output;
    }
}
