package io.signo.storage.db.encoding;

import io.signo.storage.serde.CorruptPageException;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Reads an encoded chunk front to back, checking every read against the end of the input: a
 * damaged chunk raises {@link CorruptPageException}, never an out-of-bounds read.
 */
final class ChunkReader
{
    private final MemorySegment input;
    private final long limit;
    private long position;

    ChunkReader(MemorySegment input)
    {
        this.input = input;
        this.limit = input.byteSize();
    }

    MemorySegment input()
    {
        return input;
    }

    long position()
    {
        return position;
    }

    long remaining()
    {
        return limit - position;
    }

    int readUnsignedByte()
    {
        require(1, "a byte");
        return input.get(ValueLayout.JAVA_BYTE, position++) & 0xFF;
    }

    int readInt()
    {
        require(Integer.BYTES, "an int");
        int value = input.get(ChunkFormat.INT, position);
        position += Integer.BYTES;
        return value;
    }

    /** An int that must lie in [min, max]; {@code what} names it in the error. */
    int readInt(String what, long min, long max)
    {
        int value = readInt();
        if (value < min || value > max) {
            throw corrupt(what + " " + value + " outside [" + min + ", " + max + "]");
        }
        return value;
    }

    long readLong()
    {
        require(Long.BYTES, "a long");
        long value = input.get(ChunkFormat.LONG, position);
        position += Long.BYTES;
        return value;
    }

    /** Skips {@code length} bytes and returns where they start. */
    long skip(long length, String what)
    {
        require(length, what);
        long start = position;
        position += length;
        return start;
    }

    private void require(long bytes, String what)
    {
        if (bytes < 0 || bytes > limit - position) {
            throw corrupt("truncated chunk: " + what + " of " + bytes + " bytes at offset " + position + ", chunk has " + limit);
        }
    }

    static CorruptPageException corrupt(String message)
    {
        return new CorruptPageException("corrupt column chunk: " + message);
    }
}
