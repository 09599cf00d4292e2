package io.signo.net.codec;

import static java.util.Objects.requireNonNull;

/**
 * One message on a connection: a type and an opaque payload. On the wire: a 4-byte length (of what
 * follows), the type byte, the payload. Payloads are heap arrays: pages are decoded from them on
 * driver threads, never on an event loop.
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
