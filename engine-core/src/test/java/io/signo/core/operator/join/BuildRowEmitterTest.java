package io.signo.core.operator.join;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.List;

import static io.signo.core.operator.TestingPages.page;
import static io.signo.core.operator.TestingPages.row;
import static io.signo.core.operator.TestingPages.rows;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

class BuildRowEmitterTest
{
    private static final List<Type> BUILD_TYPES = List.of(Type.BIGINT, Type.VARCHAR);
    private static final List<Type> PROBE_TYPES = List.of(Type.INTEGER, Type.VARCHAR);
    private static final List<Page> BUILD = List.of(
            page(BUILD_TYPES, row(1L, "a"), row(2L, "b")),
            page(BUILD_TYPES, row(3L, "c")),
            page(BUILD_TYPES, row(4L, "d"), row(null, "e"), row(5L, "f")));

    private final LookupSource source = LookupSources.build(BUILD, List.of(0), BUILD_TYPES);

    @Test
    void unmatchedRowsComeOnePageAtATimeWithNullProbeColumns()
    {
        byte[][] marks = marks();
        JoinOutputBuilder output = new JoinOutputBuilder(new int[] {1, 0}, new int[] {1}, PROBE_TYPES, source);
        BuildRowEmitter emitter = new BuildRowEmitter(marks, false, output);
        // page 1 has no unmatched row, so the second call goes on to page 2
        assertEquals(List.of(row(null, null, "b")), rows(List.of(emitter.next(PageAllocator.transientPages()))));
        assertFalse(emitter.isDone());
        Page last = emitter.next(PageAllocator.transientPages());
        assertEquals(List.of(row(null, null, "d"), row(null, null, "e")), rows(List.of(last)));
        assertEquals(Type.INTEGER, last.column(1).type());
        assertEquals(Type.VARCHAR, last.column(0).type());
        assertTrue(emitter.isDone());
        assertNull(emitter.next(PageAllocator.transientPages()));
    }

    @Test
    void markedRowsWithEveryBuildColumn()
    {
        JoinOutputBuilder output = new JoinOutputBuilder(new int[0], new int[] {0, 1}, PROBE_TYPES, source);
        BuildRowEmitter emitter = new BuildRowEmitter(marks(), true, output);
        assertEquals(List.of(row(1L, "a")), rows(List.of(emitter.next(PageAllocator.transientPages()))));
        assertEquals(List.of(row(3L, "c")), rows(List.of(emitter.next(PageAllocator.transientPages()))));
        assertEquals(List.of(row(5L, "f")), rows(List.of(emitter.next(PageAllocator.transientPages()))));
        assertTrue(emitter.isDone());
        assertNull(emitter.next(PageAllocator.transientPages()));
    }

    @Test
    void nothingToEmitEndsAtOnce()
    {
        byte[][] marks = new BuildRowMarks(1).marks(source);
        for (byte[] pageMarks : marks) {
            Arrays.fill(pageMarks, (byte) 1);
        }
        BuildRowEmitter emitter = new BuildRowEmitter(marks, false, new JoinOutputBuilder(new int[0], new int[] {0}, PROBE_TYPES, source));
        assertFalse(emitter.isDone());
        assertNull(emitter.next(PageAllocator.transientPages()));
        assertTrue(emitter.isDone());
    }

    /** Rows a, c and f matched. */
    private byte[][] marks()
    {
        byte[][] marks = new BuildRowMarks(1).marks(source);
        BuildRowMarks.mark(marks, source.address(0));
        BuildRowMarks.mark(marks, source.address(2));
        BuildRowMarks.mark(marks, source.address(5));
        return marks;
    }
}
