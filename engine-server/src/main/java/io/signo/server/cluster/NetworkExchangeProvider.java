package io.signo.server.cluster;

import io.signo.core.exchange.Exchange;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.net.exchange.ExchangeConfig;
import io.signo.net.exchange.ExchangeId;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.exchange.NetworkExchange;
import io.signo.net.exchange.ReceiveBudget;
import io.signo.sql.fragment.ExchangeLayout;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.translate.ExchangeProvider;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.IntFunction;

/**
 * The exchanges of one query on one node, over the network: partition p of a non-gather exchange
 * lives on worker p / partitionsPerNode, the one partition of a gather on the coordinator.
 */
final class NetworkExchangeProvider
        implements ExchangeProvider
{
    private final ExchangeRouter router;
    private final String queryId;
    private final List<String> workerAddresses;
    private final String coordinatorAddress;
    private final ExchangeConfig config;
    private final ReceiveBudget budget;
    private final Map<Integer, NetworkExchange> exchanges = new ConcurrentHashMap<>();
    /** Where a worker's scans of shared splits get them; null on the coordinator, which runs no such scan. */
    private final IntFunction<SplitSupplier> splitSuppliers;

    NetworkExchangeProvider(ExchangeRouter router, String queryId, List<String> workerAddresses, String coordinatorAddress, ExchangeConfig config)
    {
        this(router, queryId, workerAddresses, coordinatorAddress, config, null);
    }

    /** @param splitSuppliers where this worker's scans of shared splits get them, by scan number */
    NetworkExchangeProvider(ExchangeRouter router, String queryId, List<String> workerAddresses, String coordinatorAddress, ExchangeConfig config,
            IntFunction<SplitSupplier> splitSuppliers)
    {
        this.splitSuppliers = splitSuppliers;
        this.router = router;
        this.queryId = queryId;
        this.workerAddresses = List.copyOf(workerAddresses);
        this.coordinatorAddress = coordinatorAddress;
        this.config = config;
        this.budget = new ReceiveBudget(config.queryBufferBytes());
    }

    @Override
    public Exchange exchange(ExchangeNode node, ExchangeLayout layout)
    {
        return exchanges.computeIfAbsent(layout.exchangeId(), id -> {
            List<String> owners = new ArrayList<>(layout.partitionCount());
            for (int partition = 0; partition < layout.partitionCount(); partition++) {
                owners.add(node.kind() == ExchangeKind.GATHER ? coordinatorAddress : workerAddresses.get(partition / layout.partitionsPerNode()));
            }
            int[] hashChannels = node.hashChannels().stream().mapToInt(Integer::intValue).toArray();
            return new NetworkExchange(router, new ExchangeId(queryId, id), node.kind(), owners, hashChannels, node.tableBuckets(), layout.localProducerCount(), layout.producerCount(), config, budget);
        });
    }

    @Override
    public SplitSupplier splits(int scanIndex)
    {
        return splitSuppliers == null ? null : splitSuppliers.apply(scanIndex);
    }

    /** What the query's receivers in this process may grant beyond their first windows, and the most they buffered at once. */
    ReceiveBudget budget()
    {
        return budget;
    }

    Collection<NetworkExchange> exchanges()
    {
        return exchanges.values();
    }

    /** Completes once nothing more will leave this process's sinks of the query's exchanges ({@link NetworkExchange#whenSinksDone}). */
    CompletableFuture<Void> whenSinksDone()
    {
        return CompletableFuture.allOf(exchanges.values().stream().map(NetworkExchange::whenSinksDone).toArray(CompletableFuture[]::new));
    }

    void failAll(Throwable cause)
    {
        for (NetworkExchange exchange : exchanges.values()) {
            exchange.fail(cause);
        }
    }

    void closeAll()
    {
        for (NetworkExchange exchange : exchanges.values()) {
            exchange.close();
        }
    }
}
