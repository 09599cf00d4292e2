package io.signo.core.operator;

import io.signo.core.operator.scan.SegmentPredicate;
import io.signo.storage.page.Page;
import io.signo.storage.table.Segment;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * Reads a table's segments, morsel by morsel: every driver of the scan pipeline takes the next
 * unread segment from one shared cursor, so fast drivers take more and all cores stay busy.
 * Returns views of the stored pages (only the wanted columns); nothing is copied. Segments whose
 * statistics prove that no row passes the scan's {@link SegmentPredicate} are skipped unread.
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

    public record Factory(String tableName, SegmentCursor cursor, int[] columns, SegmentPredicate predicate)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(cursor, "cursor is null");
            requireNonNull(predicate, "predicate is null");
            columns = columns.clone();
        }

        /** A scan of every segment. */
        public Factory(String tableName, SegmentCursor cursor, int[] columns)
        {
            this(tableName, cursor, columns, SegmentPredicate.ALL);
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new TableScanOperator(cursor, columns, predicate);
        }

        @Override
        public String name()
        {
            return "TableScan[" + tableName + "]";
        }
    }

    private final SegmentCursor cursor;
    private final int[] columns;
    private final SegmentPredicate predicate;
    private boolean finished;

    private TableScanOperator(SegmentCursor cursor, int[] columns, SegmentPredicate predicate)
    {
        this.cursor = cursor;
        this.columns = columns;
        this.predicate = predicate;
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
        if (finished) {
            return null;
        }
        Segment segment = cursor.next();
        while (segment != null && !predicate.mayMatch(segment)) {
            cursor.recordPruned();
            segment = cursor.next();
        }
        if (segment == null) {
            finished = true;
            return null;
        }
        return segment.page().selectColumns(columns);
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
}
