package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.core.operator.kernel.AddressGather;
import io.signo.core.operator.kernel.PageAddresses;
import io.signo.storage.page.Page;
import io.signo.storage.type.PhysicalType;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;
import io.signo.storage.vector.ColumnVector;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The probe side of a hash join. Blocked until the {@link JoinBridge} has a lookup source; then, for
 * each probe page, finds the first matching build row of every position at once, walks the chains
 * of equal keys into batches of (probe position, build address) pairs, and gathers each batch into
 * an output page: the probe output channels, then the build output channels (probe columns only for
 * SEMI and ANTI). A residual filter is evaluated over a batch page of all probe columns followed by
 * all build columns; a pair matches only when the keys are equal and the filter is TRUE.
 *
 * <p>It takes {@linkplain Page#selected selected probe pages}: the keys are read through the rows,
 * and the probe columns are copied only at the rows that go out, straight from the scan's vectors.
 */
public final class LookupJoinOperator
        implements Operator
{
    static final int BATCH_SIZE = 8192;
    /** Batches one call to getOutput may fill without producing a row: about 100 k pair evaluations. */
    private static final int MAX_BATCHES_PER_CALL = 16;

    public static final class LookupJoinOperatorFactory
            implements OperatorFactory
    {
        private final JoinBridge bridge;
        private final JoinType type;
        private final List<Integer> probeKeyChannels;
        private final List<Type> probeTypes;
        private final List<Integer> probeOutputChannels;
        private final List<Integer> buildOutputChannels;
        private final Expression residualFilter;
        private final BuildRowMarks buildRowMarks;

        public LookupJoinOperatorFactory(
                JoinBridge bridge,
                JoinType type,
                List<Integer> probeKeyChannels,
                List<Type> probeTypes,
                List<Integer> probeOutputChannels,
                List<Integer> buildOutputChannels,
                Expression residualFilterOrNull)
        {
            this(bridge, type, probeKeyChannels, probeTypes, probeOutputChannels, buildOutputChannels, residualFilterOrNull, null);
        }

        /**
         * @param probeTypes the types of all probe input columns
         * @param buildOutputChannels ignored (must be empty) for SEMI and ANTI
         * @param residualFilterOrNull a BOOLEAN expression over all probe columns followed by all build columns
         * @param buildRowMarksOrNull for RIGHT joins, shared by the operators of every probe driver of the join on this node
         */
        public LookupJoinOperatorFactory(
                JoinBridge bridge,
                JoinType type,
                List<Integer> probeKeyChannels,
                List<Type> probeTypes,
                List<Integer> probeOutputChannels,
                List<Integer> buildOutputChannels,
                Expression residualFilterOrNull,
                BuildRowMarks buildRowMarksOrNull)
        {
            this.bridge = requireNonNull(bridge, "bridge is null");
            if ((type == JoinType.RIGHT) != (buildRowMarksOrNull != null)) {
                throw new IllegalArgumentException("a RIGHT join, and only it, needs the build row marks shared by its probe operators");
            }
            this.buildRowMarks = buildRowMarksOrNull;
            this.type = requireNonNull(type, "type is null");
            this.probeKeyChannels = List.copyOf(requireNonNull(probeKeyChannels, "probeKeyChannels is null"));
            this.probeTypes = List.copyOf(requireNonNull(probeTypes, "probeTypes is null"));
            this.probeOutputChannels = List.copyOf(requireNonNull(probeOutputChannels, "probeOutputChannels is null"));
            this.buildOutputChannels = type.outputsBuildColumns() ? List.copyOf(requireNonNull(buildOutputChannels, "buildOutputChannels is null")) : List.of();
            this.residualFilter = residualFilterOrNull;
            if (residualFilterOrNull != null && residualFilterOrNull.type().kind() != TypeKind.BOOLEAN) {
                throw new IllegalArgumentException("residual filter must be BOOLEAN, not " + residualFilterOrNull.type());
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new LookupJoinOperator(context, this);
        }

        @Override
        public String name()
        {
            return "LookupJoin";
        }

        @Override
        public boolean takesSelectedRows()
        {
            return true;
        }
    }

    private final OperatorContext context;
    private final JoinBridge bridge;
    private final JoinType type;
    private final int[] probeKeyChannels;
    private final int probeChannelCount;
    private final int[] probeOutputChannels;
    private final int[] buildOutputChannels;
    private final Expression residualFilter;
    private final List<Type> probeTypes;
    private final ArrayDeque<Page> outputs = new ArrayDeque<>();

    /** RIGHT joins: which build rows matched, shared by the join's probe operators on this node. */
    private final BuildRowMarks sharedMarks;
    private byte[][] marks;
    private long marksBytes;
    private boolean probeReported;
    /** This operator was the last probe to finish, so it emits the unmatched build rows, a build page per call. */
    private boolean emittingUnmatched;
    private int emitPage;
    private int[] emitPositions = new int[0];

    private LookupSource lookupSource;
    private ProbeKeys probeKeys;
    private boolean finishing;

    private Page probe;
    /** Per probe position, the lookup table slot of its key or -1 (see {@link LookupSource#findSlots}). */
    private int[] slots = new int[0];
    private boolean[] matched = new boolean[0];
    private int position;
    private int cursor;

    private final int[] batchProbePositions = new int[BATCH_SIZE];
    /** The rows of a selected probe page's columns at the batch's probe positions. */
    private final int[] batchProbeRows = new int[BATCH_SIZE];
    private final long[] batchBuildAddresses = new long[BATCH_SIZE];
    private int batchCount;

    LookupJoinOperator(OperatorContext context, LookupJoinOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.bridge = factory.bridge;
        this.type = factory.type;
        this.probeKeyChannels = toArray(factory.probeKeyChannels);
        this.probeChannelCount = factory.probeTypes.size();
        this.probeOutputChannels = toArray(factory.probeOutputChannels);
        this.buildOutputChannels = toArray(factory.buildOutputChannels);
        this.residualFilter = factory.residualFilter;
        this.probeTypes = factory.probeTypes;
        this.sharedMarks = factory.buildRowMarks;
    }

    private static int[] toArray(List<Integer> values)
    {
        int[] array = new int[values.size()];
        for (int i = 0; i < array.length; i++) {
            array[i] = values.get(i);
        }
        return array;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return tryLoadLookupSource() ? NOT_BLOCKED : bridge.whenBuilt();
    }

    private boolean tryLoadLookupSource()
    {
        if (lookupSource != null) {
            return true;
        }
        CompletableFuture<Void> built = bridge.whenBuilt();
        if (!built.isDone()) {
            return false;
        }
        // surfaces a failed build as this operator's failure
        built.join();
        lookupSource = bridge.lookupSource();
        boolean[] stringKeys = lookupSource.stringKeys();
        if (stringKeys.length != probeKeyChannels.length) {
            throw new IllegalStateException("probe has " + probeKeyChannels.length + " key columns, build has " + stringKeys.length);
        }
        probeKeys = new ProbeKeys(stringKeys);
        if (sharedMarks != null) {
            marks = sharedMarks.marks(lookupSource);
            marksBytes = sharedMarks.claimBytes();
            context.memory().setBytes(marksBytes);
        }
        return true;
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && probe == null && outputs.isEmpty() && tryLoadLookupSource();
    }

    @Override
    public void addInput(Page page)
    {
        if (!tryLoadLookupSource()) {
            throw new IllegalStateException("input added before the build side finished");
        }
        int positionCount = page.positionCount();
        if (positionCount == 0) {
            return;
        }
        for (int i = 0; i < probeKeyChannels.length; i++) {
            boolean probeString = page.column(probeKeyChannels[i]).type().physicalType() == PhysicalType.BYTES;
            if (probeString != lookupSource.stringKeys()[i]) {
                throw new IllegalArgumentException("probe key " + i + " of type " + page.column(probeKeyChannels[i]).type() + " cannot match the build key");
            }
        }
        if (slots.length < positionCount) {
            slots = new int[positionCount];
            matched = new boolean[positionCount];
        }
        probeKeys.load(page, probeKeyChannels);
        lookupSource.findSlots(probeKeys, positionCount, slots);
        Arrays.fill(matched, 0, positionCount, false);
        probe = page;
        position = 0;
        cursor = lookupSource.headRow(slots[0]);
        context.memory().setBytes(marksBytes + probeKeys.retainedBytes() + (long) slots.length * (Integer.BYTES + 1) + (long) BATCH_SIZE * (Integer.BYTES + Long.BYTES));
    }

    @Override
    public Page getOutput()
    {
        if (outputs.isEmpty() && probe != null) {
            processProbe();
        }
        if (outputs.isEmpty() && sharedMarks != null && finishing && probe == null) {
            emitUnmatchedBuildRows();
        }
        return outputs.poll();
    }

    /** RIGHT joins: once this probe is through, the last one to finish emits the build rows that nothing matched. */
    private void emitUnmatchedBuildRows()
    {
        if (!tryLoadLookupSource()) {
            return;
        }
        if (!probeReported) {
            probeReported = true;
            emittingUnmatched = sharedMarks.probeFinished();
        }
        while (emittingUnmatched && outputs.isEmpty() && emitPage < marks.length) {
            emitUnmatchedRowsOf(emitPage++);
        }
    }

    private void emitUnmatchedRowsOf(int pageIndex)
    {
        byte[] pageMarks = marks[pageIndex];
        if (emitPositions.length < pageMarks.length) {
            emitPositions = new int[pageMarks.length];
        }
        int[] positions = emitPositions;
        int count = BuildRowMarks.positionsMarked(pageMarks, (byte) 0, positions);
        if (count == 0) {
            return;
        }
        ColumnVector[] columns = new ColumnVector[probeOutputChannels.length + buildOutputChannels.length];
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = AddressGather.nulls(probeTypes.get(probeOutputChannels[i]), count, context.allocator());
        }
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = lookupSource.columns(buildOutputChannels[i])[pageIndex].copyPositions(positions, count, context.allocator());
        }
        outputs.add(new Page(count, columns));
    }

    /** RIGHT joins: marks the build rows of emitted pairs (idempotent byte stores, see {@link BuildRowMarks}). */
    private void markBuildRows(long[] addresses, int[] indexes, int count)
    {
        byte[][] marks = this.marks;
        for (int i = 0; i < count; i++) {
            long address = addresses[indexes == null ? i : indexes[i]];
            marks[PageAddresses.pageIndex(address)][PageAddresses.position(address)] = 1;
        }
    }

    private void processProbe()
    {
        int positionCount = probe.positionCount();
        if (residualFilter == null && !type.outputsBuildColumns()) {
            // SEMI and ANTI without a residual need only whether a chain exists
            boolean wantMatch = type == JoinType.SEMI;
            for (int i = 0; i < positionCount; i++) {
                matched[i] = slots[i] != -1;
            }
            emitProbeRows(wantMatch);
            probe = null;
            return;
        }
        int[] slots = this.slots;
        if (!lookupSource.hasDuplicates()) {
            // at most one build row per key: the table slot gives the address, no chain to walk
            while (position < positionCount) {
                if (batchCount == BATCH_SIZE) {
                    flushBatch();
                    if (!outputs.isEmpty()) {
                        return;
                    }
                }
                int count = batchCount;
                int end = Math.min(positionCount, position + BATCH_SIZE - count);
                for (int i = position; i < end; i++) {
                    int slot = slots[i];
                    if (slot != -1) {
                        batchProbePositions[count] = i;
                        batchBuildAddresses[count] = lookupSource.headAddress(slot);
                        count++;
                    }
                }
                batchCount = count;
                position = end;
            }
            finishProbe();
            return;
        }
        int flushes = 0;
        while (position < positionCount) {
            while (cursor != -1) {
                if (batchCount == BATCH_SIZE) {
                    flushBatch();
                    flushes++;
                    // a residual that rejects every pair would otherwise keep this call busy for a whole
                    // probe page times the build (seconds in a nested-loop join): the driver gets its
                    // turn back to honour its quantum and cancellation
                    if (!outputs.isEmpty() || flushes == MAX_BATCHES_PER_CALL) {
                        return;
                    }
                }
                batchProbePositions[batchCount] = position;
                batchBuildAddresses[batchCount] = lookupSource.address(cursor);
                batchCount++;
                cursor = lookupSource.next(cursor);
            }
            position++;
            if (position < positionCount) {
                cursor = lookupSource.headRow(slots[position]);
            }
        }
        finishProbe();
    }

    private void finishProbe()
    {
        flushBatch();
        switch (type) {
            case LEFT -> emitUnmatchedWithNulls();
            case SEMI -> emitProbeRows(true);
            case ANTI -> emitProbeRows(false);
            case INNER, RIGHT -> {
            }
        }
        probe = null;
    }

    private void flushBatch()
    {
        int count = batchCount;
        if (count == 0) {
            return;
        }
        batchCount = 0;
        if (residualFilter == null) {
            for (int i = 0; i < count; i++) {
                matched[batchProbePositions[i]] = true;
            }
            if (marks != null) {
                markBuildRows(batchBuildAddresses, null, count);
            }
            ColumnVector[] columns = new ColumnVector[probeOutputChannels.length + buildOutputChannels.length];
            int[] probeRows = probe.rowsAt(batchProbePositions, count, batchProbeRows);
            for (int i = 0; i < probeOutputChannels.length; i++) {
                columns[i] = probe.column(probeOutputChannels[i]).copyPositions(probeRows, count, context.allocator());
            }
            for (int i = 0; i < buildOutputChannels.length; i++) {
                columns[probeOutputChannels.length + i] = gatherBuild(buildOutputChannels[i], count);
            }
            outputs.add(new Page(count, columns));
            return;
        }
        List<Type> buildTypes = lookupSource.types();
        ColumnVector[] pairColumns = new ColumnVector[probeChannelCount + buildTypes.size()];
        int[] probeRows = probe.rowsAt(batchProbePositions, count, batchProbeRows);
        for (int channel = 0; channel < probeChannelCount; channel++) {
            pairColumns[channel] = probe.column(channel).copyPositions(probeRows, count, context.allocator());
        }
        for (int channel = 0; channel < buildTypes.size(); channel++) {
            pairColumns[probeChannelCount + channel] = gatherBuild(channel, count);
        }
        Page pairs = new Page(count, pairColumns);
        ColumnVector result = residualFilter.evaluate(pairs, null, count, context.allocator());
        int[] selected = new int[count];
        int selectedCount = 0;
        for (int i = 0; i < count; i++) {
            if (!result.isNull(i) && result.getBoolean(i)) {
                selected[selectedCount++] = i;
                matched[batchProbePositions[i]] = true;
            }
        }
        if (!type.outputsBuildColumns() || selectedCount == 0) {
            return;
        }
        if (marks != null) {
            markBuildRows(batchBuildAddresses, selected, selectedCount);
        }
        ColumnVector[] columns = new ColumnVector[probeOutputChannels.length + buildOutputChannels.length];
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = pairs.column(probeOutputChannels[i]).copyPositions(selected, selectedCount, context.allocator());
        }
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = pairs.column(probeChannelCount + buildOutputChannels[i]).copyPositions(selected, selectedCount, context.allocator());
        }
        outputs.add(new Page(selectedCount, columns));
    }

    private ColumnVector gatherBuild(int channel, int count)
    {
        return AddressGather.gather(lookupSource.types().get(channel), lookupSource.columns(channel), batchBuildAddresses, count, context.allocator());
    }

    private void emitUnmatchedWithNulls()
    {
        int[] positions = unmatchedOrMatched(false);
        int count = positions.length;
        if (count == 0) {
            return;
        }
        ColumnVector[] columns = new ColumnVector[probeOutputChannels.length + buildOutputChannels.length];
        int[] probeRows = probe.rowsAt(positions, count, positions);
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = probe.column(probeOutputChannels[i]).copyPositions(probeRows, count, context.allocator());
        }
        for (int i = 0; i < buildOutputChannels.length; i++) {
            columns[probeOutputChannels.length + i] = AddressGather.nulls(lookupSource.types().get(buildOutputChannels[i]), count, context.allocator());
        }
        outputs.add(new Page(count, columns));
    }

    private void emitProbeRows(boolean wantMatched)
    {
        int[] positions = unmatchedOrMatched(wantMatched);
        int count = positions.length;
        if (count == 0) {
            return;
        }
        ColumnVector[] columns = new ColumnVector[probeOutputChannels.length];
        int[] probeRows = probe.rowsAt(positions, count, positions);
        for (int i = 0; i < probeOutputChannels.length; i++) {
            columns[i] = probe.column(probeOutputChannels[i]).copyPositions(probeRows, count, context.allocator());
        }
        outputs.add(new Page(count, columns));
    }

    private int[] unmatchedOrMatched(boolean wantMatched)
    {
        int positionCount = probe.positionCount();
        int count = 0;
        for (int i = 0; i < positionCount; i++) {
            if (matched[i] == wantMatched) {
                count++;
            }
        }
        int[] positions = new int[count];
        int next = 0;
        for (int i = 0; i < positionCount; i++) {
            if (matched[i] == wantMatched) {
                positions[next++] = i;
            }
        }
        return positions;
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        boolean probeDone = finishing && probe == null && outputs.isEmpty();
        if (sharedMarks == null || !probeDone) {
            return probeDone;
        }
        return probeReported && (!emittingUnmatched || emitPage >= marks.length);
    }

    @Override
    public void close()
    {
        probe = null;
        marks = null;
        outputs.clear();
        context.memory().setBytes(0);
    }
}
