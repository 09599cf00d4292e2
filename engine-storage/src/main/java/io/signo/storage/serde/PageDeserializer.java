package io.signo.storage.serde;

import io.airlift.compress.v3.MalformedInputException;
import io.airlift.compress.v3.lz4.Lz4JavaDecompressor;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Objects;
import java.util.zip.CRC32C;

import static io.signo.storage.serde.PageFormat.CHECKSUM_OFFSET;
import static io.signo.storage.serde.PageFormat.COLUMN_FLAG_NULLS;
import static io.signo.storage.serde.PageFormat.DESCRIPTOR_SIZE;
import static io.signo.storage.serde.PageFormat.FLAG_COMPRESSED;
import static io.signo.storage.serde.PageFormat.HEADER_SIZE;
import static io.signo.storage.serde.PageFormat.INT;
import static io.signo.storage.serde.PageFormat.LONG;
import static io.signo.storage.serde.PageFormat.MAGIC;
import static io.signo.storage.serde.PageFormat.MAX_BODY_SIZE;
import static io.signo.storage.serde.PageFormat.SHORT;
import static io.signo.storage.serde.PageFormat.VERSION;
import static io.signo.storage.serde.PageFormat.nullBitmapBytes;
import static java.util.Objects.requireNonNull;

/**
 * Rebuilds a page written by {@link PageSerializer} into native vectors. The bytes may come from
 * another process, so every length, offset and the checksum is validated before anything is
 * allocated or decompressed; any violation raises {@link CorruptPageException}.
 *
 * <p>Not thread safe: one deserializer per thread. It keeps a scratch buffer for decompression.
 */
public final class PageDeserializer
{
    private static final TypeKind[] TYPE_KINDS = TypeKind.values();

    private final Lz4JavaDecompressor decompressor = new Lz4JavaDecompressor();
    private final CRC32C checksum = new CRC32C();
    private byte[] decompressedBuffer = new byte[0];

    private long pages;
    private long uncompressedBytes;
    private long wireBytes;

    public Page deserialize(byte[] bytes)
    {
        return deserialize(bytes, 0, bytes.length, PageAllocator.transientPages());
    }

