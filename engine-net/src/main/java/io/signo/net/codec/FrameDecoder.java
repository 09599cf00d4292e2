package io.signo.net.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.ByteToMessageDecoder;
import io.netty.handler.codec.TooLongFrameException;

import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.util.List;

/**
 * Bytes to frames: reads the 4-byte length and the type byte, refusing lengths above the configured
 * maximum (a corrupt length must not make us allocate gigabytes). A control frame's payload is
 * copied to the heap once it has arrived whole ({@link Frame}); a bulk frame's payload is copied into
 * native memory of its own piece by piece as it arrives ({@link SegmentFrame}): the one copy between
 * the socket and the vectors, and the socket's buffers are never accumulated.
 */
public final class FrameDecoder
        extends ByteToMessageDecoder
{
    private static final int HEADER_BYTES = Integer.BYTES + 1;

    private final int maxFrameBytes;

    // the bulk frame being received, if any
    private FrameType bulkType;
    private MemorySegment bulkPayload;
    private ByteBuffer bulkTarget;

    public FrameDecoder(int maxFrameBytes)
    {
        this.maxFrameBytes = maxFrameBytes;
    }

    @Override
    protected void decode(ChannelHandlerContext context, ByteBuf in, List<Object> out)
    {
        while (true) {
            if (bulkPayload != null) {
                int count = Math.min(in.readableBytes(), bulkTarget.remaining());
                if (count > 0) {
                    int limit = bulkTarget.limit();
                    bulkTarget.limit(bulkTarget.position() + count);
                    in.readBytes(bulkTarget);
                    bulkTarget.limit(limit);
                }
                if (bulkTarget.hasRemaining()) {
                    return;
                }
                out.add(new SegmentFrame(bulkType, bulkPayload));
                bulkType = null;
                bulkPayload = null;
                bulkTarget = null;
                continue;
            }
            if (in.readableBytes() < HEADER_BYTES) {
                return;
            }
            int index = in.readerIndex();
            int length = in.getInt(index);
            if (length > maxFrameBytes) {
                in.skipBytes(in.readableBytes());
                throw new TooLongFrameException("frame of " + length + " bytes exceeds the limit of " + maxFrameBytes);
            }
            if (length < 1) {
                throw new FrameFormatException("frame without a type byte (length " + length + ")");
            }
            FrameType type = FrameType.fromCode(in.getByte(index + Integer.BYTES));
            int payloadBytes = length - 1;
            if (type.isBulk()) {
                in.skipBytes(HEADER_BYTES);
                bulkType = type;
                bulkPayload = ReceiveMemory.allocate(payloadBytes);
                bulkTarget = bulkPayload.asByteBuffer();
                continue;
            }
            if (in.readableBytes() < HEADER_BYTES + payloadBytes) {
                return;
            }
            in.skipBytes(HEADER_BYTES);
            byte[] payload = new byte[payloadBytes];
            in.readBytes(payload);
            out.add(new Frame(type, payload));
        }
    }
}
