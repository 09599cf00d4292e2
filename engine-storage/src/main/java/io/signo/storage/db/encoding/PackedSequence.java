package io.signo.storage.db.encoding;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.Arrays;

import static io.signo.storage.db.encoding.ChunkFormat.LONG;
import static io.signo.storage.db.encoding.ChunkFormat.MAX_PACKED_WIDTH;
import static io.signo.storage.db.encoding.ChunkFormat.MODE_DELTA;
import static io.signo.storage.db.encoding.ChunkFormat.MODE_FRAME_OF_REFERENCE;
import static io.signo.storage.db.encoding.ChunkFormat.packedBytes;
import static io.signo.storage.db.encoding.ChunkReader.corrupt;

/**
 * A sequence of longs bit packed as frame of reference or as delta plus frame of reference (see
 * {@link ChunkFormat}), as read from a chunk: its header, checked, and where its bits start.
 *
 * <p>The unpack loops read one little-endian word per value, shift and mask it. They run on the
 * chunk's own memory, read-only; the chunk's trailing padding lets every word read stay in bounds,
 * and a damaged chunk without it takes a byte-by-byte path for its last values. One loop per output
 * layout and mode, so each stays monomorphic and small enough to be compiled well.
 */
record PackedSequence(int mode, int width, long reference, long minDelta, int count, long bitsOffset)
{
    static final int FRAME_OF_REFERENCE_HEADER_BYTES = 10;
    static final int DELTA_HEADER_BYTES = 18;

    private static final ValueLayout.OfInt NATIVE_INT = ValueLayout.JAVA_INT_UNALIGNED;
    private static final ValueLayout.OfLong NATIVE_LONG = ValueLayout.JAVA_LONG_UNALIGNED;

    /** Bytes a frame-of-reference sequence takes, header included. */
    static long frameOfReferenceBytes(int count, int width)
    {
        return FRAME_OF_REFERENCE_HEADER_BYTES + packedBytes(count, width);
    }

    /** Bytes a delta sequence takes, header included. */
    static long deltaBytes(int count, int width)
    {
        return DELTA_HEADER_BYTES + packedBytes(Math.max(count - 1, 0), width);
    }

    static void writeFrameOfReference(ChunkWriter out, long[] values, int from, int count, long reference, int width)
    {
        out.writeByte(MODE_FRAME_OF_REFERENCE);
        out.writeByte(width);
        out.writeLong(reference);
        out.writePacked(values, from, count, reference, width);
    }

    /** Writes non-negative {@code values[0 .. count)} (lengths, run lengths) by frame of reference, the form {@link #readBounded} requires. */
    static void writeNonNegative(ChunkWriter out, long[] values, int count)
    {
        long min = Long.MAX_VALUE;
        long max = 0;
        for (int i = 0; i < count; i++) {
            min = Math.min(min, values[i]);
            max = Math.max(max, values[i]);
        }
        min = count == 0 ? 0 : min;
        writeFrameOfReference(out, values, 0, count, min, ChunkFormat.width(max - min));
    }

    static void writeDelta(ChunkWriter out, long[] values, int from, int count, long minDelta, int width)
    {
        out.writeByte(MODE_DELTA);
        out.writeByte(width);
        out.writeLong(count == 0 ? 0 : values[from]);
        out.writeLong(minDelta);
        out.writePackedDeltas(values, from, count, minDelta, width);
    }

    /**
     * Writes {@code values[from .. from + count)} in whichever of the two forms is smaller; for the
     * short sequences inside other encodings (run values, run lengths), where one more pass costs nothing.
     */
    static void writeSmallest(ChunkWriter out, long[] values, int from, int count)
    {
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        long minDelta = Long.MAX_VALUE;
        long maxDelta = Long.MIN_VALUE;
        for (int i = from, end = from + count; i < end; i++) {
            long value = values[i];
            min = Math.min(min, value);
            max = Math.max(max, value);
            if (i > from) {
                long delta = value - values[i - 1];
                minDelta = Math.min(minDelta, delta);
                maxDelta = Math.max(maxDelta, delta);
            }
        }
        if (count == 0) {
            writeFrameOfReference(out, values, from, 0, 0, 0);
            return;
        }
        int width = ChunkFormat.width(max - min);
        int deltaWidth = count > 1 ? ChunkFormat.width(maxDelta - minDelta) : 0;
        if (deltaWidth <= MAX_PACKED_WIDTH && deltaBytes(count, deltaWidth) < frameOfReferenceBytes(count, width)) {
            writeDelta(out, values, from, count, count > 1 ? minDelta : 0, deltaWidth);
            return;
        }
        if (width > MAX_PACKED_WIDTH) {
            // only for values spread over more than 2^56: frame of reference with 64 bits needs two
            // word reads; these sequences never hold such values (run lengths, string lengths, codes)
            // except run values, which then pay for the plain form
            throw new IllegalArgumentException("values span more than " + MAX_PACKED_WIDTH + " bits: " + min + " .. " + max);
        }
        writeFrameOfReference(out, values, from, count, min, width);
    }

