package io.signo.storage.serde;

import io.airlift.compress.v3.lz4.Lz4JavaCompressor;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
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
 * Writes a page as a header plus the raw regions of its vectors, copied in bulk, optionally
 * LZ4-compressed (see {@link PageFormat} for the layout). The output can go over the network or
 * to disk as is.
 *
 * <p>Not thread safe: one serializer per thread. It keeps scratch buffers between pages, so
 * a serializer retains about twice the largest page body it has written.
 */
public final class PageSerializer
{
    /** Compressed bodies are kept only when at most this fraction of the raw size, as decompression is not free. */
    private static final double MIN_COMPRESSION_SAVING_RATIO = 0.9;

    private final CompressionCodec codec;
    private final Lz4JavaCompressor compressor;
    private final CRC32C checksum = new CRC32C();

    private byte[] bodyBuffer = new byte[0];
    private MemorySegment bodySegment = MemorySegment.ofArray(bodyBuffer);
    private byte[] compressedBuffer = new byte[0];

    private long pages;
    private long uncompressedBytes;
    private long wireBytes;

    public PageSerializer(CompressionCodec codec)
    {
        this.codec = requireNonNull(codec, "codec is null");
        this.compressor = codec == CompressionCodec.LZ4 ? new Lz4JavaCompressor() : null;
    }

    public CompressionCodec codec()
    {
        return codec;
    }

    /** The serialized size of {@code page} never exceeds this (a body that does not compress is sent raw). */
    public long serializedSizeUpperBound(Page page)
    {
        return HEADER_SIZE + uncompressedBodySize(page);
    }

    public byte[] serialize(Page page)
    {
        requireNonNull(page, "page is null");
        long bodySizeLong = uncompressedBodySize(page);
        if (bodySizeLong > MAX_BODY_SIZE) {
            throw new IllegalArgumentException("page body of " + bodySizeLong + " bytes exceeds the limit of " + MAX_BODY_SIZE + " bytes; split the page");
        }
        int bodySize = (int) bodySizeLong;

        byte[] output;
        int flags = 0;
        if (codec == CompressionCodec.NONE) {
            output = new byte[HEADER_SIZE + bodySize];
            writeBody(page, MemorySegment.ofArray(output), HEADER_SIZE);
        }
        else {
            ensureBodyCapacity(bodySize);
            writeBody(page, bodySegment, 0);
            int maxCompressed = compressor.maxCompressedLength(bodySize);
            if (compressedBuffer.length < maxCompressed) {
                compressedBuffer = new byte[maxCompressed];
            }
            int compressedSize = compressor.compress(bodyBuffer, 0, bodySize, compressedBuffer, 0, compressedBuffer.length);
            if (compressedSize <= bodySize * MIN_COMPRESSION_SAVING_RATIO) {
                flags = FLAG_COMPRESSED;
                output = new byte[HEADER_SIZE + compressedSize];
                System.arraycopy(compressedBuffer, 0, output, HEADER_SIZE, compressedSize);
            }
            else {
                output = new byte[HEADER_SIZE + bodySize];
                System.arraycopy(bodyBuffer, 0, output, HEADER_SIZE, bodySize);
            }
        }

        MemorySegment header = MemorySegment.ofArray(output);
        header.set(INT, 0, MAGIC);
        header.set(ValueLayout.JAVA_BYTE, 4, VERSION);
        header.set(ValueLayout.JAVA_BYTE, 5, (byte) flags);
        header.set(SHORT, 6, (short) 0);
        header.set(INT, 8, page.positionCount());
        header.set(INT, 12, page.columnCount());
        header.set(INT, 16, bodySize);
        header.set(INT, 20, output.length - HEADER_SIZE);
        checksum.reset();
        checksum.update(output, 0, CHECKSUM_OFFSET);
        checksum.update(output, HEADER_SIZE, output.length - HEADER_SIZE);
        header.set(INT, CHECKSUM_OFFSET, (int) checksum.getValue());

        pages++;
        uncompressedBytes += HEADER_SIZE + bodySize;
        wireBytes += output.length;
        return output;
    }

    public SerializationStats stats()
    {
        return new SerializationStats(pages, uncompressedBytes, wireBytes);
    }

