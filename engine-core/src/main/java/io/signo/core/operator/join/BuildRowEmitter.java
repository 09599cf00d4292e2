package io.signo.core.operator.join;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;

/**
 * Puts out the build rows whose {@linkplain BuildRowMarks mark} is the wanted one, a build page at
 * a time: a RIGHT join's unmatched build rows, a right semi join's matched ones, a right anti join's
 * unmatched ones. Run by the last probe operator of the join on a node, once every mark is written.
 */
final class BuildRowEmitter
{
    private final byte[][] marks;
    private final byte wanted;
    private final JoinOutputBuilder output;
    private int nextPage;
    private int[] positions = new int[0];

    /** @param emitMarked true for the rows some probe row matched, false for the rows none did */
    BuildRowEmitter(byte[][] marks, boolean emitMarked, JoinOutputBuilder output)
    {
        this.marks = marks;
        this.wanted = emitMarked ? (byte) 1 : (byte) 0;
        this.output = output;
    }

    /** The wanted rows of the next build page that has any, or null when no page has any left. */
    Page next(PageAllocator allocator)
    {
        while (nextPage < marks.length) {
            int page = nextPage++;
            byte[] pageMarks = marks[page];
            if (positions.length < pageMarks.length) {
                positions = new int[pageMarks.length];
            }
            int count = BuildRowMarks.positionsMarked(pageMarks, wanted, positions);
            if (count > 0) {
                return output.buildRowsWithNullProbe(page, positions, count, allocator);
            }
        }
        return null;
    }

    /** Whether every build page has been looked at. */
    boolean isDone()
    {
        return nextPage >= marks.length;
    }
}
