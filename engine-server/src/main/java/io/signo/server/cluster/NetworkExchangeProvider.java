package io.signo.server.cluster;

import io.signo.core.exchange.Exchange;
import io.signo.core.exchange.ExchangeKind;
import io.signo.core.operator.join.DistributedRuntimeFilter;
import io.signo.core.operator.join.RuntimeFilterKeys;
import io.signo.core.operator.join.RuntimeFilterPublisher;
import io.signo.core.operator.join.RuntimeFilterSource;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.net.exchange.ExchangeConfig;
import io.signo.net.exchange.ExchangeId;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.exchange.NetworkExchange;
import io.signo.net.exchange.ReceiveBudget;
import io.signo.server.cluster.ClusterMessages.RuntimeFilterKeysMessage;
import io.signo.server.cluster.ClusterMessages.RuntimeFilterMessage;
import io.signo.sql.fragment.ExchangeLayout;
import io.signo.sql.rel.ExchangeNode;
import io.signo.sql.translate.ExchangeProvider;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.IntFunction;

import static java.util.Objects.requireNonNull;

/**
 * The exchanges of one query on one node, over the network: partition p of a non-gather exchange
 * lives on worker p / partitionsPerNode, the one partition of a gather on the coordinator. Also
 * carries the runtime filters whose joins and probe scans an exchange separates: this node's builds
 * send their keys to the coordinator, which relays every node's keys of a join to every node
 * ({@link #deliver}).
 */
final class NetworkExchangeProvider
        implements ExchangeProvider
{
    /** One node's build keys larger than this are not sent: the scans go without the filter. */
    static final int MAX_KEYS_BYTES = 4 << 20;

    private final ExchangeRouter router;
    private final String queryId;
    private final List<String> workerAddresses;
    private final String coordinatorAddress;
    private final ExchangeConfig config;
    private final ReceiveBudget budget;
    private final Map<Integer, NetworkExchange> exchanges = new ConcurrentHashMap<>();
    /** Where a worker's scans of shared splits get them; null on the coordinator, which runs no such scan. */
    private final IntFunction<SplitSupplier> splitSuppliers;
    /** Where this node's builds send their keys for runtime filters beyond an exchange: to the coordinator's {@link RuntimeFilterRelay}. */
    private final Consumer<RuntimeFilterKeysMessage> runtimeFilterKeys;
    /** The runtime filters this node's scans apply beyond an exchange, by join number. */
    private final Map<Integer, DistributedRuntimeFilter> runtimeFilters = new ConcurrentHashMap<>();

    /**
     * @param splitSuppliers where this worker's scans of shared splits get them, by scan number; null on the coordinator
     * @param runtimeFilterKeys where this node's builds send their keys for runtime filters beyond an exchange
     */
    NetworkExchangeProvider(ExchangeRouter router, String queryId, List<String> workerAddresses, String coordinatorAddress, ExchangeConfig config,
            IntFunction<SplitSupplier> splitSuppliers, Consumer<RuntimeFilterKeysMessage> runtimeFilterKeys)
    {
        this.runtimeFilterKeys = requireNonNull(runtimeFilterKeys, "runtimeFilterKeys is null");
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

    @Override
    public RuntimeFilterSource runtimeFilter(int joinNumber, int expectedPartials, List<Type> keyTypes)
    {
        return runtimeFilters.computeIfAbsent(joinNumber, _ -> new DistributedRuntimeFilter(expectedPartials, keyTypes, DistributedRuntimeFilter.DEFAULT_MAX_WAIT_MILLIS));
    }

    @Override
    public RuntimeFilterPublisher runtimeFilterPublisher(int joinNumber, int expectedPartials, List<Type> keyTypes)
    {
        return keyPages -> {
            byte[] keys = RuntimeFilterKeys.encode(keyPages);
            if (keys.length > MAX_KEYS_BYTES) {
                // long string keys: every node would receive the keys of all nodes in one message
                keys = RuntimeFilterKeys.encode(null);
            }
            runtimeFilterKeys.accept(new RuntimeFilterKeysMessage(queryId, joinNumber, expectedPartials, keys));
        };
    }

    /** Every node's build keys of one join, relayed by the coordinator: this node's scans of its probe side get their filter (a node without any ignores them). */
    void deliver(RuntimeFilterMessage message)
    {
        DistributedRuntimeFilter filter = runtimeFilters.get(message.joinNumber());
        if (filter == null) {
            return;
        }
        for (byte[] partial : message.partials()) {
            filter.addPartial(RuntimeFilterKeys.decode(partial, 0, partial.length));
        }
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
