package io.signo.storage.file.parquet;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * Parquet's RLE / bit-packing hybrid: runs of one repeated value and groups of eight bit-packed
 * values (least significant bit first), each run behind a varint header. It carries dictionary
 * indices, definition levels and RLE booleans.
 *
 * <p>The runs are first copied to a heap array with sixteen zero bytes after them, so that loads of
 * eight bytes need no bounds test at the end of the data. A group of eight values of up to 16 bits
 * (dictionary indices of up to 65,536 entries, definition levels, booleans) is unpacked from one or
 * two loads; wider values take one load each.
 */
final class HybridDecoder
{
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final int PADDING = 2 * Long.BYTES;
    /** Where {@link #runHeader} puts the header's length in bytes, above its at most 42 bits. */
    private static final int HEADER_LENGTH_SHIFT = 56;
    private static final long HEADER_BITS = (1L << HEADER_LENGTH_SHIFT) - 1;

    private byte[] data = new byte[64];

    /**
     * Decodes {@code count} values of {@code bitWidth} bits (0 to 32) from {@code source} between
     * {@code offset} and {@code limit} into {@code values[0..count)}; throws
     * {@link IllegalArgumentException} when the runs end early or are damaged.
     */
    void decode(MemorySegment source, long offset, long limit, int bitWidth, int count, int[] values)
    {
        decode(source, offset, limit, bitWidth, count, values, 0);
    }

    /** {@link #decode} into {@code values[into..into + count)}. */
    void decode(MemorySegment source, long offset, long limit, int bitWidth, int count, int[] values, int into)
    {
        int length = stage(source, offset, limit, bitWidth);
        decode(data, length, bitWidth, count, values, into);
    }

    /**
     * Decodes only the values at {@code rows[from..to)}, page rows counted from {@code first} and
     * ascending, of {@code count} values of {@code bitWidth} bits: the value of row {@code r} goes to
     * {@code values[r]}, the others are left as they were. A bit-packed value is read where it lies,
     * so the runs between the rows asked for are stepped over, not unpacked. Throws as {@link #decode}.
     */
    void decodeAt(MemorySegment source, long offset, long limit, int bitWidth, int count, int[] rows, int from, int to, int first, int[] values)
    {
        int length = stage(source, offset, limit, bitWidth);
        decodeAt(data, length, bitWidth, count, rows, from, to, first, values);
    }

    /**
     * Decodes {@code count} dictionary codes of {@code bitWidth} bits as {@link #decode} does, and
     * keeps the rows whose code passes without storing a code: row {@code first + i} goes to
     * {@code positions[kept++]} when {@code passes[code + 1]} (indexed by code + 1, as a NULL's -1
     * would be). A scan's first test needs which rows pass, not their codes, and testing each code
     * as it is unpacked spares a pass over an array of codes the size of the row group. Returns the
     * new {@code kept}; a code outside {@code passes} throws {@link IllegalArgumentException}.
     */
    int keep(MemorySegment source, long offset, long limit, int bitWidth, int count, boolean[] passes, int first, int[] positions, int kept)
    {
        int length = stage(source, offset, limit, bitWidth);
        try {
            return keep(data, length, bitWidth, count, passes, first, positions, kept);
        }
        catch (ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("a dictionary index outside the dictionary of " + (passes.length - 1) + " entries", e);
        }
    }

    private static int keep(byte[] data, int limit, int bitWidth, int count, boolean[] passes, int first, int[] positions, int kept)
    {
        long mask = bitWidth == 32 ? 0xffff_ffffL : (1L << bitWidth) - 1;
        int byteWidth = (bitWidth + 7) / 8;
        int position = 0;
        int filled = 0;
        int out = kept;
        while (filled < count) {
            long run = runHeader(data, position, limit);
            position += (int) (run >>> HEADER_LENGTH_SHIFT);
            long header = run & HEADER_BITS;
            if ((header & 1) == 0) {
                int value = repeatedValue(data, position, limit, byteWidth, bitWidth);
                position += byteWidth;
                int end = (int) Math.min(count, filled + (header >>> 1));
                // a code of 32 bits may read as negative: unsigned, it lies outside any dictionary
                if (passes[(int) Math.min(Integer.toUnsignedLong(value) + 1, Integer.MAX_VALUE)]) {
                    for (int r = filled; r < end; r++) {
                        positions[out++] = first + r;
                    }
                }
                filled = end;
            }
            else {
                long groups = header >>> 1;
                int packed = (int) Math.min(count - filled, groups * 8);
                if ((long) packed * bitWidth > (long) (limit - position) * 8) {
                    throw new IllegalArgumentException("bit-packed run runs past its data");
                }
                out = keepPacked(data, position, bitWidth, mask, packed, passes, first + filled, positions, out);
                filled += packed;
                position = (int) Math.min(limit, position + groups * bitWidth);
            }
        }
        return out;
    }

