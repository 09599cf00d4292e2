package io.signo.net.exchange;

import io.signo.net.transport.NodeTransport;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/** Nodes of a test cluster in this process, each a transport on a free local port with its exchange router; closing stops them all. */
final class ExchangeNodes
        implements AutoCloseable
{
    private final List<NodeTransport> transports = new ArrayList<>();
    private final List<ExchangeRouter> routers = new ArrayList<>();

    void start(int count)
    {
        start(count, ExchangeRouter::new);
    }

    void start(int count, Function<NodeTransport, ExchangeRouter> routerFactory)
    {
        for (int i = 0; i < count; i++) {
            NodeTransport transport = NodeTransport.start(0);
            transports.add(transport);
            routers.add(routerFactory.apply(transport));
        }
    }

    ExchangeRouter router(int node)
    {
        return routers.get(node);
    }

    NodeTransport transport(int node)
    {
        return transports.get(node);
    }

    String address(int node)
    {
        return transports.get(node).localAddress();
    }

    @Override
    public void close()
    {
        for (NodeTransport transport : transports) {
            transport.close();
        }
    }
}