    /** Reads and checks a sequence header of {@code count} values, and skips its bits. */
    static PackedSequence read(ChunkReader reader, int count, String what)
    {
        int mode = reader.readUnsignedByte();
        int width = reader.readUnsignedByte();
        if (mode != MODE_FRAME_OF_REFERENCE && mode != MODE_DELTA) {
            throw corrupt(what + ": unknown packing mode " + mode);
        }
        if (width > MAX_PACKED_WIDTH) {
            throw corrupt(what + ": bit width " + width + " above " + MAX_PACKED_WIDTH);
        }
        long reference = reader.readLong();
        long minDelta = mode == MODE_DELTA ? reader.readLong() : 0;
        long packedCount = mode == MODE_DELTA ? Math.max(count - 1, 0) : count;
        long bitsOffset = reader.skip(packedBytes(packedCount, width), what + " bits");
        return new PackedSequence(mode, width, reference, minDelta, count, bitsOffset);
    }

    /**
     * Reads a sequence whose values must all lie in [min, max]: frame of reference only, checked by
     * its header alone, which bounds the values to [reference, reference + 2^width - 1]. Only for
     * sequences whose writer keeps that span inside the bounds (codes packed from 0 with the
     * dictionary's width, lengths below Integer.MAX_VALUE); run lengths are checked one by one.
     */
    static PackedSequence readBounded(ChunkReader reader, int count, long min, long max, String what)
    {
        PackedSequence sequence = read(reader, count, what);
        if (sequence.mode != MODE_FRAME_OF_REFERENCE) {
            throw corrupt(what + ": delta packing where frame of reference is required");
        }
        if (count > 0) {
            long largest = sequence.reference + (sequence.width == 0 ? 0 : (1L << sequence.width) - 1);
            if (sequence.reference < min || largest > max || largest < sequence.reference) {
                throw corrupt(what + ": values [" + sequence.reference + ", " + largest + "] outside [" + min + ", " + max + "]");
            }
        }
        return sequence;
    }

    long mask()
    {
        return (1L << width) - 1;
    }

    /** How many of the first values can be read with a whole word without passing {@code limit}. */
    int wordSafeCount(long limit)
    {
        long room = limit - bitsOffset - Long.BYTES;
        if (room < 0) {
            return 0;
        }
        return (int) Math.min(count, room * Byte.SIZE / width + 1);
    }

    /** The packed value at bit {@code bit} read byte by byte: the slow path for the last values of a damaged chunk. */
    private static long packedValueNearEnd(MemorySegment input, long byteOffset, long limit, long bit, long mask)
    {
        long at = byteOffset + (bit >>> 3);
        long word = 0;
        for (int i = 0; i < Long.BYTES && at + i < limit; i++) {
            word |= (input.get(ValueLayout.JAVA_BYTE, at + i) & 0xFFL) << (i * Byte.SIZE);
        }
        return (word >>> (bit & 7)) & mask;
    }

    /** The packed value at {@code index}, for lookups out of the unpack loops (dictionary codes). */
    static long packedValue(MemorySegment input, long bitsOffset, long limit, long bit, long mask)
    {
        long at = bitsOffset + (bit >>> 3);
        if (at + Long.BYTES <= limit) {
            return (input.get(LONG, at) >>> (bit & 7)) & mask;
        }
        return packedValueNearEnd(input, bitsOffset, limit, bit, mask);
    }

    /**
     * Decodes the frame-of-reference values at {@code positions[0 .. count)} into {@code out} (native,
     * {@code valueWidth} bytes a value), each read on its own: for the few rows a scan keeps.
     */
    void gather(MemorySegment input, int[] positions, int count, MemorySegment out, int valueWidth)
    {
        if (mode != MODE_FRAME_OF_REFERENCE) {
            throw new IllegalStateException("only frame-of-reference values can be read one by one");
        }
        long reference = this.reference;
        long width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        for (int i = 0; i < count; i++) {
            long value = reference + (width == 0 ? 0 : packedValue(input, bitsOffset, limit, positions[i] * width, mask));
            switch (valueWidth) {
                case 1 -> out.set(ValueLayout.JAVA_BYTE, i, (byte) value);
                case Integer.BYTES -> out.setAtIndex(NATIVE_INT, i, (int) value);
                default -> out.setAtIndex(NATIVE_LONG, i, value);
            }
        }
    }

