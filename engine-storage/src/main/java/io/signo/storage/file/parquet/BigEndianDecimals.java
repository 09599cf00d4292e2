package io.signo.storage.file.parquet;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Parquet's fixed-length decimals: the unscaled value as big-endian two's complement, at most 8 bytes for Signo's 18 digits. */
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
