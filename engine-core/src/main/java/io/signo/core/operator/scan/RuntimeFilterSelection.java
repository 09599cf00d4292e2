package io.signo.core.operator.scan;

import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.join.RuntimeFilter;
import io.signo.core.operator.join.RuntimeFilterProbe;
import io.signo.storage.page.Page;
import io.signo.storage.table.ColumnTest;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static io.signo.core.operator.Operator.NOT_BLOCKED;
import static java.util.Objects.requireNonNull;

/**
 * One operator's use of the runtime filters of the hash joins above it: selects the rows of each
 * page that may have a join partner, as positions, without copying anything. A table scan copies
 * the selected rows into a smaller page; a filter-and-project right above the scan starts its own
 * filter from the selection instead, so the rows are copied once, after every filter.
 *
 * <p>A filter becomes active when its join's build is done ({@link #isBlocked()} waits for that, or
 * for as long as its {@link io.signo.core.operator.join.RuntimeFilterSource} says is worth it; until
 * then rows pass). A filter that rejects less than {@link #MIN_REJECTED_FRACTION} of a window
 * of {@link #ADAPT_WINDOW_ROWS} rows is dropped: testing every row then costs more than it saves.
 * Scratch state of one driver.
 */
public final class RuntimeFilterSelection
{
    private static final int ADAPT_WINDOW_ROWS = 1 << 16;
    private static final double MIN_REJECTED_FRACTION = 0.2;

    private static final byte FILTER_PENDING = 0;
    private static final byte FILTER_ACTIVE = 1;
    private static final byte FILTER_OFF = 2;
    /** The key's column in the one-column page a column test probes. */
    private static final int[] KEY_CHANNEL = {0};

    private final OperatorContext context;
    private final ScanRuntimeFilter[] filters;
    private final RuntimeFilterProbe[] probes;
    private final byte[] states;
    private final RejectionWindow[] windows;
    /** Filters that segments run as column tests while they read ({@link #columnTests}); {@link #select} skips them. */
    private final boolean[] testedOnRead;
    /** The positions of the page being filtered that every filter so far kept, at the front. */
    private int[] positions = new int[0];

    public RuntimeFilterSelection(OperatorContext context, List<ScanRuntimeFilter> filters)
    {
        this.context = requireNonNull(context, "context is null");
        this.filters = filters.toArray(new ScanRuntimeFilter[0]);
        int count = this.filters.length;
        this.probes = new RuntimeFilterProbe[count];
        this.states = new byte[count];
        this.windows = new RejectionWindow[count];
        for (int filter = 0; filter < count; filter++) {
            windows[filter] = new RejectionWindow();
        }
        this.testedOnRead = new boolean[count];
    }

    /**
     * The filters as tests that a stored segment runs while it reads, before it decodes the other
     * columns. A filter on one key column is run there alone, and {@link #select} no longer runs it. A
     * filter on several keys also gets a test of each key's one-key filter (a superset of its rows:
     * Q2's partsupp probe keeps 0.2% of its rows by part key alone), and {@link #select} still runs it
     * whole on the rows read. {@code tableColumns[channel]} is the table column of each of the scan's
     * output columns.
     */
    public List<ColumnTest> columnTests(int[] tableColumns)
    {
        List<ColumnTest> tests = new ArrayList<>();
        for (int filter = 0; filter < filters.length; filter++) {
            int[] keyChannels = filters[filter].keyChannels();
            if (keyChannels.length == 1) {
                testedOnRead[filter] = true;
                tests.add(new KeyColumnTest(filter, tableColumns[keyChannels[0]]));
                continue;
            }
            for (int key = 0; key < keyChannels.length; key++) {
                tests.add(new OneKeyOfSeveralTest(filter, key, tableColumns[keyChannels[key]]));
            }
        }
        return tests;
    }

    /**
     * The one-key filter of one key of a filter on several keys, run on that key's column. It judges
     * itself (the whole filter is judged on what {@link #select} sees, the rows this test kept), and
     * passes every row until the join's build is done, or when the key has no one-key filter.
     */
    private final class OneKeyOfSeveralTest
            implements ColumnTest
    {
        private final int filter;
        private final int key;
        private final int column;
        private byte state = FILTER_PENDING;
        private final RejectionWindow window = new RejectionWindow();
        private RuntimeFilterProbe probe;

        OneKeyOfSeveralTest(int filter, int key, int column)
        {
            this.filter = filter;
            this.key = key;
            this.column = column;
        }

        @Override
        public int column()
        {
            return column;
        }

        @Override
        public int keep(ColumnVector values, int[] positions, int count)
        {
            if (state == FILTER_PENDING && filters[filter].source().isBuilt()) {
                RuntimeFilter whole = filters[filter].source().runtimeFilter();
                RuntimeFilter keyFilter = whole == null ? null : whole.keyFilter(key);
                state = keyFilter == null ? FILTER_OFF : FILTER_ACTIVE;
                probe = state == FILTER_ACTIVE ? new RuntimeFilterProbe(keyFilter, KEY_CHANNEL) : null;
            }
            if (state != FILTER_ACTIVE || count == 0) {
                return count;
            }
            int kept = filterColumn(probe, values, positions, count);
            if (!window.stillPays(count, count - kept)) {
                state = FILTER_OFF;
                probe = null;
            }
            return kept;
        }
    }

