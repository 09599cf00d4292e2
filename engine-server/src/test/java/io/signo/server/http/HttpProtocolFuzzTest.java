package io.signo.server.http;

import io.signo.server.fuzz.HttpFuzzer;
import io.signo.server.fuzz.ProtocolFuzzResult;
import io.signo.server.query.LocalQueryRunner;
import io.signo.sql.SignoEngine;
import io.signo.storage.table.Catalog;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link HttpFuzzer} against a server with a token and one without, for a bounded time with the
 * tests: every request answered, every error JSON with a code and without Java text, and {@code
 * /v1/info} answering throughout. {@code -Dsigno.fuzz.seed=S -Dsigno.fuzz.seconds=N} replay a run
 * or run longer; {@code signo fuzz http} runs it from the command line (docs/security.md).
 */
class HttpProtocolFuzzTest
{
    @Test
    void everyRequestGetsAWellFormedAnswerAndTheServerKeepsAnswering()
    {
        long seed = Long.getLong("signo.fuzz.seed", 23);
        long seconds = Long.getLong("signo.fuzz.seconds", 20);
        fuzz(null, seed, Duration.ofSeconds(seconds / 2));
        fuzz("fuzz-token", seed + 1, Duration.ofSeconds(seconds - seconds / 2));
    }

    private static void fuzz(String token, long seed, Duration duration)
    {
        ServerOptions options = ServerOptions.local(0)
                .withToken(token)
                .withLimits(HttpLimits.DEFAULT.withRequestReadTimeout(Duration.ofSeconds(1)).withMaxRequestBodyBytes(1 << 20));
        try (SignoServer server = SignoServer.start(options, address -> new LocalQueryRunner(new SignoEngine(new Catalog("tpch"), 1), address))) {
            ProtocolFuzzResult result = HttpFuzzer.run(server.uri(), token, seed, duration, Integer.MAX_VALUE);
            assertEquals(List.of(), result.failures(), "seed " + seed + (token == null ? " without a token" : " with a token"));
            assertTrue(result.cases() > 25, "only " + result.cases() + " requests in " + duration);
        }
    }
}
