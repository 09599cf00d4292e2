package io.signo.core.operator.scan;

import io.signo.storage.table.ColumnStatistics;
import io.signo.storage.table.Segment;
import io.signo.storage.table.ZoneStatistics;

import java.io.Serializable;
import java.util.ArrayList;
import java.util.List;

/**
 * A conjunction of column constraints taken from a scan's filter, checked against each segment's
 * min/max statistics so that the scan skips segments in which no row can pass the filter. Pruning
 * is an optimization only: the filter still runs on the segments that are kept.
 */
public final class SegmentPredicate
        implements Serializable
{
    /** The predicate that keeps every segment. */
    public static final SegmentPredicate ALL = new SegmentPredicate(List.of());

    private final List<ColumnConstraint> constraints;

    public SegmentPredicate(List<ColumnConstraint> constraints)
    {
        this.constraints = List.copyOf(constraints);
    }

    public List<ColumnConstraint> constraints()
    {
        return constraints;
    }

    /** True when the predicate has no constraint and so keeps every segment. */
    public boolean isAll()
    {
        return constraints.isEmpty();
    }

    /**
     * False only when the segment's statistics prove that no row of it satisfies every constraint:
     * its own min and max of a constrained column, then, when those keep it, the column's zones
     * ({@link Segment#zoneStatistics}), of which at least one must match. A segment without
     * statistics for a constrained column is kept.
     */
    public boolean mayMatch(Segment segment)
    {
        ColumnStatistics[] statistics = segment.columnStatistics();
        int positionCount = segment.statisticsRowCount();
        for (ColumnConstraint constraint : constraints) {
            int column = constraint.column();
            if (statistics != null && column < statistics.length && !constraint.mayMatch(statistics[column], positionCount)) {
                return false;
            }
        }
        for (ColumnConstraint constraint : constraints) {
            if (!anyZoneMayMatch(constraint, segment.zoneStatistics(constraint.column()))) {
                return false;
            }
        }
        return true;
    }

    private static boolean anyZoneMayMatch(ColumnConstraint constraint, List<ZoneStatistics> zones)
    {
        if (zones.isEmpty()) {
            return true;
        }
        for (ZoneStatistics zone : zones) {
            if (constraint.mayMatch(zone.statistics(), zone.rowCount())) {
                return true;
            }
        }
        return false;
    }

    /** The constraints as text over the table's column names, e.g. {@code [l_shipdate <= 10471]}. */
    public String describe(List<String> columnNames)
    {
        List<String> texts = new ArrayList<>(constraints.size());
        for (ColumnConstraint constraint : constraints) {
            texts.add(constraint.describe(columnNames.get(constraint.column())));
        }
        return texts.toString();
    }

    @Override
    public String toString()
    {
        List<String> texts = new ArrayList<>(constraints.size());
        for (ColumnConstraint constraint : constraints) {
            texts.add(constraint.describe("#" + constraint.column()));
        }
        return texts.toString();
    }
}
