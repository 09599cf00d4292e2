package io.signo.server.cluster;

import io.signo.net.transport.SocketTransport;
import io.signo.storage.memory.RecyclingPageAllocator;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Worker processes this coordinator started on 127.0.0.1, with the same Java and class path as this
 * process. Each prints its address on its first line; each stops when this process ends (it
 * watches its parent) or when {@link #close()} destroys it. Their standard error goes to
 * {@code signo-workers/P-K-worker-N.log} under the temporary directory (P this process's id, K
 * the count of clusters it started), so that the coordinator's terminal shows only its own output
 * and a cluster started later in the same process does not overwrite what an earlier one logged.
 */
public final class WorkerProcesses
        implements AutoCloseable
{
    /** The line a worker prints once it listens: {@code signo worker listening on HOST:PORT}. */
    public static final String READY_PREFIX = "signo worker listening on ";

    /** Clusters this process started, numbering their workers' logs. */
    private static final AtomicLong STARTS = new AtomicLong();

    private final List<Process> processes = new ArrayList<>();
    private final List<String> addresses = new ArrayList<>();

    private WorkerProcesses() {}

    public static WorkerProcesses start(int count, int threadsEach, String heap)
    {
        return start(count, threadsEach, heap, null);
    }

    /**
     * Starts {@code count} workers; with a {@code databaseDirectory}, worker i keeps its share of the
     * cluster's database in {@code databaseDirectory/worker-i}.
     */
    public static WorkerProcesses start(int count, int threadsEach, String heap, Path databaseDirectory)
    {
        WorkerProcesses workers = new WorkerProcesses();
        try {
            List<CompletableFuture<String>> ready = new ArrayList<>();
            Path logDirectory = Path.of(System.getProperty("java.io.tmpdir"), "signo-workers");
            java.nio.file.Files.createDirectories(logDirectory);
            long start = STARTS.incrementAndGet();
            for (int i = 0; i < count; i++) {
                String log = ProcessHandle.current().pid() + "-" + start + "-worker-" + i + ".log";
                Process process = launch(0, threadsEach, heap, databaseDirectory == null ? null : workerDirectory(databaseDirectory, i), logDirectory.resolve(log));
                workers.processes.add(process);
                ready.add(readAddress(process));
            }
            for (int i = 0; i < count; i++) {
                workers.addresses.add(ready.get(i).get(60, TimeUnit.SECONDS));
            }
            return workers;
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            workers.close();
            throw new IllegalStateException("interrupted while starting workers", e);
        }
        catch (ExecutionException | TimeoutException | IOException | RuntimeException e) {
            workers.close();
            Throwable cause = e instanceof ExecutionException ? e.getCause() : e;
            throw new IllegalStateException("could not start " + count + " worker processes: " + cause.getMessage(), cause);
        }
    }

    /** Where worker {@code index} started by a coordinator keeps its share of the database in {@code databaseDirectory}. */
    public static Path workerDirectory(Path databaseDirectory, int index)
    {
        return databaseDirectory.resolve("worker-" + index);
    }

    /**
     * Starts one worker process on 127.0.0.1 at {@code port} (0: a free one), with the JIT options
     * of every Signo process ({@link JitOptions}), stopping when this process ends; its standard
     * error goes to {@code log}. {@link #awaitAddress} tells where it
     * listens.
     *
     * @param databaseDirectory its share of a cluster's database, or null
     */
    public static Process launch(int port, int threads, String heap, Path databaseDirectory, Path log)
            throws IOException
    {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-Xmx" + heap, "-XX:+UseParallelGC", "-XX:+ExitOnOutOfMemoryError", "--enable-native-access=ALL-UNNAMED"));
        command.addAll(JitOptions.options());
        command.addAll(inheritedJvmOptions(ManagementFactory.getRuntimeMXBean().getInputArguments()));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), "io.signo.server.cli.SignoCommand",
                "worker", "--host", "127.0.0.1", "--port", Integer.toString(port), "--threads", Integer.toString(threads), "--parent-pid", Long.toString(ProcessHandle.current().pid())));
        if (databaseDirectory != null) {
            command.addAll(List.of("--db", databaseDirectory.toString()));
        }
        if (Boolean.getBoolean(RecyclingPageAllocator.POISON_PROPERTY)) {
            // workers of a test run check recycled memory as the test's own process does
            command.add(1, "-D" + RecyclingPageAllocator.POISON_PROPERTY + "=true");
        }
        return new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.to(log.toFile()))
                .start();
    }

    /**
     * The options of this JVM a worker it starts takes too: its ahead-of-time cache ({@code -XX:AOTCache},
     * JDK 25: classes loaded and linked, method profiles), which fits the worker because the worker runs
     * on the same Java and class path, so that a fresh worker does not load, link and profile the
     * engine's classes again; and the options that cache was made with and that {@code bin/signo} sets
     * for every process (module access, the AOT log), without which the JVM would refuse the cache;
     * and the choice of socket transport ({@link SocketTransport#PROPERTY}), so that a cluster's
     * processes all use the one their starter was told to.
     */
    static List<String> inheritedJvmOptions(List<String> arguments)
    {
        List<String> inherited = new ArrayList<>();
        for (String argument : arguments) {
            if (argument.startsWith("-XX:AOTCache=") || argument.startsWith("--sun-misc-unsafe-memory-access=") || argument.startsWith("-Xlog:aot")
                    || argument.startsWith("-D" + SocketTransport.PROPERTY + "=")) {
                inherited.add(argument);
            }
        }
        return inherited;
    }

    /** Waits until the worker listens, and returns its host:port; fails when it ends first or takes over a minute. */
    public static String awaitAddress(Process process)
            throws ExecutionException, TimeoutException, InterruptedException
    {
        return readAddress(process).get(60, TimeUnit.SECONDS);
    }

    private static CompletableFuture<String> readAddress(Process process)
    {
        return CompletableFuture.supplyAsync(() -> {
            try {
                BufferedReader reader = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
                String line;
                while ((line = reader.readLine()) != null) {
                    if (line.startsWith(READY_PREFIX)) {
                        String address = line.substring(READY_PREFIX.length()).strip();
                        drain(reader);
                        return address;
                    }
                }
                throw new IllegalStateException("worker process " + process.pid() + " exited with code " + process.waitFor() + " before it listened");
            }
            catch (IOException e) {
                throw new IllegalStateException("cannot read the worker's output: " + e.getMessage(), e);
            }
            catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("interrupted", e);
            }
        });
    }

    /** Keeps reading a worker's standard output so it never blocks on a full pipe. */
    private static void drain(BufferedReader reader)
    {
        Thread thread = new Thread(() -> {
            try {
                while (reader.readLine() != null) {
                    // workers print nothing else of interest; their errors go to standard error
                }
            }
            catch (IOException ignored) {
                // the worker ended
            }
        }, "signo-worker-output");
        thread.setDaemon(true);
        thread.start();
    }

    public List<String> addresses()
    {
        return List.copyOf(addresses);
    }

    /** The process of the worker at {@code index}, for tests that stop one. */
    public Process process(int index)
    {
        return processes.get(index);
    }

    @Override
    public void close()
    {
        for (Process process : processes) {
            process.destroy();
        }
        for (Process process : processes) {
            try {
                if (!process.waitFor(5, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                }
            }
            catch (InterruptedException e) {
                process.destroyForcibly();
                Thread.currentThread().interrupt();
            }
        }
    }
}
