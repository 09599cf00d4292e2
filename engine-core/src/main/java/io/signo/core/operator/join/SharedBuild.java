package io.signo.core.operator.join;

import io.signo.storage.page.Page;
import io.signo.storage.type.Type;

import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static java.util.Objects.requireNonNull;

/**
 * The work left of one join's build once the last build driver has read every page into a
 * {@link LookupSource}: the slices of a large table's inserts and the runtime filter. Every build
 * driver of the join takes tasks until none is left ({@link #runTasks}), so the table fills on as
 * many threads as built the pages instead of on the last one alone while the probe side waits;
 * the driver that finishes the last task completes the table and publishes it on the bridge.
 * Thread safe.
 */
final class SharedBuild
{
    private final JoinBridge bridge;
    private final LookupSource source;
    private final List<Page> pages;
    private final List<Integer> keyChannels;
    private final List<Type> types;
    private final int insertTasks;
    private final int taskCount;
    private final AtomicInteger nextTask = new AtomicInteger();
    private final AtomicInteger doneTasks = new AtomicInteger();
    private final AtomicBoolean duplicates = new AtomicBoolean();
    private volatile RuntimeFilter runtimeFilter;

    SharedBuild(JoinBridge bridge, LookupSource source, List<Page> pages, List<Integer> keyChannels, List<Type> types)
    {
        this.bridge = requireNonNull(bridge, "bridge is null");
        this.source = requireNonNull(source, "source is null");
        this.pages = List.copyOf(pages);
        this.keyChannels = List.copyOf(keyChannels);
        this.types = List.copyOf(types);
        this.insertTasks = source.insertTasks();
        this.taskCount = insertTasks + (bridge.publishesRuntimeFilter() ? 1 : 0);
    }

    /**
     * Runs tasks on this thread until none is left to take. Returns the bytes of the table and the
     * runtime filter when this call published them (it finished the last task), else 0; a failure
     * fails the bridge and is rethrown.
     */
    long runTasks()
    {
        if (taskCount == 0) {
            // a small build with no filter: the table was filled as its pages were read
            return nextTask.getAndIncrement() == 0 ? publish() : 0;
        }
        while (true) {
            int task = nextTask.getAndIncrement();
            if (task >= taskCount || bridge.whenBuilt().isDone()) {
                return 0;
            }
            try {
                if (task < insertTasks) {
                    if (source.insertTask(task)) {
                        duplicates.set(true);
                    }
                }
                else {
                    runtimeFilter = RuntimeFilter.build(pages, keyChannels, types, RuntimeFilter.MAX_BUILD_ROWS);
                }
                // the last task's driver sees every other task's writes: each finished before its increment
                if (doneTasks.incrementAndGet() == taskCount) {
                    return publish();
                }
            }
            catch (RuntimeException | Error e) {
                bridge.fail(e);
                throw e;
            }
        }
    }

    private long publish()
    {
        source.completeInsert(duplicates.get());
        RuntimeFilter filter = runtimeFilter;
        bridge.publish(source, filter);
        return source.tableBytes() + (filter == null ? 0 : filter.retainedBytes());
    }
}
