package io.signo.server.cli;

import io.signo.server.cluster.ExchangeSettings;
import io.signo.storage.serde.CompressionCodec;
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

    @Option(names = "--exchange-message-size", paramLabel = "BYTES", description = "Bytes a sender batches per destination before it sends (default: ${DEFAULT-VALUE}).")
    long exchangeMessageBytes = ExchangeSettings.DEFAULT.messageBytes();

    @Option(names = "--exchange-window", paramLabel = "BYTES", description = "Credit a receiver grants each sender: bytes in flight per channel (default: ${DEFAULT-VALUE}).")
    long exchangeWindowBytes = ExchangeSettings.DEFAULT.windowBytes();

    @Option(names = "--batch-barrier", paramLabel = "BYTES", description = "After this many bytes a sender waits until all its consumers caught up; 0 is off (default: ${DEFAULT-VALUE}).")
    long batchBarrierBytes;

    @Option(names = "--exchange-compression", paramLabel = "CODEC", description = "lz4 or none (default: ${DEFAULT-VALUE}); LZ4 is kept only for pages it shrinks by 10%% or more.")
    CompressionCodec exchangeCompression = CompressionCodec.LZ4;

    @Option(names = "--stats", description = "After each query, print the exchange counters: pages and bytes sent and received, compression ratio, time blocked on write and waiting for credit, peak buffered bytes.")
    boolean stats;

    ExchangeSettings exchangeSettings()
    {
        return new ExchangeSettings(exchangeMessageBytes, exchangeWindowBytes, batchBarrierBytes, exchangeCompression);
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
