package io.signo.net.codec;

import io.netty.buffer.ByteBuf;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.LengthFieldBasedFrameDecoder;

/**
 * Bytes to {@link Frame}s: cuts the stream at the 4-byte length prefix, refusing frames larger than
 * the configured maximum (a corrupt length must not make us allocate gigabytes), then splits off
 * the type byte and copies the payload to the heap.
 */
public final class FrameDecoder
        extends LengthFieldBasedFrameDecoder
{
    public FrameDecoder(int maxFrameBytes)
    {
        super(maxFrameBytes, 0, Integer.BYTES, 0, Integer.BYTES);
    }

    @Override
    protected Object decode(ChannelHandlerContext context, ByteBuf in)
            throws Exception
    {
        ByteBuf frame = (ByteBuf) super.decode(context, in);
        if (frame == null) {
            return null;
        }
        try {
            if (!frame.isReadable()) {
                throw new FrameFormatException("frame without a type byte");
            }
            FrameType type = FrameType.fromCode(frame.readByte());
            byte[] payload = new byte[frame.readableBytes()];
            frame.readBytes(payload);
            return new Frame(type, payload);
        }
        finally {
            frame.release();
        }
    }
}
