package io.signo.net.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;

import java.util.List;

/**
 * {@link Frame}s and {@link BulkFrame}s to bytes: the length prefix and type byte, then the payload
 * without a copy (a bulk frame's buffer is handed on as it is, for a gathering write).
 */
@ChannelHandler.Sharable
public final class FrameEncoder
        extends MessageToMessageEncoder<Object>
{
    public static final FrameEncoder INSTANCE = new FrameEncoder();

    private FrameEncoder() {}

    @Override
    public boolean acceptOutboundMessage(Object message)
    {
        return message instanceof Frame || message instanceof BulkFrame;
    }

    @Override
    protected void encode(ChannelHandlerContext context, Object message, List<Object> out)
    {
        ByteBuf header = context.alloc().buffer(Integer.BYTES + 1);
        if (message instanceof BulkFrame bulk) {
            header.writeInt(1 + bulk.payload().readableBytes());
            header.writeByte(bulk.type().code());
            out.add(Unpooled.wrappedUnmodifiableBuffer(header, bulk.payload()));
            return;
        }
        Frame frame = (Frame) message;
        header.writeInt(1 + frame.payload().length);
        header.writeByte(frame.type().code());
        out.add(Unpooled.wrappedBuffer(header, Unpooled.wrappedBuffer(frame.payload())));
    }
}
