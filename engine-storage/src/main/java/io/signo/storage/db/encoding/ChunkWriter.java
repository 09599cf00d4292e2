package io.signo.storage.db.encoding;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/** A growable little-endian byte buffer that an encoded chunk is written into. Not thread safe. */
final class ChunkWriter
{
    private static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
    private static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private byte[] buffer;
    private int position;

    ChunkWriter(int expectedBytes)
    {
        buffer = new byte[Math.max(expectedBytes, 64)];
    }

    int position()
    {
        return position;
    }

    void setByte(int at, int value)
    {
        buffer[at] = (byte) value;
    }

    void writeByte(int value)
    {
        ensure(1);
        buffer[position++] = (byte) value;
    }

    void writeInt(int value)
    {
        ensure(Integer.BYTES);
        INT.set(buffer, position, value);
        position += Integer.BYTES;
    }

    void writeLong(long value)
    {
        ensure(Long.BYTES);
        LONG.set(buffer, position, value);
        position += Long.BYTES;
    }

    void writeBytes(byte[] source, int offset, int length)
    {
        ensure(length);
        System.arraycopy(source, offset, buffer, position, length);
        position += length;
    }

    void writeBytes(MemorySegment source, long offset, int length)
    {
        ensure(length);
        MemorySegment.copy(source, ValueLayout.JAVA_BYTE, offset, buffer, position, length);
        position += length;
    }

    /** Writes {@code count} values of {@code width} bits each, as {@code values[from + i] - reference}, lowest bit first. */
    void writePacked(long[] values, int from, int count, long reference, int width)
    {
        int bytes = Math.toIntExact(ChunkFormat.packedBytes(count, width));
        if (width == 0) {
            return;
        }
        ensure(bytes + Long.BYTES);
        byte[] buffer = this.buffer;
        int at = position;
        long word = 0;
        int bits = 0;
        for (int i = from, end = from + count; i < end; i++) {
            long value = values[i] - reference;
            word |= value << bits;
            bits += width;
            if (bits >= Long.SIZE) {
                LONG.set(buffer, at, word);
                at += Long.BYTES;
                bits -= Long.SIZE;
                // the bits of value that did not fit; value >>> 64 would be value itself, hence the test
                word = bits == 0 ? 0 : value >>> (width - bits);
            }
        }
        // the last partial word; the slack ensured above lets it be written whole
        LONG.set(buffer, at, word);
        position += bytes;
    }

    /**
     * Writes the differences {@code values[i] - values[i - 1] - minDelta} for i in (from, from + count),
     * {@code width} bits each: the packed part of a delta sequence.
     */
    void writePackedDeltas(long[] values, int from, int count, long minDelta, int width)
    {
        int packedCount = Math.max(count - 1, 0);
        int bytes = Math.toIntExact(ChunkFormat.packedBytes(packedCount, width));
        if (width == 0) {
            return;
        }
        ensure(bytes + Long.BYTES);
        byte[] buffer = this.buffer;
        int at = position;
        long word = 0;
        int bits = 0;
        for (int i = from + 1, end = from + count; i < end; i++) {
            long value = values[i] - values[i - 1] - minDelta;
            word |= value << bits;
            bits += width;
            if (bits >= Long.SIZE) {
                LONG.set(buffer, at, word);
                at += Long.BYTES;
                bits -= Long.SIZE;
                word = bits == 0 ? 0 : value >>> (width - bits);
            }
        }
        LONG.set(buffer, at, word);
        position += bytes;
    }

    byte[] toByteArray()
    {
        return Arrays.copyOf(buffer, position);
    }

    private void ensure(int bytes)
    {
        if (buffer.length - position < bytes) {
            buffer = Arrays.copyOf(buffer, Math.max(buffer.length * 2, position + bytes));
        }
    }
}
