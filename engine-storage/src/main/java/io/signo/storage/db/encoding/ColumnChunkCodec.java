package io.signo.storage.db.encoding;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.serde.CorruptPageException;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

import static io.signo.storage.db.encoding.ChunkFormat.HEADER_BYTES;
import static io.signo.storage.db.encoding.ChunkFormat.MAX_POSITIONS;
import static io.signo.storage.db.encoding.ChunkFormat.NULLS_ALL;
import static io.signo.storage.db.encoding.ChunkFormat.NULLS_BITMAP;
import static io.signo.storage.db.encoding.ChunkFormat.NULLS_NONE;
import static io.signo.storage.db.encoding.ChunkFormat.PADDING_BYTES;
import static io.signo.storage.db.encoding.ChunkFormat.nullBitmapBytes;
import static io.signo.storage.db.encoding.ChunkReader.corrupt;
import static java.util.Objects.requireNonNull;

/**
 * Encodes one column chunk (a vector of up to {@value ChunkFormat#MAX_POSITIONS} positions) into
 * self-describing bytes for a segment file, and decodes them back into a vector. Stateless and
 * thread safe.
 *
 * <p>The encoding is chosen per chunk by what the data measures: constant, run-length, frame of
 * reference or delta bit packing for numbers, dictionary for strings, plain otherwise, with LZ4 or
 * zstd on string bytes that stay large (see {@link ChunkEncoding}, {@link ChunkFormat}).
 */
public final class ColumnChunkCodec
{
    private static final PhysicalType[] PHYSICAL_TYPES = PhysicalType.values();

    private ColumnChunkCodec() {}

    /**
     * Encodes positions [0, vector.positionCount()) of a vector, nulls included, in the encoding that
     * measures smallest among those that decode fast. The bytes describe themselves but for the type
     * and the position count, which decode is given back.
     */
    public static byte[] encode(ColumnVector vector)
    {
        return encode(vector, ChunkCompression.LZ4_OR_ZSTD);
    }

    /** As {@link #encode(ColumnVector)}, with string bytes compressed by the codecs {@code compression} allows. */
    public static byte[] encode(ColumnVector vector, ChunkCompression compression)
    {
        requireNonNull(vector, "vector is null");
        requireNonNull(compression, "compression is null");
        int positionCount = vector.positionCount();
        if (positionCount < 0 || positionCount > MAX_POSITIONS) {
            throw new IllegalArgumentException("a chunk holds 0 to " + MAX_POSITIONS + " positions: " + positionCount);
        }
        PhysicalType physicalType = vector.type().physicalType();
        ChunkWriter out = new ChunkWriter(estimatedBytes(vector));
        out.writeByte(0);
        out.writeByte(physicalType.ordinal());
        MemorySegment nulls = vector.nulls();
        int nullCount = nulls == null ? 0 : countNulls(nulls, positionCount);
        if (nullCount == 0) {
            out.writeByte(NULLS_NONE);
        }
        else if (nullCount == positionCount) {
            out.writeByte(NULLS_ALL);
        }
        else {
            out.writeByte(NULLS_BITMAP);
            writeNulls(out, nulls, positionCount);
        }
        // the encoders read null slots as their predecessors' values; with no null, they need no bitmap
        ColumnVector values = nullCount == 0 && nulls != null
                ? new ColumnVector(vector.type(), positionCount, vector.values(), vector.offsets(), null)
                : vector;
        ChunkEncoding encoding = physicalType == PhysicalType.BYTES
                ? StringChunks.encode(values, out, compression)
                : NumberChunks.encode(values, out);
        out.setByte(0, encoding.tag());
        for (int i = 0; i < PADDING_BYTES; i++) {
            out.writeByte(0);
        }
        return out.toByteArray();
    }

