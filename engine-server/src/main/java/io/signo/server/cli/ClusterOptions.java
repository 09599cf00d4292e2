package io.signo.server.cli;

import io.signo.net.exchange.ExchangeCompression;
import io.signo.server.cluster.ExchangeSettings;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** The options that run a command on a cluster of worker processes instead of in this process. */
final class ClusterOptions
{
    @Option(names = "--workers", paramLabel = "N", description = "Start N worker processes on 127.0.0.1 (1 to " + OptionChecks.MAX_WORKERS + "), spread the data over them and run the queries across them.")
    int workers;

    @Option(names = "--worker-addresses", paramLabel = "HOST:PORT", split = ",", description = "Use running workers (started with `signo worker`) instead of starting them.")
    List<String> workerAddresses = new ArrayList<>();

    @Option(names = "--exchange-message-size", paramLabel = "BYTES", description = "The most bytes a sender batches per destination before it sends; it sends less while the destination's window is small (default: ${DEFAULT-VALUE}).")
    long exchangeMessageBytes = ExchangeSettings.DEFAULT.messageBytes();

    @Option(names = "--exchange-window", paramLabel = "BYTES", description = "Credit a receiver first grants each sender: bytes in flight per channel (default: ${DEFAULT-VALUE}).")
    long exchangeWindowBytes = ExchangeSettings.DEFAULT.windowBytes();

    @Option(names = "--exchange-max-window", paramLabel = "BYTES", description = "The most credit a receiver grows a channel's window to, from the measured bandwidth-delay product and senders that waited while it was idle; "
            + "equal to --exchange-window for fixed windows (default: ${DEFAULT-VALUE}).")
    long exchangeMaxWindowBytes = ExchangeSettings.DEFAULT.maxWindowBytes();

    @Option(names = "--exchange-query-buffer", paramLabel = "BYTES", description = "What a query's receivers in one process may grant beyond their first windows (default: ${DEFAULT-VALUE}).")
    long exchangeQueryBufferBytes = ExchangeSettings.DEFAULT.queryBufferBytes();

    @Option(names = "--batch-barrier", paramLabel = "BYTES", description = "After this many bytes a sender waits until all its consumers caught up; 0 is off (default: ${DEFAULT-VALUE}).")
    long batchBarrierBytes;

    @Option(names = "--exchange-compression", paramLabel = "MODE", description = "adaptive, lz4 or none (default: ${DEFAULT-VALUE}); adaptive compresses for a destination while its measured link is slower than compressing; "
            + "LZ4 is kept only for messages it shrinks by 10%% or more.")
    ExchangeCompression exchangeCompression = ExchangeSettings.DEFAULT.compression();

    @Option(names = "--stats", description = "After each query, print the exchange counters: pages and bytes sent and received, compression ratio, time blocked on write and waiting for credit, peak buffered bytes.")
    boolean stats;

    ExchangeSettings exchangeSettings()
    {
        return new ExchangeSettings(exchangeMessageBytes, exchangeWindowBytes, Math.max(exchangeMaxWindowBytes, exchangeWindowBytes), exchangeQueryBufferBytes, batchBarrierBytes,
                exchangeCompression);
    }

    /** Refuses a scale factor whose data does not fit in the processes that would keep it (see {@link OptionChecks#checkDataFits}). */
    void checkDataFits(picocli.CommandLine.Model.CommandSpec spec, String option, double scaleFactor, boolean tpcds)
    {
        if (!workerAddresses.isEmpty()) {
            return;
        }
        OptionChecks.checkDataFits(spec, option, scaleFactor, tpcds, workers, workers > 0 ? LocalEnvironment.workerHeap(workers) : null);
    }

    boolean clustered()
    {
        return workers > 0 || !workerAddresses.isEmpty();
    }

    void check(picocli.CommandLine.Model.CommandSpec spec)
    {
        boolean given = spec.commandLine().getParseResult().hasMatchedOption("--workers");
        if (workers < 0 || (given && workers == 0)) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--workers': must be at least 1, was " + workers);
        }
        if (workers > OptionChecks.MAX_WORKERS) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--workers': at most " + OptionChecks.MAX_WORKERS + " worker processes, was " + workers);
        }
        if (workers > 0 && !workerAddresses.isEmpty()) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "give either --workers or --worker-addresses, not both");
        }
        try {
            exchangeSettings();
        }
        catch (IllegalArgumentException e) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        for (String address : workerAddresses) {
            int colon = address.lastIndexOf(':');
            if (colon <= 0 || colon == address.length() - 1 || !address.substring(colon + 1).chars().allMatch(Character::isDigit)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "worker address must be HOST:PORT, not '" + address + "'");
            }
        }
    }
}
