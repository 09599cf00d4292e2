package io.signo.net.exchange;

import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameType;
import io.signo.net.transport.NodeTransport;

import java.io.IOException;
import java.net.InetAddress;
import java.net.NetworkInterface;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import static java.util.Objects.requireNonNull;

/**
 * One per transport: delivers exchange frames to the {@link NetworkExchange} they name and tells
 * exchanges about dead peers. A producer may announce its channels, and send its first window of
 * data behind the announcement ({@link OutboundChannel#remote}), before this process created the
 * exchange; those messages wait here, in the order they came, until it registers. Data for an
 * exchange this process closed is dropped. Waiting is bounded: an exchange that never registers here
 * (its query failed or was cancelled before this process started its part, or a peer names exchanges
 * that do not exist) is given up after {@link #EARLY_TIMEOUT_NANOS}, or when more than
 * {@link #MAX_EARLY_EXCHANGES} wait or their data exceeds {@link #MAX_EARLY_DATA_BYTES}, and its
 * producers are told its consumers are gone, as for a closed exchange.
 */
public final class ExchangeRouter
{
    private record Early(String peer, ExchangeMessage message) {}

    /** What came for one exchange before it registered, and when the first of it came. */
    private static final class EarlyMessages
    {
        private final long firstNanos;
        private final List<Early> messages = new ArrayList<>();
        private long dataBytes;

        EarlyMessages(long firstNanos)
        {
            this.firstNanos = firstNanos;
        }
    }

    /** How many exchanges may wait for their registration at once; the longest waiting is given up first. */
    static final int MAX_EARLY_EXCHANGES = 4096;
    /** How many announcements one waiting exchange keeps: a producer channel announces itself once. */
    static final int MAX_EARLY_MESSAGES = 4096;
    /**
     * How many bytes of data all waiting exchanges may hold: a producer sends at most its first window
     * per channel before the consumer's credit, so only a peer that ignores the protocol reaches this.
     */
    static final long MAX_EARLY_DATA_BYTES = 512L * 1024 * 1024;
    /** How long an exchange's announcements wait for it: far beyond a query's start on a loaded process. */
    static final long EARLY_TIMEOUT_NANOS = TimeUnit.MINUTES.toNanos(5);

    /**
     * How many closed exchanges are remembered, so that a producer announcing its channel late is told
     * at once that the consumers are gone; bounded because a process serves queries without end.
     */
    static final int CLOSED_REMEMBERED = 8192;

    private final NodeTransport transport;
    private final Object lock = new Object();
    private final Map<ExchangeId, NetworkExchange> exchanges = new HashMap<>();
    /** Oldest first; guarded by the lock. */
    private final LinkedHashMap<ExchangeId, EarlyMessages> early = new LinkedHashMap<>();
    /** The bytes of data the waiting exchanges hold; guarded by the lock. */
    private long earlyDataBytes;
    private final int maxEarlyExchanges;
    private final long earlyTimeoutNanos;
    private final LongSupplier nanoTime;
    /** The latest closed exchanges, oldest first; guarded by the lock. */
    private final Set<ExchangeId> closed = Collections.newSetFromMap(new LinkedHashMap<>()
    {
        @Override
        protected boolean removeEldestEntry(Map.Entry<ExchangeId, Boolean> eldest)
        {
            return size() > CLOSED_REMEMBERED;
        }
    });
    private final Map<String, LinkCompression> compression = new ConcurrentHashMap<>();

    public ExchangeRouter(NodeTransport transport)
    {
        this(transport, MAX_EARLY_EXCHANGES, EARLY_TIMEOUT_NANOS, System::nanoTime);
    }

    ExchangeRouter(NodeTransport transport, int maxEarlyExchanges, long earlyTimeoutNanos, LongSupplier nanoTime)
    {
        this.transport = requireNonNull(transport, "transport is null");
        this.maxEarlyExchanges = maxEarlyExchanges;
        this.earlyTimeoutNanos = earlyTimeoutNanos;
        this.nanoTime = requireNonNull(nanoTime, "nanoTime is null");
        for (FrameType type : List.of(FrameType.EXCHANGE_OPEN, FrameType.EXCHANGE_END, FrameType.EXCHANGE_CREDIT, FrameType.EXCHANGE_CLOSED)) {
            transport.registerFrameHandler(type, this::frameReceived);
        }
        transport.registerSegmentFrameHandler(FrameType.EXCHANGE_DATA, (peer, frame) -> messageReceived(peer, ExchangeMessage.Data.parse(frame.payload())));
        transport.onPeerDead(this::peerDied);
    }

    public NodeTransport transport()
    {
        return transport;
    }

    void register(NetworkExchange exchange)
    {
        EarlyMessages waiting;
        synchronized (lock) {
            if (closed.contains(exchange.id())) {
                throw new IllegalStateException("exchange " + exchange.id() + " was closed on " + transport.localAddress()
                        + ", or given up after its producers waited for it longer than " + TimeUnit.NANOSECONDS.toSeconds(earlyTimeoutNanos) + " s");
            }
            if (exchanges.putIfAbsent(exchange.id(), exchange) != null) {
                throw new IllegalStateException("exchange " + exchange.id() + " already exists on " + transport.localAddress());
            }
            waiting = early.remove(exchange.id());
            if (waiting != null) {
                earlyDataBytes -= waiting.dataBytes;
            }
        }
        if (waiting != null) {
            for (Early message : waiting.messages) {
                deliver(exchange, message.peer(), message.message());
            }
        }
    }

