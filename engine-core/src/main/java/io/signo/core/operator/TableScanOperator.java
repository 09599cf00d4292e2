package io.signo.core.operator;

import io.signo.storage.page.Page;
import io.signo.storage.table.Segment;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * Reads a table's segments, morsel by morsel: every driver of the scan pipeline takes the next
 * unread segment from one shared cursor, so fast drivers take more and all cores stay busy.
 * Returns views of the stored pages (only the wanted columns); nothing is copied.
 */
public final class TableScanOperator
        implements Operator
{
    /** The segments of one scan in one query, shared by its drivers. */
    public static final class SegmentCursor
    {
        private final List<Segment> segments;
        private final AtomicInteger next = new AtomicInteger();

        public SegmentCursor(List<Segment> segments)
        {
            this.segments = List.copyOf(segments);
        }

        Segment next()
        {
            int index = next.getAndIncrement();
            return index < segments.size() ? segments.get(index) : null;
        }
    }

    public record Factory(String tableName, SegmentCursor cursor, int[] columns)
            implements OperatorFactory
    {
        public Factory
        {
            requireNonNull(cursor, "cursor is null");
            columns = columns.clone();
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new TableScanOperator(cursor, columns);
        }

        @Override
        public String name()
        {
            return "TableScan[" + tableName + "]";
        }
    }

    private final SegmentCursor cursor;
    private final int[] columns;
    private boolean finished;

    private TableScanOperator(SegmentCursor cursor, int[] columns)
    {
        this.cursor = cursor;
        this.columns = columns;
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
