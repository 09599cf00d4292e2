package io.signo.storage.db.encoding;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.serde.CorruptPageException;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Encodes a column vector into bytes and back: plain values, the null bitmap when there are NULLs. */
public final class ColumnChunkCodec
{
    private static final byte PLAIN = 0;

    private ColumnChunkCodec() {}

    public static byte[] encode(ColumnVector vector)
    {
        int count = vector.positionCount();
        int nullBytes = vector.mayHaveNulls() ? (count + 7) >>> 3 : 0;
        int width = vector.type().physicalType().fixedWidth();
        long valueBytes;
        long offsetBytes = 0;
        int firstByte = 0;
        if (width > 0) {
            valueBytes = (long) count * width;
        }
        else {
            firstByte = vector.stringStart(0);
            valueBytes = vector.stringStart(count) - firstByte;
            offsetBytes = (long) (count + 1) * Integer.BYTES;
        }
        long size = 2 + nullBytes + offsetBytes + valueBytes;
        byte[] out = new byte[Math.toIntExact(size)];
        MemorySegment target = MemorySegment.ofArray(out);
        out[0] = PLAIN;
        out[1] = (byte) (nullBytes > 0 ? 1 : 0);
        long at = 2;
        if (nullBytes > 0) {
            MemorySegment.copy(vector.nulls(), 0, target, at, nullBytes);
            at += nullBytes;
        }
        if (width > 0) {
            MemorySegment.copy(vector.values(), 0, target, at, valueBytes);
        }
        else {
            for (int i = 0; i <= count; i++) {
                target.set(ValueLayout.JAVA_INT_UNALIGNED, at + (long) i * Integer.BYTES, vector.stringStart(i) - firstByte);
            }
            at += offsetBytes;
            MemorySegment.copy(vector.values(), firstByte, target, at, valueBytes);
        }
        return out;
    }

    public static ColumnVector decode(Type type, int positionCount, MemorySegment encoded, PageAllocator allocator)
    {
        if (encoded.byteSize() < 2 || encoded.get(ValueLayout.JAVA_BYTE, 0) != PLAIN) {
            throw new CorruptPageException("column chunk has an unknown encoding");
        }
        long at = 2;
        MemorySegment nulls = null;
        if (encoded.get(ValueLayout.JAVA_BYTE, 1) != 0) {
            long nullBytes = (positionCount + 7) >>> 3;
            check(encoded, at + nullBytes);
            nulls = allocator.allocate(nullBytes);
            MemorySegment.copy(encoded, at, nulls, 0, nullBytes);
            at += nullBytes;
        }
        PhysicalType physical = type.physicalType();
        if (physical.fixedWidth() > 0) {
            long valueBytes = (long) positionCount * physical.fixedWidth();
            check(encoded, at + valueBytes);
            MemorySegment values = allocator.allocate(valueBytes);
            MemorySegment.copy(encoded, at, values, 0, valueBytes);
            return new ColumnVector(type, positionCount, values, null, nulls);
        }
        long offsetBytes = (long) (positionCount + 1) * Integer.BYTES;
        check(encoded, at + offsetBytes);
        MemorySegment offsets = allocator.allocate(offsetBytes);
        MemorySegment.copy(encoded, at, offsets, 0, offsetBytes);
        at += offsetBytes;
        int previous = 0;
        for (int i = 0; i <= positionCount; i++) {
            int offset = offsets.getAtIndex(ValueLayout.JAVA_INT, i);
            if (offset < previous || (i == 0 && offset != 0)) {
                throw new CorruptPageException("column chunk has string offsets out of order");
            }
            previous = offset;
        }
        check(encoded, at + previous);
        MemorySegment values = allocator.allocate(previous + ColumnVector.COPY_SLACK_BYTES);
        MemorySegment.copy(encoded, at, values, 0, previous);
        return new ColumnVector(type, positionCount, values.asSlice(0, previous), offsets, nulls);
    }

    private static void check(MemorySegment encoded, long end)
    {
        if (end > encoded.byteSize()) {
            throw new CorruptPageException("column chunk is truncated: needs " + end + " bytes, has " + encoded.byteSize());
        }
    }
}
