package io.signo.storage.table;

import io.signo.storage.page.Page;

/**
 * A sealed, immutable run of rows of one partition: one page (a morsel for scans) plus the min and
 * max of each column for pruning. {@code columnStatistics[i]} describes column i.
 */
public record Segment(Page page, ColumnStatistics[] columnStatistics) {}
