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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

import static java.util.Objects.requireNonNull;

/**
 * One per transport: delivers exchange frames to the {@link NetworkExchange} they name and tells
 * exchanges about dead peers. A producer may announce its channels before this process created the
 * exchange; those announcements wait here until it registers (no data can come earlier: data needs
 * credit, which only a registered exchange grants).
 */
public final class ExchangeRouter
{
    private record Early(String peer, ExchangeMessage message) {}

    /**
     * How many closed exchanges are remembered, so that a producer announcing its channel late is told
     * at once that the consumers are gone; bounded because a process serves queries without end.
     */
    static final int CLOSED_REMEMBERED = 8192;

    private final NodeTransport transport;
    private final Object lock = new Object();
    private final Map<ExchangeId, NetworkExchange> exchanges = new HashMap<>();
    private final Map<ExchangeId, List<Early>> early = new HashMap<>();
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
        this.transport = requireNonNull(transport, "transport is null");
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
        List<Early> waiting;
        synchronized (lock) {
            if (exchanges.putIfAbsent(exchange.id(), exchange) != null || closed.contains(exchange.id())) {
                throw new IllegalStateException("exchange " + exchange.id() + " already exists on " + transport.localAddress());
            }
            waiting = early.remove(exchange.id());
        }
        if (waiting != null) {
            for (Early message : waiting) {
                deliver(exchange, message.peer(), message.message());
            }
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
            early.remove(id);
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
        synchronized (lock) {
            exchange = exchanges.get(message.exchangeId());
            if (exchange == null) {
                alreadyClosed = closed.contains(message.exchangeId());
                if (!alreadyClosed) {
                    early.computeIfAbsent(message.exchangeId(), ignored -> new ArrayList<>()).add(new Early(peer, message));
                }
            }
        }
        if (exchange != null) {
            deliver(exchange, peer, message);
        }
        else if (alreadyClosed && message instanceof ExchangeMessage.Open open) {
            // the consumers are gone: a late producer stops at once instead of waiting for credit
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
