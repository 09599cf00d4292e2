package io.signo.core.operator;

import io.signo.core.operator.join.RuntimeFilter;
import io.signo.core.operator.scan.RuntimeFilterSelection;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.core.operator.scan.SplitSupplier;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnTest;
import io.signo.storage.table.Segment;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * Reads a table's segments, morsel by morsel: every driver of the scan pipeline takes the next
 * unread segment from one shared cursor, so fast drivers take more and all cores stay busy. In a
 * cluster, the splits of files every worker can read come from the query's queue on the
 * coordinator ({@link SplitSupplier}), so fast workers take more too.
 * Returns views of the stored pages (only the wanted columns); nothing is copied. When the next
 * operator takes selected pages, a stored block with deleted rows is handed on as its cached
 * vectors with the live rows as a selection ({@link Segment#readAsSelection}), not copied. A segment read as
 * one larger page (a Parquet row group, a CSV split) is handed on in views of at most
 * {@link #MAX_PAGE_ROWS} rows, the size of the engine's other pages, so that the operators above
 * work on vectors that stay in the core's cache. Segments whose statistics prove that no row
 * passes the scan's {@link SegmentPredicate} are skipped unread.
 *
 * <p>A scan of stored segments may test columns as it reads ({@link Segment#read(int[], List)}):
 * the filter's constraints that a row can be tested on ({@code ConstraintTest}) and the runtime
 * filters on one key, so that the rows they drop are never decoded in the other columns. The filter
 * above still runs on the rows that are kept.
 *
 * <p>A scan under the probe side of hash joins applies their {@link RuntimeFilter}s: once a join's
 * build is done (the scan is blocked until then, as its pipeline's join is), every page is tested
 * on the join's key columns right after it is read, and only the rows that may have a join partner
 * go on, copied into a smaller page, to the filters, projections and lookups above. A filter that
 * rejects too few rows to pay for the copy is dropped. When a filter-and-project reads the scan, the
 * planner hands the runtime filters to it instead ({@link RuntimeFilterSelection}), so that the rows
 * are copied once, after its own filter.
 */
public final class TableScanOperator
        implements Operator
{
    /** Rows of the largest page a scan hands on. */
    public static final int MAX_PAGE_ROWS = 8192;

    /**
     * The segments of one scan in one query, shared by its drivers: the node's own share, handed out
     * in order, or (with a {@link SplitSupplier}) the splits the query's queue hands this node, batch
     * by batch as its drivers run out. The next batch is asked for as soon as the last one is handed
     * out, so that the drivers rarely wait for it.
     */
    public static final class SegmentCursor
    {
        private final List<Segment> segments;
        private final SplitSupplier supplier;
        private final AtomicInteger next = new AtomicInteger();
        private final AtomicInteger prunedSegments = new AtomicInteger();
        /** With a supplier: the batches received and not yet handed out, the first from {@code position} on. Guarded by this. */
        private final ArrayDeque<int[]> batches = new ArrayDeque<>();
        private int position;
        private CompletableFuture<int[]> request;
        private boolean supplierEmpty;
        private Throwable supplierFailure;

        /** The node's own share, read whole. */
        public SegmentCursor(List<Segment> segments)
        {
            this(segments, null);
        }

        /**
         * @param segments every split of the table, in partition order, when {@code supplier} is not null
         * @param supplier where the node gets the indexes of the splits it reads; null to read all of {@code segments}
         */
        public SegmentCursor(List<Segment> segments, SplitSupplier supplier)
        {
            this.segments = List.copyOf(segments);
            this.supplier = supplier;
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

        /** The next segment to read, or null when there is none now: see {@link #isExhausted()} and {@link #ready()}. */
        Segment next()
        {
            if (supplier == null) {
                int index = next.getAndIncrement();
                return index < segments.size() ? segments.get(index) : null;
            }
            synchronized (this) {
                if (batches.isEmpty()) {
                    // a supplier may answer at once
                    askForMore();
                }
                if (supplierFailure != null) {
                    throw new IllegalStateException("cannot get the splits to scan: " + supplierFailure.getMessage(), supplierFailure);
                }
                int[] batch = batches.peekFirst();
                if (batch == null) {
                    return null;
                }
                Segment segment = segments.get(batch[position++]);
                if (position == batch.length) {
                    batches.removeFirst();
                    position = 0;
                    if (batches.isEmpty()) {
                        askForMore();
                    }
                }
                return segment;
            }
        }

        /** Whether every segment this node reads was handed out. */
        boolean isExhausted()
        {
            if (supplier == null) {
                return next.get() >= segments.size();
            }
            synchronized (this) {
                return supplierEmpty && batches.isEmpty();
            }
        }

        /** Completes once a segment can be handed out, or the cursor is exhausted. */
        CompletableFuture<?> ready()
        {
            if (supplier == null) {
                return NOT_BLOCKED;
            }
            synchronized (this) {
                if (!batches.isEmpty() || supplierEmpty || supplierFailure != null) {
                    return NOT_BLOCKED;
                }
                askForMore();
                return request == null ? NOT_BLOCKED : request;
            }
        }

        private void askForMore()
        {
            if (request != null || supplierEmpty || supplierFailure != null) {
                return;
            }
            CompletableFuture<int[]> asked = supplier.nextBatch();
            request = asked;
            asked.whenComplete((batch, failure) -> received(asked, batch, failure));
        }

        private synchronized void received(CompletableFuture<int[]> asked, int[] batch, Throwable failure)
        {
            if (request == asked) {
                request = null;
            }
            if (failure != null) {
                supplierFailure = failure;
            }
            else if (batch.length == 0) {
                supplierEmpty = true;
            }
            else {
                for (int index : batch) {
                    if (index < 0 || index >= segments.size()) {
                        supplierFailure = new IllegalStateException("split " + index + " is not one of the " + segments.size() + " splits of the table");
                        return;
                    }
                }
                batches.addLast(batch);
            }
        }
    }

    /**
     * @param testsOnRead whether segments that decode on read run {@code columnTests} and the one-key
     *         runtime filters as they read (see {@link Segment#read(int[], List)})
     */
    public record Factory(String tableName, SegmentCursor cursor, int[] columns, SegmentPredicate predicate, List<ScanRuntimeFilter> runtimeFilters,
            List<ColumnTest> columnTests, boolean testsOnRead)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(cursor, "cursor is null");
            requireNonNull(predicate, "predicate is null");
            columns = columns.clone();
            runtimeFilters = List.copyOf(runtimeFilters);
            columnTests = List.copyOf(columnTests);
        }

        /** A scan that tests no column as it reads. */
        public Factory(String tableName, SegmentCursor cursor, int[] columns, SegmentPredicate predicate, List<ScanRuntimeFilter> runtimeFilters)
        {
            this(tableName, cursor, columns, predicate, runtimeFilters, List.of(), false);
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
            return new TableScanOperator(context, this);
        }

        @Override
        public String name()
        {
            return "TableScan[" + tableName + "]";
        }

        /** A round is a segment: decoded whole, then handed on in parts. */
        @Override
        public boolean allocatesInRounds()
        {
            return true;
        }
    }

    private final OperatorContext context;
    private final SegmentCursor cursor;
    private final int[] columns;
    private final SegmentPredicate predicate;
    /** Null without runtime filters. */
    private final RuntimeFilterSelection runtimeFilters;
    /** What segments that decode on read test as they read: the column tests, then one-key runtime filters. */
    private final List<ColumnTest> testsOnRead;
    /** Whether segments may hand on their rows as a selection ({@link Segment#readAsSelection}). */
    private final boolean asSelection;
    /** A page read whole and handed on in parts: the rows before {@code nextRow} went already. */
    private Page largePage;
    private int nextRow;
    private boolean finished;

    private TableScanOperator(OperatorContext context, Factory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.cursor = factory.cursor();
        this.columns = factory.columns();
        this.predicate = factory.predicate();
        this.runtimeFilters = factory.runtimeFilters().isEmpty() ? null : new RuntimeFilterSelection(context, factory.runtimeFilters());
        List<ColumnTest> tests = new ArrayList<>();
        if (factory.testsOnRead()) {
            tests.addAll(factory.columnTests());
            if (runtimeFilters != null) {
                tests.addAll(runtimeFilters.columnTests(columns));
            }
        }
        this.testsOnRead = List.copyOf(tests);
        this.asSelection = context.consumerTakesSelectedRows();
    }

    /**
     * Blocked until the builds of its runtime filters are done, so that no page leaves untested: the
     * pipeline's join cannot take pages before then anyway. (Should a page be asked for earlier, it
     * passes unfiltered.)
     */
    @Override
    public CompletableFuture<?> isBlocked()
    {
        if (runtimeFilters != null) {
            CompletableFuture<?> builds = runtimeFilters.isBlocked();
            if (!builds.isDone()) {
                return builds;
            }
        }
        return finished || largePage != null ? NOT_BLOCKED : cursor.ready();
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
            if (largePage != null) {
                Page part = nextPart();
                if (part != null) {
                    return part;
                }
                continue;
            }
            Segment segment = cursor.next();
            while (segment != null && !predicate.mayMatch(segment)) {
                cursor.recordPruned();
                segment = cursor.next();
            }
            if (segment == null) {
                // none now: every segment was handed out, or the next batch is on its way (isBlocked)
                finished = cursor.isExhausted();
                return null;
            }
            // the pages of the segment before have all been handed on: their memory may be reused
            context.startOutputRound();
            Page page = read(segment);
            if (page.positionCount() == 0) {
                continue;
            }
            if (page.positionCount() > MAX_PAGE_ROWS && !page.isSelected()) {
                largePage = page;
                nextRow = 0;
                continue;
            }
            page = filtered(page);
            if (page != null) {
                return page;
            }
        }
        return null;
    }

    /**
     * The segment's rows: as a selection of its whole vectors when the next operator takes selected
     * pages, so that rows deleted from a stored block are skipped without copying the rest.
     */
    private Page read(Segment segment)
    {
        boolean tested = !testsOnRead.isEmpty() && segment.decodesOnRead();
        if (asSelection) {
            return tested ? segment.readAsSelection(columns, testsOnRead, context.allocator()) : segment.readAsSelection(columns, context.allocator());
        }
        return tested ? segment.read(columns, testsOnRead, context.allocator()) : segment.read(columns, context.allocator());
    }

    /** The next part of the large page, runtime filters applied: null when none of its rows passed them, or when it was the last. */
    private Page nextPart()
    {
        int count = Math.min(MAX_PAGE_ROWS, largePage.positionCount() - nextRow);
        Page part = largePage.region(nextRow, count, context.allocator());
        nextRow += count;
        if (nextRow == largePage.positionCount()) {
            largePage = null;
        }
        return filtered(part);
    }

    private Page filtered(Page page)
    {
        return runtimeFilters == null ? page : applyRuntimeFilters(page);
    }

    /** The page's rows that pass every active runtime filter: the page itself when all do, null when none does. */
    private Page applyRuntimeFilters(Page page)
    {
        if (page.isSelected()) {
            // a narrower selection of the same columns: still nothing copied
            int selectedCount = page.positionCount();
            int count = runtimeFilters.select(page.allRows(), page.rows(), selectedCount);
            if (count == selectedCount) {
                return page;
            }
            if (count == 0) {
                return null;
            }
            ColumnVector[] columns = new ColumnVector[page.columnCount()];
            for (int channel = 0; channel < columns.length; channel++) {
                columns[channel] = page.column(channel);
            }
            return Page.selected(Arrays.copyOf(runtimeFilters.positions(), count), count, columns);
        }
        int count = runtimeFilters.select(page);
        if (count == page.positionCount()) {
            return page;
        }
        if (count == 0) {
            return null;
        }
        int[] kept = runtimeFilters.positions();
        ColumnVector[] compacted = new ColumnVector[page.columnCount()];
        for (int channel = 0; channel < compacted.length; channel++) {
            compacted[channel] = page.column(channel).copyPositions(kept, count, context.allocator());
        }
        return new Page(count, compacted);
    }

    @Override
    public void finish()
    {
        finished = true;
        largePage = null;
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
