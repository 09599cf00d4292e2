package io.signo.server.http;

import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Closes a new connection at once when its client address already holds {@code limit} open ones, so
 * that one client cannot take every connection the server keeps (Jetty's {@code ConnectionLimit}
 * caps them in all, not per address). Added to a connector as a bean, it sees every connection open
 * and close; the count of an address is dropped when it falls to zero.
 */
final class AddressConnectionLimit
        implements Connection.Listener
{
    private static final System.Logger LOG = System.getLogger(AddressConnectionLimit.class.getName());

    private final int limit;
    private final Map<InetAddress, Integer> open = new ConcurrentHashMap<>();
    private final AtomicLong refused = new AtomicLong();

    AddressConnectionLimit(int limit)
    {
        if (limit < 1) {
            throw new IllegalArgumentException("limit must be at least 1, not " + limit);
        }
        this.limit = limit;
    }

    @Override
    public void onOpened(Connection connection)
    {
        InetAddress address = address(connection.getEndPoint());
        if (address == null) {
            return;
        }
        int count = open.merge(address, 1, Integer::sum);
        if (count > limit) {
            if (refused.getAndIncrement() % 1000 == 0) {
                LOG.log(System.Logger.Level.WARNING, "closing a connection from {0}: it holds {1} open connections, the limit per address", address.getHostAddress(), limit);
            }
            connection.getEndPoint().close();
        }
    }

    @Override
    public void onClosed(Connection connection)
    {
        InetAddress address = address(connection.getEndPoint());
        if (address != null) {
            open.computeIfPresent(address, (key, count) -> count <= 1 ? null : count - 1);
        }
    }

    /** How many connections were closed for being past the limit. */
    long refusedCount()
    {
        return refused.get();
    }

    private static InetAddress address(EndPoint endPoint)
    {
        InetSocketAddress remote = endPoint == null ? null : endPoint.getRemoteAddress();
        return remote == null ? null : remote.getAddress();
    }
}
