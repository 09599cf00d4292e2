package io.signo.bench;

import io.signo.core.exchange.ExchangeKind;
import io.signo.net.exchange.ExchangeCompression;
import io.signo.net.exchange.ExchangeConfig;
import io.signo.net.exchange.ExchangeId;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.exchange.NetworkExchange;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;

import static java.util.Objects.requireNonNull;

/**
 * One configuration of the exchange throughput benchmark; producer and consumer process build the
 * same exchange from it. The channel window starts at two messages, as in {@link ExchangeConfig#DEFAULT};
 * with adaptive windows (the trial's third part, {@code adaptive}) it may grow to 32 MiB, else it stays.
 */
record ThroughputTrial(int number, ExchangeKind kind, int[] hashChannels, int partitionCount, ExchangeCompression compression, long targetMessageBytes, boolean adaptiveWindows)
{
    static final String QUERY_ID = "exchange-throughput";

    ThroughputTrial
    {
        requireNonNull(kind, "kind is null");
        requireNonNull(compression, "compression is null");
    }

    /** Trials numbered from 0, one per {@code MODE:TARGET_BYTES[:adaptive|fixed]} of the comma separated {@code specification}. */
    static List<ThroughputTrial> parse(String specification, ExchangeKind kind, int[] hashChannels, int partitionCount)
    {
        List<ThroughputTrial> trials = new ArrayList<>();
        for (String trial : specification.split(",")) {
            String[] parts = trial.split(":");
            if (parts.length != 2 && parts.length != 3) {
                throw new IllegalArgumentException("expected MODE:TARGET_BYTES[:adaptive|fixed], got: " + trial);
            }
            boolean adaptive = parts.length == 3 && parts[2].equalsIgnoreCase("adaptive");
            trials.add(new ThroughputTrial(trials.size(), kind, hashChannels, partitionCount, ExchangeCompression.valueOf(parts[0].toUpperCase(Locale.ROOT)), Long.parseLong(parts[1]),
                    adaptive));
        }
        return trials;
    }

    NetworkExchange exchange(ExchangeRouter router, String consumerAddress, int localProducerCount)
    {
        return new NetworkExchange(router, new ExchangeId(QUERY_ID, number), kind, Collections.nCopies(partitionCount, consumerAddress), hashChannels,
                localProducerCount, 1, config());
    }

    ExchangeConfig config()
    {
        long window = 2 * targetMessageBytes;
        return new ExchangeConfig(targetMessageBytes, window, 0, compression, adaptiveWindows ? Math.max(window, 32 << 20) : window, ExchangeConfig.DEFAULT.queryBufferBytes());
    }
}
