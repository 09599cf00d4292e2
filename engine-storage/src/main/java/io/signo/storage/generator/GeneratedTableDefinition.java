package io.signo.storage.generator;

import io.signo.storage.table.Column;
import io.signo.storage.table.Partitioning;

import java.util.List;

/**
 * A table a benchmark's generator makes: its name, columns with SQL types, partitioning, and how the
 * rows of one chunk of the generator's split are appended to a {@link SegmentBuilder}, in column order.
 */
public interface GeneratedTableDefinition
{
    String name();

    List<Column> columns();

    /** Replicated tables are generated whole, as one chunk; the others in as many chunks as partitions. */
    Partitioning partitioning();

    /**
     * Appends the rows of chunk {@code chunk} (1-based) of {@code chunkCount} to {@code rows}, calling
     * {@link SegmentBuilder#endRow()} after each. Runs on a generator thread; must be safe to call
     * for different chunks at once.
     */
    void generate(double scaleFactor, int chunk, int chunkCount, SegmentBuilder rows);
}