    /**
     * Decodes bytes made by {@link #encode} into a new vector of {@code type} with
     * {@code positionCount} positions, allocating from {@code allocator}. {@code encoded} should be a
     * native segment (a slice of a mapped file): decoding reads it in place. The input is not
     * trusted: every length is checked against it before it is used, and anything inconsistent
     * raises {@link CorruptPageException}.
     */
    public static ColumnVector decode(Type type, int positionCount, MemorySegment encoded, PageAllocator allocator)
    {
        requireNonNull(allocator, "allocator is null");
        Header header = readHeader(type, positionCount, encoded);
        ChunkReader reader = header.reader();
        MemorySegment nulls = switch (header.nullMode()) {
            case NULLS_NONE -> null;
            case NULLS_BITMAP -> {
                long bitmapBytes = nullBitmapBytes(positionCount);
                MemorySegment bitmap = allocator.allocate(bitmapBytes);
                MemorySegment.copy(encoded, header.nullsOffset(), bitmap, 0, bitmapBytes);
                yield bitmap;
            }
            default -> {
                MemorySegment bitmap = allocator.allocate(nullBitmapBytes(positionCount));
                bitmap.fill((byte) -1);
                yield bitmap;
            }
        };
        ColumnVector vector;
        if (type.physicalType() == PhysicalType.BYTES) {
            StringChunks.Strings strings = StringChunks.decode(header.encoding(), positionCount, reader, allocator);
            vector = new ColumnVector(type, positionCount, strings.values(), strings.offsets(), nulls);
        }
        else {
            vector = new ColumnVector(type, positionCount, NumberChunks.decode(header.encoding(), type.physicalType(), positionCount, reader, allocator), null, nulls);
        }
        checkEnd(header, reader);
        return vector;
    }

    /**
     * The values at {@code positions[0 .. count)} (ascending, inside the chunk) as a vector of
     * {@code count} positions, read one by one without decoding the rest, for number chunks whose
     * values can be (plain, constant, frame of reference); null for any other chunk, which the caller
     * decodes whole. Checked as {@link #decode} checks its input.
     */
    public static ColumnVector decodePositions(Type type, int positionCount, MemorySegment encoded, int[] positions, int count, PageAllocator allocator)
    {
        Header header = readHeader(type, positionCount, encoded);
        if (type.physicalType() == PhysicalType.BYTES) {
            return null;
        }
        ChunkReader reader = header.reader();
        MemorySegment values = NumberChunks.decodePositions(header.encoding(), type.physicalType(), positionCount, reader, positions, count, allocator);
        if (values == null) {
            return null;
        }
        checkEnd(header, reader);
        MemorySegment nulls = switch (header.nullMode()) {
            case NULLS_NONE -> null;
            case NULLS_BITMAP -> ColumnVector.selectNulls(encoded.asSlice(header.nullsOffset(), nullBitmapBytes(positionCount)), positions, count, allocator);
            default -> {
                MemorySegment bitmap = allocator.allocate(nullBitmapBytes(count));
                bitmap.fill((byte) -1);
                yield bitmap;
            }
        };
        return new ColumnVector(type, count, values, null, nulls);
    }

    /**
     * For a chunk of strings stored as a dictionary (or as one constant string): its distinct strings
     * as a vector of {@code type}, and each position's code into that vector in
     * {@code codes[0 .. positionCount)}, -1 for a NULL. A filter can test the few entries instead of
     * every position, and a scan gather only the strings of the positions it keeps. Null for a chunk
     * in another encoding or of NULLs alone. The entries may be views of {@code encoded}. The input is
     * checked as {@link #decode} checks it.
     */
    public static ColumnVector entries(Type type, int positionCount, MemorySegment encoded, PageAllocator allocator, int[] codes)
    {
        Header header = readHeader(type, positionCount, encoded);
        if (type.physicalType() != PhysicalType.BYTES || header.nullMode() == NULLS_ALL) {
            return null;
        }
        ChunkReader reader = header.reader();
        StringChunks.Strings entries = StringChunks.entries(header.encoding(), positionCount, reader, allocator, codes);
        if (entries == null) {
            return null;
        }
        checkEnd(header, reader);
        if (header.nullMode() == NULLS_BITMAP) {
            MemorySegment nulls = encoded.asSlice(header.nullsOffset(), nullBitmapBytes(positionCount));
            for (int position = 0; position < positionCount; position++) {
                if (ColumnVector.isNullBit(nulls, position)) {
                    codes[position] = -1;
                }
            }
        }
        int entryCount = (int) (entries.offsets().byteSize() / Integer.BYTES) - 1;
        return new ColumnVector(type, entryCount, entries.values(), entries.offsets(), null);
    }

    /** A chunk's header, read and checked: its encoding, its nulls, and a reader at its values. */
    private record Header(ChunkEncoding encoding, int nullMode, long nullsOffset, ChunkReader reader) {}

