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
    /** The input channel of each projection that is a plain column reference, -1 for the others. */
    private final int[] passedChannels;
    private final boolean onlyPassesColumns;
    /** Some projection passes a column and every computed one is fixed-width, so it can be scattered. */
    private final boolean canScatterComputed;
    /** The projections reusing earlier ones' results for pages of a given width, once computed; see {@link EarlierProjections}. */
    private volatile ReusingProjections reusing;

    /** @param projections null when no projection repeats an earlier one */
    private record ReusingProjections(int inputColumns, List<Expression> projections) {}

    /** @param filter null when every row passes */
    public PageProcessor(PageFilter filter, List<Expression> projections)
    {
        this.filter = filter;
        this.projections = List.copyOf(requireNonNull(projections, "projections is null"));
        this.passedChannels = this.projections.stream().mapToInt(projection -> projection instanceof InputReference input ? input.channel() : -1).toArray();
        this.onlyPassesColumns = Arrays.stream(passedChannels).allMatch(channel -> channel >= 0);
        this.canScatterComputed = Arrays.stream(passedChannels).anyMatch(channel -> channel >= 0)
                && this.projections.stream().allMatch(projection -> projection instanceof InputReference || projection.type().physicalType().fixedWidth() > 0);
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
     * {@link #process(Page, int[], int, PageAllocator)}, but when {@code mayOutputSelected} the rows
     * kept may stay uncopied: the result is then a {@linkplain Page#selected selected page} over the
     * input's columns. So it is when every projection passes a column through, and when at least half
     * the rows are kept and the computed projections are fixed-width: those are evaluated at the kept
     * rows and scattered to them (Q1 keeps 98% of lineitem and passes five of its eight columns,
     * two of them strings, which cost more to copy than three computed numbers cost to scatter).
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
        boolean passRows = onlyPassesColumns || (canScatterComputed && 2L * selectedCount >= positionCount);
        if (mayOutputSelected && passRows && positions != null && !page.isSelected()) {
            // a caller's selection is its scratch, reused for the next page
            int[] rows = ownsPositions ? positions : Arrays.copyOf(positions, selectedCount);
            List<Expression> reusingProjections = reusingProjections(page);
            ColumnVector[] extended = reusingProjections == null ? null : extendedColumns(page);
            for (int i = 0; i < columns.length; i++) {
                if (passedChannels[i] >= 0) {
                    columns[i] = page.column(passedChannels[i]);
                }
                else if (extended == null || reusingProjections.get(i) == projections.get(i)) {
                    columns[i] = projections.get(i).evaluateScattered(page, rows, selectedCount, positionCount, allocator);
                }
                else {
                    columns[i] = reusingProjections.get(i).evaluateScattered(new Page(positionCount, extended.clone()), rows, selectedCount, positionCount, allocator);
                }
                if (extended != null) {
                    extended[page.columnCount() + i] = columns[i];
                }
            }
            return Page.selected(rows, selectedCount, columns);
        }
        // computed columns line up with the input's rows only when every row is kept
        List<Expression> reusingProjections = positions == null && selectedCount == positionCount && !page.isSelected() ? reusingProjections(page) : null;
        ColumnVector[] extended = reusingProjections == null ? null : extendedColumns(page);
        for (int i = 0; i < columns.length; i++) {
            if (extended == null || reusingProjections.get(i) == projections.get(i)) {
                columns[i] = projections.get(i).evaluate(page, positions, selectedCount, allocator);
            }
            else {
                columns[i] = reusingProjections.get(i).evaluate(new Page(positionCount, extended.clone()), null, selectedCount, allocator);
            }
            if (extended != null) {
                extended[page.columnCount() + i] = columns[i];
            }
        }
        return new Page(selectedCount, columns);
    }

    /** The projections with earlier results reused, for pages as wide as this one; null when none repeats. */
    private List<Expression> reusingProjections(Page page)
    {
        int inputColumns = page.columnCount();
        if (inputColumns == 0) {
            return null;
        }
        ReusingProjections known = reusing;
        if (known == null || known.inputColumns() != inputColumns) {
            // every driver computes the same answer, so a race only repeats the work
            known = new ReusingProjections(inputColumns, EarlierProjections.rewrite(projections, inputColumns));
            reusing = known;
        }
        return known.projections();
    }

    /**
     * The input columns followed by one slot per projection, which the caller fills as it computes
     * them; until then a slot holds the first input column, which no rewritten projection reads.
     */
    private ColumnVector[] extendedColumns(Page page)
    {
        int inputColumns = page.columnCount();
        ColumnVector[] extended = new ColumnVector[inputColumns + projections.size()];
        for (int channel = 0; channel < inputColumns; channel++) {
            extended[channel] = page.column(channel);
        }
        Arrays.fill(extended, inputColumns, extended.length, page.column(0));
        return extended;
    }

    @Override
    public String toString()
    {
        return "PageProcessor{filter=" + filter + ", projections=" + projections + "}";
    }
}
