package io.signo.net.transport;

import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameType;

import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import static java.util.Objects.requireNonNull;

/**
 * Pings watched peers every {@code interval}; a peer that has not answered for {@code timeout} is
 * declared dead through {@link NodeTransport#markDead}, which fails everything involving it and
 * tells the transport's dead-peer listeners. A closed connection is reported by the transport
 * itself, sooner. Runs on the transport's event loop; one per transport.
 *
 * <p>Silence is only held against a peer when this process was listening: a beat that comes more
 * than half the timeout after the one before (a long collection, a descheduled or overloaded
 * process) finds answers still unread in its own sockets, so it only pings, and the peers are
 * judged from the next beat on.
 */
public final class HeartbeatMonitor
        implements AutoCloseable
{
    private final NodeTransport transport;
    private final long timeoutNanos;
    private long lastBeatNanos = System.nanoTime();
    private final Map<String, Long> lastSeen = new ConcurrentHashMap<>();
    private final ScheduledFuture<?> task;

    public HeartbeatMonitor(NodeTransport transport, Duration interval, Duration timeout)
    {
        this.transport = requireNonNull(transport, "transport is null");
        requireNonNull(interval, "interval is null");
        this.timeoutNanos = requireNonNull(timeout, "timeout is null").toNanos();
        if (timeout.compareTo(interval) <= 0) {
            throw new IllegalArgumentException("heartbeat timeout " + timeout + " must exceed the interval " + interval);
        }
        transport.registerFrameHandler(FrameType.PONG, (peer, frame) -> {
            lastSeen.computeIfPresent(peer, (_, _) -> System.nanoTime());
            if (frame.payload().length == Long.BYTES) {
                transport.pongReceived(peer, ByteBuffer.wrap(frame.payload()).getLong());
            }
        });
        transport.onPeerDead(lastSeen::remove);
        long intervalMillis = interval.toMillis();
        // with a fixed delay, not a fixed rate: beats missed in a stall are not run back to back before the sockets are read
        this.task = transport.eventLoops().scheduleWithFixedDelay(this::beat, intervalMillis, intervalMillis, TimeUnit.MILLISECONDS);
    }

    /** Starts watching a peer; it counts as seen now. */
    public void watch(String peer)
    {
        lastSeen.put(requireNonNull(peer, "peer is null"), System.nanoTime());
    }

    public void unwatch(String peer)
    {
        lastSeen.remove(peer);
    }

    /** When the peer last answered (System.nanoTime), or 0 if it is not watched. */
    public long lastSeenNanos(String peer)
    {
        return lastSeen.getOrDefault(peer, 0L);
    }

    private void beat()
    {
        long now = System.nanoTime();
        boolean wasListening = now - lastBeatNanos <= timeoutNanos / 2;
        lastBeatNanos = now;
        for (Map.Entry<String, Long> entry : lastSeen.entrySet()) {
            String peer = entry.getKey();
            long silentNanos = now - entry.getValue();
            if (wasListening && silentNanos > timeoutNanos) {
                lastSeen.remove(peer);
                transport.markDead(peer, "no heartbeat for " + TimeUnit.NANOSECONDS.toMillis(silentNanos) + " ms");
                continue;
            }
            transport.send(peer, new Frame(FrameType.PING, ByteBuffer.allocate(Long.BYTES).putLong(now).array()));
        }
    }

    @Override
    public void close()
    {
        task.cancel(false);
    }
}
