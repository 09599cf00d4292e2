package io.signo.core.operator.join;

import io.signo.core.operator.Operator;
import io.signo.core.operator.OperatorContext;
import io.signo.core.operator.OperatorFactory;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static java.util.Objects.requireNonNull;

/**
 * The build side of a hash join: a sink that keeps its pages (reserving their memory) and, on
 * finish, hands them to the {@link JoinBridge}. The last of the pipeline's build operators to finish
 * hands all of them to the lookup table; then all of them share the reading of the keys, a large
 * table's sort and inserts and the {@link RuntimeFilter} of the keys (when the bridge asks for one),
 * and the one that ends the build publishes it ({@link SharedBuild}). Memory stays reserved until close.
 */
public final class HashBuilderOperator
        implements Operator
{
    public static final class HashBuilderOperatorFactory
            implements OperatorFactory
    {
        private final JoinBridge bridge;
        private final List<Integer> buildKeyChannels;
        private final List<Type> buildTypes;
        private final int buildDriverCount;

        /**
         * @param buildKeyChannels the join keys among the build columns; empty for a join without
         * equi keys (see {@link NestedLoopJoinOperator})
         * @param buildTypes the types of all build input columns
         * @param buildDriverCount how many build operators this factory will create
         */
        public HashBuilderOperatorFactory(JoinBridge bridge, List<Integer> buildKeyChannels, List<Type> buildTypes, int buildDriverCount)
        {
            this.bridge = requireNonNull(bridge, "bridge is null");
            this.buildKeyChannels = List.copyOf(requireNonNull(buildKeyChannels, "buildKeyChannels is null"));
            this.buildTypes = List.copyOf(requireNonNull(buildTypes, "buildTypes is null"));
            if (buildDriverCount < 1) {
                throw new IllegalArgumentException("buildDriverCount must be positive: " + buildDriverCount);
            }
            this.buildDriverCount = buildDriverCount;
            for (int channel : buildKeyChannels) {
                if (channel < 0 || channel >= buildTypes.size()) {
                    throw new IllegalArgumentException("build key channel " + channel + " out of " + buildTypes.size() + " columns");
                }
            }
        }

        @Override
        public Operator createOperator(OperatorContext context)
        {
            return new HashBuilderOperator(context, this);
        }

        @Override
        public String name()
        {
            return "HashBuilder";
        }
    }

    private final OperatorContext context;
    private final HashBuilderOperatorFactory factory;
    private final List<Page> pages = new ArrayList<>();
    private long pageBytes;
    /** Whether this operator's pages went to the bridge. */
    private boolean handedOver;
    /** What this operator waits for before it takes the build's tasks again, once it handed over its pages. */
    private CompletableFuture<?> waitingFor = NOT_BLOCKED;
    private boolean finished;

    private HashBuilderOperator(OperatorContext context, HashBuilderOperatorFactory factory)
    {
        this.context = requireNonNull(context, "context is null");
        this.factory = factory;
    }

    @Override
    public boolean needsInput()
    {
        return !handedOver;
    }

    @Override
    public void addInput(Page page)
    {
        if (page.positionCount() == 0) {
            return;
        }
        long bytes = page.retainedBytes();
        context.memory().setBytes(pageBytes + bytes);
        pageBytes += bytes;
        pages.add(page);
    }

    @Override
    public Page getOutput()
    {
        return null;
    }

    @Override
    public CompletableFuture<?> isBlocked()
    {
        return finished ? NOT_BLOCKED : waitingFor;
    }

    /**
     * Hands this operator's pages to the bridge; the last operator to do so hands them all to the
     * lookup source and shares the build. Then every operator takes the build's tasks until none is
     * left (one waits, blocked, until the tasks are shared or the next stage's start, and is called again).
     */
    @Override
    public void finish()
    {
        if (finished) {
            return;
        }
        JoinBridge bridge = factory.bridge;
        if (!handedOver) {
            handedOver = true;
            List<Page> allPages = bridge.addBuildPages(pages, pageBytes, factory.buildDriverCount, context.queryPool());
            pages.clear();
            pageBytes = 0;
            context.memory().setBytes(0);
            if (allPages != null) {
                try {
                    bridge.reserveTable(LookupSourceBuilder.tableBytes(allPages, factory.buildKeyChannels, factory.buildTypes));
                    LookupSourceBuilder builder = new LookupSourceBuilder(allPages, factory.buildKeyChannels, factory.buildTypes);
                    bridge.share(new SharedBuild(bridge, builder, allPages, factory.buildKeyChannels, factory.buildTypes));
                }
                catch (RuntimeException | Error e) {
                    bridge.fail(e);
                    throw e;
                }
            }
        }
        SharedBuild build = bridge.sharedBuild();
        if (build == null) {
            // blocked until shared; a build that failed first has nothing left to do
            finished = bridge.whenShared().isDone();
            waitingFor = bridge.whenShared();
            return;
        }
        SharedBuild.Progress progress = build.runTasks();
        if (progress.publishedBytes() > 0) {
            context.memory().setBytes(progress.publishedBytes());
        }
        finished = progress.done();
        waitingFor = finished ? NOT_BLOCKED : progress.waitFor();
    }

    @Override
    public boolean finishesInSteps()
    {
        return true;
    }

    @Override
    public boolean isFinished()
    {
        return finished;
    }

    @Override
    public void close()
    {
        pages.clear();
        context.memory().setBytes(0);
    }
}