    /** Decodes the sequence as longs into {@code out} (native, 8 bytes a value) from index 0. */
    void unpackLongs(MemorySegment input, MemorySegment out)
    {
        if (count == 0) {
            return;
        }
        if (mode == MODE_DELTA) {
            unpackLongDeltas(input, out);
            return;
        }
        long reference = this.reference;
        int count = this.count;
        if (width == 0) {
            for (int i = 0; i < count; i++) {
                out.setAtIndex(NATIVE_LONG, i, reference);
            }
            return;
        }
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        int safe = wordSafeCount(limit);
        long bit = 0;
        int i = 0;
        for (; i < safe; i++, bit += width) {
            long word = input.get(LONG, bitsOffset + (bit >>> 3));
            out.setAtIndex(NATIVE_LONG, i, reference + ((word >>> (bit & 7)) & mask));
        }
        for (; i < count; i++, bit += width) {
            out.setAtIndex(NATIVE_LONG, i, reference + packedValueNearEnd(input, bitsOffset, limit, bit, mask));
        }
    }

    private void unpackLongDeltas(MemorySegment input, MemorySegment out)
    {
        long value = reference;
        long minDelta = this.minDelta;
        out.setAtIndex(NATIVE_LONG, 0, value);
        int count = this.count;
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        if (width == 0) {
            for (int i = 1; i < count; i++) {
                value += minDelta;
                out.setAtIndex(NATIVE_LONG, i, value);
            }
            return;
        }
        int safe = Math.min(count, wordSafeCount(limit) + 1);
        long bit = 0;
        int i = 1;
        for (; i < safe; i++, bit += width) {
            long word = input.get(LONG, bitsOffset + (bit >>> 3));
            value += minDelta + ((word >>> (bit & 7)) & mask);
            out.setAtIndex(NATIVE_LONG, i, value);
        }
        for (; i < count; i++, bit += width) {
            value += minDelta + packedValueNearEnd(input, bitsOffset, limit, bit, mask);
            out.setAtIndex(NATIVE_LONG, i, value);
        }
    }

    /** Decodes the sequence as ints (each value's low 32 bits) into {@code out} (native, 4 bytes a value). */
    void unpackInts(MemorySegment input, MemorySegment out)
    {
        if (count == 0) {
            return;
        }
        if (mode == MODE_DELTA) {
            unpackIntDeltas(input, out);
            return;
        }
        int reference = (int) this.reference;
        int count = this.count;
        if (width == 0) {
            for (int i = 0; i < count; i++) {
                out.setAtIndex(NATIVE_INT, i, reference);
            }
            return;
        }
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        int safe = wordSafeCount(limit);
        long bit = 0;
        int i = 0;
        for (; i < safe; i++, bit += width) {
            long word = input.get(LONG, bitsOffset + (bit >>> 3));
            out.setAtIndex(NATIVE_INT, i, reference + (int) ((word >>> (bit & 7)) & mask));
        }
        for (; i < count; i++, bit += width) {
            out.setAtIndex(NATIVE_INT, i, reference + (int) packedValueNearEnd(input, bitsOffset, limit, bit, mask));
        }
    }

    private void unpackIntDeltas(MemorySegment input, MemorySegment out)
    {
        int value = (int) reference;
        int minDelta = (int) this.minDelta;
        out.setAtIndex(NATIVE_INT, 0, value);
        int count = this.count;
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        if (width == 0) {
            for (int i = 1; i < count; i++) {
                value += minDelta;
                out.setAtIndex(NATIVE_INT, i, value);
            }
            return;
        }
        int safe = Math.min(count, wordSafeCount(limit) + 1);
        long bit = 0;
        int i = 1;
        for (; i < safe; i++, bit += width) {
            long word = input.get(LONG, bitsOffset + (bit >>> 3));
            value += minDelta + (int) ((word >>> (bit & 7)) & mask);
            out.setAtIndex(NATIVE_INT, i, value);
        }
        for (; i < count; i++, bit += width) {
            value += minDelta + (int) packedValueNearEnd(input, bitsOffset, limit, bit, mask);
            out.setAtIndex(NATIVE_INT, i, value);
        }
    }

