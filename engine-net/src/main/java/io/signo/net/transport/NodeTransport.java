package io.signo.net.transport;

import io.netty.bootstrap.Bootstrap;
import io.netty.bootstrap.ServerBootstrap;
import io.netty.channel.Channel;
import io.netty.channel.ChannelFuture;
import io.netty.channel.ChannelInitializer;
import io.netty.channel.ChannelOption;
import io.netty.channel.EventLoopGroup;
import io.netty.channel.MultiThreadIoEventLoopGroup;
import io.netty.channel.WriteBufferWaterMark;
import io.netty.channel.group.ChannelGroup;
import io.netty.channel.group.DefaultChannelGroup;
import io.netty.channel.socket.SocketChannel;
import io.netty.util.AttributeKey;
import io.netty.util.concurrent.GlobalEventExecutor;
import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameDecoder;
import io.signo.net.codec.FrameEncoder;
import io.signo.net.codec.FrameType;
import io.signo.net.codec.SegmentFrame;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Consumer;
import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * One per process: a Netty server for peers to connect to, and at most one connection per peer
 * process ({@code host:port}) over which everything is multiplexed: control requests, heartbeats and
 * the pages of every exchange. A connection this process accepted serves as its connection to that
 * peer too (the peer introduces itself with a HELLO frame), so two processes share one connection.
 *
 * <p>Threading: event loops only decode frames, complete futures and hand data over; control
 * request handlers run on a small separate executor, except hand-over handlers
 * ({@link #registerHandOverHandler}), which pass their request on from the event loop to threads of
 * their own; {@link FrameHandler}s run on the event loop. Frames to a peer leave in bursts
 * ({@link PeerConnection}).
 * Every public method is thread safe and none blocks, except {@link #start} and {@link #close}.
 */
public final class NodeTransport
        implements AutoCloseable
{
    private static final System.Logger LOG = System.getLogger(NodeTransport.class.getName());
    private static final AttributeKey<String> PEER = AttributeKey.valueOf("signo.peer");

    private final TransportConfig config;
    private final EventLoopGroup eventLoops;
    private final ExecutorService handlerExecutor;
    /** Runs what a peer's death sets off, one death after the other ({@link #markDead}). */
    private final ExecutorService deathNotifier = Executors.newSingleThreadExecutor(Thread.ofPlatform().name("signo-peer-death").daemon().factory());
    private final Channel serverChannel;
    private final String host;
    private final int port;
    private final String localAddress;
    private final Bootstrap clientBootstrap;
    // every open connection, accepted or opened, so close() really closes them all (a peer must see us go)
    private final ChannelGroup allChannels = new DefaultChannelGroup(GlobalEventExecutor.INSTANCE);

    private final Map<String, PeerConnection> connections = new ConcurrentHashMap<>();
    private final Set<String> deadPeers = ConcurrentHashMap.newKeySet();
    private final Map<String, Function<byte[], byte[]>> requestHandlers = new ConcurrentHashMap<>();
    private final Map<String, Function<byte[], CompletableFuture<byte[]>>> handOverHandlers = new ConcurrentHashMap<>();
    private final FrameHandler[] frameHandlers = new FrameHandler[128];
    private final SegmentFrameHandler[] segmentFrameHandlers = new SegmentFrameHandler[128];
    private final Map<String, Long> roundTripNanos = new ConcurrentHashMap<>();
    private final Map<Long, PendingRequest> pendingRequests = new ConcurrentHashMap<>();
    /** The id of a request whose sender wants no response ({@link #tell}); the ids of requests start at 1. */
    private static final long NO_RESPONSE = 0;
    private final AtomicLong nextRequestId = new AtomicLong();
    private final List<Consumer<String>> deadPeerListeners = new CopyOnWriteArrayList<>();
    private volatile boolean closed;

    /** Fails the requests past their deadline: one periodic task, so that sending a request schedules nothing. */
    private final ScheduledFuture<?> timeoutSweep;

    private record PendingRequest(String peer, String method, CompletableFuture<byte[]> future, long deadlineNanos) {}

    private NodeTransport(String host, int port, TransportConfig config)
            throws InterruptedException
    {
        this.config = requireNonNull(config, "config is null");
        this.host = requireNonNull(host, "host is null");
        this.eventLoops = new MultiThreadIoEventLoopGroup(config.eventLoopThreads(), config.socketTransport().ioHandlerFactory());
        AtomicInteger handlerThreadCount = new AtomicInteger();
        this.handlerExecutor = Executors.newFixedThreadPool(config.handlerThreads(), runnable -> {
            Thread thread = new Thread(runnable, "signo-rpc-handler-" + handlerThreadCount.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        });
        WriteBufferWaterMark waterMark = new WriteBufferWaterMark(config.writeBufferLowWaterMark(), config.writeBufferHighWaterMark());
        ChannelInitializer<SocketChannel> initializer = new ChannelInitializer<>()
        {
            @Override
            protected void initChannel(SocketChannel channel)
            {
                if (closed) {
                    channel.close();
                    return;
                }
                allChannels.add(channel);
                channel.pipeline()
                        .addLast("frameDecoder", new FrameDecoder(config.maxFrameBytes()))
                        .addLast("frameEncoder", FrameEncoder.INSTANCE)
                        .addLast("transport", new TransportChannelHandler(NodeTransport.this));
            }
        };
        try {
            this.serverChannel = new ServerBootstrap()
                    .group(eventLoops)
                    .channel(config.socketTransport().serverChannelClass())
                    .childOption(ChannelOption.TCP_NODELAY, true)
                    .childOption(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark)
                    .childHandler(initializer)
                    .bind(host, port)
                    .sync()
                    .channel();
        }
        catch (RuntimeException | InterruptedException e) {
            eventLoops.shutdownGracefully(0, 0, TimeUnit.MILLISECONDS);
            handlerExecutor.shutdownNow();
            deathNotifier.shutdownNow();
            throw e;
        }
        this.port = ((java.net.InetSocketAddress) serverChannel.localAddress()).getPort();
        this.localAddress = host + ":" + this.port;
        LOG.log(System.Logger.Level.DEBUG, "{0}: socket transport {1}", localAddress, config.socketTransport().displayName());
        this.clientBootstrap = new Bootstrap()
                .group(eventLoops)
                .channel(config.socketTransport().socketChannelClass())
                .option(ChannelOption.TCP_NODELAY, true)
                .option(ChannelOption.WRITE_BUFFER_WATER_MARK, waterMark)
                .option(ChannelOption.CONNECT_TIMEOUT_MILLIS, (int) config.connectTimeout().toMillis())
                .handler(initializer);
        long sweepMillis = Math.clamp(config.requestTimeout().toMillis() / 4, 1, 1000);
        this.timeoutSweep = eventLoops.scheduleAtFixedRate(this::failTimedOutRequests, sweepMillis, sweepMillis, TimeUnit.MILLISECONDS);
    }

    /** Fails every request whose deadline passed (within a quarter of the timeout, at most a second, late). */
    private void failTimedOutRequests()
    {
        long now = System.nanoTime();
        for (Map.Entry<Long, PendingRequest> entry : pendingRequests.entrySet()) {
            PendingRequest request = entry.getValue();
            if (now - request.deadlineNanos >= 0 && pendingRequests.remove(entry.getKey(), request)) {
                request.future.completeExceptionally(new TimeoutException("request " + request.method + " to " + request.peer + " timed out after "
                        + config.requestTimeout().toMillis() + " ms"));
            }
        }
    }

    /** Binds a server on {@code host:port} (port 0 picks a free one) and returns the running transport. */
    public static NodeTransport start(String host, int port, TransportConfig config)
    {
        try {
            return new NodeTransport(host, port, config);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while binding " + host + ":" + port, e);
        }
    }

    public static NodeTransport start(int port)
    {
        return start("127.0.0.1", port, TransportConfig.DEFAULT);
    }

    /** This process's address as peers name it: {@code host:port}. */
    public String localAddress()
    {
        return localAddress;
    }

    public String host()
    {
        return host;
    }

    /** The bound port (the real one when started with port 0). */
    public int port()
    {
        return port;
    }

    public TransportConfig config()
    {
        return config;
    }

    /** The socket transport its event loops and connections use. */
    public SocketTransport socketTransport()
    {
        return config.socketTransport();
    }

    /** Runs {@code handler} (on the handler executor) for every request of {@code method}; a thrown exception becomes the caller's error. */
    public void registerHandler(String method, Function<byte[], byte[]> handler)
    {
        requireNonNull(method, "method is null");
        requireNonNull(handler, "handler is null");
        if (handOverHandlers.containsKey(method) || requestHandlers.putIfAbsent(method, handler) != null) {
            throw new IllegalStateException("a handler for " + method + " is already registered");
        }
    }

    /**
     * Runs {@code handler} on the event loop for every request of {@code method}: it must only hand
     * the request over to the threads that will serve it and return at once; the response goes when
     * the returned future completes, an exceptional completion as the caller's error. For a request
     * whose work belongs on threads of their own (a query's start on the driver threads), so that it
     * does not pass through a request handler thread first.
     */
    public void registerHandOverHandler(String method, Function<byte[], CompletableFuture<byte[]>> handler)
    {
        requireNonNull(method, "method is null");
        requireNonNull(handler, "handler is null");
        if (requestHandlers.containsKey(method) || handOverHandlers.putIfAbsent(method, handler) != null) {
            throw new IllegalStateException("a handler for " + method + " is already registered");
        }
    }

    /**
     * Sends an opaque request to a peer. The future fails with {@link RemoteRequestException} (the remote
     * handler failed, with its message), {@link PeerDeadException} (the peer died or is unreachable) or
     * {@link TimeoutException} after the configured request timeout.
     */
    public CompletableFuture<byte[]> request(String peer, String method, byte[] payload)
    {
        requireNonNull(peer, "peer is null");
        requireNonNull(method, "method is null");
        requireNonNull(payload, "payload is null");
        CompletableFuture<byte[]> future = new CompletableFuture<>();
        if (closed) {
            future.completeExceptionally(new IllegalStateException("transport " + localAddress + " is closed"));
            return future;
        }
        long id = nextRequestId.incrementAndGet();
        pendingRequests.put(id, new PendingRequest(peer, method, future, System.nanoTime() + config.requestTimeout().toNanos()));
        if (deadPeers.contains(peer) && !connections.containsKey(peer)) {
            // a dead peer gets one new connection attempt; failing it fails this request
            deadPeers.remove(peer);
        }
        connection(peer).send(new Frame(FrameType.REQUEST, requestPayload(id, method, payload)));
        return future;
    }

    /**
     * Sends {@code payload} to the handler of {@code method} on {@code peer}, wanting no answer: for a
     * message whose sender has nothing to do with the answer (a worker's report of its end), which
     * would only wake the sender's event loop once more. Nothing tells the sender whether it arrived
     * or what the handler made of it (a handler's failure is logged where it ran); a dead peer is
     * found by its connection and heartbeats, as for any other frame. Never blocks.
     */
    public void tell(String peer, String method, byte[] payload)
    {
        requireNonNull(peer, "peer is null");
        requireNonNull(method, "method is null");
        requireNonNull(payload, "payload is null");
        if (closed) {
            return;
        }
        connection(peer).send(new Frame(FrameType.REQUEST, requestPayload(NO_RESPONSE, method, payload)));
    }

    private static byte[] requestPayload(long id, String method, byte[] payload)
    {
        byte[] methodBytes = method.getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.allocate(Long.BYTES + Integer.BYTES + methodBytes.length + payload.length);
        buffer.putLong(id).putInt(methodBytes.length).put(methodBytes).put(payload);
        return buffer.array();
    }

    /** Sends a frame to a peer, opening the connection if needed. Never blocks. */
    public void send(String peer, Frame frame)
    {
        connection(peer).send(frame);
    }

    /** The connection to {@code peer}, opened (asynchronously) if there is none. */
    public PeerConnection connection(String peer)
    {
        requireNonNull(peer, "peer is null");
        PeerConnection existing = connections.get(peer);
        if (existing != null) {
            return existing;
        }
        PeerConnection created = new PeerConnection(peer);
        existing = connections.putIfAbsent(peer, created);
        if (existing != null) {
            return existing;
        }
        if (closed) {
            created.fail(new IllegalStateException("transport " + localAddress + " is closed"));
            return created;
        }
        int separator = peer.lastIndexOf(':');
        if (separator < 0) {
            connections.remove(peer, created);
            throw new IllegalArgumentException("peer address is not host:port: " + peer);
        }
        ChannelFuture connect = clientBootstrap.connect(peer.substring(0, separator), Integer.parseInt(peer.substring(separator + 1)));
        connect.addListener(ignored -> {
            if (connect.isSuccess()) {
                Channel channel = connect.channel();
                channel.attr(PEER).set(peer);
                deadPeers.remove(peer);
                created.connected(channel, new Frame(FrameType.HELLO, localAddress.getBytes(StandardCharsets.UTF_8)));
            }
            else {
                markDead(peer, "cannot connect: " + connect.cause().getMessage());
            }
        });
        return created;
    }

    /** Registers the handler (run on the event loop) for frames of {@code type}; used by exchanges and heartbeats. */
    public void registerFrameHandler(FrameType type, FrameHandler handler)
    {
        requireNonNull(handler, "handler is null");
        synchronized (frameHandlers) {
            if (frameHandlers[type.code()] != null) {
                throw new IllegalStateException("a handler for " + type + " frames is already registered");
            }
            frameHandlers[type.code()] = handler;
        }
    }

    /** Registers the handler (run on the event loop) for bulk frames of {@code type}: the exchange's pages. */
    public void registerSegmentFrameHandler(FrameType type, SegmentFrameHandler handler)
    {
        requireNonNull(handler, "handler is null");
        if (!type.isBulk()) {
            throw new IllegalArgumentException(type + " frames are not bulk frames");
        }
        synchronized (segmentFrameHandlers) {
            if (segmentFrameHandlers[type.code()] != null) {
                throw new IllegalStateException("a handler for " + type + " frames is already registered");
            }
            segmentFrameHandlers[type.code()] = handler;
        }
    }

    /**
     * The round trip time to {@code peer} last measured by a heartbeat (PING to PONG, smoothed), or
     * {@code fallbackNanos} when no heartbeat has returned yet.
     */
    public long roundTripNanos(String peer, long fallbackNanos)
    {
        return roundTripNanos.getOrDefault(peer, fallbackNanos);
    }

    /** A heartbeat sent at {@code sentNanos} (this process's clock) came back from {@code peer}. */
    void pongReceived(String peer, long sentNanos)
    {
        long sample = System.nanoTime() - sentNanos;
        if (sample > 0) {
            roundTripNanos.merge(peer, sample, (old, latest) -> (3 * old + latest) / 4);
        }
    }

    /** {@code listener} learns the address of every peer found dead (missed heartbeats, closed connection, unreachable). */
    public void onPeerDead(Consumer<String> listener)
    {
        deadPeerListeners.add(requireNonNull(listener, "listener is null"));
    }

    public boolean isDead(String peer)
    {
        return deadPeers.contains(peer);
    }

    /**
     * Declares a peer dead: closes its connection, fails its pending requests with a
     * {@link PeerDeadException} naming it, and tells the listeners (once per death). The failures and
     * the listeners run on a thread of their own, in the order of the deaths: what they set off
     * (queries stopped, their drivers closed once a quantum ends, locks taken) must never hold the
     * event loop that carries the other peers' traffic, such as the answers a coordinator waits for
     * while it spreads the data again.
     */
    public void markDead(String peer, String reason)
    {
        if (closed) {
            return;
        }
        PeerDeadException failure = new PeerDeadException(peer, reason);
        PeerConnection connection = connections.remove(peer);
        List<PendingRequest> failed = new ArrayList<>();
        for (Map.Entry<Long, PendingRequest> entry : pendingRequests.entrySet()) {
            PendingRequest request = entry.getValue();
            if (request.peer.equals(peer) && pendingRequests.remove(entry.getKey(), request)) {
                failed.add(request);
            }
        }
        boolean firstDeath = deadPeers.add(peer);
        try {
            deathNotifier.execute(() -> {
                if (connection != null) {
                    connection.fail(failure);
                }
                for (PendingRequest request : failed) {
                    request.future.completeExceptionally(failure);
                }
                if (firstDeath) {
                    LOG.log(System.Logger.Level.WARNING, "{0}: {1}", localAddress, failure.getMessage());
                    for (Consumer<String> listener : deadPeerListeners) {
                        try {
                            listener.accept(peer);
                        }
                        catch (RuntimeException e) {
                            LOG.log(System.Logger.Level.ERROR, "peer dead listener failed", e);
                        }
                    }
                }
            });
        }
        catch (RejectedExecutionException e) {
            // the transport closed meanwhile, which fails everything itself
        }
    }

    EventLoopGroup eventLoops()
    {
        return eventLoops;
    }

    void frameReceived(Channel channel, Frame frame)
    {
        switch (frame.type()) {
            case HELLO -> helloReceived(channel, new String(frame.payload(), StandardCharsets.UTF_8));
            case PING -> channel.writeAndFlush(new Frame(FrameType.PONG, frame.payload()), channel.voidPromise());
            case REQUEST -> requestReceived(channel, frame.payload());
            case RESPONSE, ERROR_RESPONSE -> responseReceived(frame);
            default -> {
                String peer = channel.attr(PEER).get();
                if (peer == null) {
                    throw new IllegalStateException(frame.type() + " frame before HELLO from " + channel.remoteAddress());
                }
                FrameHandler handler = frameHandlers[frame.type().code()];
                if (handler != null) {
                    handler.handle(peer, frame);
                }
            }
        }
    }

    void segmentFrameReceived(Channel channel, SegmentFrame frame)
    {
        String peer = channel.attr(PEER).get();
        if (peer == null) {
            throw new IllegalStateException(frame.type() + " frame before HELLO from " + channel.remoteAddress());
        }
        SegmentFrameHandler handler = segmentFrameHandlers[frame.type().code()];
        if (handler != null) {
            handler.handle(peer, frame);
        }
    }

    private void helloReceived(Channel channel, String peer)
    {
        channel.attr(PEER).set(peer);
        PeerConnection connection = new PeerConnection(peer);
        if (connections.putIfAbsent(peer, connection) == null) {
            // the accepted connection becomes this process's connection to the peer as well
            deadPeers.remove(peer);
            connection.connected(channel, null);
        }
    }

    private void requestReceived(Channel channel, byte[] payload)
    {
        ByteBuffer buffer = ByteBuffer.wrap(payload);
        long id = buffer.getLong();
        byte[] methodBytes = new byte[buffer.getInt()];
        buffer.get(methodBytes);
        String method = new String(methodBytes, StandardCharsets.UTF_8);
        byte[] body = new byte[buffer.remaining()];
        buffer.get(body);
        Function<byte[], CompletableFuture<byte[]>> handOver = handOverHandlers.get(method);
        if (handOver != null) {
            CompletableFuture<byte[]> served;
            try {
                served = handOver.apply(body);
            }
            catch (RuntimeException e) {
                served = CompletableFuture.failedFuture(e);
            }
            served.whenComplete((result, failure) -> answer(channel, id, method, result, failure == null ? null : unwrapCompletion(failure)));
            return;
        }
        handlerExecutor.execute(() -> {
            byte[] result = null;
            Throwable failure = null;
            try {
                Function<byte[], byte[]> handler = requestHandlers.get(method);
                if (handler == null) {
                    throw new IllegalArgumentException("no handler for method " + method + " on " + localAddress);
                }
                result = handler.apply(body);
            }
            catch (Throwable e) {
                failure = e;
            }
            answer(channel, id, method, result, failure);
        });
    }

    /** Answers a request, unless its sender wants no answer: then a failure is only logged, here. */
    private void answer(Channel channel, long id, String method, byte[] result, Throwable failure)
    {
        if (id == NO_RESPONSE) {
            if (failure != null) {
                LOG.log(System.Logger.Level.WARNING, localAddress + ": handling " + method + " failed", failure);
            }
            return;
        }
        respond(channel, failure == null ? responseFrame(id, result) : errorFrame(id, failure));
    }

    private static Frame responseFrame(long id, byte[] result)
    {
        return responseFrame(FrameType.RESPONSE, id, result == null ? new byte[0] : result);
    }

    private static Frame errorFrame(long id, Throwable failure)
    {
        String message = failure.getMessage() == null ? failure.getClass().getName() : failure.getClass().getSimpleName() + ": " + failure.getMessage();
        return responseFrame(FrameType.ERROR_RESPONSE, id, message.getBytes(StandardCharsets.UTF_8));
    }

    private static Throwable unwrapCompletion(Throwable failure)
    {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /** Sends a response on the connection its request came on: with the other frames to the peer, in the same burst, when that is the peer's connection. */
    private void respond(Channel channel, Frame response)
    {
        String peer = channel.attr(PEER).get();
        PeerConnection connection = peer == null ? null : connections.get(peer);
        if (connection != null && connection.channel() == channel) {
            connection.send(response);
        }
        else {
            channel.writeAndFlush(response, channel.voidPromise());
        }
    }

    private static Frame responseFrame(FrameType type, long id, byte[] body)
    {
        return new Frame(type, ByteBuffer.allocate(Long.BYTES + body.length).putLong(id).put(body).array());
    }

    private void responseReceived(Frame frame)
    {
        ByteBuffer buffer = ByteBuffer.wrap(frame.payload());
        PendingRequest request = pendingRequests.remove(buffer.getLong());
        if (request == null) {
            return;
        }
        byte[] body = new byte[buffer.remaining()];
        buffer.get(body);
        if (frame.type() == FrameType.RESPONSE) {
            request.future.complete(body);
        }
        else {
            request.future.completeExceptionally(new RemoteRequestException(request.peer, request.method, new String(body, StandardCharsets.UTF_8)));
        }
    }

    void writabilityChanged(Channel channel)
    {
        String peer = channel.attr(PEER).get();
        PeerConnection connection = peer == null ? null : connections.get(peer);
        if (connection != null) {
            connection.writabilityChanged();
        }
    }

    void channelClosed(Channel channel)
    {
        String peer = channel.attr(PEER).get();
        if (peer == null || closed) {
            return;
        }
        PeerConnection connection = connections.get(peer);
        // a second, unused connection to the same peer may close without the peer being gone
        if (connection == null || connection.channel() == channel) {
            markDead(peer, "connection closed");
        }
    }

    void channelFailed(Channel channel, Throwable cause)
    {
        if (!closed) {
            LOG.log(System.Logger.Level.WARNING, localAddress + ": closing connection to " + channel.attr(PEER).get() + " after an error", cause);
        }
        channel.close();
    }

    @Override
    public void close()
    {
        if (closed) {
            return;
        }
        closed = true;
        timeoutSweep.cancel(false);
        IllegalStateException failure = new IllegalStateException("transport " + localAddress + " is closed");
        for (PeerConnection connection : connections.values()) {
            connection.fail(failure);
        }
        connections.clear();
        for (PendingRequest request : pendingRequests.values()) {
            request.future.completeExceptionally(failure);
        }
        pendingRequests.clear();
        serverChannel.close().awaitUninterruptibly();
        allChannels.close().awaitUninterruptibly();
        eventLoops.shutdownGracefully(0, 1, TimeUnit.SECONDS).awaitUninterruptibly();
        handlerExecutor.shutdownNow();
        deathNotifier.shutdownNow();
    }
}
