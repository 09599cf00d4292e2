package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

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
    private final List<Type> probeTypes;
    private final Expression residualFilter;
    private final PairBatch batch = new PairBatch(PairBatch.DEFAULT_CAPACITY);

    /** Set once the build is done. */
    private ProbeState probe;
    private byte[][] marks;
    private long marksBytes;

    private boolean finishing;
    /** Set when this operator was the last probe to finish, so it emits the result, a build page per call. */
    private boolean emitting;
    private BuildRowEmitter emitter;

    private boolean closed;

    private RightSemiJoinOperator(OperatorContext context, RightSemiJoinOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.bridge = factory.bridge;
        bridge.probeOpened();
        this.sharedMarks = factory.marks;
        this.emitMarked = factory.type == JoinType.SEMI;
        this.probeKeyChannels = new int[factory.probeKeyChannels.size()];
        for (int i = 0; i < probeKeyChannels.length; i++) {
            probeKeyChannels[i] = factory.probeKeyChannels.get(i);
        }
        this.probeTypes = factory.probeTypes;
        this.residualFilter = factory.residualFilter;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return tryLoadLookupSource() ? NOT_BLOCKED : bridge.whenBuilt();
    }

    private boolean tryLoadLookupSource()
    {
        if (probe != null) {
            return true;
        }
        LookupSource source = bridge.builtLookupSource();
        if (source == null) {
            return false;
        }
        probe = new ProbeState(source, probeKeyChannels, false);
        marks = sharedMarks.marks(source);
        marksBytes = sharedMarks.claimBytes();
        context.memory().setBytes(marksBytes);
        int[] allBuildChannels = new int[source.types().size()];
        for (int channel = 0; channel < allBuildChannels.length; channel++) {
            allBuildChannels[channel] = channel;
        }
        emitter = new BuildRowEmitter(marks, emitMarked, new JoinOutputBuilder(new int[0], allBuildChannels, probeTypes, source));
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
        if (page.positionCount() == 0) {
            return;
        }
        probe.start(page);
        context.memory().setBytes(marksBytes + probe.retainedBytes() + batch.retainedBytes());
        if (residualFilter == null) {
            markChains();
        }
        else {
            markFilteredPairs();
        }
        probe.clear();
    }

    /** Without a residual every row of a chain matches, so a chain is marked whole and a marked head means a marked chain. */
    private void markChains()
    {
        byte[][] marks = this.marks;
        LookupSource source = probe.source();
        int positionCount = probe.positionCount();
        for (int position = 0; position < positionCount; position++) {
            int row = source.headRow(probe.slot(position));
            if (row == -1 || BuildRowMarks.isMarked(marks, source.address(row))) {
                continue;
            }
            while (row != -1) {
                BuildRowMarks.mark(marks, source.address(row));
                row = source.next(row);
            }
        }
    }

    /** Pairs every probe position with the not yet marked build rows of its chain and marks those the filter passes. */
    private void markFilteredPairs()
    {
        do {
            probe.fillUnmarked(batch, marks);
            flushBatch();
        }
        while (!probe.isDone());
    }

    private void flushBatch()
    {
        if (batch.count() == 0) {
            return;
        }
        Page pairs = batch.pairPage(probe.page(), probeTypes.size(), probe.source(), context.allocator());
        int passingCount = batch.filter(residualFilter, pairs, context.allocator());
        BuildRowMarks.markAt(marks, batch.buildAddresses, batch.passing(), passingCount);
        batch.clear();
    }

    @Override
    public Page getOutput()
    {
        if (!emitting || !tryLoadLookupSource()) {
            return null;
        }
        return emitter.next(context.allocator());
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
        return !emitting || (emitter != null && emitter.isDone());
    }

    @Override
    public void close()
    {
        marks = null;
        context.memory().setBytes(0);
        if (!closed) {
            closed = true;
            bridge.probeClosed();
        }
    }
}
