package io.signo.net.exchange;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@link ExchangeFrameFuzzer} for a bounded time with the tests: no input may fail other than
 * cleanly. {@code -Dsigno.fuzz.seed=S -Dsigno.fuzz.seconds=N} replay a run or run longer; {@code signo
 * fuzz exchange} runs it from the command line.
 */
class ExchangeFrameFuzzTest
{
    @Test
    void corruptTrafficDecodesOrFailsCleanly()
    {
        long seed = Long.getLong("signo.fuzz.seed", 23);
        long seconds = Long.getLong("signo.fuzz.seconds", 10);
        ExchangeFrameFuzzer.Result result = ExchangeFrameFuzzer.run(seed, Duration.ofSeconds(seconds), Integer.MAX_VALUE);
        assertEquals(List.of(), result.failures(), "seed " + seed);
        assertTrue(result.cases() > 1_000, "only " + result.cases() + " cases in " + seconds + " s");
        assertTrue(result.decoded() > 0, "nothing decoded: the mutations are too strong to test the happy path");
    }

    @Test
    void aSeedIsReplayedCaseForCase()
    {
        ExchangeFrameFuzzer.Result first = ExchangeFrameFuzzer.run(5, Duration.ofMinutes(1), 300);
        ExchangeFrameFuzzer.Result second = ExchangeFrameFuzzer.run(5, Duration.ofMinutes(1), 300);
        assertEquals(300, first.cases());
        assertEquals(first.outcomes(), second.outcomes());
        assertEquals(first.decoded(), second.decoded());
    }
}
