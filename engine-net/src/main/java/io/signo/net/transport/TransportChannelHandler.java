package io.signo.net.transport;

import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.SimpleChannelInboundHandler;
import io.signo.net.codec.Frame;

import static java.util.Objects.requireNonNull;

/** Last handler of every connection: hands decoded frames and connection events to the transport. */
final class TransportChannelHandler
        extends SimpleChannelInboundHandler<Frame>
{
    private final NodeTransport transport;

    TransportChannelHandler(NodeTransport transport)
    {
        super(Frame.class);
        this.transport = requireNonNull(transport, "transport is null");
    }

    @Override
    protected void channelRead0(ChannelHandlerContext context, Frame frame)
    {
        transport.frameReceived(context.channel(), frame);
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
