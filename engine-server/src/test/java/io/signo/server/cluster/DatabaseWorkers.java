package io.signo.server.cluster;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Worker processes of a cluster's database for tests: each at a fixed port with its own directory
 * under a base directory, so that one killed with SIGKILL can be started again at the same address
 * with the same files.
 */
final class DatabaseWorkers
        implements AutoCloseable
{
    private final Path directory;
    private final int[] ports;
    private final Process[] processes;
    private final List<String> addresses = new ArrayList<>();

    private DatabaseWorkers(Path directory, int count)
    {
        this.directory = directory;
        this.ports = new int[count];
        this.processes = new Process[count];
    }

    static DatabaseWorkers start(Path directory, int count)
            throws Exception
    {
        java.nio.file.Files.createDirectories(directory);
        DatabaseWorkers workers = new DatabaseWorkers(directory, count);
        try {
            for (int i = 0; i < count; i++) {
                workers.ports[i] = freePort();
                workers.processes[i] = workers.launch(i);
            }
            for (int i = 0; i < count; i++) {
                workers.addresses.add(WorkerProcesses.awaitAddress(workers.processes[i]));
            }
            return workers;
        }
        catch (Exception e) {
            workers.close();
            throw e;
        }
    }

    private Process launch(int index)
            throws IOException
    {
        return WorkerProcesses.launch(ports[index], 1, "512m", WorkerProcesses.workerDirectory(directory, index), directory.resolve("worker-" + index + ".log"));
    }

    private static int freePort()
    {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<String> addresses()
    {
        return List.copyOf(addresses);
    }

    /** SIGKILL: the worker ends at once, with no chance to finish anything. */
    void kill(int index)
            throws InterruptedException
    {
        processes[index].destroyForcibly();
        processes[index].waitFor(30, TimeUnit.SECONDS);
    }

    /** Starts the worker again at its address, over its directory. */
    void restart(int index)
            throws Exception
    {
        processes[index] = launch(index);
        WorkerProcesses.awaitAddress(processes[index]);
    }

    /** Starts again, each at its address over its directory, the workers that ended (killed and not restarted). */
    void restartEnded()
            throws Exception
    {
        for (int i = 0; i < processes.length; i++) {
            if (!processes[i].isAlive()) {
                restart(i);
            }
        }
    }

    @Override
    public void close()
    {
        for (Process process : processes) {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }
}
