package io.signo.storage.serde;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads the fields that {@link BinaryOutput} wrote, checking every length and count against the bytes
 * left before it allocates, so that hostile or damaged bytes fail with {@link ErrorCode#CORRUPT_DATA}
 * naming the message and the field rather than with an out-of-bounds index, a huge allocation, a
 * {@link ClassCastException} or a wrong value.
 */
public final class BinaryInput
{
    private final byte[] bytes;
    private final String message;
    private int position;

    public BinaryInput(byte[] bytes, String message)
    {
        this.bytes = bytes;
        this.message = message;
    }

    /** Checks the message's kind and version, written as its first two bytes. */
    public BinaryInput expectHeader(int kind, int version)
    {
        int actualKind = readByte("kind");
        if (actualKind != kind) {
            throw malformed("it is message kind " + actualKind + ", not " + kind);
        }
        int actualVersion = readByte("version");
        if (actualVersion != version) {
            throw malformed("version " + actualVersion + " is not the version this build reads (" + version + ")");
        }
        return this;
    }

    public int readByte(String field)
    {
        need(1, field);
        return bytes[position++] & 0xFF;
    }

    public boolean readBoolean(String field)
    {
        int value = readByte(field);
        if (value > 1) {
            throw malformed(field + " is " + value + ", not a boolean");
        }
        return value == 1;
    }

    public int readInt(String field)
    {
        need(Integer.BYTES, field);
        int value = (int) BinaryOutput.INT.get(bytes, position);
        position += Integer.BYTES;
        return value;
    }

    /** An int in {@code [min, max]}. */
    public int readInt(String field, int min, int max)
    {
        int value = readInt(field);
        if (value < min || value > max) {
            throw malformed(field + " is " + value + ", outside [" + min + ", " + max + "]");
        }
        return value;
    }

    public long readLong(String field)
    {
        need(Long.BYTES, field);
        long value = (long) BinaryOutput.LONG.get(bytes, position);
        position += Long.BYTES;
        return value;
    }

    public double readDouble(String field)
    {
        return Double.longBitsToDouble(readLong(field));
    }

    public String readString(String field)
    {
        int length = readCount(field, 1);
        String value = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return value;
    }

    public String readNullableString(String field)
    {
        return readBoolean(field + " present") ? readString(field) : null;
    }

    public byte[] readBytes(String field)
    {
        int length = readCount(field, 1);
        byte[] value = new byte[length];
        System.arraycopy(bytes, position, value, 0, length);
        position += length;
        return value;
    }

    /** What {@link BinaryOutput#writeInts(List)} wrote. */
    public List<Integer> readIntList(String field)
    {
        int count = readCount(field, Integer.BYTES);
        List<Integer> values = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            values.add(readInt(field));
        }
        return values;
    }

    /** What {@link BinaryOutput#writeInts(int[])} wrote. */
    public int[] readIntArray(String field)
    {
        int count = readCount(field, Integer.BYTES);
        int[] values = new int[count];
        for (int i = 0; i < count; i++) {
            values[i] = readInt(field);
        }
        return values;
    }

    /** An enum constant written by {@link BinaryOutput#writeEnum}, checked against the constants of this build. */
    public <E extends Enum<E>> E readEnum(String field, E[] constants)
    {
        int ordinal = readByte(field);
        if (ordinal >= constants.length) {
            throw malformed(field + " is " + ordinal + ", not one of the " + constants.length + " values of " + constants.getClass().getComponentType().getSimpleName());
        }
        return constants[ordinal];
    }

    /**
     * A count of elements that take at least {@code minimumElementBytes} each: more than the bytes left
     * can hold is malformed, which bounds what a reader allocates for it.
     */
    public int readCount(String field, int minimumElementBytes)
    {
        int length = readInt(field + " length");
        if (length < 0 || (long) length * minimumElementBytes > bytes.length - position) {
            throw malformed(field + " length " + length + " exceeds the " + (bytes.length - position) + " bytes left");
        }
        return length;
    }

    /** Fails unless every byte was read: trailing bytes mean the writer and this reader disagree. */
    public void expectEnd()
    {
        if (position != bytes.length) {
            throw malformed((bytes.length - position) + " bytes left after its last field");
        }
    }

    public SignoException malformed(String reason)
    {
        return new SignoException(ErrorCode.CORRUPT_DATA, "malformed " + message + ": " + reason);
    }

    private void need(int count, String field)
    {
        if (bytes.length - position < count) {
            throw malformed("it ends inside " + field + " (at byte " + position + " of " + bytes.length + ")");
        }
    }
}
