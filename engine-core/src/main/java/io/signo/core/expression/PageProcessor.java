package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.vector.ColumnVector;

import java.util.Arrays;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * Filters a page to a selection vector, then evaluates the projections only at the selected
 * positions. A projection that is a plain column reference passes the input vector through
 * uncopied when no row was filtered out. Immutable and thread safe; shared by all drivers.
 */
public final class PageProcessor
{
    private final PageFilter filter;
    private final List<Expression> projections;
    /** The input channel of each projection when every one is a plain column reference; else null. */
    private final int[] passedChannels;

    /** @param filter null when every row passes */
    public PageProcessor(PageFilter filter, List<Expression> projections)
    {
        this.filter = filter;
        this.projections = List.copyOf(requireNonNull(projections, "projections is null"));
        this.passedChannels = this.projections.stream().allMatch(InputReference.class::isInstance)
                ? this.projections.stream().mapToInt(projection -> ((InputReference) projection).channel()).toArray()
                : null;
    }

    /** True when every projection is a column of the input, so that a selection can pass the columns on uncopied. */
    public boolean onlyPassesColumns()
    {
        return passedChannels != null;
    }

    public List<Expression> projections()
    {
        return projections;
    }

    /** The projected page of the selected rows, or null when no row is selected. */
    public Page process(Page page, PageAllocator allocator)
    {
        return process(page, null, page.positionCount(), allocator);
    }

    /**
     * {@link #process(Page, PageAllocator)} of the rows {@code selection[0 .. count)} only (ascending
     * positions, as a runtime filter selects them; all rows when {@code selection} is null): the
     * filter narrows that selection in place, and the rows are copied once, after it.
     */
    public Page process(Page page, int[] selection, int count, PageAllocator allocator)
    {
        return process(page, selection, count, allocator, false);
    }

    /**
     * {@link #process(Page, int[], int, PageAllocator)}, but when {@code mayOutputSelected} and every
     * projection passes a column through, the rows kept are not copied: the result is a
     * {@linkplain Page#selected selected page} over the input's columns.
     */
    public Page process(Page page, int[] selection, int count, PageAllocator allocator, boolean mayOutputSelected)
    {
        int positionCount = page.positionCount();
        if (count == 0) {
            return null;
        }
        int[] positions = selection;
        boolean ownsPositions = false;
        int selectedCount = count;
        if (filter != null) {
            if (positions == null) {
                positions = new int[positionCount];
                ownsPositions = true;
                selectedCount = filter.filter(page, positions);
            }
            else {
                selectedCount = filter.filter(page, positions, count);
            }
            if (selectedCount == 0) {
                return null;
            }
            if (selectedCount == positionCount) {
                positions = null;
            }
        }
        ColumnVector[] columns = new ColumnVector[projections.size()];
        if (mayOutputSelected && passedChannels != null && positions != null && !page.isSelected()) {
            for (int i = 0; i < columns.length; i++) {
                columns[i] = page.column(passedChannels[i]);
            }
            // a caller's selection is its scratch, reused for the next page
            return Page.selected(ownsPositions ? positions : Arrays.copyOf(positions, selectedCount), selectedCount, columns);
        }
        for (int i = 0; i < columns.length; i++) {
            columns[i] = projections.get(i).evaluate(page, positions, selectedCount, allocator);
        }
        return new Page(selectedCount, columns);
    }

    @Override
    public String toString()
    {
        return "PageProcessor{filter=" + filter + ", projections=" + projections + "}";
    }
}