    /** Decodes the sequence as bytes (each value's low 8 bits) into {@code out}: BOOLEAN values. */
    void unpackBytes(MemorySegment input, MemorySegment out)
    {
        int count = this.count;
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        if (mode == MODE_DELTA || width == 0) {
            // the writer never delta packs booleans, and width 0 is a constant: neither needs a fast loop
            long value = reference;
            long bit = 0;
            for (int i = 0; i < count; i++) {
                if (mode == MODE_DELTA && i > 0) {
                    value += minDelta + (width == 0 ? 0 : packedValue(input, bitsOffset, limit, bit, mask));
                    bit += width;
                }
                out.set(ValueLayout.JAVA_BYTE, i, (byte) value);
            }
            return;
        }
        byte reference = (byte) this.reference;
        int safe = wordSafeCount(limit);
        long bit = 0;
        int i = 0;
        for (; i < safe; i++, bit += width) {
            long word = input.get(LONG, bitsOffset + (bit >>> 3));
            out.set(ValueLayout.JAVA_BYTE, i, (byte) (reference + (word >>> (bit & 7) & mask)));
        }
        for (; i < count; i++, bit += width) {
            out.set(ValueLayout.JAVA_BYTE, i, (byte) (reference + packedValueNearEnd(input, bitsOffset, limit, bit, mask)));
        }
    }

    /**
     * Decodes a frame-of-reference sequence of values that fit an int (dictionary codes) into
     * {@code out}; the header must have been checked by {@link #readBounded}.
     */
    void unpackInts(MemorySegment input, int[] out)
    {
        int count = this.count;
        int reference = (int) this.reference;
        if (width == 0) {
            Arrays.fill(out, 0, count, reference);
            return;
        }
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        int safe = wordSafeCount(limit);
        long bit = 0;
        int i = 0;
        for (; i < safe; i++, bit += width) {
            out[i] = reference + (int) ((input.get(LONG, bitsOffset + (bit >>> 3)) >>> (bit & 7)) & mask);
        }
        for (; i < count; i++, bit += width) {
            out[i] = reference + (int) packedValueNearEnd(input, bitsOffset, limit, bit, mask);
        }
    }

    /** Decodes the sequence into a heap array: for the short sequences of run values and lengths. */
    void unpackTo(MemorySegment input, long[] out)
    {
        if (count == 0) {
            return;
        }
        long mask = mask();
        long limit = input.byteSize();
        long bit = 0;
        if (mode == MODE_DELTA) {
            long value = reference;
            out[0] = value;
            for (int i = 1; i < count; i++, bit += width) {
                value += minDelta + (width == 0 ? 0 : packedValue(input, bitsOffset, limit, bit, mask));
                out[i] = value;
            }
            return;
        }
        for (int i = 0; i < count; i++, bit += width) {
            out[i] = reference + (width == 0 ? 0 : packedValue(input, bitsOffset, limit, bit, mask));
        }
    }

    /**
     * Decodes lengths into {@code count + 1} int offsets in {@code out} (native), the running sums from
     * 0; returns the total as a long, so a damaged sequence whose sum passes the int range is caught.
     * The header must have been checked by {@link #readBounded} with non-negative bounds.
     */
    long unpackOffsets(MemorySegment input, MemorySegment out)
    {
        long total = 0;
        out.setAtIndex(NATIVE_INT, 0, 0);
        int count = this.count;
        long reference = this.reference;
        if (width == 0) {
            for (int i = 0; i < count; i++) {
                total += reference;
                out.setAtIndex(NATIVE_INT, i + 1, (int) total);
            }
            return total;
        }
        int width = this.width;
        long mask = mask();
        long bitsOffset = this.bitsOffset;
        long limit = input.byteSize();
        int safe = wordSafeCount(limit);
        long bit = 0;
        int i = 0;
        for (; i < safe; i++, bit += width) {
            long word = input.get(LONG, bitsOffset + (bit >>> 3));
            total += reference + ((word >>> (bit & 7)) & mask);
            out.setAtIndex(NATIVE_INT, i + 1, (int) total);
        }
        for (; i < count; i++, bit += width) {
            total += reference + packedValueNearEnd(input, bitsOffset, limit, bit, mask);
            out.setAtIndex(NATIVE_INT, i + 1, (int) total);
        }
        return total;
    }
}
