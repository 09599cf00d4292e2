package io.signo.server.pg;

import io.signo.server.fuzz.PgWireFuzzer;
import io.signo.server.fuzz.ProtocolFuzzResult;
import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryEventListener;
import io.signo.server.query.QueryManager;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link PgWireFuzzer} against the PostgreSQL protocol, with trust and with a password, for a
 * bounded time with the tests. {@code -Dsigno.fuzz.seed=S -Dsigno.fuzz.seconds=N} replay a run or
 * run longer; {@code signo fuzz pg} runs it from the command line (docs/security.md).
 */
class PgWireFuzzTest
{
    @Test
    void brokenSessionsGetCleanErrorsOrAClosedConnectionAndTheServerKeepsAnswering()
    {
        long seed = Long.getLong("signo.fuzz.seed", 23);
        long seconds = Long.getLong("signo.fuzz.seconds", 20);
        fuzz(null, seed, Duration.ofSeconds(seconds / 2));
        fuzz("fuzz-token", seed + 1, Duration.ofSeconds(seconds - seconds / 2));
    }

    private static void fuzz(String token, long seed, Duration duration)
    {
        try (QueryManager queryManager = new QueryManager(new LocalQueryRunner(new SignoEngine(TpchData.generate(0.001, 1, MemoryPool.unbounded("tpch")), 1), "127.0.0.1"),
                QueryEventListener.NONE, 10)) {
            PgServer server = PgServer.start("127.0.0.1", 0, queryManager, token, 1 << 20);
            try {
                ProtocolFuzzResult result = PgWireFuzzer.run("127.0.0.1", server.port(), token, seed, duration, Integer.MAX_VALUE);
                assertEquals(List.of(), result.failures(), "seed " + seed + (token == null ? " with trust" : " with a password"));
                assertTrue(result.cases() > 20, "only " + result.cases() + " sessions in " + duration);
                assertTrue(result.counts().getOrDefault("Z", 0) > 0, "no session got as far as ReadyForQuery: " + result.counts());
            }
            finally {
                server.close();
            }
        }
    }
}
