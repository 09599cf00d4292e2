package io.signo.net.transport;

import io.netty.channel.IoHandlerFactory;
import io.netty.channel.ServerChannel;
import io.netty.channel.epoll.Epoll;
import io.netty.channel.epoll.EpollIoHandler;
import io.netty.channel.epoll.EpollServerSocketChannel;
import io.netty.channel.epoll.EpollSocketChannel;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.channel.socket.nio.NioSocketChannel;

import java.util.Locale;

/**
 * Which of Netty's socket transports a process's event loops and connections use: Linux's native
 * epoll where its library loads, Java's NIO selector otherwise. Epoll wakes an event loop through an
 * eventfd; NIO's {@code Selector.wakeup} takes a lock that a driver thread, preempted while holding
 * it on a crowded machine, makes the event loop wait for (measured in docs/benchmarks/cluster.md).
 *
 * <p>The choice is made here and nowhere else: {@link #configured()} reads the system property
 * {@value #PROPERTY} ({@code auto}, the default: epoll when available; {@code nio}; {@code epoll},
 * which fails when the native library cannot be loaded).
 */
public enum SocketTransport
{
    EPOLL,
    NIO;

    public static final String PROPERTY = "signo.transport";

    /** The transport the system property {@value #PROPERTY} asks for, epoll by default where it is available. */
    public static SocketTransport configured()
    {
        return fromSetting(System.getProperty(PROPERTY, "auto"));
    }

    static SocketTransport fromSetting(String setting)
    {
        return switch (setting.trim().toLowerCase(Locale.ROOT)) {
            case "auto", "" -> Epoll.isAvailable() ? EPOLL : NIO;
            case "nio" -> NIO;
            case "epoll" -> {
                Epoll.ensureAvailability();
                yield EPOLL;
            }
            default -> throw new IllegalArgumentException(PROPERTY + " must be auto, epoll or nio, not " + setting);
        };
    }

    IoHandlerFactory ioHandlerFactory()
    {
        return switch (this) {
            case EPOLL -> EpollIoHandler.newFactory();
            case NIO -> NioIoHandler.newFactory();
        };
    }

    Class<? extends ServerChannel> serverChannelClass()
    {
        return switch (this) {
            case EPOLL -> EpollServerSocketChannel.class;
            case NIO -> NioServerSocketChannel.class;
        };
    }

    Class<? extends SocketChannel> socketChannelClass()
    {
        return switch (this) {
            case EPOLL -> EpollSocketChannel.class;
            case NIO -> NioSocketChannel.class;
        };
    }

    /** How logs and docs name it. */
    public String displayName()
    {
        return switch (this) {
            case EPOLL -> "epoll (native)";
            case NIO -> "nio";
        };
    }
}
