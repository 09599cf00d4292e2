package io.signo.server.cluster;

import io.signo.net.exchange.ExchangeStats;
import io.signo.net.exchange.NetworkExchange;

import java.util.ArrayList;
import java.util.List;

/** The counters of a node's exchanges of one query, to report to the coordinator. */
final class ExchangeCountersSnapshot
{
    private ExchangeCountersSnapshot() {}

    static List<ExchangeCounters> of(NetworkExchangeProvider exchanges)
    {
        List<ExchangeCounters> counters = new ArrayList<>();
        for (NetworkExchange exchange : exchanges.exchanges()) {
            ExchangeStats.Snapshot stats = exchange.stats().snapshot();
            counters.add(new ExchangeCounters(exchange.id().exchangeNumber(), stats.wireBytesSent(), stats.pagesSent(), stats.wireBytesReceived(), stats.pagesReceived(),
                    stats.rawBytesSent(), stats.writeBlockedNanos(), stats.creditWaitNanos(), stats.peakBufferedBytes(),
                    stats.messagesSent(), stats.compressedMessagesSent(), stats.consumerIdleNanos(), stats.creditWaitWhileIdleNanos(), stats.largestWindowBytes()));
        }
        return counters;
    }
}