    /**
     * Gives up the exchanges of a query that still wait for their registration here, as if they had
     * waited too long: the query was cancelled or failed before this process started its part, so the
     * data sent ahead for them is dropped now rather than after {@link #EARLY_TIMEOUT_NANOS}.
     */
    public void queryStopped(String queryId)
    {
        List<Early> givenUp = new ArrayList<>(0);
        synchronized (lock) {
            for (Iterator<Map.Entry<ExchangeId, EarlyMessages>> waiting = early.entrySet().iterator(); waiting.hasNext();) {
                Map.Entry<ExchangeId, EarlyMessages> entry = waiting.next();
                if (entry.getKey().queryId().equals(queryId)) {
                    waiting.remove();
                    giveUp(entry.getKey(), entry.getValue(), givenUp);
                }
            }
        }
        for (Early gone : givenUp) {
            tellConsumersGone(gone.peer(), gone.message());
        }
    }

    /** How many exchanges are registered now: those of the queries under way in this process. */
    public int registeredCount()
    {
        synchronized (lock) {
            return exchanges.size();
        }
    }

    void unregister(ExchangeId id)
    {
        synchronized (lock) {
            exchanges.remove(id);
            EarlyMessages waiting = early.remove(id);
            if (waiting != null) {
                earlyDataBytes -= waiting.dataBytes;
            }
            closed.add(id);
        }
    }

    /** The compression choice for messages to {@code peer}, one per destination process, made from its connection's measurements. */
    LinkCompression compression(String peer)
    {
        return compression.computeIfAbsent(peer, ignored -> new LinkCompression(transport.connection(peer).link(), isThisHost(peer)));
    }

    /** Whether {@code host:port} names this host: a loopback address or an address of one of its interfaces. */
    static boolean isThisHost(String peer)
    {
        String host = peer.substring(0, Math.max(peer.lastIndexOf(':'), 0));
        try {
            InetAddress address = InetAddress.getByName(host);
            return address.isLoopbackAddress() || address.isAnyLocalAddress() || NetworkInterface.getByInetAddress(address) != null;
        }
        catch (IOException e) {
            return false;
        }
    }

    private void frameReceived(String peer, Frame frame)
    {
        messageReceived(peer, ExchangeMessage.parse(frame));
    }

    private void messageReceived(String peer, ExchangeMessage message)
    {
        NetworkExchange exchange;
        boolean alreadyClosed = false;
        List<Early> givenUp = List.of();
        synchronized (lock) {
            exchange = exchanges.get(message.exchangeId());
            if (exchange == null) {
                alreadyClosed = closed.contains(message.exchangeId());
                if (!alreadyClosed) {
                    givenUp = waitForRegistration(peer, message);
                }
            }
        }
        if (exchange != null) {
            deliver(exchange, peer, message);
        }
        else if (alreadyClosed) {
            tellConsumersGone(peer, message);
        }
        for (Early gone : givenUp) {
            tellConsumersGone(gone.peer(), gone.message());
        }
    }

    /** Keeps {@code message} until its exchange registers; returns the messages of the exchanges given up to make room. Holds the lock. */
    private List<Early> waitForRegistration(String peer, ExchangeMessage message)
    {
        long now = nanoTime.getAsLong();
        EarlyMessages waiting = early.get(message.exchangeId());
        if (waiting == null) {
            waiting = new EarlyMessages(now);
            early.put(message.exchangeId(), waiting);
        }
        List<Early> givenUp = new ArrayList<>(0);
        if (waiting.messages.size() < MAX_EARLY_MESSAGES) {
            waiting.messages.add(new Early(peer, message));
            if (message instanceof ExchangeMessage.Data data) {
                waiting.dataBytes += data.wireBytes();
                earlyDataBytes += data.wireBytes();
            }
        }
        else if (message instanceof ExchangeMessage.Data) {
            // its data could no longer be delivered whole and in order
            giveUp(message.exchangeId(), early.remove(message.exchangeId()), givenUp);
        }
        for (Iterator<Map.Entry<ExchangeId, EarlyMessages>> eldest = early.entrySet().iterator(); eldest.hasNext();) {
            Map.Entry<ExchangeId, EarlyMessages> entry = eldest.next();
            if (early.size() <= maxEarlyExchanges && earlyDataBytes <= MAX_EARLY_DATA_BYTES && now - entry.getValue().firstNanos <= earlyTimeoutNanos) {
                break;
            }
            eldest.remove();
            giveUp(entry.getKey(), entry.getValue(), givenUp);
        }
        return givenUp;
    }

    /** Closes a waiting exchange that was taken out of the waiting ones, adding its messages to {@code givenUp}. Holds the lock. */
    private void giveUp(ExchangeId id, EarlyMessages waiting, List<Early> givenUp)
    {
        earlyDataBytes -= waiting.dataBytes;
        closed.add(id);
        givenUp.addAll(waiting.messages);
    }

    /** How many exchanges have announcements waiting for their registration here. */
    int waitingCount()
    {
        synchronized (lock) {
            return early.size();
        }
    }

    private void tellConsumersGone(String peer, ExchangeMessage message)
    {
        if (message instanceof ExchangeMessage.Open open) {
            // a late producer stops at once instead of waiting for credit that never comes
            transport.send(peer, new ExchangeMessage.Closed(open.exchangeId(), open.partition(), open.sender()).toFrame());
        }
    }

    private static void deliver(NetworkExchange exchange, String peer, ExchangeMessage message)
    {
        try {
            exchange.messageReceived(peer, message);
        }
        catch (RuntimeException e) {
            // a protocol error concerns this exchange only; the connection serves others
            exchange.fail(e);
        }
    }

    private void peerDied(String peer)
    {
        // a later connection to the same address is a new link, measured afresh
        compression.remove(peer);
        List<NetworkExchange> current;
        synchronized (lock) {
            current = new ArrayList<>(exchanges.values());
        }
        for (NetworkExchange exchange : current) {
            exchange.peerDied(peer);
        }
    }
}
