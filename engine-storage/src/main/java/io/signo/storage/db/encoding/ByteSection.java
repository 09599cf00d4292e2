package io.signo.storage.db.encoding;

import io.airlift.compress.v3.lz4.Lz4JavaCompressor;
import io.airlift.compress.v3.lz4.Lz4JavaDecompressor;
import io.airlift.compress.v3.zstd.ZstdJavaCompressor;
import io.airlift.compress.v3.zstd.ZstdJavaDecompressor;
import io.signo.storage.serde.CorruptPageException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;

import static io.signo.storage.db.encoding.ChunkFormat.CODEC_LZ4;
import static io.signo.storage.db.encoding.ChunkFormat.CODEC_NONE;
import static io.signo.storage.db.encoding.ChunkFormat.CODEC_ZSTD;
import static io.signo.storage.db.encoding.ChunkFormat.MAX_EXPANSION;
import static io.signo.storage.db.encoding.ChunkReader.corrupt;

/**
 * The bytes of strings in a chunk, raw or compressed with LZ4 or zstd (see {@link ChunkFormat}).
 *
 * <p>Which codec: compression is kept only when it saves at least a tenth, as decompressing costs
 * more than reading the bytes it saves. Between the two, LZ4 unless zstd is at most half of what LZ4
 * leaves. Why: chunks are read from memory-mapped files that are mostly in the page cache, so a
 * scan's cost is decoding, and pure-Java LZ4 decompresses 5 to 10 times faster than pure-Java zstd
 * (measured on TPC-H text: about 1.5 GB/s against 150 to 250 MB/s). On the TPC-H comments zstd
 * leaves 0.24 to 0.27 of the bytes and LZ4 0.39 to 0.43: a third more on disk is worth decoding
 * several times faster. Zstd keeps data that LZ4 barely shrinks and zstd's entropy coding halves.
 *
 * <p>Zstd also compresses 5 to 10 times slower than LZ4 (40 to 70 MB/s), so it is tried on the whole
 * section only when a sample of the first {@link #ZSTD_SAMPLE_BYTES} bytes says it may win.
 */
final class ByteSection
{
    /** Below this many bytes compression is not tried: the frame overhead eats the gain. */
    static final int MIN_COMPRESSED_BYTES = 512;
    private static final double MIN_SAVING = 0.1;
    private static final double ZSTD_OVER_LZ4 = 0.5;
    private static final int ZSTD_SAMPLE_BYTES = 16 << 10;
    /** On the sample, zstd must do this much better than LZ4 to be tried on the whole: the sample's small window favours LZ4 a little. */
    private static final double ZSTD_SAMPLE_OVER_LZ4 = 0.6;

    private static final ThreadLocal<Codecs> CODECS = ThreadLocal.withInitial(Codecs::new);

    private ByteSection() {}

    /** What a section holds once chosen: the codec, and the bytes to write (compressed or the raw ones). */
    record Choice(int codec, byte[] bytes, int length, int rawLength)
    {
        long sectionBytes()
        {
            return 1 + Integer.BYTES + (codec == CODEC_NONE ? 0 : Integer.BYTES) + (long) length;
        }
    }

    /** Bytes of a raw section of {@code rawLength} bytes. */
    static long rawSectionBytes(long rawLength)
    {
        return 1 + Integer.BYTES + rawLength;
    }

    /** Compresses {@code raw[0 .. rawLength)} with both codecs when worth trying, and chooses (see the class comment). */
    static Choice choose(byte[] raw, int rawLength, ChunkCompression compression)
    {
        Choice none = new Choice(CODEC_NONE, raw, rawLength, rawLength);
        if (rawLength < MIN_COMPRESSED_BYTES) {
            return none;
        }
        Codecs codecs = CODECS.get();
        byte[] lz4 = new byte[codecs.lz4Compressor.maxCompressedLength(rawLength)];
        int lz4Length = codecs.lz4Compressor.compress(raw, 0, rawLength, lz4, 0, lz4.length);
        long limit = (long) (rawLength * (1 - MIN_SAVING));
        boolean lz4Saves = lz4Length <= limit && (long) lz4Length * MAX_EXPANSION >= rawLength;
        long zstdTarget = (long) ((lz4Saves ? lz4Length : rawLength) * ZSTD_OVER_LZ4);
        if (compression == ChunkCompression.LZ4_OR_ZSTD && zstdMayWin(codecs, raw, rawLength, lz4Saves ? lz4Length : rawLength)) {
            byte[] zstd = new byte[codecs.zstdCompressor.maxCompressedLength(rawLength)];
            int zstdLength = codecs.zstdCompressor.compress(raw, 0, rawLength, zstd, 0, zstd.length);
            if (zstdLength <= zstdTarget && (long) zstdLength * MAX_EXPANSION >= rawLength) {
                return new Choice(CODEC_ZSTD, zstd, zstdLength, rawLength);
            }
        }
        if (lz4Saves) {
            return new Choice(CODEC_LZ4, lz4, lz4Length, rawLength);
        }
        return none;
    }

