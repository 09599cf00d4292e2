package io.signo.server.cli;

import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.List;

/** The options that run a command on a cluster of worker processes instead of in this process. */
final class ClusterOptions
{
    @Option(names = "--workers", paramLabel = "N", description = "Start N worker processes on 127.0.0.1, spread the data over them and run the queries across them.")
    int workers;

    @Option(names = "--worker-addresses", paramLabel = "HOST:PORT", split = ",", description = "Use running workers (started with `signo worker`) instead of starting them.")
    List<String> workerAddresses = new ArrayList<>();

    @Option(names = "--stats", description = "After each query, print the exchange counters: pages and bytes sent and received, compression ratio, time blocked on write and waiting for credit, peak buffered bytes.")
    boolean stats;

    boolean clustered()
    {
        return workers > 0 || !workerAddresses.isEmpty();
    }

    void check(picocli.CommandLine.Model.CommandSpec spec)
    {
        if (workers < 0) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--workers must be positive, not " + workers);
        }
        if (workers > 0 && !workerAddresses.isEmpty()) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "give either --workers or --worker-addresses, not both");
        }
        for (String address : workerAddresses) {
            int colon = address.lastIndexOf(':');
            if (colon <= 0 || colon == address.length() - 1 || !address.substring(colon + 1).chars().allMatch(Character::isDigit)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "worker address must be HOST:PORT, not '" + address + "'");
            }
        }
    }
}
