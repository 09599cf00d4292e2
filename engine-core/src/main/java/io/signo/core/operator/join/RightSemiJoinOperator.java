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

import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * A SEMI or ANTI join whose rows to keep were hashed (the build side, from a {@link JoinBridge})
 * while the other, larger side streams through as the probe: every build row that meets a probe row
 * with equal keys (and a TRUE residual filter) is marked in the join's {@link BuildRowMarks}. Probe
 * pages produce no output; once all probe operators of the join on this node have finished, the
 * last one emits the build rows that were marked (SEMI) or never marked (ANTI), all build columns.
 * Build rows with a NULL key never match, so ANTI keeps them.
 *
 * <p>Valid only when this node's probe operators see every probe row that can match its build rows
 * (co-located or co-partitioned inputs, or one node): the planner's business.
 *
 * <p>It takes {@linkplain Page#selected selected probe pages}: keys are read through the rows, and
 * a residual filter's pairs copy the probe columns at the paired rows only.
 */
public final class RightSemiJoinOperator
        implements Operator
{
    public static final class RightSemiJoinOperatorFactory
            implements OperatorFactory
    {
        private final JoinBridge bridge;
        private final BuildRowMarks marks;
        private final JoinType type;
        private final List<Integer> probeKeyChannels;
        private final List<Type> probeTypes;
        private final Expression residualFilter;

        /**
         * @param marks shared by the operators of every probe driver of this join on this node
         * @param type SEMI or ANTI
         * @param probeTypes the types of all probe input columns
         * @param residualFilterOrNull a BOOLEAN expression over all probe columns followed by all build columns
         */
        public RightSemiJoinOperatorFactory(
                JoinBridge bridge,
                BuildRowMarks marks,
                JoinType type,
                List<Integer> probeKeyChannels,
                List<Type> probeTypes,
                Expression residualFilterOrNull)
        {
            this.bridge = requireNonNull(bridge, "bridge is null");
            this.marks = requireNonNull(marks, "marks is null");
            this.type = requireNonNull(type, "type is null");
            if (type != JoinType.SEMI && type != JoinType.ANTI) {
                throw new IllegalArgumentException("a right semi join is SEMI or ANTI, not " + type);
            }
            this.probeKeyChannels = List.copyOf(requireNonNull(probeKeyChannels, "probeKeyChannels is null"));
            if (this.probeKeyChannels.isEmpty()) {
                throw new IllegalArgumentException("a right semi join needs equality keys");
            }
            this.probeTypes = List.copyOf(requireNonNull(probeTypes, "probeTypes is null"));
            this.residualFilter = residualFilterOrNull;
            if (residualFilterOrNull != null && residualFilterOrNull.type().kind() != TypeKind.BOOLEAN) {
                throw new IllegalArgumentException("residual filter must be BOOLEAN, not " + residualFilterOrNull.type());
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new RightSemiJoinOperator(context, this);
        }

        @Override
        public String name()
        {
            return "RightSemiJoin";
        }

        @Override
        public boolean takesSelectedRows()
        {
            return true;
        }
    }

    private final OperatorContext context;
    private final JoinBridge bridge;
    private final BuildRowMarks sharedMarks;
    private final boolean emitMarked;
    private final int[] probeKeyChannels;
    private final int probeChannelCount;
    private final Expression residualFilter;

    private LookupSource lookupSource;
    private ProbeKeys probeKeys;
    private byte[][] marks;
    private long marksBytes;
    private int[] heads = new int[0];

    private final int[] batchProbePositions = new int[LookupJoinOperator.BATCH_SIZE];
    private final int[] batchProbeRows = new int[LookupJoinOperator.BATCH_SIZE];
    private final long[] batchBuildAddresses = new long[LookupJoinOperator.BATCH_SIZE];
    private int batchCount;

    private boolean finishing;
    private boolean emitting;
    private int emitPage;
    private int[] emitPositions = new int[0];

    private RightSemiJoinOperator(OperatorContext context, RightSemiJoinOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.bridge = factory.bridge;
        this.sharedMarks = factory.marks;
        this.emitMarked = factory.type == JoinType.SEMI;
        this.probeKeyChannels = new int[factory.probeKeyChannels.size()];
        for (int i = 0; i < probeKeyChannels.length; i++) {
            probeKeyChannels[i] = factory.probeKeyChannels.get(i);
        }
        this.probeChannelCount = factory.probeTypes.size();
        this.residualFilter = factory.residualFilter;
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
        marks = sharedMarks.marks(lookupSource);
        marksBytes = sharedMarks.claimBytes();
        context.memory().setBytes(marksBytes);
        return true;
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && tryLoadLookupSource();
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
        if (heads.length < positionCount) {
            heads = new int[positionCount];
        }
        probeKeys.load(page, probeKeyChannels);
        context.memory().setBytes(marksBytes + probeKeys.retainedBytes() + (long) heads.length * Integer.BYTES
                + (long) LookupJoinOperator.BATCH_SIZE * (Integer.BYTES + Long.BYTES));
        lookupSource.findHeads(probeKeys, positionCount, heads);
        if (residualFilter == null) {
            markChains(positionCount);
        }
        else {
            markFilteredPairs(page, positionCount);
        }
    }

    /** Without a residual every row of a chain matches, so a chain is marked whole and a marked head means a marked chain. */
    private void markChains(int positionCount)
    {
        byte[][] marks = this.marks;
        LookupSource source = lookupSource;
        for (int position = 0; position < positionCount; position++) {
            int row = heads[position];
            if (row == -1 || isMarked(marks, source.address(row))) {
                continue;
            }
            while (row != -1) {
                long address = source.address(row);
                marks[PageAddresses.pageIndex(address)][PageAddresses.position(address)] = 1;
                row = source.next(row);
            }
        }
    }

    private static boolean isMarked(byte[][] marks, long address)
    {
        return marks[PageAddresses.pageIndex(address)][PageAddresses.position(address)] != 0;
    }

    /** Pairs every probe position with the not yet marked build rows of its chain and marks those the filter passes. */
    private void markFilteredPairs(Page probe, int positionCount)
    {
        byte[][] marks = this.marks;
        LookupSource source = lookupSource;
        for (int position = 0; position < positionCount; position++) {
            for (int row = heads[position]; row != -1; row = source.next(row)) {
                long address = source.address(row);
                if (isMarked(marks, address)) {
                    continue;
                }
                if (batchCount == LookupJoinOperator.BATCH_SIZE) {
                    flushBatch(probe);
                }
                batchProbePositions[batchCount] = position;
                batchBuildAddresses[batchCount] = address;
                batchCount++;
            }
        }
        flushBatch(probe);
    }

    private void flushBatch(Page probe)
    {
        int count = batchCount;
        if (count == 0) {
            return;
        }
        batchCount = 0;
        List<Type> buildTypes = lookupSource.types();
        ColumnVector[] pairColumns = new ColumnVector[probeChannelCount + buildTypes.size()];
        // the positions index the probe page; a selected page's columns hold other rows as well
        int[] probeRows = probe.rowsAt(batchProbePositions, count, batchProbeRows);
        for (int channel = 0; channel < probeChannelCount; channel++) {
            pairColumns[channel] = probe.column(channel).copyPositions(probeRows, count, context.allocator());
        }
        for (int channel = 0; channel < buildTypes.size(); channel++) {
            pairColumns[probeChannelCount + channel] = AddressGather.gather(buildTypes.get(channel), lookupSource.columns(channel), batchBuildAddresses, count, context.allocator());
        }
        ColumnVector result = residualFilter.evaluate(new Page(count, pairColumns), null, count, context.allocator());
        byte[][] marks = this.marks;
        for (int i = 0; i < count; i++) {
            if (!result.isNull(i) && result.getBoolean(i)) {
                long address = batchBuildAddresses[i];
                marks[PageAddresses.pageIndex(address)][PageAddresses.position(address)] = 1;
            }
        }
    }

    @Override
    public Page getOutput()
    {
        if (!emitting || !tryLoadLookupSource()) {
            return null;
        }
        // one build page per call, skipping pages with nothing to emit
        while (emitPage < marks.length) {
            Page page = emitRows(emitPage++);
            if (page != null) {
                return page;
            }
        }
        return null;
    }

    private Page emitRows(int pageIndex)
    {
        byte[] pageMarks = marks[pageIndex];
        int positionCount = pageMarks.length;
        if (emitPositions.length < positionCount) {
            emitPositions = new int[positionCount];
        }
        int count = BuildRowMarks.positionsMarked(pageMarks, emitMarked ? (byte) 1 : (byte) 0, emitPositions);
        if (count == 0) {
            return null;
        }
        List<Type> buildTypes = lookupSource.types();
        ColumnVector[] columns = new ColumnVector[buildTypes.size()];
        for (int channel = 0; channel < columns.length; channel++) {
            columns[channel] = lookupSource.columns(channel)[pageIndex].copyPositions(emitPositions, count, context.allocator());
        }
        return new Page(count, columns);
    }

    @Override
    public void finish()
    {
        if (finishing) {
            return;
        }
        finishing = true;
        emitting = sharedMarks.probeFinished();
    }

    @Override
    public boolean isFinished()
    {
        if (!finishing) {
            return false;
        }
        return !emitting || (lookupSource != null && emitPage >= marks.length);
    }

    @Override
    public void close()
    {
        marks = null;
        context.memory().setBytes(0);
    }
}
