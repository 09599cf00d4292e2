package io.signo.net.codec;

import io.netty.buffer.ByteBuf;
import io.netty.buffer.Unpooled;
import io.netty.channel.ChannelHandler;
import io.netty.channel.ChannelHandlerContext;
import io.netty.handler.codec.MessageToMessageEncoder;

import java.util.List;

/** {@link Frame}s to bytes: length prefix and type byte, then the payload wrapped without a copy. */
@ChannelHandler.Sharable
public final class FrameEncoder
        extends MessageToMessageEncoder<Frame>
{
    public static final FrameEncoder INSTANCE = new FrameEncoder();

    private FrameEncoder()
    {
        super(Frame.class);
    }

    @Override
    protected void encode(ChannelHandlerContext context, Frame frame, List<Object> out)
    {
        ByteBuf header = context.alloc().buffer(Integer.BYTES + 1);
        header.writeInt(1 + frame.payload().length);
        header.writeByte(frame.type().code());
        out.add(Unpooled.wrappedBuffer(header, Unpooled.wrappedBuffer(frame.payload())));
    }
}
