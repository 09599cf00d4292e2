package io.signo.server.cluster;

import io.signo.sql.fragment.FragmentedPlan;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

import static java.util.Objects.requireNonNull;

/**
 * The fragmented plans of the statements a worker ran last, by the bytes the coordinator sent for
 * them, so that a statement sent again (the coordinator's plan cache encodes the same plan to the same
 * bytes) starts without decoding its plan, resolving its tables and cutting it into stages again: on a
 * warm cluster those were a third of a worker's start, and code that runs once per statement, which
 * the JIT compiles late.
 *
 * <p>A plan decoded here holds the worker's tables as they were when it was decoded, so whatever
 * replaces or changes them (the data loaded again, the database's storage opened again, files
 * written, copied or removed) calls {@link #invalidate} once it changed them, and a plan whose decoding
 * began before that is never put here after it ({@link #epoch}). Plans that write are never put here: a writer is bound to its
 * statement's write. Plans are immutable once fragmented, so statements running at once share one.
 * Thread safe.
 */
final class WorkerPlanCache
{
    private static final int CAPACITY = 64;

    /** What decides the decoded plan and its stages: the plan's bytes and the cluster's shape. */
    private record Key(byte[] plan, int workerCount, int driversPerNode, int hash)
    {
        Key(byte[] plan, int workerCount, int driversPerNode)
        {
            this(plan, workerCount, driversPerNode, 31 * (31 * Arrays.hashCode(plan) + workerCount) + driversPerNode);
        }

        @Override
        public boolean equals(Object other)
        {
            return other instanceof Key key && hash == key.hash && workerCount == key.workerCount && driversPerNode == key.driversPerNode && Arrays.equals(plan, key.plan);
        }

        @Override
        public int hashCode()
        {
            return hash;
        }
    }

    private final Map<Key, FragmentedPlan> plans = new LinkedHashMap<>(16, 0.75f, true)
    {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, FragmentedPlan> eldest)
        {
            return size() > CAPACITY;
        }
    };
    /** Counts the invalidations; a plan decoded in an earlier one is not put. Guarded by this. */
    private long epoch;

    /** The epoch to give {@link #put} for a plan decoded from now on. */
    synchronized long epoch()
    {
        return epoch;
    }

    /** The plan decoded from {@code plan} for a cluster of this shape since the last invalidation, or null. */
    synchronized FragmentedPlan get(byte[] plan, int workerCount, int driversPerNode)
    {
        return plans.get(new Key(plan, workerCount, driversPerNode));
    }

    /** Keeps {@code fragmented}, decoded from {@code plan} after {@link #epoch} returned {@code decodedInEpoch}, unless the tables changed since. */
    synchronized void put(byte[] plan, int workerCount, int driversPerNode, long decodedInEpoch, FragmentedPlan fragmented)
    {
        requireNonNull(fragmented, "fragmented is null");
        if (decodedInEpoch == epoch) {
            plans.put(new Key(plan, workerCount, driversPerNode), fragmented);
        }
    }

    /** Drops every plan: the tables they hold were replaced or changed. */
    synchronized void invalidate()
    {
        plans.clear();
        epoch++;
    }

    synchronized int size()
    {
        return plans.size();
    }
}