    private static Header readHeader(Type type, int positionCount, MemorySegment encoded)
    {
        requireNonNull(type, "type is null");
        requireNonNull(encoded, "encoded is null");
        if (positionCount < 0 || positionCount > MAX_POSITIONS) {
            throw new IllegalArgumentException("a chunk holds 0 to " + MAX_POSITIONS + " positions: " + positionCount);
        }
        ChunkReader reader = new ChunkReader(encoded);
        if (reader.remaining() < HEADER_BYTES + PADDING_BYTES) {
            throw corrupt("truncated chunk: " + encoded.byteSize() + " bytes, at least " + (HEADER_BYTES + PADDING_BYTES) + " expected");
        }
        int tag = reader.readUnsignedByte();
        ChunkEncoding encoding = ChunkEncoding.fromTag(tag);
        if (encoding == null) {
            throw corrupt("unknown encoding " + tag);
        }
        PhysicalType physicalType = type.physicalType();
        int physicalOrdinal = reader.readUnsignedByte();
        if (physicalOrdinal != physicalType.ordinal()) {
            throw corrupt("chunk of " + (physicalOrdinal < PHYSICAL_TYPES.length ? PHYSICAL_TYPES[physicalOrdinal] : "unknown physical type " + physicalOrdinal)
                    + " values read as " + type);
        }
        int nullMode = reader.readUnsignedByte();
        long nullsOffset = switch (nullMode) {
            case NULLS_NONE, NULLS_ALL -> -1;
            case NULLS_BITMAP -> reader.skip(nullBitmapBytes(positionCount), "null bitmap");
            default -> throw corrupt("unknown null mode " + nullMode);
        };
        return new Header(encoding, nullMode, nullsOffset, reader);
    }

    private static void checkEnd(Header header, ChunkReader reader)
    {
        if (reader.remaining() != PADDING_BYTES) {
            throw corrupt(header.encoding() + " chunk ends " + (reader.remaining() - PADDING_BYTES) + " bytes before its input does (after its padding)");
        }
    }

    /** The encoding of an encoded chunk, for tests and reports. */
    static ChunkEncoding encodingOf(MemorySegment encoded)
    {
        return ChunkEncoding.fromTag(encoded.get(ValueLayout.JAVA_BYTE, 0) & 0xFF);
    }

    /**
     * The encoding of a valid chunk and, for strings, the codec of its byte section: "PLAIN+LZ4",
     * "DICTIONARY+ZSTD", "RUN_LENGTH". For tests and reports.
     */
    static String describe(int positionCount, MemorySegment encoded)
    {
        ChunkEncoding encoding = encodingOf(encoded);
        ChunkReader reader = new ChunkReader(encoded);
        reader.skip(2, "header");
        if (reader.readUnsignedByte() == NULLS_BITMAP) {
            reader.skip(nullBitmapBytes(positionCount), "null bitmap");
        }
        if (PHYSICAL_TYPES[encoded.get(ValueLayout.JAVA_BYTE, 1)] != PhysicalType.BYTES) {
            return encoding.name();
        }
        int codec = switch (encoding) {
            case PLAIN -> {
                PackedSequence.read(reader, positionCount, "lengths");
                yield reader.readUnsignedByte();
            }
            case DICTIONARY -> {
                int entryCount = reader.readInt();
                PackedSequence.read(reader, entryCount, "entry lengths");
                yield reader.readUnsignedByte();
            }
            default -> ChunkFormat.CODEC_NONE;
        };
        return encoding.name() + switch (codec) {
            case ChunkFormat.CODEC_LZ4 -> "+LZ4";
            case ChunkFormat.CODEC_ZSTD -> "+ZSTD";
            default -> "";
        };
    }

    private static int countNulls(MemorySegment nulls, int positionCount)
    {
        int count = 0;
        int fullBytes = positionCount >>> 3;
        for (int i = 0; i < fullBytes; i++) {
            count += Integer.bitCount(nulls.get(ValueLayout.JAVA_BYTE, i) & 0xFF);
        }
        for (int position = fullBytes << 3; position < positionCount; position++) {
            count += ColumnVector.isNullBit(nulls, position) ? 1 : 0;
        }
        return count;
    }

    private static void writeNulls(ChunkWriter out, MemorySegment nulls, int positionCount)
    {
        int fullBytes = positionCount >>> 3;
        out.writeBytes(nulls, 0, fullBytes);
        if ((positionCount & 7) != 0) {
            // only the bits of real positions, so equal vectors encode to equal bytes
            out.writeByte(nulls.get(ValueLayout.JAVA_BYTE, fullBytes) & ((1 << (positionCount & 7)) - 1));
        }
    }

    private static int estimatedBytes(ColumnVector vector)
    {
        long bytes = vector.type().physicalType() == PhysicalType.BYTES
                ? vector.stringStart(vector.positionCount()) - (long) vector.stringStart(0) + vector.positionCount()
                : (long) vector.positionCount() * vector.type().physicalType().fixedWidth();
        return (int) Math.min(bytes / 2 + 64, 1 << 20);
    }
}
