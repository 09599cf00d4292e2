package io.signo.storage.db.encoding;

import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * The layout of an encoded column chunk, shared by the encoders and decoders of this package. All
 * numbers are little-endian.
 *
 * <pre>
 * chunk:
 *   byte encoding ({@link ChunkEncoding} tag), byte physical type ordinal (checked against the type
 *   decode is given), byte null mode (0 no nulls, 1 a bitmap follows, 2 every position is null),
 *   [null bitmap: (positionCount + 7) / 8 bytes, bit p set when p is null],
 *   the body of the encoding,
 *   8 zero bytes, so that bit unpacking reads whole words and never needs a slower path at the end
 * number bodies (BOOLEAN as 0 or 1, INTEGER and DATE sign-extended, BIGINT and DECIMAL, DOUBLE as its raw bits):
 *   PLAIN: positionCount values of the type's width
 *   CONSTANT: long value
 *   FRAME_OF_REFERENCE, DELTA: a packed sequence of positionCount values
 *   RUN_LENGTH: int runCount, packed run values, packed run lengths
 * string bodies:
 *   PLAIN: packed lengths, byte section (the strings one after the other)
 *   CONSTANT: int length, the bytes
 *   DICTIONARY: int entryCount, packed entry lengths, byte section (the entries), int total bytes of
 *   the decoded strings, packed codes
 *   RUN_LENGTH: int runCount, packed run lengths, packed lengths of the run values, byte section (the run values)
 * packed sequence of count values:
 *   byte mode (0 frame of reference, 1 delta), byte width (0 .. 56), long reference, [delta: long minDelta],
 *   then ceil(packed * width / 8) bytes, packed value i in bits [i * width, (i + 1) * width), lowest bit
 *   first. Frame of reference: count packed values, value i = reference + packed(i). Delta: count - 1
 *   packed values, value 0 = reference, value i = value(i - 1) + minDelta + packed(i - 1), wrapping.
 * byte section:
 *   byte codec (0 none, 1 LZ4, 2 zstd), int raw length, [compressed: int compressed length], the bytes
 * </pre>
 */
final class ChunkFormat
{
    static final ValueLayout.OfInt INT = ValueLayout.JAVA_INT_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);
    static final ValueLayout.OfLong LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    static final int HEADER_BYTES = 3;
    static final int PADDING_BYTES = 8;

    static final int NULLS_NONE = 0;
    static final int NULLS_BITMAP = 1;
    static final int NULLS_ALL = 2;

    static final int MODE_FRAME_OF_REFERENCE = 0;
    static final int MODE_DELTA = 1;
    /** Widest packed value: a value and its bit offset within a byte fit one 64-bit word read. */
    static final int MAX_PACKED_WIDTH = 56;

    static final int CODEC_NONE = 0;
    static final int CODEC_LZ4 = 1;
    static final int CODEC_ZSTD = 2;

    /** Most rows in a chunk; decode refuses more, so a damaged count cannot size an allocation. */
    static final int MAX_POSITIONS = 1 << 20;
    /** Most bytes of strings in one decoded vector: its offsets are ints, and copies may write 16 bytes past the end. */
    static final long MAX_STRING_BYTES = Integer.MAX_VALUE - 64;
    /**
     * A compressed byte section never expands more than this: LZ4 cannot (a match byte covers at most
     * 255 bytes), and the writer drops zstd output that would. So a damaged raw length cannot make the
     * reader allocate more than this many times the bytes it was given.
     */
    static final int MAX_EXPANSION = 255;

    private ChunkFormat() {}

    static long packedBytes(long count, int width)
    {
        return (count * width + 7) >>> 3;
    }

    /** Bits needed for an unsigned value: 0 for 0. */
    static int width(long unsignedValue)
    {
        return Long.SIZE - Long.numberOfLeadingZeros(unsignedValue);
    }

    static long nullBitmapBytes(int positionCount)
    {
        return (positionCount + 7L) >>> 3;
    }
}
