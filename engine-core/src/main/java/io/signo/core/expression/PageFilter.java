package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.memory.ScratchPageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Turns a BOOLEAN predicate into a selection vector: the positions where it is TRUE (not FALSE, not
 * NULL). A conjunction runs term by term on the narrowing selection, so each later term only sees
 * the rows that survived the earlier ones and no row is ever copied; the cheap terms that cannot
 * fail run first ({@link ConjunctOrder}). Immutable and thread safe.
 */
public final class PageFilter
{
    private final List<Expression> conjuncts;
    /** Per conjunct, the selection that runs it straight from the values, or null for the general path. */
    private final ComparisonSelection[] selections;
    private final PageAllocator allocator;

    public PageFilter(Expression predicate)
    {
        requireNonNull(predicate, "predicate is null");
        if (!predicate.type().equals(Type.BOOLEAN)) {
            throw new IllegalArgumentException("filter predicate is not BOOLEAN: " + predicate.type());
        }
        List<Expression> terms = predicate instanceof LogicalExpression logical && logical.form() == LogicalExpression.Form.AND
                ? ConjunctOrder.order(logical.terms())
                : List.of(predicate);
        // ranges over one column (d >= X AND d < Y) merge into one selection, read in one pass
        List<Expression> conjuncts = new ArrayList<>();
        List<ComparisonSelection> selections = new ArrayList<>();
        for (Expression term : terms) {
            ComparisonSelection selection = ComparisonSelection.of(term);
            ComparisonSelection merged = selection == null || selections.isEmpty() || selections.getLast() == null ? null : selections.getLast().intersect(selection);
            if (merged != null) {
                selections.set(selections.size() - 1, merged);
                conjuncts.set(conjuncts.size() - 1, Expressions.and(List.of(conjuncts.getLast(), term)));
                continue;
            }
            conjuncts.add(term);
            selections.add(selection);
        }
        this.conjuncts = List.copyOf(conjuncts);
        this.selections = selections.toArray(new ComparisonSelection[0]);
        // for a nested filter on the same thread, whose scratch memory the outer filter holds
        this.allocator = PageAllocator.transientPages();
    }

    /**
     * Writes the selected positions, ascending, to {@code outputPositions} (which must hold
     * {@code page.positionCount()} ints) and returns how many there are.
     */
    public int filter(Page page, int[] outputPositions)
    {
        int positionCount = page.positionCount();
        if (outputPositions.length < positionCount) {
            throw new IllegalArgumentException("outputPositions holds " + outputPositions.length + " ints, page has " + positionCount + " positions");
        }
        return filter(page, outputPositions, positionCount, true);
    }

    /**
     * Narrows a selection: keeps, of {@code positions[0 .. count)} (ascending positions of the page),
     * those where the predicate is TRUE, in order, at the front; returns how many.
     */
    public int filter(Page page, int[] positions, int count)
    {
        return filter(page, positions, count, false);
    }

    private int filter(Page page, int[] positions, int count, boolean all)
    {
        // each term's result is read here and dropped: it lives in the thread's scratch memory
        ScratchPageAllocator scratch = ScratchPageAllocator.open();
        try {
            return filter(page, positions, count, all, scratch != null ? scratch : allocator);
        }
        finally {
            if (scratch != null) {
                scratch.close();
            }
        }
    }

    private int filter(Page page, int[] outputPositions, int selectedCount, boolean all, PageAllocator allocator)
    {
        for (int term = 0; term < selections.length; term++) {
            if (selectedCount == 0) {
                return 0;
            }
            if (selections[term] != null) {
                selectedCount = selections[term].select(page, outputPositions, selectedCount, all);
                all = false;
                continue;
            }
            ColumnVector result = conjuncts.get(term).evaluate(page, all ? null : outputPositions, selectedCount, allocator);
            MemorySegment values = result.values();
            MemorySegment nulls = result.nulls();
            int kept = 0;
            if (all) {
                for (int i = 0; i < selectedCount; i++) {
                    outputPositions[kept] = i;
                    kept += isTrue(values, nulls, i);
                }
            }
            else {
                for (int i = 0; i < selectedCount; i++) {
                    outputPositions[kept] = outputPositions[i];
                    kept += isTrue(values, nulls, i);
                }
            }
            selectedCount = kept;
            all = false;
        }
        return selectedCount;
    }

    private static int isTrue(MemorySegment values, MemorySegment nulls, int index)
    {
        // branch-free when nothing is null: the value byte is 0 or 1
        int value = values.get(ValueLayout.JAVA_BYTE, index);
        if (nulls != null && NullBitmap.isNull(nulls, index)) {
            return 0;
        }
        return value;
    }

    @Override
    public String toString()
    {
        return "PageFilter" + conjuncts;
    }
}
