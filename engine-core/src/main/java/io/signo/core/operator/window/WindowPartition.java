package io.signo.core.operator.window;

import io.signo.core.operator.sort.RowComparator;

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
    /** Per row of the partition (index row - start): the first row of its peer group and the first after it; computed on first use. */
    private int[] peerStarts;
    private int[] peerEnds;

    /** @param peers compares rows on the ORDER BY keys; null when there are none, all rows then being peers */
    WindowPartition(SortedRows rows, int start, int end, RowComparator peers)
    {
        this.rows = rows;
        this.start = start;
        this.end = end;
        this.peers = peers;
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
            case PRECEDING -> clamp(row - bound.offset());
            case CURRENT_ROW -> frame.rows() ? row : peerStart(row);
            case FOLLOWING -> clamp(row + bound.offset());
            case UNBOUNDED_FOLLOWING -> end;
        };
    }

    /** The first row after {@code row}'s frame; the frame is empty when it is not after {@link #frameStart}. */
    int frameEnd(WindowFrame frame, int row)
    {
        FrameBound bound = frame.end();
        return switch (bound.kind()) {
            case UNBOUNDED_PRECEDING -> start;
            case PRECEDING -> clamp(row - bound.offset() + 1);
            case CURRENT_ROW -> frame.rows() ? row + 1 : peerEnd(row);
            case FOLLOWING -> clamp(row + bound.offset() + 1);
            case UNBOUNDED_FOLLOWING -> end;
        };
    }

    private int clamp(long row)
    {
        return (int) Math.max(start, Math.min(end, row));
    }
}
