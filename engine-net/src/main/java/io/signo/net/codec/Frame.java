package io.signo.net.codec;

import static java.util.Objects.requireNonNull;

/**
 * One control message on a connection: a type and an opaque payload in a heap array. On the wire: a
 * 4-byte length (of what follows), the type byte, the payload. Pages travel in bulk frames instead
 * ({@link BulkFrame} out, {@link SegmentFrame} in), whose payloads stay in native memory.
 */
public record Frame(FrameType type, byte[] payload)
{
    private static final byte[] EMPTY = new byte[0];

    public Frame
    {
        requireNonNull(type, "type is null");
        requireNonNull(payload, "payload is null");
    }

    public static Frame empty(FrameType type)
    {
        return new Frame(type, EMPTY);
    }

    @Override
    public String toString()
    {
        return "Frame{" + type + ", " + payload.length + " bytes}";
    }
}
