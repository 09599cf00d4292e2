package io.signo.storage.generator;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.PageSegment;
import io.signo.storage.table.Segment;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * Turns generated rows into sealed segments of at most a fixed number of rows: a generator appends
 * one value per column to {@link #column(int)}'s stagers and calls {@link #endRow()}. Not thread
 * safe: one per generating thread and chunk.
 */
public final class SegmentBuilder
{
    private final ColumnStager[] stagers;
    private final int segmentRows;
    private final PageAllocator allocator;
    private final BooleanSupplier cancelled;
    private final List<Segment> segments = new ArrayList<>();
    private int rows;

    /**
     * Segments of {@code segmentRows} rows allocated from {@code allocator}; generation stops with a
     * {@link CancellationException} at a segment boundary once {@code cancelled} says so.
     */
    public SegmentBuilder(List<Column> columns, int segmentRows, PageAllocator allocator, BooleanSupplier cancelled)
    {
        this(columns, segmentRows, segmentRows, allocator, cancelled);
    }

    /** Like the other constructor, with stagers first sized for {@code capacity} rows (they grow past it). */
    public SegmentBuilder(List<Column> columns, int segmentRows, int capacity, PageAllocator allocator, BooleanSupplier cancelled)
    {
        this.stagers = new ColumnStager[columns.size()];
        for (int i = 0; i < stagers.length; i++) {
            stagers[i] = new ColumnStager(columns.get(i).type(), capacity);
        }
        this.segmentRows = segmentRows;
        this.allocator = allocator;
        this.cancelled = cancelled;
    }

    public ColumnStager column(int index)
    {
        return stagers[index];
    }

    /** The stagers in column order. */
    public ColumnStager[] columns()
    {
        return stagers;
    }

    public void endRow()
    {
        rows++;
        if (rows == segmentRows) {
            if (cancelled.getAsBoolean()) {
                throw new CancellationException("generation cancelled after another chunk failed");
            }
            sealSegment();
        }
    }

    /** The segments of every row appended, the last one sealed now. */
    public List<Segment> finish()
    {
        if (rows > 0) {
            sealSegment();
        }
        return List.copyOf(segments);
    }

    /** The statistics of every row appended so far, one summary per column. */
    public ColumnSummary[] summaries()
    {
        ColumnSummary[] summaries = new ColumnSummary[stagers.length];
        for (int i = 0; i < stagers.length; i++) {
            summaries[i] = stagers[i].summary();
        }
        return summaries;
    }

    /** Seals what was appended into one page of the columns {@code columns} (all columns' summaries still count it). */
    public Page sealPage(int[] columns)
    {
        ColumnStatistics[] statistics = new ColumnStatistics[stagers.length];
        ColumnVector[] vectors = new ColumnVector[columns.length];
        for (int i = 0; i < columns.length; i++) {
            vectors[i] = stagers[columns[i]].seal(allocator, statistics, columns[i]);
        }
        Page page = new Page(rows, vectors);
        rows = 0;
        return page;
    }

    private void sealSegment()
    {
        ColumnVector[] vectors = new ColumnVector[stagers.length];
        ColumnStatistics[] statistics = new ColumnStatistics[stagers.length];
        for (int i = 0; i < stagers.length; i++) {
            vectors[i] = stagers[i].seal(allocator, statistics, i);
        }
        segments.add(new PageSegment(new Page(rows, vectors), statistics));
        rows = 0;
    }
}
