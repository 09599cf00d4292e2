package io.signo.net.transport;

import io.netty.channel.Channel;
import io.netty.channel.ChannelPromise;
import io.netty.util.ReferenceCountUtil;
import io.signo.net.codec.BulkFrame;
import io.signo.net.codec.Frame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The one connection from this process to a peer process. Frames sent before the connection is up
 * wait in order (only control frames do: data needs credit, and credit needs the connection).
 *
 * <p>Frames go to the socket in the order they were sent, in bursts: a frame joins an outbox, and
 * the first frame of a burst schedules one task on the event loop that writes everything the outbox
 * then holds and flushes once. A driver that sends its last pages, its end of stream and its report
 * in a row, or an event loop that grants credit to several senders while it reads, so wakes the
 * event loop once and makes one gathering write, and the peer reads the burst at once instead of
 * waking its own threads for each frame. Nothing waits for more frames: the task runs as soon as
 * the event loop gets to it, except that a thread inside {@link #holdingBursts} schedules the task
 * only when it leaves (a worker starting a query announces its channels and answers the start in
 * one burst). Thread safe; {@link #send} never blocks.
 */
public final class PeerConnection
{
    /** The connections whose burst this thread holds back until it leaves {@link #holdingBursts}; null outside it. */
    private static final ThreadLocal<List<PeerConnection>> HELD = new ThreadLocal<>();

    private final String peer;
    private final Object lock = new Object();
    private Channel channel;
    private final LinkMonitor link = new LinkMonitor();
    private List<Object> waitingForConnect = new ArrayList<>();
    /** Frames (and bulk frames with what to run once written) sent since the last burst was written; guarded by the lock. */
    private List<Object> outbox = new ArrayList<>();
    /** The empty list the next burst's frames go to, swapped with {@link #outbox}; event loop only. */
    private List<Object> spareOutbox = new ArrayList<>();
    /** A task that writes the outbox is queued on the event loop; guarded by the lock. */
    private boolean burstScheduled;
    private RuntimeException failure;
    private CompletableFuture<Void> writable = CompletableFuture.completedFuture(null);

    PeerConnection(String peer)
    {
        this.peer = requireNonNull(peer, "peer is null");
    }

    public String peer()
    {
        return peer;
    }

    /** Queues the frame for the socket; silently dropped once the connection failed (its users are failed separately). */
    public void send(Frame frame)
    {
        Channel toWake;
        synchronized (lock) {
            if (failure != null) {
                return;
            }
            if (channel == null) {
                waitingForConnect.add(frame);
                return;
            }
            toWake = addToOutbox(frame);
        }
        wake(toWake);
    }

    /**
     * Under the lock. Always through the outbox and a task, even on the event loop: Netty runs a
     * write made on the event loop at once but queues one made elsewhere, so mixing both would let a
     * later frame overtake an earlier one (and a receiver drop it as a duplicate sequence number).
     * Returns the channel whose event loop the caller must {@link #wake} once it released the lock,
     * or null.
     */
    private Channel addToOutbox(Object frame)
    {
        outbox.add(frame);
        if (!burstScheduled) {
            List<PeerConnection> held = HELD.get();
            if (held != null) {
                if (!held.contains(this)) {
                    held.add(this);
                }
                return null;
            }
            return scheduleBurst();
        }
        return null;
    }

    /** Under the lock: a burst is due; returns the channel to {@link #wake} after the lock. */
    private Channel scheduleBurst()
    {
        burstScheduled = true;
        return channel;
    }

    /**
     * Outside the lock: queues the burst's task on the event loop, which wakes it (a write to NIO's
     * wake-up pipe, or epoll's eventfd). Done under the lock, a driver preempted in that wake-up held
     * the lock that the event loop's {@link #writeBurst} takes, and stalled the event loop (JFR:
     * docs/benchmarks/cluster.md). Frames sent meanwhile go in the same burst: it is marked scheduled.
     */
    private void wake(Channel target)
    {
        if (target != null) {
            target.eventLoop().execute(() -> writeBurst(target));
        }
    }

    /**
     * Runs {@code work} on this thread, holding back the bursts of the frames it sends (to any peer)
     * until it returns: they then leave in one burst per connection, with one wake-up of its event
     * loop, instead of one burst for the first frame and another for the rest. For short work that
     * sends a few frames and must not wait: nothing else waits for the held frames (another thread's
     * frame to the same peer takes them along). Nested calls hold until the outermost returns.
     */
    public static void holdingBursts(Runnable work)
    {
        if (HELD.get() != null) {
            work.run();
            return;
        }
        List<PeerConnection> held = new ArrayList<>(2);
        HELD.set(held);
        try {
            work.run();
        }
        finally {
            HELD.remove();
            for (PeerConnection connection : held) {
                connection.releaseBurst();
            }
        }
    }

    private void releaseBurst()
    {
        Channel toWake = null;
        synchronized (lock) {
            if (!burstScheduled && !outbox.isEmpty() && failure == null && channel != null) {
                toWake = scheduleBurst();
            }
        }
        wake(toWake);
    }

    /** Frames waiting in the outbox for a burst not yet written (for tests). */
    int framesWaiting()
    {
        synchronized (lock) {
            return outbox.size();
        }
    }

    /** Whether a task that writes the outbox is queued on the event loop (for tests). */
    boolean isBurstScheduled()
    {
        synchronized (lock) {
            return burstScheduled;
        }
    }

    /** Event loop: writes every frame sent since the last burst, in order, and flushes once. */
    private void writeBurst(Channel target)
    {
        List<Object> burst;
        synchronized (lock) {
            burstScheduled = false;
            burst = outbox;
            outbox = spareOutbox;
            spareOutbox = burst;
        }
        // a connection that failed meanwhile dropped (and released) what its outbox held
        for (Object frame : burst) {
            write(target, frame);
        }
        burst.clear();
        target.flush();
    }

    private void write(Channel target, Object frame)
    {
        if (frame instanceof PendingBulkFrame pending) {
            ChannelPromise promise = target.newPromise();
            promise.addListener(_ -> pending.done().run());
            target.write(pending.frame(), promise);
        }
        else {
            target.write(frame, target.voidPromise());
        }
    }

    /**
     * Queues a bulk frame for the socket, a gathering write of its buffers; its bytes count in the
     * {@link #link() link's} measurements. Released at once if the connection failed.
     */
    public void send(BulkFrame frame)
    {
        send(frame, null);
    }

    /**
     * As {@link #send(BulkFrame)}, and runs {@code done} (if not null) once the socket wrote the frame,
     * the write failed, or the frame was dropped because the connection failed: the sender's memory
     * for it may then be given back. {@code done} runs on an event loop or the calling thread.
     */
    public void send(BulkFrame frame, Runnable done)
    {
        long bytes = frame.payload().readableBytes();
        Channel toWake;
        synchronized (lock) {
            if (failure != null) {
                ReferenceCountUtil.release(frame.payload());
                if (done != null) {
                    done.run();
                }
                return;
            }
            if (channel == null) {
                waitingForConnect.add(done == null ? frame : new PendingBulkFrame(frame, done));
                return;
            }
            link.queued(bytes);
            toWake = addToOutbox(new PendingBulkFrame(frame, () -> {
                link.written(bytes, System.nanoTime());
                if (done != null) {
                    done.run();
                }
            }));
        }
        wake(toWake);
    }

    /** A bulk frame waiting to be written (for the connection, or in the outbox), with what to run once it is written or dropped. */
    private record PendingBulkFrame(BulkFrame frame, Runnable done) {}

    /** How fast this connection's socket takes bytes when it is the limit. */
    public LinkMonitor link()
    {
        return link;
    }

    /** False while the socket's outbound buffer is above its high water mark: senders should wait. */
    public boolean isWritable()
    {
        synchronized (lock) {
            return channel == null || failure != null || channel.isWritable();
        }
    }

    /** Completes once the connection is writable again (or failed). */
    public CompletableFuture<Void> whenWritable()
    {
        synchronized (lock) {
            if (channel == null || failure != null || channel.isWritable()) {
                return CompletableFuture.completedFuture(null);
            }
            if (writable.isDone()) {
                writable = new CompletableFuture<>();
            }
            return writable;
        }
    }

    Channel channel()
    {
        synchronized (lock) {
            return channel;
        }
    }

    void connected(Channel channel, Frame hello)
    {
        synchronized (lock) {
            if (failure != null) {
                channel.close();
                return;
            }
            this.channel = channel;
            if (hello != null) {
                channel.write(hello, channel.voidPromise());
            }
            for (Object frame : waitingForConnect) {
                write(channel, frame);
            }
            waitingForConnect = null;
            channel.flush();
        }
    }

    /** Releases frames that will never be written, and runs what waited for their writing. */
    private static void drop(List<Object> frames)
    {
        for (Object frame : frames) {
            if (frame instanceof BulkFrame bulk) {
                ReferenceCountUtil.release(bulk.payload());
            }
            else if (frame instanceof PendingBulkFrame pending) {
                ReferenceCountUtil.release(pending.frame().payload());
                pending.done().run();
            }
        }
    }

    /** Called on the event loop, after the writability of the channel changed. */
    void writabilityChanged()
    {
        CompletableFuture<Void> toComplete = null;
        synchronized (lock) {
            if (channel != null && channel.isWritable() && !writable.isDone()) {
                toComplete = writable;
            }
        }
        if (toComplete != null) {
            toComplete.complete(null);
        }
    }

    void fail(RuntimeException cause)
    {
        CompletableFuture<Void> toComplete;
        Channel toClose;
        synchronized (lock) {
            if (failure != null) {
                return;
            }
            failure = cause;
            if (waitingForConnect != null) {
                drop(waitingForConnect);
            }
            waitingForConnect = null;
            drop(outbox);
            outbox.clear();
            toComplete = writable;
            toClose = channel;
        }
        toComplete.complete(null);
        if (toClose != null) {
            toClose.close();
        }
    }
}
