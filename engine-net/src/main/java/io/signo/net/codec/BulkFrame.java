package io.signo.net.codec;

import io.netty.buffer.ByteBuf;

import static java.util.Objects.requireNonNull;

/**
 * An outbound frame whose payload is a Netty buffer, usually a composite over pooled direct memory
 * and vectors' own memory, written to the socket with a gathering write and no copy on the heap.
 * The frame owns the buffer: writing it releases it.
 */
public record BulkFrame(FrameType type, ByteBuf payload)
{
    public BulkFrame
    {
        requireNonNull(type, "type is null");
        requireNonNull(payload, "payload is null");
        if (!type.isBulk()) {
            throw new IllegalArgumentException(type + " frames are not bulk frames");
        }
    }
}
