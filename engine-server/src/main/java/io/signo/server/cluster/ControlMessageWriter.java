package io.signo.server.cluster;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Writes a control message's fields into a growing byte array, big-endian, in the order {@link
 * ControlMessageReader} reads them back. Not thread safe; one writer per message.
 */
final class ControlMessageWriter
{
    static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);
    static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

    private byte[] bytes;
    private int size;

    ControlMessageWriter(int expectedBytes)
    {
        this.bytes = new byte[Math.max(16, expectedBytes)];
    }

    ControlMessageWriter writeByte(int value)
    {
        ensure(1);
        bytes[size++] = (byte) value;
        return this;
    }

    ControlMessageWriter writeBoolean(boolean value)
    {
        return writeByte(value ? 1 : 0);
    }

    ControlMessageWriter writeInt(int value)
    {
        ensure(Integer.BYTES);
        putInt(bytes, size, value);
        size += Integer.BYTES;
        return this;
    }

    ControlMessageWriter writeLong(long value)
    {
        ensure(Long.BYTES);
        LONG.set(bytes, size, value);
        size += Long.BYTES;
        return this;
    }

    ControlMessageWriter writeDouble(double value)
    {
        return writeLong(Double.doubleToRawLongBits(value));
    }

    /** The length in bytes, then the UTF-8 bytes. */
    ControlMessageWriter writeString(String value)
    {
        return writeBytes(value.getBytes(StandardCharsets.UTF_8));
    }

    /** A presence flag, then the string if present. */
    ControlMessageWriter writeNullableString(String value)
    {
        writeBoolean(value != null);
        return value == null ? this : writeString(value);
    }

    /** The length, then the bytes. */
    ControlMessageWriter writeBytes(byte[] value)
    {
        writeInt(value.length);
        ensure(value.length);
        System.arraycopy(value, 0, bytes, size, value.length);
        size += value.length;
        return this;
    }

    int size()
    {
        return size;
    }

    byte[] toByteArray()
    {
        return Arrays.copyOf(bytes, size);
    }

    /** Overwrites the int at {@code offset} of an encoded message (a field that differs per destination). */
    static void putInt(byte[] bytes, int offset, int value)
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
