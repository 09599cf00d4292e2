package io.signo.server.cli;

import io.signo.server.cluster.WorkerProcesses;
import io.signo.server.cluster.WorkerServer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.File;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

@Command(
        name = "worker",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = {
                "Runs a worker process: it holds a share of the data and runs the stages of queries a coordinator sends it, exchanging pages with the other nodes.",
                "Prints '" + WorkerProcesses.READY_PREFIX + "HOST:PORT' once it listens; stops on SIGTERM or when --parent-pid ends."})
final class WorkerCommand
        implements Callable<Integer>
{
    /** Set in the environment of a worker already started under numactl, so it does not start itself again. */
    private static final String NUMA_BOUND = "SIGNO_NUMA_BOUND";

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", required = true, paramLabel = "P", description = "Port to listen on; 0 picks a free one.")
    private int port;

    @Option(names = "--host", paramLabel = "HOST", description = "Address to listen on (default: ${DEFAULT-VALUE}).")
    private String host = "127.0.0.1";

    @Option(names = "--threads", paramLabel = "N", description = "Driver threads (default: the number of processors, ${DEFAULT-VALUE}).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Option(names = "--numa-node", paramLabel = "N", description = "Bind this worker's CPUs and memory to NUMA node N (through numactl).")
    private Integer numaNode;

    @Option(names = "--parent-pid", paramLabel = "PID", description = "Stop when the process with this id ends (set by a coordinator that starts workers).")
    private Long parentPid;

    @Option(names = "--db", paramLabel = "DIR", description = "Keep this worker's share of the cluster's database in this directory (created when missing); "
            + "the coordinator, started with --db too, holds the catalog. Give every worker its own directory, and the coordinator the workers in the same order each time.")
    private Path database;

    @Option(names = "--cache-size", paramLabel = "SIZE", description = DatabaseOptions.CACHE_SIZE_DESCRIPTION)
    private String cacheSize;

    @Override
    public Integer call()
            throws Exception
    {
        OptionChecks.checkThreads(spec, threads);
        if (port < 0 || port > 65535) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--port must be between 0 and 65535, not " + port);
        }
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        if (numaNode != null && System.getenv(NUMA_BOUND) == null) {
            Optional<String> numactl = findOnPath("numactl");
            if (numactl.isPresent()) {
                return runUnderNumactl(numactl.get());
            }
            err.println("signo worker: numactl not found; --numa-node " + numaNode + " ignored, running unbound");
            err.flush();
        }

        CountDownLatch stopped = new CountDownLatch(1);
        Long cacheBytes = DatabaseOptions.cacheBytes(spec, cacheSize);
        if (cacheBytes != null && database == null) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "--cache-size goes with --db");
        }
        try (WorkerServer server = new WorkerServer(host, port, threads, database, DatabaseOptions.cache(cacheBytes))) {
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown, "signo-worker-shutdown"));
            if (parentPid != null) {
                ProcessHandle.of(parentPid).ifPresentOrElse(parent -> parent.onExit().thenRun(stopped::countDown), stopped::countDown);
            }
            out.println(WorkerProcesses.READY_PREFIX + server.address());
            out.flush();
            err.println("signo worker: listening on " + server.address() + ", socket transport " + server.socketTransport().displayName());
            err.flush();
            stopped.await();
        }
        return 0;
    }

    /** Starts this same worker again under numactl, bound to the node, and waits for it. */
    private int runUnderNumactl(String numactl)
            throws IOException, InterruptedException
    {
        ProcessHandle.Info self = ProcessHandle.current().info();
        List<String> command = new ArrayList<>(List.of(numactl, "--cpunodebind=" + numaNode, "--membind=" + numaNode));
        command.add(self.command().orElseThrow(() -> new IllegalStateException("cannot tell how this process was started")));
        command.addAll(List.of(self.arguments().orElseThrow(() -> new IllegalStateException("cannot tell how this process was started"))));
        ProcessBuilder builder = new ProcessBuilder(command).inheritIO();
        builder.environment().put(NUMA_BOUND, Integer.toString(numaNode));
        Process bound = builder.start();
        Runtime.getRuntime().addShutdownHook(new Thread(bound::destroy, "signo-worker-numa-shutdown"));
        return bound.waitFor();
    }

    private static Optional<String> findOnPath(String program)
    {
        String path = System.getenv("PATH");
        if (path == null) {
            return Optional.empty();
        }
        for (String directory : path.split(File.pathSeparator)) {
            File candidate = new File(directory, program);
            if (candidate.canExecute()) {
                return Optional.of(candidate.getPath());
            }
        }
        return Optional.empty();
    }
}
