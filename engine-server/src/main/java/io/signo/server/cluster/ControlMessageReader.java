package io.signo.server.cluster;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.nio.charset.StandardCharsets;

/**
 * Reads the fields of a control message that {@link ControlMessageWriter} wrote, checking every
 * length and count against the bytes left before it allocates, so that hostile or damaged bytes fail
 * with {@link ErrorCode#CORRUPT_DATA} naming the message and the field rather than with an
 * out-of-bounds index, a huge allocation or a wrong value.
 */
final class ControlMessageReader
{
    private final byte[] bytes;
    private final String message;
    private int position;

    ControlMessageReader(byte[] bytes, String message)
    {
        this.bytes = bytes;
        this.message = message;
    }

    /** Checks the message's kind and version, written as its first two bytes. */
    ControlMessageReader expectHeader(int kind, int version)
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

    int readByte(String field)
    {
        need(1, field);
        return bytes[position++] & 0xFF;
    }

    boolean readBoolean(String field)
    {
        int value = readByte(field);
        if (value > 1) {
            throw malformed(field + " is " + value + ", not a boolean");
        }
        return value == 1;
    }

    int readInt(String field)
    {
        need(Integer.BYTES, field);
        int value = (int) ControlMessageWriter.INT.get(bytes, position);
        position += Integer.BYTES;
        return value;
    }

    /** An int in {@code [min, max]}. */
    int readInt(String field, int min, int max)
    {
        int value = readInt(field);
        if (value < min || value > max) {
            throw malformed(field + " is " + value + ", outside [" + min + ", " + max + "]");
        }
        return value;
    }

    long readLong(String field)
    {
        need(Long.BYTES, field);
        long value = (long) ControlMessageWriter.LONG.get(bytes, position);
        position += Long.BYTES;
        return value;
    }

    double readDouble(String field)
    {
        return Double.longBitsToDouble(readLong(field));
    }

    String readString(String field)
    {
        int length = readLength(field, 1);
        String value = new String(bytes, position, length, StandardCharsets.UTF_8);
        position += length;
        return value;
    }

    String readNullableString(String field)
    {
        return readBoolean(field + " present") ? readString(field) : null;
    }

    byte[] readBytes(String field)
    {
        int length = readLength(field, 1);
        byte[] value = new byte[length];
        System.arraycopy(bytes, position, value, 0, length);
        position += length;
        return value;
    }

    /**
     * A count of elements that take at least {@code minimumElementBytes} each: more than the bytes left
     * can hold is malformed, which bounds what a reader allocates for it.
     */
    int readCount(String field, int minimumElementBytes)
    {
        return readLength(field, minimumElementBytes);
    }

    /** Fails unless every byte was read: trailing bytes mean the writer and this reader disagree. */
    void expectEnd()
    {
        if (position != bytes.length) {
            throw malformed((bytes.length - position) + " bytes left after its last field");
        }
    }

    SignoException malformed(String reason)
    {
        return new SignoException(ErrorCode.CORRUPT_DATA, "malformed " + message + " message: " + reason);
    }

    private int readLength(String field, int minimumElementBytes)
    {
        int length = readInt(field + " length");
        if (length < 0 || (long) length * minimumElementBytes > bytes.length - position) {
            throw malformed(field + " length " + length + " exceeds the " + (bytes.length - position) + " bytes left");
        }
        return length;
    }

    private void need(int count, String field)
    {
        if (bytes.length - position < count) {
            throw malformed("it ends inside " + field + " (at byte " + position + " of " + bytes.length + ")");
        }
    }
}
