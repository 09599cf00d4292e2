package io.signo.core.operator;

import io.signo.core.expression.PageProcessor;
import io.signo.core.operator.scan.RuntimeFilterSelection;
import io.signo.core.operator.scan.ScanRuntimeFilter;
import io.signo.storage.page.Page;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * Filters and projects each input page with a {@link PageProcessor}; holds at most one output page.
 * Right above a table scan it may also apply the runtime filters of the joins above: their
 * selection starts its filter, so the rows are copied once, after every filter, not by the scan first.
 * When the next operator takes {@linkplain Page#selected selected pages} (a join probe, an
 * aggregation), the columns it passes through are not copied: the next operator reads the kept rows
 * in place (see {@link PageProcessor#process(Page, int[], int, io.signo.storage.memory.PageAllocator, boolean)}).
 * It takes selected pages itself (a scan's block with deleted rows, a filter's output): their rows
 * are where its filter starts, as the runtime filters' selection is.
 */
public final class FilterProjectOperator
        implements Operator
{
    private final PageProcessor processor;
    private final OperatorContext context;
    /** Null without runtime filters. */
    private final RuntimeFilterSelection runtimeFilters;
    private Page output;
    private boolean finishing;
    /** The rows of a selected input page, copied: the selection the filter starts from. */
    private int[] rows = new int[0];

    public FilterProjectOperator(OperatorContext context, PageProcessor processor)
    {
        this(context, processor, List.of());
    }

    public FilterProjectOperator(OperatorContext context, PageProcessor processor, List<ScanRuntimeFilter> runtimeFilters)
    {
        this.context = requireNonNull(context, "context is null");
        this.processor = requireNonNull(processor, "processor is null");
        this.runtimeFilters = runtimeFilters.isEmpty() ? null : new RuntimeFilterSelection(context, runtimeFilters);
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return runtimeFilters == null ? NOT_BLOCKED : runtimeFilters.isBlocked();
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && output == null;
    }

    @Override
    public void addInput(Page page)
    {
        requireNonNull(page, "page is null");
        if (!needsInput()) {
            throw new IllegalStateException("operator does not need input");
        }
        boolean mayOutputSelected = context.consumerTakesSelectedRows();
        int[] selection = null;
        int selectedCount = page.positionCount();
        if (page.isSelected()) {
            if (page.columnCount() == 0) {
                page = new Page(selectedCount);
            }
            else {
                // the filter narrows its selection in place, and the page's rows are read only
                if (rows.length < selectedCount) {
                    rows = new int[page.column(0).positionCount()];
                }
                System.arraycopy(page.rows(), 0, rows, 0, selectedCount);
                selection = rows;
                page = page.allRows();
            }
        }
        if (runtimeFilters != null) {
            int count = runtimeFilters.select(page, selection, selectedCount);
            if (count < selectedCount) {
                selection = runtimeFilters.positions();
            }
            selectedCount = count;
        }
        output = processor.process(page, selection, selectedCount, context.allocator(), mayOutputSelected);
    }

    @Override
    public Page getOutput()
    {
        Page result = output;
        output = null;
        return result;
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        return finishing && output == null;
    }

    public static final class FilterProjectOperatorFactory
            implements OperatorFactory
    {
        private final PageProcessor processor;
        private final List<ScanRuntimeFilter> runtimeFilters;

        public FilterProjectOperatorFactory(PageProcessor processor)
        {
            this(processor, List.of());
        }

        /** @param runtimeFilters the runtime filters of the scan right below, applied here instead */
        public FilterProjectOperatorFactory(PageProcessor processor, List<ScanRuntimeFilter> runtimeFilters)
        {
            this.processor = requireNonNull(processor, "processor is null");
            this.runtimeFilters = List.copyOf(runtimeFilters);
        }

        public PageProcessor processor()
        {
            return processor;
        }

        public List<ScanRuntimeFilter> runtimeFilters()
        {
            return runtimeFilters;
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new FilterProjectOperator(context, processor, runtimeFilters);
        }

        /** A selected page's rows start the filter's selection: they are copied at most once, after it. */
        @Override
        public boolean takesSelectedRows()
        {
            return true;
        }

        @Override
        public String name()
        {
            return "FilterProject";
        }

        /** The processor allocates the output's computed columns and scratch that dies within the call. */
        @Override
        public boolean allocatesOnlyItsNextOutput()
        {
            return true;
        }

        /** It holds its output until taken, and of its input only the columns that output passes through. */
        @Override
        public boolean keepsInputOnlyInItsOutput()
        {
            return true;
        }
    }
}
