package io.signo.net.transport;

import java.time.Duration;

import static java.util.Objects.requireNonNull;

/**
 * Settings of one process's transport.
 *
 * @param maxFrameBytes largest frame accepted; bigger lengths close the connection as corrupt
 * @param writeBufferLowWaterMark bytes queued in a connection below which it is writable again
 * @param writeBufferHighWaterMark bytes queued in a connection above which senders wait
 * @param requestTimeout how long a control request waits for its response
 * @param connectTimeout how long opening a connection to a peer may take
 * @param eventLoopThreads Netty I/O threads (they only move bytes and complete futures)
 * @param handlerThreads threads running control request handlers
 * @param socketTransport Netty's native epoll or Java's NIO ({@link SocketTransport#configured()} by default)
 */
public record TransportConfig(
        int maxFrameBytes,
        int writeBufferLowWaterMark,
        int writeBufferHighWaterMark,
        Duration requestTimeout,
        Duration connectTimeout,
        int eventLoopThreads,
        int handlerThreads,
        SocketTransport socketTransport)
{
    public static final TransportConfig DEFAULT = new TransportConfig(
            64 << 20,
            2 << 20,
            8 << 20,
            Duration.ofSeconds(30),
            Duration.ofSeconds(5),
            2,
            2,
            SocketTransport.configured());

    public TransportConfig
    {
        requireNonNull(requestTimeout, "requestTimeout is null");
        requireNonNull(connectTimeout, "connectTimeout is null");
        requireNonNull(socketTransport, "socketTransport is null");
        if (maxFrameBytes < 1024) {
            throw new IllegalArgumentException("maxFrameBytes too small: " + maxFrameBytes);
        }
        if (writeBufferLowWaterMark <= 0 || writeBufferHighWaterMark < writeBufferLowWaterMark) {
            throw new IllegalArgumentException("bad water marks: low " + writeBufferLowWaterMark + ", high " + writeBufferHighWaterMark);
        }
        if (eventLoopThreads < 1 || handlerThreads < 1) {
            throw new IllegalArgumentException("need at least one event loop thread and one handler thread");
        }
    }

    public TransportConfig withRequestTimeout(Duration timeout)
    {
        return new TransportConfig(maxFrameBytes, writeBufferLowWaterMark, writeBufferHighWaterMark, timeout, connectTimeout, eventLoopThreads, handlerThreads, socketTransport);
    }

    public TransportConfig withWriteBufferWaterMarks(int low, int high)
    {
        return new TransportConfig(maxFrameBytes, low, high, requestTimeout, connectTimeout, eventLoopThreads, handlerThreads, socketTransport);
    }

    public TransportConfig withSocketTransport(SocketTransport transport)
    {
        return new TransportConfig(maxFrameBytes, writeBufferLowWaterMark, writeBufferHighWaterMark, requestTimeout, connectTimeout, eventLoopThreads, handlerThreads, transport);
    }
}
