package io.signo.core.operator.join;

import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.vector.ColumnVector;

/**
 * Which build rows of a right semi or anti join (see {@link RightSemiJoinOperator}) matched a probe
 * row, shared by the probe operators of one join on one node; and which of those operators is the
 * last to finish, the one that emits the result.
 *
 * <p>The marks are one shared byte per build row, written with plain stores of 1 and never cleared:
 * a write is idempotent and a byte store never tears (JLS 17.6), so concurrent probe drivers need no
 * lock and lose no mark (unlike bits packed in a shared long, where two drivers setting different
 * bits of one word could undo each other), and there is no per-driver copy to OR at the end. The
 * emitting operator sees every mark because each probe operator calls the synchronized
 * {@link #probeFinished()} after its last write and the emitter calls it last.
 * Thread safe. One instance per join per task.
 */
public final class BuildRowMarks
{
    private final int probeDriverCount;
    private byte[][] marks;
    private long unclaimedBytes;
    private int finishedProbes;

    /** @param probeDriverCount how many probe operators will report {@link #probeFinished()} */
    public BuildRowMarks(int probeDriverCount)
    {
        if (probeDriverCount < 1) {
            throw new IllegalArgumentException("probeDriverCount must be positive: " + probeDriverCount);
        }
        this.probeDriverCount = probeDriverCount;
    }

    /** The marks of every build row, [build page][position], all 0 when first asked for. */
    synchronized byte[][] marks(LookupSource source)
    {
        if (marks == null) {
            // channel 0 exists: a hash join's build side has at least its key column
            ColumnVector[] pages = source.columns(0);
            marks = new byte[pages.length][];
            long bytes = 0;
            for (int page = 0; page < pages.length; page++) {
                marks[page] = new byte[pages[page].positionCount()];
                bytes += marks[page].length;
            }
            unclaimedBytes = bytes;
        }
        return marks;
    }

    /** The bytes of the marks to the first caller, who accounts for them; 0 afterwards. */
    synchronized long claimBytes()
    {
        long bytes = unclaimedBytes;
        unclaimedBytes = 0;
        return bytes;
    }

    /** Records that one probe operator is done marking; true for the last of them, which emits. */
    synchronized boolean probeFinished()
    {
        if (finishedProbes >= probeDriverCount) {
            throw new IllegalStateException("more probe operators finished than the " + probeDriverCount + " expected");
        }
        finishedProbes++;
        return finishedProbes == probeDriverCount;
    }

    static boolean isMarked(byte[][] marks, long address)
    {
        return marks[PageAddresses.pageIndex(address)][PageAddresses.position(address)] != 0;
    }

    static void mark(byte[][] marks, long address)
    {
        marks[PageAddresses.pageIndex(address)][PageAddresses.position(address)] = 1;
    }

    /** Marks the build rows of {@code addresses[0 .. count)}. */
    static void markAll(byte[][] marks, long[] addresses, int count)
    {
        for (int i = 0; i < count; i++) {
            mark(marks, addresses[i]);
        }
    }

    /** Marks the build rows of {@code addresses[indexes[i]]} for i in {@code [0, count)}. */
    static void markAt(byte[][] marks, long[] addresses, int[] indexes, int count)
    {
        for (int i = 0; i < count; i++) {
            mark(marks, addresses[indexes[i]]);
        }
    }

    /**
     * Writes the positions of one build page whose mark is {@code wanted} (1: matched, 0: never matched)
     * to {@code positions}, which must hold the page's rows, and returns how many there are.
     */
    static int positionsMarked(byte[] pageMarks, byte wanted, int[] positions)
    {
        int count = 0;
        for (int position = 0; position < pageMarks.length; position++) {
            positions[count] = position;
            count += pageMarks[position] == wanted ? 1 : 0;
        }
        return count;
    }
}
