package io.signo.core.operator.write;

import io.signo.core.exchange.PagePartitioner;
import io.signo.core.operator.sort.SortOrder;
import io.signo.core.operator.sort.SortedRun;
import io.signo.storage.db.Database.TableWriter;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.TableLayout;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Writes a statement's rows into a stored table the way its layout places them: each row into the
 * partition its keys hash to (the exchange's hash, so equal keys of co-partitioned tables meet), and
 * for a sorted table each partition's rows in runs sorted by the sort key, one file per run, so that
 * every block of a file covers a narrow range of the key and its zone map prunes well.
 *
 * <p>The runs of all partitions hold at most about {@value #BUFFERED_ROWS} rows together, so sorting
 * bounds the memory of a load of any size; a file of a sorted table holds one run (a run stays
 * under a file's 128 blocks, whose last page may overshoot it).
 */
public final class LayoutWriter
{
    static final int BUFFERED_ROWS = 1 << 21;
    private static final int BLOCK_ROWS = TableWriter.BLOCK_ROWS;
    private static final int FILE_ROWS = TableWriter.FILE_ROWS;

    private final TableWriter writer;
    private final PagePartitioner partitioner;
    /** The partition of every row of a table without keys: the writing node's own. */
    private final int spreadPartition;
    private final SortedRun[] runs;
    private final int runRows;
    private final PageAllocator allocator = PageAllocator.transientPages();

    public LayoutWriter(TableWriter writer)
    {
        this(writer, 0);
    }

    /**
     * @param node the number of the node writing: a table of several partitions without keys (a
     *        cluster's, spread over its workers) takes its rows into partition {@code node}
     */
    public LayoutWriter(TableWriter writer, int node)
    {
        this.writer = writer;
        TableLayout layout = writer.layout();
        List<Column> columns = writer.columns();
        int partitions = layout.partitionCount();
        this.spreadPartition = node % partitions;
        this.partitioner = layout.isPartitioned() ? new PagePartitioner(layout.keyColumns(columns), partitions) : null;
        if (layout.isSorted()) {
            List<Type> types = columns.stream().map(Column::type).toList();
            List<Integer> sortChannels = new ArrayList<>();
            for (int channel : layout.sortColumns(columns)) {
                sortChannels.add(channel);
            }
            List<SortOrder> orders = Collections.nCopies(sortChannels.size(), SortOrder.ASC_NULLS_LAST);
            this.runs = new SortedRun[partitions];
            for (int p = 0; p < partitions; p++) {
                runs[p] = new SortedRun(sortChannels, orders, types);
            }
            this.runRows = Math.max(BLOCK_ROWS, Math.min(FILE_ROWS - BLOCK_ROWS, BUFFERED_ROWS / partitions / BLOCK_ROWS * BLOCK_ROWS));
        }
        else {
            this.runs = null;
            this.runRows = 0;
        }
    }

    /** Appends a page of the table's columns, in order. */
    public void append(Page input)
    {
        if (partitioner == null && runs == null) {
            writer.append(spreadPartition, input);
            return;
        }
        // the hash and the sort read a page's vectors position by position
        Page page = input.isSelected() ? input.compact(allocator) : input;
        if (partitioner == null) {
            place(spreadPartition, page);
            return;
        }
        partitioner.split(page, this::place);
    }

    private void place(int partition, Page page)
    {
        if (runs == null) {
            writer.append(partition, page);
            return;
        }
        SortedRun run = runs[partition];
        run.add(page);
        if (run.rowCount() >= runRows) {
            flush(partition);
        }
    }

    /** Writes the partition's run in sorted order into a file of its own. */
    private void flush(int partition)
    {
        SortedRun run = runs[partition];
        if (run.rowCount() == 0) {
            return;
        }
        for (Page sorted = run.next(BLOCK_ROWS, allocator); sorted != null; sorted = run.next(BLOCK_ROWS, allocator)) {
            writer.append(partition, sorted);
        }
        run.clear();
        writer.endFile(partition);
    }

    /** Writes the rows still held and ends the last files; the files count once a commit names them. */
    public List<FileEntry> finish()
    {
        if (runs != null) {
            for (int p = 0; p < runs.length; p++) {
                flush(p);
            }
        }
        return writer.finish();
    }

    /** Drops the rows held and the files written, unless they are finished: the statement failed while writing. */
    public void abort()
    {
        clearRuns();
        writer.abort();
    }

    /** Drops the rows held and every file written, finished or not: no commit named them. */
    public void discard()
    {
        clearRuns();
        writer.discard();
    }

    private void clearRuns()
    {
        if (runs != null) {
            for (SortedRun run : runs) {
                run.clear();
            }
        }
    }
}
