package io.signo.sql;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * The timeline of one query: when each step of its fixed path happened (parsed and optimized,
 * fragmented, its plan sent to the workers, its tasks started, each worker's start and end, the
 * first and last result page), in milliseconds since the query reached the engine. A worker's own
 * steps are measured on its clock, in milliseconds since its start request arrived, and say which
 * node they come from. Thread safe: steps are marked from the caller's thread, driver threads and
 * the transport's threads.
 */
public final class QuerySteps
{
    /** The coordinator, or the process that ran the query alone. */
    public static final String COORDINATOR = "coordinator";

    /**
     * One step: {@code millis} since {@code node} started the query (the coordinator: since it
     * arrived; a worker: since its start request arrived).
     */
    public record Step(String node, String name, double millis)
            implements Serializable
    {
        public Step
        {
            requireNonNull(node, "node is null");
            requireNonNull(name, "name is null");
        }
    }

    private final long startNanos;
    private final String node;
    private final List<Step> steps = new ArrayList<>();

    /** The timeline of a query that starts now on the coordinator. */
    public QuerySteps()
    {
        this(COORDINATOR);
    }

    /** The timeline of a query's share that starts now on {@code node}. */
    public QuerySteps(String node)
    {
        this(node, System.nanoTime());
    }

    /** The timeline of a query's share on {@code node} that started at {@code startNanos} ({@link System#nanoTime()}): before its request was decoded, which then counts. */
    public QuerySteps(String node, long startNanos)
    {
        this.node = requireNonNull(node, "node is null");
        this.startNanos = startNanos;
    }

    /** Records that {@code name} happened now. */
    public void mark(String name)
    {
        mark(name, System.nanoTime());
    }

    /** Records that {@code name} happened at {@code nanos} ({@link System#nanoTime()}): a step measured before its timeline could be made. */
    public void mark(String name, long nanos)
    {
        double millis = (nanos - startNanos) / 1e6;
        synchronized (steps) {
            steps.add(new Step(node, name, millis));
        }
    }

    /** Records another node's steps (a worker's, from its report). */
    public void addAll(List<Step> others)
    {
        synchronized (steps) {
            steps.addAll(others);
        }
    }

    /** The steps so far, in the order they were recorded. */
    public List<Step> steps()
    {
        synchronized (steps) {
            return List.copyOf(steps);
        }
    }
}
