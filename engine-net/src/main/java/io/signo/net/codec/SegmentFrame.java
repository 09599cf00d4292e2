package io.signo.net.codec;

import java.lang.foreign.MemorySegment;

import static java.util.Objects.requireNonNull;

/**
 * An inbound bulk frame: the payload was copied from the socket's buffers straight into native
 * memory of its own (8-byte aligned), which the pages decoded from it use as their vectors.
 */
public record SegmentFrame(FrameType type, MemorySegment payload)
{
    public SegmentFrame
    {
        requireNonNull(type, "type is null");
        requireNonNull(payload, "payload is null");
    }
}