    /** Whether zstd may leave at most half of {@code lz4Length}, judged on a sample when the section is larger than one. */
    private static boolean zstdMayWin(Codecs codecs, byte[] raw, int rawLength, int lz4Length)
    {
        if (rawLength <= ZSTD_SAMPLE_BYTES) {
            return true;
        }
        byte[] sample = new byte[codecs.zstdCompressor.maxCompressedLength(ZSTD_SAMPLE_BYTES)];
        int zstdSample = codecs.zstdCompressor.compress(raw, 0, ZSTD_SAMPLE_BYTES, sample, 0, sample.length);
        int lz4Sample = lz4Length == rawLength ? ZSTD_SAMPLE_BYTES : codecs.lz4Compressor.compress(raw, 0, ZSTD_SAMPLE_BYTES, sample, 0, sample.length);
        return zstdSample <= lz4Sample * ZSTD_SAMPLE_OVER_LZ4;
    }

    static void write(ChunkWriter out, Choice choice)
    {
        out.writeByte(choice.codec);
        out.writeInt(choice.rawLength);
        if (choice.codec != CODEC_NONE) {
            out.writeInt(choice.length);
        }
        out.writeBytes(choice.bytes, 0, choice.length);
    }

    /** A section header as read: its codec, raw length, and where its stored bytes are. */
    record Header(int codec, int rawLength, long offset, int storedLength) {}

    static Header readHeader(ChunkReader reader, String what)
    {
        int codec = reader.readUnsignedByte();
        if (codec > CODEC_ZSTD) {
            throw corrupt(what + ": unknown codec " + codec);
        }
        int rawLength = reader.readInt(what + " length", 0, Integer.MAX_VALUE);
        int storedLength = codec == CODEC_NONE ? rawLength : reader.readInt(what + " compressed length", 0, Integer.MAX_VALUE);
        long offset = reader.skip(storedLength, what);
        if (codec != CODEC_NONE && (long) storedLength * MAX_EXPANSION < rawLength) {
            throw corrupt(what + ": " + storedLength + " compressed bytes cannot hold " + rawLength);
        }
        return new Header(codec, rawLength, offset, storedLength);
    }

    /** Copies or decompresses a section's bytes into {@code target}, which has exactly its raw length. */
    static void readInto(MemorySegment input, Header header, MemorySegment target, String what)
    {
        MemorySegment stored = input.asSlice(header.offset, header.storedLength);
        if (header.codec == CODEC_NONE) {
            MemorySegment.copy(stored, 0, target, 0, header.rawLength);
            return;
        }
        int decompressed;
        try {
            Codecs codecs = CODECS.get();
            decompressed = header.codec == CODEC_LZ4
                    ? codecs.lz4Decompressor.decompress(stored, target)
                    : codecs.zstdDecompressor.decompress(stored, target);
        }
        catch (RuntimeException e) {
            // MalformedInputException, or a bounds check inside the decompressor: the bytes are damaged
            throw new CorruptPageException("corrupt column chunk: " + what + " does not decompress: " + e.getMessage(), e);
        }
        if (decompressed != header.rawLength) {
            throw corrupt(what + " decompressed to " + decompressed + " bytes, header declares " + header.rawLength);
        }
    }

    /**
     * The section's bytes, read in place when raw, else decompressed into this thread's scratch
     * memory, valid until its next call on this thread: for a dictionary, read while decoding.
     */
    static MemorySegment view(MemorySegment input, Header header, String what)
    {
        if (header.codec == CODEC_NONE) {
            return input.asSlice(header.offset, header.rawLength);
        }
        MemorySegment scratch = CODECS.get().scratch(header.rawLength);
        readInto(input, header, scratch, what);
        return scratch;
    }

    /** Per thread: the codecs (LZ4's compressor keeps a hash table), and native scratch for decompressed dictionaries. */
    private static final class Codecs
    {
        final Lz4JavaCompressor lz4Compressor = new Lz4JavaCompressor();
        final ZstdJavaCompressor zstdCompressor = new ZstdJavaCompressor();
        final Lz4JavaDecompressor lz4Decompressor = new Lz4JavaDecompressor();
        final ZstdJavaDecompressor zstdDecompressor = new ZstdJavaDecompressor();
        private MemorySegment scratch = MemorySegment.NULL;

        MemorySegment scratch(int length)
        {
            if (scratch.byteSize() < length) {
                // freed by the garbage collector once replaced; native so that decoding sees one kind of segment
                scratch = Arena.ofAuto().allocate(Math.max(length, scratch.byteSize() * 2), Long.BYTES);
            }
            return scratch.asSlice(0, length);
        }
    }
}