    public Page deserialize(byte[] bytes, int offset, int length, PageAllocator allocator)
    {
        requireNonNull(bytes, "bytes is null");
        requireNonNull(allocator, "allocator is null");
        Objects.checkFromIndexSize(offset, length, bytes.length);
        if (length < HEADER_SIZE) {
            throw new CorruptPageException("truncated page: " + length + " bytes, a header needs " + HEADER_SIZE);
        }
        MemorySegment header = MemorySegment.ofArray(bytes).asSlice(offset, HEADER_SIZE);
        int magic = header.get(INT, 0);
        if (magic != MAGIC) {
            throw new CorruptPageException("bad magic 0x" + Integer.toHexString(magic) + ", expected 0x" + Integer.toHexString(MAGIC));
        }
        int version = header.get(ValueLayout.JAVA_BYTE, 4);
        if (version != VERSION) {
            throw new CorruptPageException("unsupported page format version " + version + ", expected " + VERSION);
        }
        int flags = header.get(ValueLayout.JAVA_BYTE, 5);
        if ((flags & ~FLAG_COMPRESSED) != 0 || header.get(SHORT, 6) != 0) {
            throw new CorruptPageException("unknown header flags 0x" + Integer.toHexString(flags & 0xFF));
        }
        int positionCount = header.get(INT, 8);
        int columnCount = header.get(INT, 12);
        int uncompressedSize = header.get(INT, 16);
        int wireSize = header.get(INT, 20);
        if (positionCount < 0) {
            throw new CorruptPageException("negative position count " + positionCount);
        }
        if (columnCount < 0) {
            throw new CorruptPageException("negative column count " + columnCount);
        }
        if (uncompressedSize < 0 || uncompressedSize > MAX_BODY_SIZE) {
            throw new CorruptPageException("declared body size " + uncompressedSize + " outside [0, " + MAX_BODY_SIZE + "]");
        }
        if (wireSize < 0) {
            throw new CorruptPageException("negative wire body size " + wireSize);
        }
        if (wireSize != length - HEADER_SIZE) {
            throw new CorruptPageException((wireSize > length - HEADER_SIZE ? "truncated page" : "trailing bytes after page")
                    + ": header declares a body of " + wireSize + " bytes, buffer holds " + (length - HEADER_SIZE));
        }
        boolean compressed = (flags & FLAG_COMPRESSED) != 0;
        if (!compressed && wireSize != uncompressedSize) {
            throw new CorruptPageException("uncompressed body of " + wireSize + " bytes, header declares " + uncompressedSize);
        }
        if ((long) columnCount * DESCRIPTOR_SIZE > uncompressedSize) {
            throw new CorruptPageException(columnCount + " columns do not fit a body of " + uncompressedSize + " bytes");
        }

        checksum.reset();
        checksum.update(bytes, offset, CHECKSUM_OFFSET);
        checksum.update(bytes, offset + HEADER_SIZE, wireSize);
        int expectedChecksum = header.get(INT, CHECKSUM_OFFSET);
        if ((int) checksum.getValue() != expectedChecksum) {
            throw new CorruptPageException("checksum mismatch: computed 0x" + Integer.toHexString((int) checksum.getValue())
                    + ", header declares 0x" + Integer.toHexString(expectedChecksum));
        }

        MemorySegment body;
        if (compressed) {
            if (decompressedBuffer.length < uncompressedSize) {
                decompressedBuffer = new byte[uncompressedSize];
            }
            int decompressedSize;
            try {
                decompressedSize = decompressor.decompress(bytes, offset + HEADER_SIZE, wireSize, decompressedBuffer, 0, uncompressedSize);
            }
            catch (MalformedInputException | IndexOutOfBoundsException e) {
                throw new CorruptPageException("LZ4 body does not decompress: " + e.getMessage(), e);
            }
            if (decompressedSize != uncompressedSize) {
                throw new CorruptPageException("LZ4 body decompressed to " + decompressedSize + " bytes, header declares " + uncompressedSize);
            }
            body = MemorySegment.ofArray(decompressedBuffer).asSlice(0, uncompressedSize);
        }
        else {
            body = MemorySegment.ofArray(bytes).asSlice(offset + HEADER_SIZE, wireSize);
        }

        validateBody(body, positionCount, columnCount);
        ColumnVector[] columns = new ColumnVector[columnCount];
        long region = (long) columnCount * DESCRIPTOR_SIZE;
        for (int i = 0; i < columnCount; i++) {
            long descriptor = (long) i * DESCRIPTOR_SIZE;
            Type type = new Type(TYPE_KINDS[body.get(ValueLayout.JAVA_BYTE, descriptor)], body.get(INT, descriptor + 4), body.get(INT, descriptor + 8), body.get(INT, descriptor + 12));
            int valuesBytes = body.get(INT, descriptor + 16);
            int offsetsBytes = body.get(INT, descriptor + 20);
            int nullsBytes = body.get(INT, descriptor + 24);

            MemorySegment values = allocator.allocate(valuesBytes);
            switch (type.physicalType()) {
                case BYTE, BYTES -> MemorySegment.copy(body, region, values, 0, valuesBytes);
                case INT -> MemorySegment.copy(body, INT, region, values, ValueLayout.JAVA_INT, 0, positionCount);
                case LONG, DOUBLE -> MemorySegment.copy(body, LONG, region, values, ValueLayout.JAVA_LONG, 0, positionCount);
                case INT128 -> MemorySegment.copy(body, LONG, region, values, ValueLayout.JAVA_LONG, 0, 2L * positionCount);
            }
            region += valuesBytes;
            MemorySegment offsets = null;
            if (offsetsBytes > 0) {
                offsets = allocator.allocate(offsetsBytes);
                MemorySegment.copy(body, INT, region, offsets, ValueLayout.JAVA_INT, 0, positionCount + 1);
                region += offsetsBytes;
            }
            MemorySegment nulls = null;
            if (nullsBytes > 0) {
                nulls = allocator.allocate(nullsBytes);
                MemorySegment.copy(body, region, nulls, 0, nullsBytes);
                region += nullsBytes;
            }
            columns[i] = new ColumnVector(type, positionCount, values, offsets, nulls);
        }

        pages++;
        uncompressedBytes += HEADER_SIZE + uncompressedSize;
        wireBytes += length;
        return new Page(positionCount, columns);
    }

    public SerializationStats stats()
    {
        return new SerializationStats(pages, uncompressedBytes, wireBytes);
    }

