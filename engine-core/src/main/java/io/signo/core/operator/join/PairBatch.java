package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.kernel.AddressGather;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.util.List;

/**
 * Up to {@link #capacity()} pairs of (probe position, build row address) of one probe page, filled
 * by a {@link ProbeState}, and the columns made of them: the build columns gathered at the pairs'
 * addresses, and the pair page a residual filter reads (all probe columns, then all build columns).
 * Scratch state of one probe operator, reused batch after batch.
 */
final class PairBatch
{
    static final int DEFAULT_CAPACITY = 8192;

    /** Written by {@link ProbeState}'s fill loops up to {@link #count}; the arrays themselves, for loops without calls. */
    final int[] probePositions;
    final long[] buildAddresses;
    int count;
    private final int[] probeRows;
    private final int[] passing;

    PairBatch(int capacity)
    {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be positive: " + capacity);
        }
        this.probePositions = new int[capacity];
        this.buildAddresses = new long[capacity];
        this.probeRows = new int[capacity];
        this.passing = new int[capacity];
    }

    int capacity()
    {
        return probePositions.length;
    }

    int count()
    {
        return count;
    }

    boolean isFull()
    {
        return count == probePositions.length;
    }

    void clear()
    {
        count = 0;
    }

    /** The probe position of pair {@code pair}. */
    int probePosition(int pair)
    {
        return probePositions[pair];
    }

    /** The rows of {@code probe}'s columns at the pairs' probe positions (a selected page's columns hold other rows as well). */
    int[] probeRows(Page probe)
    {
        return probe.rowsAt(probePositions, count, probeRows);
    }

    /** Build column {@code channel} at the pairs' build rows. */
    ColumnVector gatherBuild(LookupSource source, int channel, PageAllocator allocator)
    {
        return AddressGather.gather(source.types().get(channel), source.columns(channel), buildAddresses, count, allocator);
    }

    /** A page of one row per pair: the first {@code probeChannelCount} (all) probe columns, then every build column. */
    Page pairPage(Page probe, int probeChannelCount, LookupSource source, PageAllocator allocator)
    {
        List<Type> buildTypes = source.types();
        ColumnVector[] columns = new ColumnVector[probeChannelCount + buildTypes.size()];
        int[] rows = probeRows(probe);
        for (int channel = 0; channel < probeChannelCount; channel++) {
            columns[channel] = probe.column(channel).copyPositions(rows, count, allocator);
        }
        for (int channel = 0; channel < buildTypes.size(); channel++) {
            columns[probeChannelCount + channel] = gatherBuild(source, channel, allocator);
        }
        return new Page(count, columns);
    }

    /**
     * Evaluates {@code residualFilter} over {@code pairPage} (made by {@link #pairPage}); returns how
     * many pairs it passes (TRUE, not NULL), whose indexes are then the first entries of {@link #passing()}.
     */
    int filter(Expression residualFilter, Page pairPage, PageAllocator allocator)
    {
        ColumnVector result = residualFilter.evaluate(pairPage, null, count, allocator);
        int[] passing = this.passing;
        int passingCount = 0;
        for (int pair = 0; pair < count; pair++) {
            if (!result.isNull(pair) && result.getBoolean(pair)) {
                passing[passingCount++] = pair;
            }
        }
        return passingCount;
    }

    /** The pairs the last {@link #filter} passed. */
    int[] passing()
    {
        return passing;
    }

    long retainedBytes()
    {
        return (long) probePositions.length * (3 * Integer.BYTES + Long.BYTES);
    }
}
