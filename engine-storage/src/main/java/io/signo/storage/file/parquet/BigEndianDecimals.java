package io.signo.storage.file.parquet;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Parquet's fixed-length decimals: the unscaled value as big-endian two's complement, at most 8
 * bytes for a short DECIMAL's 18 digits, at most 16 for a long DECIMAL's 38 (read as its two words).
 */
final class BigEndianDecimals
{
    private BigEndianDecimals() {}

    static long unscaled(byte[] bytes, int start, int length)
    {
        if (length == 0) {
            return 0;
        }
        long unscaled = bytes[start];
        for (int b = start + 1; b < start + length; b++) {
            unscaled = (unscaled << 8) | (bytes[b] & 0xff);
        }
        return unscaled;
    }

    /** The low word of a value of up to 16 bytes: its last 8 bytes, or all of them sign-extended. */
    static long low(MemorySegment data, long start, int length)
    {
        return length <= Long.BYTES ? unscaled(data, start, length) : unscaled(data, start + length - Long.BYTES, Long.BYTES);
    }

    /** The high word of a value of up to 16 bytes: the bytes before its last 8, sign-extended. */
    static long high(MemorySegment data, long start, int length)
    {
        return length <= Long.BYTES ? unscaled(data, start, length) >> 63 : unscaled(data, start, length - Long.BYTES);
    }

    static long unscaled(MemorySegment data, long start, int length)
    {
        if (length == 0) {
            return 0;
        }
        long unscaled = data.get(ValueLayout.JAVA_BYTE, start);
        for (int b = 1; b < length; b++) {
            unscaled = (unscaled << 8) | (data.get(ValueLayout.JAVA_BYTE, start + b) & 0xff);
        }
        return unscaled;
    }
}