    /** The bit-packed codes from byte {@code start}: each read where it lies with one load, tested, and its row kept or not without a branch. */
    private static int keepPacked(byte[] data, int start, int bitWidth, long mask, int count, boolean[] passes, int first, int[] positions, int kept)
    {
        long bit = (long) start * 8;
        int out = kept;
        for (int i = 0; i < count; i++, bit += bitWidth) {
            // a value of up to 32 bits shifted by up to 7 lies within the eight bytes loaded; + 1 as a long so a 32-bit code never wraps to a valid index
            long word = (long) LONGS.get(data, (int) (bit >>> 3));
            long code = (word >>> (bit & 7)) & mask;
            positions[out] = first + i;
            out += passes[(int) Math.min(code + 1, Integer.MAX_VALUE)] ? 1 : 0;
        }
        return out;
    }

    /**
     * Decodes {@code count} dictionary codes of {@code bitWidth} bits as {@link #decode} does and
     * writes each one's entry, {@code entries[code]}, to {@code values[0..count)}: the codes are
     * looked up as they are unpacked, with no array of codes written and then read again. A code
     * outside {@code entries} throws {@link IllegalArgumentException}, as damaged runs do.
     */
    void lookUp(MemorySegment source, long offset, long limit, int bitWidth, int count, long[] entries, long[] values)
    {
        int length = stage(source, offset, limit, bitWidth);
        try {
            lookUp(data, length, bitWidth, count, entries, values);
        }
        catch (ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("a dictionary index outside the dictionary of " + entries.length + " entries", e);
        }
    }

    /** {@link #lookUp(MemorySegment, long, long, int, int, long[], long[])} of a dictionary of ints (dates, integers). */
    void lookUp(MemorySegment source, long offset, long limit, int bitWidth, int count, int[] entries, int[] values)
    {
        int length = stage(source, offset, limit, bitWidth);
        try {
            lookUp(data, length, bitWidth, count, entries, values);
        }
        catch (ArrayIndexOutOfBoundsException e) {
            throw new IllegalArgumentException("a dictionary index outside the dictionary of " + entries.length + " entries", e);
        }
    }

    private static void lookUp(byte[] data, int limit, int bitWidth, int count, long[] entries, long[] values)
    {
        long mask = bitWidth == 32 ? 0xffff_ffffL : (1L << bitWidth) - 1;
        int byteWidth = (bitWidth + 7) / 8;
        int position = 0;
        int filled = 0;
        while (filled < count) {
            long run = runHeader(data, position, limit);
            position += (int) (run >>> HEADER_LENGTH_SHIFT);
            long header = run & HEADER_BITS;
            if ((header & 1) == 0) {
                int value = repeatedValue(data, position, limit, byteWidth, bitWidth);
                position += byteWidth;
                int end = (int) Math.min(count, filled + (header >>> 1));
                Arrays.fill(values, filled, end, entries[value]);
                filled = end;
            }
            else {
                long groups = header >>> 1;
                int packed = (int) Math.min(count - filled, groups * 8);
                if ((long) packed * bitWidth > (long) (limit - position) * 8) {
                    throw new IllegalArgumentException("bit-packed run runs past its data");
                }
                lookUpPacked(data, position, bitWidth, mask, packed, entries, values, filled);
                filled += packed;
                position = (int) Math.min(limit, position + groups * bitWidth);
            }
        }
    }

    /** The bit-packed codes from byte {@code start} looked up into {@code values[into..into + count)}: a group of eight codes of up to 8 bits from one load, wider ones a load each. */
    private static void lookUpPacked(byte[] data, int start, int bitWidth, long mask, int count, long[] entries, long[] values, int into)
    {
        int done = 0;
        long bit = (long) start * 8;
        if (bitWidth <= 8) {
            int groups = count >>> 3;
            int position = start;
            for (int group = 0; group < groups; group++, position += bitWidth) {
                long word = (long) LONGS.get(data, position);
                int out = into + group * 8;
                for (int k = 0; k < 8; k++) {
                    values[out + k] = entries[(int) ((word >>> (k * bitWidth)) & mask)];
                }
            }
            done = groups * 8;
            bit = (long) position * 8;
        }
        for (int i = done; i < count; i++, bit += bitWidth) {
            // a value of up to 32 bits shifted by up to 7 lies within the eight bytes loaded; a 32-bit code read as negative fails the lookup
            long word = (long) LONGS.get(data, (int) (bit >>> 3));
            values[into + i] = entries[(int) ((word >>> (bit & 7)) & mask)];
        }
    }

