package io.signo.core.operator.aggregation;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.memory.ExceededMemoryLimitException;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * GROUP BY with aggregates, or a global aggregation when there are no group keys. A pipeline
 * breaker: it consumes all input, then emits one row per group (group keys first, then one column
 * per aggregate, or each aggregate's intermediate columns in the PARTIAL step) in pages of at most
 * {@link #MAX_OUTPUT_ROWS} rows. A global aggregation in the SINGLE and FINAL steps emits exactly one
 * row, even on empty input.
 *
 * <p>A PARTIAL step that finds, after {@link #PASS_THROUGH_DECISION_ROWS} rows, that nearly every row
 * is a group of its own stops grouping and passes each later page on at once, every row its own
 * group; the FINAL step merges them with the groups it built first. A PARTIAL step that comes to
 * hold {@link #PARTIAL_FLUSH_GROUPS} groups emits them and starts afresh (or passes the rest through,
 * when they hardly shrank the rows), so that its memory is bounded.
 */
public final class HashAggregationOperator
        implements Operator
{
    public static final int MAX_OUTPUT_ROWS = 8192;
    /** A PARTIAL step decides whether it reduces its input once it has seen this many rows. */
    static final long PASS_THROUGH_DECISION_ROWS = 100_000;
    /** ... and passes rows through when its groups are more than this share of them. */
    static final double PASS_THROUGH_GROUP_RATIO = 0.8;
    /**
     * A PARTIAL step emits its groups and starts afresh once it holds this many, so that its memory
     * stays bounded whatever the order of its input: rows of many groups that arrive spread out (a
     * table sorted on another column) would otherwise have every driver hold nearly every group.
     */
    static final int PARTIAL_FLUSH_GROUPS = 1 << 20;
    /** Below this many expected groups a hash grows as groups come: its rehashes stay in the caches. */
    static final long MIN_PRESIZED_GROUPS = 1 << 16;
    static final long MAX_PRESIZED_GROUPS = 1 << 24;

    /**
     * Describes an aggregation step. The FINAL step takes the same group channels and aggregate
     * calls as SINGLE: it reads the group keys at channels 0 .. g - 1 and then the intermediate
     * columns of each call, in order, as a PARTIAL step with the same arguments emits them.
     */
    public static final class HashAggregationOperatorFactory
            implements OperatorFactory
    {
        private final List<Integer> groupChannels;
        private final List<Type> groupTypes;
        private final List<AggregateCall> aggregates;
        private final AggregationStep step;
        private final long expectedGroups;

        public HashAggregationOperatorFactory(List<Integer> groupChannels, List<Type> groupTypes, List<AggregateCall> aggregates, AggregationStep step)
        {
            this(groupChannels, groupTypes, aggregates, step, 0);
        }

        /**
         * @param expectedGroups the groups the planner expects each operator of a FINAL or SINGLE
         *         step to hold (0 when unknown): a hash of one INTEGER-like key is made that large at
         *         once, so that growing to them takes no rehash of millions of groups
         */
        public HashAggregationOperatorFactory(List<Integer> groupChannels, List<Type> groupTypes, List<AggregateCall> aggregates, AggregationStep step, long expectedGroups)
        {
            this.expectedGroups = expectedGroups;
            this.groupChannels = List.copyOf(requireNonNull(groupChannels, "groupChannels is null"));
            this.groupTypes = List.copyOf(requireNonNull(groupTypes, "groupTypes is null"));
            this.aggregates = List.copyOf(requireNonNull(aggregates, "aggregates is null"));
            this.step = requireNonNull(step, "step is null");
            if (groupChannels.size() != groupTypes.size()) {
                throw new IllegalArgumentException("groupChannels has " + groupChannels.size() + " entries, groupTypes " + groupTypes.size());
            }
            for (AggregateCall aggregate : this.aggregates) {
                // fails here, at plan time, on unsupported type combinations
                aggregate.createAccumulator();
            }
        }

        /** The columns a PARTIAL step emits for {@code call} after the group keys; see {@link AggregateCall#intermediateTypes()}. */
        public static List<Type> intermediateTypes(AggregateCall call)
        {
            return call.intermediateTypes();
        }

        /** The types of this step's output columns: group keys, then final values or intermediate columns. */
        public List<Type> outputTypes()
        {
            List<Type> types = new ArrayList<>(groupTypes);
            for (AggregateCall aggregate : aggregates) {
                if (step.writesFinalValues()) {
                    types.add(aggregate.outputType());
                }
                else {
                    types.addAll(aggregate.intermediateTypes());
                }
            }
            return List.copyOf(types);
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new HashAggregationOperator(context, this);
        }

        @Override
        public String name()
        {
            return "HashAggregation";
        }

        /** The hash copies the keys and the accumulators the values; only a partial step that passes pages through keeps them. */
        @Override
        public boolean keepsNothingOfInput()
        {
            return true;
        }

        /**
         * Raw input is read through a selected page's rows: keys by the group hash, values by the
         * accumulators. Intermediate states come dense from exchanges; the driver compacts any other.
         */
        @Override
        public boolean takesSelectedRows()
        {
            return step.readsRawInput();
        }
    }

    private final OperatorContext context;
    private final AggregationStep step;
    private final List<Type> groupTypes;
    private final List<Type> outputTypes;
    private final int[] keyChannels;
    private final AggregateCall[] calls;
    private final int[] intermediateChannels;
    private final boolean global;

    private GroupByHash groupByHash;
    /** The groups the hash and the accumulators were made for at once; 0 when they grow as groups come. */
    private int presizedGroups;
    private Accumulator[] accumulators;
    private int[] globalGroupIds = new int[0];
    private boolean sawInput;
    private long inputRows;
    /** Rows added since the groups were last emitted by a flush. */
    private long rowsSinceFlush;
    /** A PARTIAL step emitting its groups before it takes more input. */
    private boolean flushing;
    /** A PARTIAL step that found its input nearly unique emits each page's rows as their own groups. */
    private boolean passThrough;
    private Page passedPage;
    private int[] identityGroupIds = new int[0];
    private final GroupRowCounts groupRowCounts = new GroupRowCounts();
    private final GroupRowCounts passThroughRowCounts = new GroupRowCounts();
    private boolean finishing;
    private int outputGroupCount = -1;
    private int nextOutputGroup;

    private HashAggregationOperator(OperatorContext context, HashAggregationOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.step = factory.step;
        this.groupTypes = factory.groupTypes;
        this.outputTypes = factory.outputTypes();
        this.global = factory.groupChannels.isEmpty();
        this.keyChannels = new int[factory.groupChannels.size()];
        for (int i = 0; i < keyChannels.length; i++) {
            keyChannels[i] = step.readsRawInput() ? factory.groupChannels.get(i) : i;
        }
        this.calls = factory.aggregates.toArray(new AggregateCall[0]);
        this.intermediateChannels = new int[calls.length];
        int channel = keyChannels.length;
        for (int i = 0; i < calls.length; i++) {
            intermediateChannels[i] = channel;
            channel += calls[i].intermediateTypes().size();
        }
        this.accumulators = createAccumulators(calls, step.readsRawInput());
        int expectedGroups = global || step == AggregationStep.PARTIAL ? 0 : presizedGroups(factory.expectedGroups, groupTypes, context.memory().limitBytes());
        this.groupByHash = global ? null : GroupByHash.create(groupTypes, expectedGroups);
        if (expectedGroups > 0) {
            for (Accumulator accumulator : accumulators) {
                accumulator.ensureCapacity(expectedGroups);
            }
            try {
                context.memory().setBytes(retainedBytes());
                this.presizedGroups = expectedGroups;
            }
            catch (ExceededMemoryLimitException e) {
                // the query's memory is mostly taken already: grow as groups come, as without an estimate
                this.groupByHash = GroupByHash.create(groupTypes);
                this.accumulators = createAccumulators(calls, step.readsRawInput());
            }
        }
    }

    /**
     * How many groups to size the hash for at once: the planner's estimate when it is large enough to
     * matter (growing to a million groups rehashes them about twenty times, each time into a table
     * that misses the caches) and the hash for it takes at most a thirty-second of the query's memory.
     */
    static int presizedGroups(long expectedGroups, List<Type> groupTypes, long memoryLimitBytes)
    {
        if (expectedGroups < MIN_PRESIZED_GROUPS || !GroupByHash.hasLongKey(groupTypes)) {
            return 0;
        }
        int groups = (int) Math.min(expectedGroups, MAX_PRESIZED_GROUPS);
        while (groups >= MIN_PRESIZED_GROUPS && LongGroupByHash.presizedBytes(groups) > memoryLimitBytes / 32) {
            groups /= 2;
        }
        return groups >= MIN_PRESIZED_GROUPS ? groups : 0;
    }

    /**
     * One accumulator per call; over raw input, a SUM or AVG of a column that an earlier call sums too
     * reads that call's state instead of adding every value again. Intermediate input is not shared:
     * a SUM's and an AVG's partial states count differently.
     */
    private static Accumulator[] createAccumulators(AggregateCall[] calls, boolean rawInput)
    {
        Accumulator[] accumulators = new Accumulator[calls.length];
        for (int i = 0; i < calls.length; i++) {
            accumulators[i] = calls[i].createAccumulator();
            for (int earlier = 0; rawInput && earlier < i; earlier++) {
                if (accumulators[earlier] instanceof ExactSumAccumulator owner && !owner.readsSharedState() && ExactSumAccumulator.canShare(calls[earlier], calls[i])) {
                    accumulators[i] = new ExactSumAccumulator(calls[i], owner);
                    break;
                }
            }
        }
        return accumulators;
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && passedPage == null && !flushing;
    }

    @Override
    public void addInput(Page page)
    {
        int positionCount = page.positionCount();
        if (positionCount == 0) {
            return;
        }
        sawInput = true;
        if (passThrough) {
            passedPage = passThrough(page);
            return;
        }
        int[] groupIds;
        int groupCount;
        if (global) {
            if (globalGroupIds.length < positionCount) {
                globalGroupIds = new int[positionCount];
            }
            groupIds = globalGroupIds;
            groupCount = 1;
        }
        else {
            reserveForNewGroups(positionCount);
            groupIds = GroupByHash.groupIdsOfDenseKeys(groupByHash, page, keyChannels);
            groupCount = groupByHash.groupCount();
        }
        int[] rows = page.rows();
        groupRowCounts.reset(groupIds, positionCount, groupCount);
        for (int i = 0; i < accumulators.length; i++) {
            Accumulator accumulator = accumulators[i];
            if (accumulator.readsSharedState()) {
                continue;
            }
            accumulator.ensureCapacity(groupCount);
            if (step.readsRawInput()) {
                addRawInput(accumulator, calls[i], page, rows, groupIds, positionCount, groupRowCounts);
            }
            else {
                accumulator.addIntermediate(page, intermediateChannels[i], groupIds, positionCount);
            }
        }
        context.memory().setBytes(retainedBytes());
        inputRows += positionCount;
        rowsSinceFlush += positionCount;
        if (step == AggregationStep.PARTIAL && !global && groupByHash.groupCount() >= PARTIAL_FLUSH_GROUPS) {
            flushing = true;
            // the same test as below: groups that hardly shrink the rows are better passed through from now on
            passThrough = groupByHash.groupCount() > PASS_THROUGH_GROUP_RATIO * rowsSinceFlush;
        }
        if (step == AggregationStep.PARTIAL && !global && inputRows - positionCount < PASS_THROUGH_DECISION_ROWS && inputRows >= PASS_THROUGH_DECISION_ROWS) {
            // a partial step only pays when it shrinks what the exchange and the final step handle; when nearly every
            // row is a group of its own (Q16's distinct suppliers, Q13's customers at SF 10), hashing here is work done twice
            passThrough = groupByHash.groupCount() > PASS_THROUGH_GROUP_RATIO * inputRows;
        }
    }

    /**
     * The intermediate rows of one page with every row its own group: the key columns as they are, and
     * each aggregate's state of one row. The final step merges them with the groups emitted at the end.
     */
    private Page passThrough(Page page)
    {
        int positionCount = page.positionCount();
        int[] rows = page.rows();
        if (identityGroupIds.length < positionCount) {
            identityGroupIds = new int[positionCount];
            for (int i = 0; i < positionCount; i++) {
                identityGroupIds[i] = i;
            }
        }
        ColumnVector[] columns = new ColumnVector[outputTypes.size()];
        for (int key = 0; key < keyChannels.length; key++) {
            ColumnVector column = page.column(keyChannels[key]);
            columns[key] = rows == null ? column : column.copyPositions(rows, positionCount, context.allocator());
        }
        VectorBuilder[] builders = new VectorBuilder[columns.length];
        for (int channel = keyChannels.length; channel < builders.length; channel++) {
            builders[channel] = new VectorBuilder(outputTypes.get(channel), positionCount, context.allocator());
        }
        passThroughRowCounts.reset(identityGroupIds, positionCount, positionCount);
        for (int i = 0; i < calls.length; i++) {
            // a fresh state per page: one group per row, written out at once
            Accumulator accumulator = calls[i].createAccumulator();
            accumulator.ensureCapacity(positionCount);
            addRawInput(accumulator, calls[i], page, rows, identityGroupIds, positionCount, passThroughRowCounts);
            for (int group = 0; group < positionCount; group++) {
                accumulator.writeIntermediate(group, builders, intermediateChannels[i]);
            }
        }
        for (int channel = keyChannels.length; channel < builders.length; channel++) {
            columns[channel] = builders[channel].build();
        }
        return new Page(positionCount, columns);
    }

    /** Adds the call's raw input column of {@code page}, read through the page's rows when it is selected ({@code rows} not null). */
    private static void addRawInput(Accumulator accumulator, AggregateCall call, Page page, int[] rows, int[] groupIds, int positionCount, GroupRowCounts groupRowCounts)
    {
        int inputChannel = call.inputChannel();
        ColumnVector column = inputChannel < 0 ? null : page.column(inputChannel);
        accumulator.addInput(column, rows, groupIds, positionCount, groupRowCounts);
    }

    /**
     * Reserves before the hash and the accumulators grow: room for every row of the page to be a new
     * group, at the bytes each group holds so far; {@link #addInput} then counts what they hold.
     */
    private static final int MIN_GROUPS_TO_ESTIMATE = 1024;

    private void reserveForNewGroups(int positionCount)
    {
        int groupCount = groupByHash.groupCount();
        if (groupCount + (long) positionCount <= presizedGroups) {
            // made for this many groups: nothing grows
            return;
        }
        if (groupCount > 0) {
            long heldBytes = retainedBytes();
            // a few groups' bytes are mostly the hash's fixed start: spread over so few they would ask
            // gigabytes for a large page (Q1's four groups, a Parquet row group of 50,000 rows)
            long bytesPerGroup = heldBytes / Math.max(groupCount, Math.max(presizedGroups, MIN_GROUPS_TO_ESTIMATE));
            context.memory().setBytes(heldBytes + positionCount * bytesPerGroup);
        }
    }

    @Override
    public boolean keptNothingOfLastInput()
    {
        return passedPage == null;
    }

    private long retainedBytes()
    {
        long bytes = groupByHash == null ? 0 : groupByHash.retainedBytes();
        for (Accumulator accumulator : accumulators) {
            bytes += accumulator.retainedBytes();
        }
        return bytes + (long) globalGroupIds.length * Integer.BYTES;
    }

    @Override
    public Page getOutput()
    {
        if (passedPage != null) {
            Page page = passedPage;
            passedPage = null;
            return page;
        }
        if (!(finishing || flushing) || accumulators == null) {
            return null;
        }
        if (outputGroupCount < 0) {
            if (global) {
                outputGroupCount = step == AggregationStep.PARTIAL && !sawInput ? 0 : 1;
            }
            else {
                outputGroupCount = groupByHash.groupCount();
            }
            for (Accumulator accumulator : accumulators) {
                accumulator.ensureCapacity(outputGroupCount);
            }
        }
        if (nextOutputGroup >= outputGroupCount) {
            endOutput();
            return null;
        }
        int from = nextOutputGroup;
        int to = Math.min(outputGroupCount, from + MAX_OUTPUT_ROWS);
        int rowCount = to - from;
        VectorBuilder[] builders = new VectorBuilder[outputTypes.size()];
        for (int i = 0; i < builders.length; i++) {
            builders[i] = new VectorBuilder(outputTypes.get(i), rowCount, context.allocator());
        }
        if (!global) {
            groupByHash.appendKeys(from, to, builders);
        }
        int builder = groupTypes.size();
        for (int i = 0; i < accumulators.length; i++) {
            Accumulator accumulator = accumulators[i];
            if (step.writesFinalValues()) {
                VectorBuilder output = builders[builder++];
                for (int group = from; group < to; group++) {
                    accumulator.writeFinal(group, output);
                }
            }
            else {
                for (int group = from; group < to; group++) {
                    accumulator.writeIntermediate(group, builders, builder);
                }
                builder += calls[i].intermediateTypes().size();
            }
        }
        nextOutputGroup = to;
        ColumnVector[] columns = new ColumnVector[builders.length];
        for (int i = 0; i < builders.length; i++) {
            columns[i] = builders[i].build();
        }
        if (nextOutputGroup >= outputGroupCount) {
            endOutput();
        }
        return new Page(rowCount, columns);
    }

    /** Every group was emitted: at the end the state goes; after a flush the step starts afresh. */
    private void endOutput()
    {
        if (finishing) {
            release();
            return;
        }
        flushing = false;
        groupByHash = GroupByHash.create(groupTypes);
        accumulators = createAccumulators(calls, step.readsRawInput());
        outputGroupCount = -1;
        nextOutputGroup = 0;
        rowsSinceFlush = 0;
        context.memory().setBytes(retainedBytes());
    }

    private void release()
    {
        groupByHash = null;
        accumulators = null;
        context.memory().setBytes(0);
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        return finishing && accumulators == null && passedPage == null;
    }

    @Override
    public void close()
    {
        release();
    }
}
