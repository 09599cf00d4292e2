package io.signo.storage.file.parquet;

import dev.hardwood.metadata.CompressionCodec;
import io.airlift.compress.v3.Decompressor;
import io.airlift.compress.v3.lz4.Lz4Decompressor;
import io.airlift.compress.v3.snappy.SnappyDecompressor;
import io.airlift.compress.v3.zstd.ZstdDecompressor;
import org.xerial.snappy.Snappy;
import org.xerial.snappy.SnappyError;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;

/**
 * Uncompresses a page body into a buffer it reuses, or into the vector the page's values go to:
 * snappy with snappy-java's native library where it loads, the rest with aircompressor's codecs
 * (native where its libraries load, pure Java otherwise). Each is the fastest measured on TPC-H
 * lineitem's price pages, in CPU time (SnappyBench, files-cpu-sf1.md): snappy-java 0.68 GB/s against
 * aircompressor's native snappy 0.48 and its Java snappy 0.46; native zstd 0.55 against Java 0.36,
 * native LZ4 2.6 against Java 1.3. Owned by one reading thread.
 */
final class PageDecompressor
{
    private static final boolean SNAPPY_JAVA = snappyJavaLoads();

    private final Arena arena;
    /** Null for uncompressed pages and for snappy through snappy-java. */
    private final Decompressor decompressor;
    private final boolean snappyJava;
    private MemorySegment buffer;

    private PageDecompressor(Arena arena, Decompressor decompressor, boolean snappyJava)
    {
        this.arena = arena;
        this.decompressor = decompressor;
        this.snappyJava = snappyJava;
    }

    private static boolean snappyJavaLoads()
    {
        try {
            return Snappy.maxCompressedLength(1) > 0;
        }
        catch (Throwable e) {
            // no native library for this platform, or no room to unpack it: aircompressor's snappy
            return false;
        }
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
        boolean snappyJava = codec == CompressionCodec.SNAPPY && SNAPPY_JAVA;
        Decompressor decompressor = switch (codec) {
            case UNCOMPRESSED -> null;
            case SNAPPY -> snappyJava ? null : SnappyDecompressor.create();
            case ZSTD -> ZstdDecompressor.create();
            case LZ4_RAW -> Lz4Decompressor.create();
            default -> throw new IllegalArgumentException("codec " + codec + " is read through Hardwood");
        };
        return new PageDecompressor(arena, decompressor, snappyJava);
    }

    /** The page body {@code compressed}, uncompressed into exactly {@code uncompressedSize} bytes; valid until the next call. */
    MemorySegment decompress(MemorySegment compressed, int uncompressedSize)
    {
        if (decompressor == null && !snappyJava) {
            if (compressed.byteSize() != uncompressedSize) {
                throw new IllegalArgumentException("uncompressed page of " + compressed.byteSize() + " bytes, its header says " + uncompressedSize);
            }
            return compressed;
        }
        if (buffer == null || buffer.byteSize() < uncompressedSize) {
            buffer = arena.allocate(Math.max(uncompressedSize, buffer == null ? 64 * 1024 : buffer.byteSize() * 2), 8);
        }
        MemorySegment output = buffer.asSlice(0, uncompressedSize);
        int written = snappyJava ? uncompressSnappy(compressed, output) : decompressor.decompress(compressed, output);
        if (written != uncompressedSize) {
            throw new IllegalArgumentException("page uncompressed to " + written + " bytes, its header says " + uncompressedSize);
        }
        return output;
    }

    /**
     * Uncompresses a page body straight into {@code target}, which it must fill exactly: for pages
     * whose bytes are the vector's values as they stand, so no copy lies between the page and the vector.
     */
    void decompressInto(MemorySegment compressed, MemorySegment target)
    {
        long written;
        if (decompressor == null && !snappyJava) {
            written = compressed.byteSize();
            if (written == target.byteSize()) {
                MemorySegment.copy(compressed, 0, target, 0, written);
            }
        }
        else {
            written = snappyJava ? uncompressSnappy(compressed, target) : decompressor.decompress(compressed, target);
        }
        if (written != target.byteSize()) {
            throw new IllegalArgumentException("page uncompressed to " + written + " bytes, its header says " + target.byteSize());
        }
    }

    /** Checks the length the compressed bytes declare against the room before snappy-java writes: it does not. */
    private static int uncompressSnappy(MemorySegment compressed, MemorySegment output)
    {
        try {
            ByteBuffer source = compressed.asByteBuffer();
            int declared = Snappy.uncompressedLength(source);
            if (declared != output.byteSize()) {
                throw new IllegalArgumentException("snappy page declares " + declared + " uncompressed bytes, its header " + output.byteSize());
            }
            return Snappy.uncompress(source, output.asByteBuffer());
        }
        catch (IOException | SnappyError e) {
            throw new IllegalArgumentException("damaged snappy page: " + e.getMessage(), e);
        }
    }
}
