package io.signo.server.fuzz;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The distinct failures of a protocol fuzzer's run, by kind, in the order they were first seen. */
public final class FailureTally
{
    /** One kind of failure, how often it was seen, the first case that showed it, and what was seen then. */
    public record Failure(String kind, int count, String first, String detail) {}

    private final Map<String, Failure> failures = new LinkedHashMap<>();

    public void add(String kind, String first, String detail)
    {
        failures.merge(kind, new Failure(kind, 1, first, detail), (seen, next) -> new Failure(kind, seen.count() + 1, seen.first(), seen.detail()));
    }

    public List<Failure> failures()
    {
        return List.copyOf(failures.values());
    }
}
