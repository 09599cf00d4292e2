package io.signo.storage.table;

import java.util.List;

/** One partition of a table: its sealed segments. */
public record Partition(int index, List<Segment> segments) {}
