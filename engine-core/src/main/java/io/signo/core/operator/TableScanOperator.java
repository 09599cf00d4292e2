package io.signo.core.operator;

import io.signo.core.operator.join.RuntimeFilter;
import io.signo.core.operator.join.RuntimeFilterProbe;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.storage.page.Page;
import io.signo.storage.table.Segment;
import io.signo.storage.vector.ColumnVector;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * Reads a table's segments, morsel by morsel: every driver of the scan pipeline takes the next
 * unread segment from one shared cursor, so fast drivers take more and all cores stay busy.
 * Returns views of the stored pages (only the wanted columns); nothing is copied. Segments whose
 * statistics prove that no row passes the scan's {@link SegmentPredicate} are skipped unread.
 *
 * <p>A scan under the probe side of hash joins applies their {@link RuntimeFilter}s: once a join's
 * build is done (the scan is blocked until then, as its pipeline's join is), every page is tested
 * on the join's key columns right after it is read, and only the rows that may have a join partner
 * go on, copied into a smaller page, to the filters, projections and lookups above. A filter that
 * rejects too few rows to pay for the copy is dropped.
 */
public final class TableScanOperator
        implements Operator
{
    /** The segments of one scan in one query, shared by its drivers. */
    public static final class SegmentCursor
    {
        private final List<Segment> segments;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger prunedSegments = new AtomicInteger();

        public SegmentCursor(List<Segment> segments)
        {
            this.segments = List.copyOf(segments);
        }

        public int segmentCount()
        {
            return segments.size();
        }

        /** How many segments the scan's drivers skipped because their statistics ruled out every row. */
        public int prunedSegments()
        {
            return prunedSegments.get();
        }

        void recordPruned()
        {
            prunedSegments.incrementAndGet();
        }

        Segment next()
        {
            int index = next.getAndIncrement();
            return index < segments.size() ? segments.get(index) : null;
        }
    }

    public record Factory(String tableName, SegmentCursor cursor, int[] columns, SegmentPredicate predicate, List<ScanRuntimeFilter> runtimeFilters)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(cursor, "cursor is null");
            requireNonNull(predicate, "predicate is null");
            columns = columns.clone();
            runtimeFilters = List.copyOf(runtimeFilters);
        }

        /** A scan without runtime filters. */
        public Factory(String tableName, SegmentCursor cursor, int[] columns, SegmentPredicate predicate)
        {
            this(tableName, cursor, columns, predicate, List.of());
        }

        /** A scan of every segment. */
        public Factory(String tableName, SegmentCursor cursor, int[] columns)
        {
            this(tableName, cursor, columns, SegmentPredicate.ALL);
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new TableScanOperator(context, cursor, columns, predicate, runtimeFilters);
        }

        @Override
        public String name()
        {
            return "TableScan[" + tableName + "]";
        }
    }

    /** A runtime filter is judged on windows of this many rows... */
    private static final int ADAPT_WINDOW_ROWS = 1 << 16;
    /** ...and dropped when it rejects less than this fraction of one: the test and the copy of the rest cost more than the rows it saves. */
    private static final double MIN_REJECTED_FRACTION = 0.2;

    private static final byte FILTER_PENDING = 0;
    private static final byte FILTER_ACTIVE = 1;
    private static final byte FILTER_OFF = 2;

    private final OperatorContext context;
    private final SegmentCursor cursor;
    private final int[] columns;
    private final SegmentPredicate predicate;
    private final ScanRuntimeFilter[] runtimeFilters;
    private final RuntimeFilterProbe[] filterProbes;
    private final byte[] filterStates;
    private final long[] windowTested;
    private final long[] windowRejected;
    /** The positions of the page being filtered that every filter so far kept, at the front. */
    private int[] kept = new int[0];
    private boolean finished;

    private TableScanOperator(OperatorContext context, SegmentCursor cursor, int[] columns, SegmentPredicate predicate, List<ScanRuntimeFilter> runtimeFilters)
    {
        this.context = requireNonNull(context, "context is null");
        this.cursor = cursor;
        this.columns = columns;
        this.predicate = predicate;
        this.runtimeFilters = runtimeFilters.toArray(new ScanRuntimeFilter[0]);
        int filterCount = this.runtimeFilters.length;
        this.filterProbes = new RuntimeFilterProbe[filterCount];
        this.filterStates = new byte[filterCount];
        this.windowTested = new long[filterCount];
        this.windowRejected = new long[filterCount];
    }

    /**
     * Blocked until the builds of its runtime filters are done, so that no page leaves untested: the
     * pipeline's join cannot take pages before then anyway. (Should a page be asked for earlier, it
     * passes unfiltered.)
     */
    @Override
    public CompletableFuture<?> isBlocked()
    {
        for (int filter = 0; filter < runtimeFilters.length; filter++) {
            if (filterStates[filter] == FILTER_PENDING) {
                CompletableFuture<Void> built = runtimeFilters[filter].bridge().whenBuilt();
                if (!built.isDone()) {
                    return built;
                }
            }
        }
        return NOT_BLOCKED;
    }

    @Override
    public boolean needsInput()
    {
        return false;
    }

    @Override
    public void addInput(Page page)
    {
        throw new UnsupportedOperationException("a scan takes no input");
    }

    @Override
    public Page getOutput()
    {
        while (!finished) {
            Segment segment = cursor.next();
            while (segment != null && !predicate.mayMatch(segment)) {
                cursor.recordPruned();
                segment = cursor.next();
            }
            if (segment == null) {
                finished = true;
                return null;
            }
            Page page = segment.page().selectColumns(columns);
            if (runtimeFilters.length == 0) {
                return page;
            }
            page = applyRuntimeFilters(page);
            if (page != null) {
                return page;
            }
        }
        return null;
    }

    /**
     * The page's rows that pass every active runtime filter: the page itself when all do, null when
     * none does. Each filter tests only the rows the ones before it kept.
     */
    private Page applyRuntimeFilters(Page page)
    {
        int positionCount = page.positionCount();
        int count = positionCount;
        boolean tested = false;
        for (int filter = 0; filter < runtimeFilters.length && count > 0; filter++) {
            if (filterStates[filter] == FILTER_PENDING) {
                activate(filter);
            }
            if (filterStates[filter] != FILTER_ACTIVE) {
                continue;
            }
            if (!tested) {
                if (kept.length < positionCount) {
                    kept = new int[positionCount];
                    reserveScratch();
                }
                for (int position = 0; position < positionCount; position++) {
                    kept[position] = position;
                }
                tested = true;
            }
            int before = count;
            count = filterProbes[filter].filter(page, kept, count, count == positionCount);
            runtimeFilters[filter].record(before, before - count);
            judge(filter, before, before - count);
        }
        if (count == positionCount) {
            return page;
        }
        if (count == 0) {
            return null;
        }
        ColumnVector[] compacted = new ColumnVector[page.columnCount()];
        for (int channel = 0; channel < compacted.length; channel++) {
            compacted[channel] = page.column(channel).copyPositions(kept, count, context.allocator());
        }
        return new Page(count, compacted);
    }

    /** Looks the join's filter up; until its build is done the filter stays pending and rows pass. */
    private void activate(int filter)
    {
        ScanRuntimeFilter binding = runtimeFilters[filter];
        if (!binding.bridge().isBuilt()) {
            return;
        }
        RuntimeFilter runtimeFilter = binding.bridge().runtimeFilter();
        if (runtimeFilter == null) {
            filterStates[filter] = FILTER_OFF;
            return;
        }
        filterProbes[filter] = new RuntimeFilterProbe(runtimeFilter, binding.keyChannels());
        filterStates[filter] = FILTER_ACTIVE;
    }

    private void reserveScratch()
    {
        long scratch = (long) kept.length * Integer.BYTES;
        for (RuntimeFilterProbe probe : filterProbes) {
            // a probe's key arrays grow with the page on its first use: count them at the page's size
            scratch += probe == null ? 0 : Math.max(probe.retainedBytes(), (long) kept.length * Long.BYTES * 2);
        }
        context.memory().setBytes(scratch);
    }

    private void judge(int filter, int tested, int rejected)
    {
        windowTested[filter] += tested;
        windowRejected[filter] += rejected;
        if (windowTested[filter] < ADAPT_WINDOW_ROWS) {
            return;
        }
        if (windowRejected[filter] < windowTested[filter] * MIN_REJECTED_FRACTION) {
            filterStates[filter] = FILTER_OFF;
            filterProbes[filter] = null;
        }
        windowTested[filter] = 0;
        windowRejected[filter] = 0;
    }

    @Override
    public void finish()
    {
        finished = true;
    }

    @Override
    public boolean isFinished()
    {
        return finished;
    }

    @Override
    public void close()
    {
        context.memory().setBytes(0);
    }
}
