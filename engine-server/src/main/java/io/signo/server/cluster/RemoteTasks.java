package io.signo.server.cluster;

import io.signo.server.cluster.ClusterMessages.TaskDone;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The tasks of one query on the workers, one per worker by node index: each completes with the
 * worker's report, or exceptionally with its error or its death. Completed from transport threads.
 */
final class RemoteTasks
{
    private final List<String> workers;
    private final List<CompletableFuture<TaskDone>> tasks;
    private volatile SplitQueues splits = SplitQueues.none();
    private volatile RuntimeFilterRelay runtimeFilters;

    RemoteTasks(List<String> workers)
    {
        this.workers = List.copyOf(workers);
        List<CompletableFuture<TaskDone>> tasks = new ArrayList<>();
        for (int i = 0; i < workers.size(); i++) {
            tasks.add(new CompletableFuture<>());
        }
        this.tasks = List.copyOf(tasks);
    }

    List<String> workers()
    {
        return workers;
    }

    List<CompletableFuture<TaskDone>> tasks()
    {
        return tasks;
    }

    /** The queues of the query's shared splits, set before any worker is asked to start. */
    SplitQueues splits()
    {
        return splits;
    }

    void splits(SplitQueues splits)
    {
        this.splits = splits;
    }

    /** Where the workers' build keys for runtime filters beyond an exchange go; set before any worker is asked to start. */
    RuntimeFilterRelay runtimeFilters()
    {
        return runtimeFilters;
    }

    void runtimeFilters(RuntimeFilterRelay runtimeFilters)
    {
        this.runtimeFilters = runtimeFilters;
    }

    CompletableFuture<TaskDone> task(int nodeIndex)
    {
        return tasks.get(nodeIndex);
    }
}