    private static void lookUp(byte[] data, int limit, int bitWidth, int count, int[] entries, int[] values)
    {
        long mask = bitWidth == 32 ? 0xffff_ffffL : (1L << bitWidth) - 1;
        int byteWidth = (bitWidth + 7) / 8;
        int position = 0;
        int filled = 0;
        while (filled < count) {
            long run = runHeader(data, position, limit);
            position += (int) (run >>> HEADER_LENGTH_SHIFT);
            long header = run & HEADER_BITS;
            if ((header & 1) == 0) {
                int value = repeatedValue(data, position, limit, byteWidth, bitWidth);
                position += byteWidth;
                int end = (int) Math.min(count, filled + (header >>> 1));
                Arrays.fill(values, filled, end, entries[value]);
                filled = end;
            }
            else {
                long groups = header >>> 1;
                int packed = (int) Math.min(count - filled, groups * 8);
                if ((long) packed * bitWidth > (long) (limit - position) * 8) {
                    throw new IllegalArgumentException("bit-packed run runs past its data");
                }
                lookUpPacked(data, position, bitWidth, mask, packed, entries, values, filled);
                filled += packed;
                position = (int) Math.min(limit, position + groups * bitWidth);
            }
        }
    }

    private static void lookUpPacked(byte[] data, int start, int bitWidth, long mask, int count, int[] entries, int[] values, int into)
    {
        int done = 0;
        long bit = (long) start * 8;
        if (bitWidth <= 8) {
            int groups = count >>> 3;
            int position = start;
            for (int group = 0; group < groups; group++, position += bitWidth) {
                long word = (long) LONGS.get(data, position);
                int out = into + group * 8;
                for (int k = 0; k < 8; k++) {
                    values[out + k] = entries[(int) ((word >>> (k * bitWidth)) & mask)];
                }
            }
            done = groups * 8;
            bit = (long) position * 8;
        }
        for (int i = done; i < count; i++, bit += bitWidth) {
            long word = (long) LONGS.get(data, (int) (bit >>> 3));
            values[into + i] = entries[(int) ((word >>> (bit & 7)) & mask)];
        }
    }

    /**
     * The varint header of the run at {@code position} ({@code (length << 1) | 0} for a repeated run,
     * {@code (groups << 1) | 1} for a bit-packed one), with the number of bytes it takes in the top
     * byte: a header has at most six bytes of 7 bits.
     */
    private static long runHeader(byte[] data, int position, int limit)
    {
        long header = 0;
        int at = position;
        for (int shift = 0;; shift += 7) {
            if (at >= limit || shift > 35) {
                throw new IllegalArgumentException("RLE run header runs past its data");
            }
            byte next = data[at++];
            header |= (long) (next & 0x7f) << shift;
            if (next >= 0) {
                return header | (long) (at - position) << HEADER_LENGTH_SHIFT;
            }
        }
    }

    /** Checks the runs' bounds and copies them into {@code data}, zero padded for the unpacking loops; returns their length. */
    private int stage(MemorySegment source, long offset, long limit, int bitWidth)
    {
        if (bitWidth < 0 || bitWidth > 32) {
            throw new IllegalArgumentException("bit width " + bitWidth + " out of range");
        }
        if (offset < 0 || limit < offset || limit > source.byteSize() || limit - offset > Integer.MAX_VALUE - PADDING) {
            throw new IllegalArgumentException("RLE runs of " + (limit - offset) + " bytes outside their page");
        }
        int length = (int) (limit - offset);
        if (data.length < length + PADDING) {
            data = new byte[Math.max(length + PADDING, data.length * 2)];
        }
        MemorySegment.copy(source, ValueLayout.JAVA_BYTE, offset, data, 0, length);
        Arrays.fill(data, length, length + PADDING, (byte) 0);
        return length;
    }

    private static void decodeAt(byte[] data, int limit, int bitWidth, int count, int[] rows, int from, int to, int first, int[] values)
    {
        long mask = bitWidth == 32 ? 0xffff_ffffL : (1L << bitWidth) - 1;
        int byteWidth = (bitWidth + 7) / 8;
        int position = 0;
        int runStart = 0;
        int next = from;
        while (next < to) {
            if (runStart >= count) {
                throw new IllegalArgumentException("RLE runs end before row " + (rows[next] - first) + " of " + count);
            }
            long run = runHeader(data, position, limit);
            position += (int) (run >>> HEADER_LENGTH_SHIFT);
            long header = run & HEADER_BITS;
            if ((header & 1) == 0) {
                int value = repeatedValue(data, position, limit, byteWidth, bitWidth);
                position += byteWidth;
                int runEnd = (int) Math.min(count, runStart + (header >>> 1));
                int end = first + runEnd;
                while (next < to && rows[next] < end) {
                    values[rows[next++]] = value;
                }
                runStart = runEnd;
            }
            else {
                long groups = header >>> 1;
                int runEnd = (int) Math.min(count, runStart + groups * 8);
                if ((long) (runEnd - runStart) * bitWidth > (long) (limit - position) * 8) {
                    throw new IllegalArgumentException("bit-packed run runs past its data");
                }
                long base = (long) position * 8 - (long) (first + runStart) * bitWidth;
                int end = first + runEnd;
                while (next < to && rows[next] < end) {
                    int row = rows[next++];
                    // a value of up to 32 bits shifted by up to 7 lies within the eight bytes loaded
                    long bit = base + (long) row * bitWidth;
                    long word = (long) LONGS.get(data, (int) (bit >>> 3));
                    values[row] = (int) ((word >>> (bit & 7)) & mask);
                }
                position = (int) Math.min(limit, position + groups * bitWidth);
                runStart = runEnd;
            }
        }
    }

