package io.signo.server.pg;

import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelHandlerContext;
import io.netty.channel.ChannelInboundHandlerAdapter;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.nio.NioIoHandler;
import io.netty.channel.socket.SocketChannel;
import io.netty.channel.socket.nio.NioServerSocketChannel;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.signo.server.query.QueryManager;

import java.net.InetSocketAddress;
import java.security.SecureRandom;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * The PostgreSQL wire protocol (version 3) of a coordinator, on a port of its own: psql, psycopg,
 * PostgreSQL's JDBC driver and the tools built on them query Signo as they would PostgreSQL. Each
 * connection's pipeline is a frame decoder ({@link PgFrameDecoder}), a message decoder
 * ({@link PgMessageReader}) and a handler that queues the messages for the connection's own
 * {@link PgConnection} thread, which runs the statements through the server's {@link QueryManager}
 * like every other client's. The server keeps the connections by process id for CancelRequests.
 */
public final class PgServer
        implements AutoCloseable
{
    /** The longest message a client may send (a Bind with large values, a long statement). */
    public static final int MAX_MESSAGE_BYTES = 64 << 20;

    private final QueryManager queryManager;
    private final byte[] tokenDigest;
    private final int maxMessageBytes;
    private final EventLoopGroup eventLoops;
    private final ChannelGroup channels = new DefaultChannelGroup("signo-pg", GlobalEventExecutor.INSTANCE);
    private final Map<Integer, PgConnection> connections = new ConcurrentHashMap<>();
    private final AtomicInteger processIds = new AtomicInteger();
    private final SecureRandom random = new SecureRandom();
    private final Channel serverChannel;
    private final int port;

    private PgServer(String host, int port, QueryManager queryManager, String token, int maxMessageBytes)
            throws InterruptedException
    {
        this.queryManager = requireNonNull(queryManager, "queryManager is null");
        this.tokenDigest = token == null ? null : PgConnection.digest(token);
        this.maxMessageBytes = maxMessageBytes;
        this.eventLoops = new MultiThreadIoEventLoopGroup(1, new DefaultThreadFactory("signo-pg", true), NioIoHandler.newFactory());
        try {
            this.serverChannel = new ServerBootstrap()
                    .group(eventLoops)
                    .channel(NioServerSocketChannel.class)
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, new WriteBufferWaterMark(256 * 1024, 1024 * 1024))
                    .childHandler(new ChannelInitializer<SocketChannel>()
                    {
                        @Override
                        protected void initChannel(SocketChannel channel)
                        {
                            channels.add(channel);
                            PgConnection connection = new PgConnection(channel, PgServer.this, PgServer.this.queryManager, tokenDigest);
                            channel.pipeline()
                                    .addLast("frames", new PgFrameDecoder(PgServer.this.maxMessageBytes))
                                    .addLast("messages", new PgMessageReader())
                                    .addLast("connection", new ConnectionHandler(connection));
                            Thread.ofVirtual().name("signo-pg-connection-" + channel.remoteAddress()).start(connection::run);
                        }
                    })
                    .bind(host, port)
                    .sync()
                    .channel();
        }
        catch (RuntimeException | InterruptedException e) {
            eventLoops.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            throw e;
        }
        this.port = ((InetSocketAddress) serverChannel.localAddress()).getPort();
    }

    /**
     * Listens on {@code host:port} (0 picks a free port).
     *
     * @param token the password clients must give (the server's bearer token), or null to let every user in
     */
    public static PgServer start(String host, int port, QueryManager queryManager, String token)
    {
        return start(host, port, queryManager, token, MAX_MESSAGE_BYTES);
    }

    public static PgServer start(String host, int port, QueryManager queryManager, String token, int maxMessageBytes)
    {
        try {
            return new PgServer(host, port, queryManager, token, maxMessageBytes);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + host + ":" + port, e);
        }
    }

    public int port()
    {
        return port;
    }

    int register(PgConnection connection)
    {
        int processId = processIds.incrementAndGet() & Integer.MAX_VALUE;
        connections.put(processId, connection);
        return processId;
    }

    void unregister(PgConnection connection)
    {
        connections.remove(connection.processId(), connection);
    }

    int newSecretKey()
    {
        return random.nextInt();
    }

    /** A CancelRequest: cancels the statement of the connection with this process id, when the key matches. */
    void cancel(int processId, int secretKey)
    {
        PgConnection connection = connections.get(processId);
        if (connection != null) {
            connection.cancel(secretKey);
        }
    }

    /** Stops listening and closes every connection (their running statements are cancelled). */
    @Override
    public void close()
    {
        serverChannel.close().awaitUninterruptibly(3, TimeUnit.SECONDS);
        channels.close().awaitUninterruptibly(3, TimeUnit.SECONDS);
        eventLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly(3, TimeUnit.SECONDS);
    }

    /** Hands a connection's messages and its end to its {@link PgConnection}. */
    private static final class ConnectionHandler
            extends ChannelInboundHandlerAdapter
    {
        private final PgConnection connection;

        ConnectionHandler(PgConnection connection)
        {
            this.connection = connection;
        }

        @Override
        public void channelRead(ChannelHandlerContext context, Object message)
        {
            connection.received((FrontendMessage) message);
        }

        @Override
        public void channelInactive(ChannelHandlerContext context)
        {
            connection.closed();
        }

        @Override
        public void exceptionCaught(ChannelHandlerContext context, Throwable cause)
        {
            // a reset by the peer or a decoder's bug: the connection ends, its thread cleans up
            context.close();
        }
    }
}
