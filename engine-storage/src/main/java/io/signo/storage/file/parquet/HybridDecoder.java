package io.signo.storage.file.parquet;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.ByteOrder;

/**
 * Parquet's RLE / bit-packing hybrid: runs of one repeated value and groups of eight bit-packed
 * values (least significant bit first), each run behind a varint header. It carries dictionary
 * indices, definition levels and RLE booleans.
 */
final class HybridDecoder
{
    private static final ValueLayout.OfLong LONG_LE = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(ByteOrder.LITTLE_ENDIAN);

    private HybridDecoder() {}

    /**
     * Decodes {@code count} values of {@code bitWidth} bits (0 to 32) from {@code data} between
     * {@code offset} and {@code limit} into {@code values[0..count)}; throws
     * {@link IllegalArgumentException} when the runs end early or are damaged.
     */
    static void decode(MemorySegment data, long offset, long limit, int bitWidth, int count, int[] values)
    {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width " + bitWidth + " out of range");
        }
        long mask = bitWidth == 32 ? 0xffff_ffffL : (1L << bitWidth) - 1;
        int byteWidth = (bitWidth + 7) / 8;
        long position = offset;
        int filled = 0;
        while (filled < count) {
            long header = 0;
            for (int shift = 0;; shift += 7) {
                if (position >= limit || shift > 35) {
                    throw new IllegalArgumentException("RLE run header runs past its data");
                }
                byte next = data.get(ValueLayout.JAVA_BYTE, position++);
                header |= (long) (next & 0x7f) << shift;
                if (next >= 0) {
                    break;
                }
            }
            if ((header & 1) == 0) {
                long runLength = header >>> 1;
                if (position + byteWidth > limit) {
                    throw new IllegalArgumentException("RLE run runs past its data");
                }
                int value = 0;
                for (int b = 0; b < byteWidth; b++) {
                    value |= (data.get(ValueLayout.JAVA_BYTE, position + b) & 0xff) << (8 * b);
                }
                position += byteWidth;
                int end = (int) Math.min(count, filled + runLength);
                java.util.Arrays.fill(values, filled, end, value);
                filled = end;
            }
            else {
                long groups = header >>> 1;
                long bytes = groups * bitWidth;
                if (bytes > limit - position) {
                    // a writer may end the last group early when its values are all there
                    bytes = limit - position;
                }
                int packed = (int) Math.min(count - filled, groups * 8);
                unpack(data, position, position + bytes, bitWidth, mask, packed, values, filled);
                filled += packed;
                position += groups * bitWidth;
            }
        }
    }

    private static void unpack(MemorySegment data, long start, long limit, int bitWidth, long mask, int count, int[] values, int into)
    {
        if (bitWidth == 0) {
            java.util.Arrays.fill(values, into, into + count, 0);
            return;
        }
        if ((long) count * bitWidth > (limit - start) * 8) {
            throw new IllegalArgumentException("bit-packed run runs past its data");
        }
        long bit = 0;
        int i = 0;
        // eight bytes at a time while they lie inside the data: a value of up to 32 bits shifted by up to 7 fits
        long fastEnd = limit - start - 8;
        for (; i < count; i++, bit += bitWidth) {
            long byteOffset = bit >>> 3;
            if (byteOffset > fastEnd) {
                break;
            }
            values[into + i] = (int) ((data.get(LONG_LE, start + byteOffset) >>> (bit & 7)) & mask);
        }
        for (; i < count; i++, bit += bitWidth) {
            long word = 0;
            long byteOffset = bit >>> 3;
            int needed = (int) (((bit & 7) + bitWidth + 7) >>> 3);
            for (int b = 0; b < needed && start + byteOffset + b < limit; b++) {
                word |= (data.get(ValueLayout.JAVA_BYTE, start + byteOffset + b) & 0xffL) << (8 * b);
            }
            values[into + i] = (int) ((word >>> (bit & 7)) & mask);
        }
    }
}
