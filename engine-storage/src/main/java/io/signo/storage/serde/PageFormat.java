package io.signo.storage.serde;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The wire layout shared by {@link PageSerializer} and {@link PageDeserializer}. All numbers are
 * little-endian.
 *
 * <pre>
 * header (28 bytes):
 *   int magic 'SGPG', byte version, byte flags (bit 0: body is LZ4-compressed), short reserved (0),
 *   int positionCount, int columnCount, int uncompressedBodySize, int wireBodySize,
 *   int checksum (CRC32C of header bytes [0, 24) followed by the wire body)
 * body (uncompressed form):
 *   columnCount descriptors (28 bytes each):
 *     byte typeKind ordinal, byte columnFlags (bit 0: null bitmap present), short reserved (0),
 *     int precision, int scale, int length, int valuesBytes, int offsetsBytes, int nullsBytes
 *   then, per column in order: values region, offsets region (strings: positionCount + 1 ints
 *   starting at 0), null bitmap ((positionCount + 7) / 8 bytes, bit p set when p is null)
 * </pre>
 */
final class PageFormat
{
    static final int MAGIC = 0x47504753; // "SGPG" read as a little-endian int
    static final byte VERSION = 1;
    static final int FLAG_COMPRESSED = 1;
    static final int COLUMN_FLAG_NULLS = 1;

    static final int HEADER_SIZE = 28;
    static final int CHECKSUM_OFFSET = 24;
    static final int DESCRIPTOR_SIZE = 28;

    /** Upper bound on a page body, so a forged size cannot make a receiver allocate gigabytes. */
    static final int MAX_BODY_SIZE = 256 << 20;

    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private PageFormat() {}

    static long nullBitmapBytes(int positionCount)
    {
        return (positionCount + 7L) / 8;
    }
}
