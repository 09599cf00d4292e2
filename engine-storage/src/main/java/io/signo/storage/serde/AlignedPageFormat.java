package io.signo.storage.serde;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The exchange's page layout: a page's vectors as they lie in memory, each region starting at a
 * multiple of 8 bytes, so that a receiver can use the received bytes as its vectors (slices, no
 * copy) and a sender can hand a vector's memory to the socket as it is. Numbers are little-endian,
 * vector data in the machine's order (which must be little-endian too).
 *
 * <pre>
 * page:
 *   int positionCount, int columnCount
 *   columnCount descriptors (24 bytes each):
 *     byte typeKind ordinal, byte columnFlags (bit 0: null bitmap present), short reserved (0),
 *     int precision, int scale, int length, int valuesBytes, int nullsBytes
 *   then, per column in order, each padded with zeros to a multiple of 8 bytes: the values; for strings
 *   the positionCount + 1 int offsets, starting at 0; the null bitmap ((positionCount + 7) / 8 bytes, bit p
 *   set when p is null) when the column has one
 * </pre>
 *
 * Pages follow each other without a separator; the container (an exchange message) says how many
 * there are and how many bytes they take. Unlike {@link PageFormat} there is no checksum: the bytes
 * travel over TCP, whose checksum covers them, and the reader still checks every length and offset
 * before it builds a vector, so corrupt input fails as {@link CorruptPageException}.
 */
public final class AlignedPageFormat
{
    public static final int ALIGNMENT = 8;
    static final int PAGE_HEADER_SIZE = 8;
    static final int DESCRIPTOR_SIZE = 24;
    static final int COLUMN_FLAG_NULLS = 1;
    /** More columns than this in one page is corrupt input, not a real page. */
    static final int MAX_COLUMNS = 1 << 14;

    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfShort SHORT = ValueLayout.JAVA_SHORT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    static {
        if (ByteOrder.nativeOrder() != ByteOrder.LITTLE_ENDIAN) {
            throw new ExceptionInInitializerError("the exchange's page layout needs a little-endian machine");
        }
    }

    private AlignedPageFormat() {}

    /** {@code bytes} rounded up to the alignment. */
    public static long aligned(long bytes)
    {
        return (bytes + ALIGNMENT - 1) & -ALIGNMENT;
    }

    static int headerBytes(int columnCount)
    {
        return PAGE_HEADER_SIZE + columnCount * DESCRIPTOR_SIZE;
    }

    static long nullBitmapBytes(int positionCount)
    {
        return (positionCount + 7L) / 8;
    }
}