    private void ensureBodyCapacity(int size)
    {
        if (bodyBuffer.length < size) {
            bodyBuffer = new byte[Math.max(size, (int) Math.min(MAX_BODY_SIZE, bodyBuffer.length * 2L))];
            bodySegment = MemorySegment.ofArray(bodyBuffer);
        }
    }

    private static long uncompressedBodySize(Page page)
    {
        long size = (long) page.columnCount() * DESCRIPTOR_SIZE;
        for (int i = 0; i < page.columnCount(); i++) {
            ColumnVector column = page.column(i);
            size += valuesBytes(column) + offsetsBytes(column) + nullsBytes(column);
        }
        return size;
    }

    private static long valuesBytes(ColumnVector column)
    {
        PhysicalType physicalType = column.type().physicalType();
        if (physicalType == PhysicalType.BYTES) {
            int positionCount = column.positionCount();
            return column.stringStart(positionCount) - column.stringStart(0);
        }
        return (long) column.positionCount() * physicalType.fixedWidth();
    }

    private static long offsetsBytes(ColumnVector column)
    {
        return column.type().physicalType() == PhysicalType.BYTES ? (column.positionCount() + 1L) * Integer.BYTES : 0;
    }

    private static long nullsBytes(ColumnVector column)
    {
        return column.mayHaveNulls() ? nullBitmapBytes(column.positionCount()) : 0;
    }

    private static void writeBody(Page page, MemorySegment target, long bodyOffset)
    {
        int columnCount = page.columnCount();
        long descriptor = bodyOffset;
        long region = bodyOffset + (long) columnCount * DESCRIPTOR_SIZE;
        for (int i = 0; i < columnCount; i++) {
            ColumnVector column = page.column(i);
            Type type = column.type();
            long valuesBytes = valuesBytes(column);
            long offsetsBytes = offsetsBytes(column);
            long nullsBytes = nullsBytes(column);
            target.set(ValueLayout.JAVA_BYTE, descriptor, (byte) type.kind().ordinal());
            target.set(ValueLayout.JAVA_BYTE, descriptor + 1, (byte) (column.mayHaveNulls() ? COLUMN_FLAG_NULLS : 0));
            target.set(SHORT, descriptor + 2, (short) 0);
            target.set(INT, descriptor + 4, type.precision());
            target.set(INT, descriptor + 8, type.scale());
            target.set(INT, descriptor + 12, type.length());
            target.set(INT, descriptor + 16, (int) valuesBytes);
            target.set(INT, descriptor + 20, (int) offsetsBytes);
            target.set(INT, descriptor + 24, (int) nullsBytes);
            descriptor += DESCRIPTOR_SIZE;

            int positionCount = column.positionCount();
            MemorySegment values = column.values();
            switch (type.physicalType()) {
                case BYTE -> MemorySegment.copy(values, 0, target, region, valuesBytes);
                case INT -> MemorySegment.copy(values, ValueLayout.JAVA_INT, 0, target, INT, region, positionCount);
                case LONG, DOUBLE -> MemorySegment.copy(values, ValueLayout.JAVA_LONG, 0, target, LONG, region, positionCount);
                case INT128 -> MemorySegment.copy(values, ValueLayout.JAVA_LONG, 0, target, LONG, region, 2L * positionCount);
                case BYTES -> writeStrings(column, target, region, valuesBytes);
            }
            region += valuesBytes + offsetsBytes;
            if (nullsBytes > 0) {
                MemorySegment.copy(column.nulls(), 0, target, region, nullsBytes);
                region += nullsBytes;
            }
        }
    }

    private static void writeStrings(ColumnVector column, MemorySegment target, long region, long valuesBytes)
    {
        int positionCount = column.positionCount();
        int firstOffset = column.stringStart(0);
        MemorySegment.copy(column.values(), firstOffset, target, region, valuesBytes);
        long offsetsRegion = region + valuesBytes;
        if (firstOffset == 0) {
            MemorySegment.copy(column.offsets(), ValueLayout.JAVA_INT, 0, target, INT, offsetsRegion, positionCount + 1);
            return;
        }
        // a view into a larger byte region: the wire form always starts at offset 0
        for (int position = 0; position <= positionCount; position++) {
            target.set(INT, offsetsRegion + (long) position * Integer.BYTES, column.stringStart(position) - firstOffset);
        }
    }
}
