package io.signo.storage.serde;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;

/**
 * Writes the fields of a binary message (an encoded plan) into a growing byte array, big-endian, in
 * the order {@link BinaryInput} reads them back. Not thread safe; one writer per message.
 */
public final class BinaryOutput
{
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] bytes;
    private int size;

    public BinaryOutput(int expectedBytes)
    {
        this.bytes = new byte[Math.max(16, expectedBytes)];
    }

    public BinaryOutput writeByte(int value)
    {
        ensure(1);
        bytes[size++] = (byte) value;
        return this;
    }

    public BinaryOutput writeBoolean(boolean value)
    {
        return writeByte(value ? 1 : 0);
    }

    public BinaryOutput writeInt(int value)
    {
        ensure(Integer.BYTES);
        INT.set(bytes, size, value);
        size += Integer.BYTES;
        return this;
    }

    public BinaryOutput writeLong(long value)
    {
        ensure(Long.BYTES);
        LONG.set(bytes, size, value);
        size += Long.BYTES;
        return this;
    }

    public BinaryOutput writeDouble(double value)
    {
        return writeLong(Double.doubleToRawLongBits(value));
    }

    /** The length in bytes, then the UTF-8 bytes. */
    public BinaryOutput writeString(String value)
    {
        return writeBytes(value.getBytes(StandardCharsets.UTF_8));
    }

    /** A presence flag, then the string if present. */
    public BinaryOutput writeNullableString(String value)
    {
        writeBoolean(value != null);
        return value == null ? this : writeString(value);
    }

    /** The length, then the bytes. */
    public BinaryOutput writeBytes(byte[] value)
    {
        writeInt(value.length);
        ensure(value.length);
        System.arraycopy(value, 0, bytes, size, value.length);
        size += value.length;
        return this;
    }

    /** The count, then each int. */
    public BinaryOutput writeInts(List<Integer> values)
    {
        writeInt(values.size());
        for (int value : values) {
            writeInt(value);
        }
        return this;
    }

    /** The count, then each int. */
    public BinaryOutput writeInts(int[] values)
    {
        writeInt(values.length);
        for (int value : values) {
            writeInt(value);
        }
        return this;
    }

    /** An enum constant as its ordinal: coordinator and workers run the same build. */
    public BinaryOutput writeEnum(Enum<?> value)
    {
        return writeByte(value.ordinal());
    }

    public int size()
    {
        return size;
    }

    public byte[] toByteArray()
    {
        return Arrays.copyOf(bytes, size);
    }

    /** Writes {@code value} at {@code offset} of bytes already written (a field patched after encoding, as the node index of a start request encoded once for all workers). */
    public static void putInt(byte[] bytes, int offset, int value)
    {
        INT.set(bytes, offset, value);
    }

    private void ensure(int more)
    {
        if (size + more > bytes.length) {
            bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, size + more));
        }
    }
}