    /** Checks every descriptor and string offset region against the body before any native memory is allocated. */
    private static void validateBody(MemorySegment body, int positionCount, int columnCount)
    {
        long bodySize = body.byteSize();
        long region = (long) columnCount * DESCRIPTOR_SIZE;
        for (int i = 0; i < columnCount; i++) {
            long descriptor = (long) i * DESCRIPTOR_SIZE;
            int kindOrdinal = body.get(ValueLayout.JAVA_BYTE, descriptor) & 0xFF;
            if (kindOrdinal >= TYPE_KINDS.length) {
                throw new CorruptPageException("column " + i + ": unknown type kind " + kindOrdinal);
            }
            int columnFlags = body.get(ValueLayout.JAVA_BYTE, descriptor + 1);
            if ((columnFlags & ~COLUMN_FLAG_NULLS) != 0 || body.get(SHORT, descriptor + 2) != 0) {
                throw new CorruptPageException("column " + i + ": unknown column flags 0x" + Integer.toHexString(columnFlags & 0xFF));
            }
            Type type;
            try {
                type = new Type(TYPE_KINDS[kindOrdinal], body.get(INT, descriptor + 4), body.get(INT, descriptor + 8), body.get(INT, descriptor + 12));
            }
            catch (IllegalArgumentException e) {
                throw new CorruptPageException("column " + i + ": " + e.getMessage(), e);
            }
            long valuesBytes = body.get(INT, descriptor + 16);
            long offsetsBytes = body.get(INT, descriptor + 20);
            long nullsBytes = body.get(INT, descriptor + 24);
            PhysicalType physicalType = type.physicalType();
            if (physicalType == PhysicalType.BYTES) {
                if (valuesBytes < 0) {
                    throw new CorruptPageException("column " + i + " (" + type + "): negative string byte count " + valuesBytes);
                }
                if (offsetsBytes != (positionCount + 1L) * Integer.BYTES) {
                    throw new CorruptPageException("column " + i + " (" + type + "): " + offsetsBytes + " offset bytes for " + positionCount + " positions");
                }
            }
            else {
                if (valuesBytes != (long) positionCount * physicalType.fixedWidth()) {
                    throw new CorruptPageException("column " + i + " (" + type + "): " + valuesBytes + " value bytes for " + positionCount + " positions");
                }
                if (offsetsBytes != 0) {
                    throw new CorruptPageException("column " + i + " (" + type + "): fixed-width column declares " + offsetsBytes + " offset bytes");
                }
            }
            long expectedNullsBytes = (columnFlags & COLUMN_FLAG_NULLS) != 0 ? nullBitmapBytes(positionCount) : 0;
            if (nullsBytes != expectedNullsBytes) {
                throw new CorruptPageException("column " + i + " (" + type + "): " + nullsBytes + " null bitmap bytes, expected " + expectedNullsBytes);
            }
            long columnEnd = region + valuesBytes + offsetsBytes + nullsBytes;
            if (columnEnd > bodySize) {
                throw new CorruptPageException("column " + i + " (" + type + "): regions end at byte " + columnEnd + ", past the body of " + bodySize + " bytes");
            }
            if (physicalType == PhysicalType.BYTES) {
                validateStringOffsets(body, region + valuesBytes, positionCount, valuesBytes, i);
            }
            region = columnEnd;
        }
        if (region != bodySize) {
            throw new CorruptPageException("column regions total " + region + " bytes, body has " + bodySize);
        }
    }

    private static void validateStringOffsets(MemorySegment body, long offsetsRegion, int positionCount, long valuesBytes, int column)
    {
        int previous = body.get(INT, offsetsRegion);
        if (previous != 0) {
            throw new CorruptPageException("column " + column + ": first string offset is " + previous + ", expected 0");
        }
        for (int position = 1; position <= positionCount; position++) {
            int current = body.get(INT, offsetsRegion + (long) position * Integer.BYTES);
            if (current < previous) {
                throw new CorruptPageException("column " + column + ": string offset " + current + " at position " + position + " is below the previous " + previous);
            }
            previous = current;
        }
        if (previous != valuesBytes) {
            throw new CorruptPageException("column " + column + ": last string offset " + previous + " does not match the " + valuesBytes + " string bytes");
        }
    }
}
