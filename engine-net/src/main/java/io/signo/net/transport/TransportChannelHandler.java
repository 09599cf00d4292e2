package io.signo.net.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.util.ReferenceCountUtil;
import io.signo.net.codec.Frame;
import io.signo.net.codec.SegmentFrame;

import static java.util.Objects.requireNonNull;

/** Last handler of every connection: hands decoded frames and connection events to the transport. */
final class TransportChannelHandler
        extends ChannelInboundHandlerAdapter
{
    private final NodeTransport transport;

    TransportChannelHandler(NodeTransport transport)
    {
        this.transport = requireNonNull(transport, "transport is null");
    }

    @Override
    public void channelRead(ChannelHandlerContext context, Object message)
    {
        switch (message) {
            case Frame frame -> transport.frameReceived(context.channel(), frame);
            case SegmentFrame frame -> transport.segmentFrameReceived(context.channel(), frame);
            default -> ReferenceCountUtil.release(message);
        }
    }

    @Override
    public void channelWritabilityChanged(ChannelHandlerContext context)
    {
        // deferred: Netty may fire this inside a write made under a sender's lock
        context.executor().execute(() -> transport.writabilityChanged(context.channel()));
        context.fireChannelWritabilityChanged();
    }

    @Override
    public void channelInactive(ChannelHandlerContext context)
    {
        transport.channelClosed(context.channel());
        context.fireChannelInactive();
    }

    @Override
    public void exceptionCaught(ChannelHandlerContext context, Throwable cause)
    {
        transport.channelFailed(context.channel(), cause);
    }
}