    /** One filter run on one column's values, by a segment as it reads. */
    private final class KeyColumnTest
            implements ColumnTest
    {
        private final int filter;
        private final int column;
        private RuntimeFilterProbe probe;

        KeyColumnTest(int filter, int column)
        {
            this.filter = filter;
            this.column = column;
        }

        @Override
        public int column()
        {
            return column;
        }

        @Override
        public int keep(ColumnVector values, int[] positions, int count)
        {
            if (states[filter] == FILTER_PENDING) {
                activate(filter);
            }
            if (states[filter] != FILTER_ACTIVE || count == 0) {
                return count;
            }
            if (probe == null) {
                probe = new RuntimeFilterProbe(filters[filter].source().runtimeFilter(), KEY_CHANNEL);
            }
            int kept = filterColumn(probe, values, positions, count);
            filters[filter].record(count, count - kept);
            judge(filter, count, count - kept);
            return kept;
        }
    }

    /** Pending until every filter's build is done, so that no page goes by untested. */
    public CompletableFuture<?> isBlocked()
    {
        for (int filter = 0; filter < filters.length; filter++) {
            if (states[filter] == FILTER_PENDING) {
                CompletableFuture<?> built = filters[filter].source().whenScansMayStart();
                if (!built.isDone()) {
                    return built;
                }
            }
        }
        return NOT_BLOCKED;
    }

    /**
     * How many of the page's rows pass every active filter. When fewer than all, they are
     * {@link #positions()}{@code [0 .. count)}, ascending; each filter tests only the rows the ones
     * before it kept.
     */
    public int select(Page page)
    {
        return select(page, null, page.positionCount());
    }

    /**
     * As {@link #select(Page)}, of the positions {@code selection[0 .. count)} of a dense page only
     * (ascending; all positions when {@code selection} is null), which stays unchanged: when fewer
     * than {@code selectionCount} pass, they are {@link #positions()}{@code [0 .. returned)}.
     */
    public int select(Page page, int[] selection, int selectionCount)
    {
        int positionCount = page.positionCount();
        int count = selectionCount;
        boolean tested = false;
        for (int filter = 0; filter < filters.length && count > 0; filter++) {
            if (testedOnRead[filter]) {
                continue;
            }
            if (states[filter] == FILTER_PENDING) {
                activate(filter);
            }
            if (states[filter] != FILTER_ACTIVE) {
                continue;
            }
            if (!tested) {
                if (positions.length < positionCount) {
                    positions = new int[positionCount];
                    reserveScratch();
                }
                if (selection == null) {
                    for (int position = 0; position < positionCount; position++) {
                        positions[position] = position;
                    }
                }
                else {
                    System.arraycopy(selection, 0, positions, 0, count);
                }
                tested = true;
            }
            int before = count;
            count = probes[filter].filter(page, positions, count, count == positionCount);
            filters[filter].record(before, before - count);
            judge(filter, before, before - count);
        }
        return count;
    }

    /** The selected positions of the last {@link #select}, valid until the next. */
    public int[] positions()
    {
        return positions;
    }

    private void activate(int filter)
    {
        ScanRuntimeFilter binding = filters[filter];
        if (!binding.source().isBuilt()) {
            return;
        }
        RuntimeFilter runtimeFilter = binding.source().runtimeFilter();
        if (runtimeFilter == null) {
            states[filter] = FILTER_OFF;
            return;
        }
        probes[filter] = new RuntimeFilterProbe(runtimeFilter, binding.keyChannels());
        states[filter] = FILTER_ACTIVE;
    }

    private void reserveScratch()
    {
        long scratch = (long) positions.length * Integer.BYTES;
        for (RuntimeFilterProbe probe : probes) {
            // a probe's key arrays grow with the page on its first use: count them at the page's size
            scratch += probe == null ? 0 : Math.max(probe.retainedBytes(), (long) positions.length * Long.BYTES * 2);
        }
        context.memory().setBytes(scratch);
    }

    private void judge(int filter, int tested, int rejected)
    {
        if (!windows[filter].stillPays(tested, rejected)) {
            states[filter] = FILTER_OFF;
            probes[filter] = null;
        }
    }

    /** A filter of one key tested on that key's column alone: the column is channel 0 of a one-column page. */
    private static int filterColumn(RuntimeFilterProbe probe, ColumnVector values, int[] positions, int count)
    {
        return probe.filter(new Page(values.positionCount(), values), positions, count, count == values.positionCount());
    }

    /** The rows a filter tested and rejected in the current window of {@link #ADAPT_WINDOW_ROWS} rows. */
    private static final class RejectionWindow
    {
        private long tested;
        private long rejected;

        /** Counts a test; false when a full window ends with less than {@link #MIN_REJECTED_FRACTION} of its rows rejected. */
        boolean stillPays(long testedRows, long rejectedRows)
        {
            tested += testedRows;
            rejected += rejectedRows;
            if (tested < ADAPT_WINDOW_ROWS) {
                return true;
            }
            boolean pays = rejected >= tested * MIN_REJECTED_FRACTION;
            tested = 0;
            rejected = 0;
            return pays;
        }
    }
}
