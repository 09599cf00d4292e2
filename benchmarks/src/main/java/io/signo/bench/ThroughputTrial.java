package io.signo.bench;

import io.signo.core.exchange.ExchangeKind;
import io.signo.net.exchange.ExchangeConfig;
import io.signo.net.exchange.ExchangeId;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.exchange.NetworkExchange;
import io.signo.storage.serde.CompressionCodec;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * One configuration of the exchange throughput benchmark; producer and consumer process build the
 * same exchange from it. The channel window is two messages, as in {@link ExchangeConfig#DEFAULT}.
 */
record ThroughputTrial(int number, ExchangeKind kind, int[] hashChannels, int partitionCount, CompressionCodec compression, long targetMessageBytes)
{
    static final String QUERY_ID = "exchange-throughput";

    ThroughputTrial
    {
        requireNonNull(kind, "kind is null");
        requireNonNull(compression, "compression is null");
    }

    /** Trials numbered from 0, one per {@code CODEC:TARGET_BYTES} of the comma separated {@code specification}. */
    static List<ThroughputTrial> parse(String specification, ExchangeKind kind, int[] hashChannels, int partitionCount)
    {
        List<ThroughputTrial> trials = new ArrayList<>();
        for (String trial : specification.split(",")) {
            String[] parts = trial.split(":");
            if (parts.length != 2) {
                throw new IllegalArgumentException("expected CODEC:TARGET_BYTES, got: " + trial);
            }
            trials.add(new ThroughputTrial(trials.size(), kind, hashChannels, partitionCount, CompressionCodec.valueOf(parts[0].toUpperCase(Locale.ROOT)), Long.parseLong(parts[1])));
        }
        return trials;
    }

    NetworkExchange exchange(ExchangeRouter router, String consumerAddress, int localProducerCount)
    {
        return new NetworkExchange(router, new ExchangeId(QUERY_ID, number), kind, Collections.nCopies(partitionCount, consumerAddress), hashChannels,
                localProducerCount, 1, new SerdePageCodec(compression), new ExchangeConfig(targetMessageBytes, 2 * targetMessageBytes, 0));
    }
}
