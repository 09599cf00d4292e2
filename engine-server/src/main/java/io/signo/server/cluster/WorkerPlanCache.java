package io.signo.server.cluster;

import io.signo.sql.VersionedCache;
import io.signo.sql.fragment.FragmentedPlan;

import java.util.Arrays;
import java.util.concurrent.atomic.AtomicLong;

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

    private final VersionedCache<Key, FragmentedPlan> plans = new VersionedCache<>(CAPACITY);
    /** Counts the invalidations: a plan decoded in an earlier one is not put, and the first access in a new one drops the older plans. */
    private final AtomicLong epoch = new AtomicLong();

    /** The epoch to give {@link #put} for a plan decoded from now on. */
    long epoch()
    {
        return epoch.get();
    }

    /** The plan decoded from {@code plan} for a cluster of this shape since the last invalidation, or null. */
    FragmentedPlan get(byte[] plan, int workerCount, int driversPerNode)
    {
        return plans.get(new Key(plan, workerCount, driversPerNode), epoch.get());
    }

    /** Keeps {@code fragmented}, decoded from {@code plan} after {@link #epoch} returned {@code decodedInEpoch}, unless the tables changed since. */
    void put(byte[] plan, int workerCount, int driversPerNode, long decodedInEpoch, FragmentedPlan fragmented)
    {
        requireNonNull(fragmented, "fragmented is null");
        plans.put(new Key(plan, workerCount, driversPerNode), decodedInEpoch, fragmented);
    }

    /** Drops every plan: the tables they hold were replaced or changed. */
    void invalidate()
    {
        // the plans themselves go at the next access, which names the new epoch
        epoch.incrementAndGet();
    }

    /** The plans kept, those of an epoch before the last invalidation included until the next access. */
    int size()
    {
        return plans.size();
    }
}
