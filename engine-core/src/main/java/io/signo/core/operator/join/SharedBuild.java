package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * The work of one join's build once the last build driver has handed every page to a
 * {@link LookupSourceBuilder}, in three stages: reading the keys of runs of pages (with the runtime
 * filter as one more task), ordering a large build's rows by table region, and the slices of its
 * inserts. Every build driver of the join takes the current stage's tasks until none is left
 * ({@link #runTasks}), so the table fills on as many threads as built the pages instead of on the
 * last one alone while the probe side waits. A stage starts once every task of the one before
 * has ended; a driver with nothing to take meanwhile waits for it. The driver that ends the last
 * task completes the table and publishes it on the bridge. Thread safe.
 */
final class SharedBuild
{
    private static final int LOAD = 0;
    private static final int SORT = 1;
    private static final int INSERT = 2;

    /** What a build driver does after {@link #runTasks}: wait for the next stage, or nothing more (the build is shared out). */
    record Progress(CompletableFuture<?> waitFor, long publishedBytes)
    {
        static final Progress DONE = new Progress(null, 0);

        boolean done()
        {
            return waitFor == null;
        }
    }

    /** One stage's tasks: taken in order, and ended when {@code ended} reaches {@code taskCount}. */
    private record Stage(int kind, int taskCount, AtomicInteger taken, AtomicInteger ended, CompletableFuture<Void> over)
    {
        Stage(int kind, int taskCount)
        {
            this(kind, taskCount, new AtomicInteger(), new AtomicInteger(), new CompletableFuture<>());
        }
    }

    private final JoinBridge bridge;
    private final LookupSourceBuilder builder;
    private final List<Page> pages;
    private final List<Integer> keyChannels;
    private final List<Type> types;
    private final AtomicBoolean duplicates = new AtomicBoolean();
    private volatile Stage stage;
    private volatile RuntimeFilter runtimeFilter;

    SharedBuild(JoinBridge bridge, LookupSourceBuilder builder, List<Page> pages, List<Integer> keyChannels, List<Type> types)
    {
        this.bridge = requireNonNull(bridge, "bridge is null");
        this.builder = requireNonNull(builder, "builder is null");
        this.pages = List.copyOf(pages);
        this.keyChannels = List.copyOf(keyChannels);
        this.types = List.copyOf(types);
        // every build has at least one load task, so some driver always ends the first stage
        this.stage = new Stage(LOAD, builder.loadTasks() + (bridge.publishesRuntimeFilter() || bridge.remotePublisher() != null ? 1 : 0));
    }

    /**
     * Runs tasks on this thread until none is left to take. Returns a future to wait for when the
     * next stage has tasks that wait for others' to end, and the bytes of the runtime filter when this
     * call published the build with one (it ended the last task; the bridge counts the table); a
     * failure fails the bridge and is rethrown.
     */
    Progress runTasks()
    {
        while (true) {
            Stage current = stage;
            if (bridge.whenBuilt().isDone()) {
                return Progress.DONE;
            }
            int task = current.taken().getAndIncrement();
            if (task >= current.taskCount()) {
                if (current.kind() == INSERT) {
                    return Progress.DONE;
                }
                if (current.over().isDone()) {
                    continue;
                }
                return new Progress(current.over(), 0);
            }
            try {
                run(current.kind(), task);
                // the driver that ends a stage's last task sees every other task's writes: each ended before its increment
                if (current.ended().incrementAndGet() == current.taskCount()) {
                    long published = startNextStage(current);
                    if (published > 0) {
                        return new Progress(null, published);
                    }
                }
            }
            catch (RuntimeException | Error e) {
                bridge.fail(e);
                current.over().complete(null);
                throw e;
            }
        }
    }

    private void run(int kind, int task)
    {
        boolean repeated = switch (kind) {
            case LOAD -> task < builder.loadTasks() ? builder.loadTask(task) : buildFilter();
            case SORT -> {
                builder.sortTask(task);
                yield false;
            }
            default -> builder.insertTask(task);
        };
        if (repeated) {
            duplicates.set(true);
        }
    }

    private boolean buildFilter()
    {
        if (bridge.publishesRuntimeFilter()) {
            runtimeFilter = RuntimeFilter.build(pages, keyChannels, types, RuntimeFilter.MAX_BUILD_ROWS);
        }
        RuntimeFilterPublisher remote = bridge.remotePublisher();
        if (remote != null) {
            remote.publish(keyPages());
        }
        return false;
    }

    /** The build's key columns for scans beyond an exchange, or null when the build is too large to send them. */
    private List<Page> keyPages()
    {
        long rows = 0;
        for (Page page : pages) {
            rows += page.positionCount();
        }
        if (rows > DistributedRuntimeFilter.MAX_PARTIAL_ROWS) {
            return null;
        }
        int[] channels = keyChannels.stream().mapToInt(Integer::intValue).toArray();
        List<Page> keys = new ArrayList<>(pages.size());
        for (Page page : pages) {
            keys.add(page.selectColumns(channels));
        }
        return keys;
    }

    /**
     * Ends {@code ended}'s stage and starts the next one that has tasks; returns the runtime filter's
     * bytes when none has (the build is complete), else 0. Drivers waiting for the stage wake to the next.
     */
    private long startNextStage(Stage ended)
    {
        long published = 0;
        switch (ended.kind()) {
            case LOAD -> {
                if (builder.sortTasks() == 0) {
                    // a small build: its load task inserted every row
                    published = publish();
                }
                else {
                    builder.beginSort();
                    stage = new Stage(SORT, builder.sortTasks());
                }
            }
            case SORT -> {
                builder.endSort();
                stage = new Stage(INSERT, builder.insertTasks());
            }
            default -> published = publish();
        }
        ended.over().complete(null);
        return published;
    }

    private long publish()
    {
        LookupSource lookupSource = builder.complete(duplicates.get());
        RuntimeFilter filter = runtimeFilter;
        bridge.publish(lookupSource, filter);
        // the table is counted by the bridge; the filter, which only the probe side's scans read, here
        return filter == null ? 0 : filter.retainedBytes();
    }
}
