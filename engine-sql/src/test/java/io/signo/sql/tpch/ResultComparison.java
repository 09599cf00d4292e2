package io.signo.sql.tpch;

import java.util.List;

import static org.junit.jupiter.api.Assertions.fail;

/** Test assertions over {@link io.signo.reference.ResultComparison}: the rules the benchmarks use too. */
public final class ResultComparison
{
    private ResultComparison() {}

    /** Fails with the first difference, prefixed by {@code context}, unless the results agree. */
    public static void assertSameResult(List<List<Object>> expected, List<List<Object>> actual, boolean ordered, String context)
    {
        io.signo.reference.ResultComparison.difference(expected, actual, ordered)
                .ifPresent(difference -> fail(context + ": " + difference));
    }
}
