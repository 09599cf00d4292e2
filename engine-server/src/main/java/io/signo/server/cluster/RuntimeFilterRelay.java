package io.signo.server.cluster;

import io.signo.server.cluster.ClusterMessages.RuntimeFilterKeysMessage;
import io.signo.server.cluster.ClusterMessages.RuntimeFilterMessage;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

import static java.util.Objects.requireNonNull;

/**
 * The coordinator's part in runtime filters that cross exchanges, for one query: collects the build
 * keys each node publishes for a join, and once all the join's builds are in (a partitioned build is
 * complete only then) hands them, together, to every node ({@code deliver}), whose probe scans make
 * the filter from them. The coordinator only relays bytes: it neither decodes nor merges keys.
 * Thread safe: keys arrive on transport threads and from the coordinator's own drivers.
 */
final class RuntimeFilterRelay
{
    private final String queryId;
    private final Consumer<RuntimeFilterMessage> deliver;
    private final Map<Integer, List<byte[]>> partials = new HashMap<>();

    /** @param deliver sends one join's whole keys to every node of the query */
    RuntimeFilterRelay(String queryId, Consumer<RuntimeFilterMessage> deliver)
    {
        this.queryId = requireNonNull(queryId, "queryId is null");
        this.deliver = requireNonNull(deliver, "deliver is null");
    }

    void add(RuntimeFilterKeysMessage keys)
    {
        if (!keys.queryId().equals(queryId)) {
            throw new IllegalArgumentException("runtime filter keys of query " + keys.queryId() + " sent to query " + queryId);
        }
        List<byte[]> complete;
        synchronized (this) {
            List<byte[]> received = partials.computeIfAbsent(keys.joinNumber(), _ -> new ArrayList<>());
            if (received.size() >= keys.expectedPartials()) {
                throw new IllegalStateException("more than the " + keys.expectedPartials() + " expected build keys of join " + keys.joinNumber() + " of query " + queryId);
            }
            received.add(keys.keys());
            if (received.size() < keys.expectedPartials()) {
                return;
            }
            complete = List.copyOf(received);
            partials.remove(keys.joinNumber());
        }
        deliver.accept(new RuntimeFilterMessage(queryId, keys.joinNumber(), complete));
    }
}
