package io.signo.core.operator.window;

import io.signo.core.expression.DoubleOrder;
import io.signo.core.operator.sort.RowComparator;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.vector.ColumnVector;

/**
 * The rows {@code [start, end)} of one partition of the sorted rows, with their peer groups (rows
 * equal on the ORDER BY keys) and the frame each row reads.
 */
final class WindowPartition
{
    private final SortedRows rows;
    private final int start;
    private final int end;
    private final RowComparator peers;
    /** The one ORDER BY key of a RANGE frame with an offset: its channel and direction; null without one. */
    private final RangeKey rangeKey;

    /** The single ORDER BY key that RANGE offsets measure, and how its values are held. */
    record RangeKey(int channel, boolean ascending, PhysicalType physicalType) {}
    /** Per row of the partition (index row - start): the first row of its peer group and the first after it; computed on first use. */
    private int[] peerStarts;
    private int[] peerEnds;

    /** @param peers compares rows on the ORDER BY keys; null when there are none, all rows then being peers */
    WindowPartition(SortedRows rows, int start, int end, RowComparator peers, RangeKey rangeKey)
    {
        this.rows = rows;
        this.start = start;
        this.end = end;
        this.peers = peers;
        this.rangeKey = rangeKey;
    }

    SortedRows rows()
    {
        return rows;
    }

    int start()
    {
        return start;
    }

    int end()
    {
        return end;
    }

    int size()
    {
        return end - start;
    }

    int peerStart(int row)
    {
        computePeers();
        return peerStarts[row - start];
    }

    int peerEnd(int row)
    {
        computePeers();
        return peerEnds[row - start];
    }

    private void computePeers()
    {
        if (peerStarts != null) {
            return;
        }
        peerStarts = new int[size()];
        peerEnds = new int[size()];
        int groupStart = start;
        for (int groupEnd : SortedRows.runEnds(peers, start, end)) {
            for (int row = groupStart; row < groupEnd; row++) {
                peerStarts[row - start] = groupStart;
                peerEnds[row - start] = groupEnd;
            }
            groupStart = groupEnd;
        }
    }

    /** The first row of {@code row}'s frame. */
    int frameStart(WindowFrame frame, int row)
    {
        FrameBound bound = frame.start();
        return switch (bound.kind()) {
            case UNBOUNDED_PRECEDING -> start;
            case PRECEDING -> frame.rows() ? clamp(row - bound.offset()) : firstWithin(row, bound, false);
            case CURRENT_ROW -> frame.rows() ? row : peerStart(row);
            case FOLLOWING -> frame.rows() ? clamp(row + bound.offset()) : firstWithin(row, bound, false);
            case UNBOUNDED_FOLLOWING -> end;
        };
    }

    /** The first row after {@code row}'s frame; the frame is empty when it is not after {@link #frameStart}. */
    int frameEnd(WindowFrame frame, int row)
    {
        FrameBound bound = frame.end();
        return switch (bound.kind()) {
            case UNBOUNDED_PRECEDING -> start;
            case PRECEDING -> frame.rows() ? clamp(row - bound.offset() + 1) : firstWithin(row, bound, true);
            case CURRENT_ROW -> frame.rows() ? row + 1 : peerEnd(row);
            case FOLLOWING -> frame.rows() ? clamp(row + bound.offset() + 1) : firstWithin(row, bound, true);
            case UNBOUNDED_FOLLOWING -> end;
        };
    }

    /**
     * For a RANGE bound (PRECEDING: that far before {@code row}'s key in the sort's direction; FOLLOWING:
     * after it): the first row whose key is at or past that value, or with {@code past} strictly past it.
     * Rows with a NULL key are one peer group, whose frame is that group; other rows' frames hold no NULL key.
     */
    private int firstWithin(int row, FrameBound bound, boolean past)
    {
        if (isNullKey(row)) {
            return past ? peerEnd(row) : peerStart(row);
        }
        int low = start;
        int high = end;
        // the non-NULL keys are one run, NULLs before or after it
        while (low < high && isNullKey(low)) {
            low = peerEnd(low);
        }
        while (high > low && isNullKey(high - 1)) {
            high = peerStart(high - 1);
        }
        // positions in the sort's direction: an ascending key as it is, a descending one negated
        boolean towardsHigher = (bound.kind() == FrameBound.Kind.FOLLOWING) == rangeKey.ascending();
        if (rangeKey.physicalType() == PhysicalType.DOUBLE) {
            double key = doubleKey(row);
            double target = towardsHigher ? key + bound.doubleOffset() : key - bound.doubleOffset();
            while (low < high) {
                int middle = (low + high) >>> 1;
                double value = doubleKey(middle);
                boolean before = rangeKey.ascending()
                        ? (past ? DoubleOrder.compare(value, target) <= 0 : DoubleOrder.compare(value, target) < 0)
                        : (past ? DoubleOrder.compare(value, target) >= 0 : DoubleOrder.compare(value, target) > 0);
                if (before) {
                    low = middle + 1;
                }
                else {
                    high = middle;
                }
            }
            return low;
        }
        long key = key(row);
        long target = towardsHigher ? saturatedAdd(key, bound.offset()) : saturatedAdd(key, -bound.offset());
        while (low < high) {
            int middle = (low + high) >>> 1;
            long value = key(middle);
            boolean before = rangeKey.ascending()
                    ? (past ? value <= target : value < target)
                    : (past ? value >= target : value > target);
            if (before) {
                low = middle + 1;
            }
            else {
                high = middle;
            }
        }
        return low;
    }

    private boolean isNullKey(int row)
    {
        return rows.column(rangeKey.channel(), row).isNull(SortedRows.position(row));
    }

    private long key(int row)
    {
        ColumnVector column = rows.column(rangeKey.channel(), row);
        int position = SortedRows.position(row);
        return rangeKey.physicalType() == PhysicalType.INT ? column.getInt(position) : column.getLong(position);
    }

    private double doubleKey(int row)
    {
        return rows.column(rangeKey.channel(), row).getDouble(SortedRows.position(row));
    }

    private static long saturatedAdd(long value, long delta)
    {
        long sum = value + delta;
        // overflow when both have the same sign and the sum's differs
        if (((value ^ sum) & (delta ^ sum)) < 0) {
            return delta > 0 ? Long.MAX_VALUE : Long.MIN_VALUE;
        }
        return sum;
    }

    private int clamp(long row)
    {
        return (int) Math.max(start, Math.min(end, row));
    }
}
