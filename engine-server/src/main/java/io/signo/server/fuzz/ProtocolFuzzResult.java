package io.signo.server.fuzz;

import io.signo.net.exchange.ExchangeFrameFuzzer;

import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * What a protocol fuzzer's run found: how many cases (requests, sessions, inputs) it tried, what
 * the other side answered counted by kind, and the distinct failures.
 *
 * @param caseNoun what one case is, plural ("requests"), for the report
 * @param countsName what {@code counts} counts ("status", "server message"), for the report
 */
public record ProtocolFuzzResult(String fuzzer, long seed, int cases, String caseNoun, Duration elapsed, String countsName, Map<String, Integer> counts,
        List<FailureTally.Failure> failures)
{
    public ProtocolFuzzResult
    {
        counts = Map.copyOf(counts);
        failures = List.copyOf(failures);
    }

    /** The exchange frame fuzzer lives below the server (engine-net), with failures of its own kind. */
    public static ProtocolFuzzResult of(ExchangeFrameFuzzer.Result result)
    {
        return new ProtocolFuzzResult("Exchange frame fuzzer", result.seed(), result.cases(), "cases (" + result.decoded() + " decoded)", result.elapsed(),
                "input and outcome", result.outcomes(),
                result.failures().stream().map(failure -> new FailureTally.Failure(failure.kind(), failure.count(), failure.firstCase(), failure.detail())).toList());
    }

    public boolean brokeARule()
    {
        return !failures.isEmpty();
    }
}