    private static void decode(byte[] data, int limit, int bitWidth, int count, int[] values, int into)
    {
        long mask = bitWidth == 32 ? 0xffff_ffffL : (1L << bitWidth) - 1;
        int byteWidth = (bitWidth + 7) / 8;
        int position = 0;
        int filled = 0;
        while (filled < count) {
            long run = runHeader(data, position, limit);
            position += (int) (run >>> HEADER_LENGTH_SHIFT);
            long header = run & HEADER_BITS;
            if ((header & 1) == 0) {
                long runLength = header >>> 1;
                int value = repeatedValue(data, position, limit, byteWidth, bitWidth);
                position += byteWidth;
                int end = (int) Math.min(count, filled + runLength);
                Arrays.fill(values, into + filled, into + end, value);
                filled = end;
            }
            else {
                long groups = header >>> 1;
                int packed = (int) Math.min(count - filled, groups * 8);
                // a writer may end the last group early when its values are all there
                if ((long) packed * bitWidth > (long) (limit - position) * 8) {
                    throw new IllegalArgumentException("bit-packed run runs past its data");
                }
                unpack(data, position, bitWidth, mask, packed, values, into + filled);
                filled += packed;
                position = (int) Math.min(limit, position + groups * bitWidth);
            }
        }
    }

    private static void unpack(byte[] data, int start, int bitWidth, long mask, int count, int[] values, int into)
    {
        if (bitWidth == 0) {
            Arrays.fill(values, into, into + count, 0);
            return;
        }
        // a group of eight values takes exactly bitWidth bytes
        int groups = count >>> 3;
        int position = start;
        int out = into;
        if (bitWidth <= 8) {
            for (int group = 0; group < groups; group++, position += bitWidth, out += 8) {
                long word = (long) LONGS.get(data, position);
                for (int k = 0; k < 8; k++) {
                    values[out + k] = (int) ((word >>> (k * bitWidth)) & mask);
                }
            }
        }
        else if (bitWidth <= 16) {
            for (int group = 0; group < groups; group++, position += bitWidth, out += 8) {
                long low = (long) LONGS.get(data, position);
                long high = (long) LONGS.get(data, position + Long.BYTES);
                for (int k = 0; k < 8; k++) {
                    int bit = k * bitWidth;
                    long value;
                    if (bit + bitWidth <= Long.SIZE) {
                        value = low >>> bit;
                    }
                    else if (bit >= Long.SIZE) {
                        value = high >>> (bit - Long.SIZE);
                    }
                    else {
                        value = (low >>> bit) | (high << (Long.SIZE - bit));
                    }
                    values[out + k] = (int) (value & mask);
                }
            }
        }
        else {
            groups = 0;
        }
        int done = groups * 8;
        long bit = (long) position * 8;
        for (int i = done; i < count; i++, bit += bitWidth) {
            // a value of up to 32 bits shifted by up to 7 lies within the eight bytes loaded
            long word = (long) LONGS.get(data, (int) (bit >>> 3));
            values[into + i] = (int) ((word >>> (bit & 7)) & mask);
        }
    }

    /** The value of an RLE run: {@code byteWidth} little-endian bytes from {@code position}. */
    /**
     * The value of a repeated run, in {@code byteWidth} bytes; a value wider than {@code bitWidth}
     * bits is an error, so that every code this decoder gives, packed or repeated, is below
     * 2^bitWidth (a dictionary of at least that many entries needs no further check).
     */
    private static int repeatedValue(byte[] data, int position, int limit, int byteWidth, int bitWidth)
    {
        if (position + byteWidth > limit) {
            throw new IllegalArgumentException("RLE run runs past its data");
        }
        int value = 0;
        for (int b = 0; b < byteWidth; b++) {
            value |= (data[position + b] & 0xff) << (8 * b);
        }
        if (bitWidth < Integer.SIZE && value >>> bitWidth != 0) {
            throw new IllegalArgumentException("RLE run's value " + value + " is wider than its " + bitWidth + " bits");
        }
        return value;
    }

}
