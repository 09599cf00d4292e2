package io.signo.core.operator.join;

import io.signo.core.expression.Expression;
import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The probe side of a hash join. Blocked until the {@link JoinBridge} has a lookup source; then, for
 * each probe page, finds the first matching build row of every position at once, walks the chains
 * of equal keys into batches of (probe position, build address) pairs ({@link ProbeState},
 * {@link PairBatch}), and gathers each batch into an output page ({@link JoinOutputBuilder}): the
 * probe output channels, then the build output channels (probe columns only for SEMI and ANTI). A
 * residual filter is evaluated over a batch page of all probe columns followed by all build columns;
 * a pair matches only when the keys are equal and the filter is TRUE. Of a RIGHT or FULL join, the last
 * probe operator to finish emits the build rows no probe row matched ({@link BuildRowEmitter}).
 *
 * <p>It takes {@linkplain Page#selected selected probe pages}: the keys are read through the rows,
 * and the probe columns are copied only at the rows that go out, straight from the scan's vectors.
 */
public final class LookupJoinOperator
        implements Operator
{
    static final int BATCH_SIZE = PairBatch.DEFAULT_CAPACITY;
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
         * @param buildRowMarksOrNull for RIGHT and FULL joins, shared by the operators of every probe driver of the join on this node
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
            if (type.emitsUnmatchedBuildRows() != (buildRowMarksOrNull != null)) {
                throw new IllegalArgumentException("a RIGHT or FULL join, and only they, need the build row marks shared by their probe operators");
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
    private boolean closed;
    private final JoinType type;
    private final int[] probeKeyChannels;
    private final int probeChannelCount;
    private final int[] probeOutputChannels;
    private final int[] buildOutputChannels;
    private final Expression residualFilter;
    private final List<Type> probeTypes;
    private final ArrayDeque<Page> outputs = new ArrayDeque<>();
    private final PairBatch batch = new PairBatch(BATCH_SIZE);

    /** RIGHT and FULL joins: which build rows matched, shared by the join's probe operators on this node. */
    private final BuildRowMarks sharedMarks;
    private byte[][] marks;
    private long marksBytes;
    private boolean probeReported;
    /** RIGHT and FULL joins: set when this operator was the last probe to finish, so it emits the unmatched build rows, a build page per call. */
    private BuildRowEmitter unmatchedBuildRows;

    /** Set once the build is done. */
    private ProbeState probe;
    private JoinOutputBuilder output;
    private boolean finishing;

    LookupJoinOperator(OperatorContext context, LookupJoinOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.bridge = factory.bridge;
        bridge.probeOpened();
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
        if (probe != null) {
            return true;
        }
        LookupSource source = bridge.builtLookupSource();
        if (source == null) {
            return false;
        }
        boolean tracksMatches = type == JoinType.LEFT || type == JoinType.FULL || type == JoinType.SEMI || type == JoinType.ANTI;
        probe = new ProbeState(source, probeKeyChannels, tracksMatches);
        output = new JoinOutputBuilder(probeOutputChannels, buildOutputChannels, probeTypes, source);
        if (sharedMarks != null) {
            marks = sharedMarks.marks(source);
            marksBytes = sharedMarks.claimBytes();
            context.memory().setBytes(marksBytes);
        }
        return true;
    }

    @Override
    public boolean needsInput()
    {
        return !finishing && outputs.isEmpty() && tryLoadLookupSource() && probe.page() == null;
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
    }

    @Override
    public Page getOutput()
    {
        if (outputs.isEmpty() && probe != null && probe.page() != null) {
            processProbe();
        }
        if (outputs.isEmpty() && sharedMarks != null && finishing && (probe == null || probe.page() == null)) {
            emitUnmatchedBuildRows();
        }
        return outputs.poll();
    }

    /** RIGHT and FULL joins: once this probe is through, the last one to finish emits the build rows that nothing matched. */
    private void emitUnmatchedBuildRows()
    {
        if (!tryLoadLookupSource()) {
            return;
        }
        if (!probeReported) {
            probeReported = true;
            if (sharedMarks.probeFinished()) {
                unmatchedBuildRows = new BuildRowEmitter(marks, false, output);
            }
        }
        if (unmatchedBuildRows != null) {
            Page page = unmatchedBuildRows.next(context.allocator());
            if (page != null) {
                outputs.add(page);
            }
        }
    }

    private void processProbe()
    {
        if (residualFilter == null && !type.outputsBuildColumns()) {
            // SEMI and ANTI without a residual need only whether a chain exists
            probe.finishWithKeysFound();
            finishProbe();
            return;
        }
        int flushes = 0;
        while (true) {
            probe.fill(batch);
            if (probe.isDone()) {
                break;
            }
            flushBatch();
            flushes++;
            // a residual that rejects every pair would otherwise keep this call busy for a whole
            // probe page times the build (seconds in a nested-loop join): the driver gets its
            // turn back to honour its quantum and cancellation
            if (!outputs.isEmpty() || flushes == MAX_BATCHES_PER_CALL) {
                return;
            }
        }
        finishProbe();
    }

    private void finishProbe()
    {
        flushBatch();
        switch (type) {
            case LEFT, FULL -> emitProbeRows(output.probeRowsWithNullBuild(probe.page(), probe.positionsMatched(false), context.allocator()));
            case SEMI -> emitProbeRows(output.probeRows(probe.page(), probe.positionsMatched(true), context.allocator()));
            case ANTI -> emitProbeRows(output.probeRows(probe.page(), probe.positionsMatched(false), context.allocator()));
            case INNER, RIGHT -> {
            }
        }
        probe.clear();
    }

    private void emitProbeRows(Page page)
    {
        if (page.positionCount() > 0) {
            outputs.add(page);
        }
    }

    private void flushBatch()
    {
        if (batch.count() == 0) {
            return;
        }
        if (residualFilter == null) {
            emitPairs();
        }
        else {
            emitPassingPairs();
        }
        batch.clear();
    }

    private void emitPairs()
    {
        if (probe.tracksMatches()) {
            probe.markMatched(batch);
        }
        if (marks != null) {
            BuildRowMarks.markAll(marks, batch.buildAddresses, batch.count());
        }
        outputs.add(output.pairs(probe.page(), batch, context.allocator()));
    }

    private void emitPassingPairs()
    {
        Page pairs = batch.pairPage(probe.page(), probeChannelCount, probe.source(), context.allocator());
        int passingCount = batch.filter(residualFilter, pairs, context.allocator());
        int[] passing = batch.passing();
        if (probe.tracksMatches()) {
            probe.markMatched(batch, passing, passingCount);
        }
        if (!type.outputsBuildColumns() || passingCount == 0) {
            return;
        }
        if (marks != null) {
            BuildRowMarks.markAt(marks, batch.buildAddresses, passing, passingCount);
        }
        outputs.add(output.passingPairs(pairs, passing, passingCount, context.allocator()));
    }

    @Override
    public void finish()
    {
        finishing = true;
    }

    @Override
    public boolean isFinished()
    {
        boolean probeDone = finishing && (probe == null || probe.page() == null) && outputs.isEmpty();
        if (sharedMarks == null || !probeDone) {
            return probeDone;
        }
        return probeReported && (unmatchedBuildRows == null || unmatchedBuildRows.isDone());
    }

    @Override
    public void close()
    {
        if (probe != null) {
            probe.clear();
        }
        marks = null;
        outputs.clear();
        context.memory().setBytes(0);
        if (!closed) {
            closed = true;
            bridge.probeClosed();
        }
    }
}
