package io.signo.bench;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;

/** The CPU time the whole process spends, for harnesses that time queries where wall time is the machine's load. */
public final class ProcessCpuTime
{
    private static final Path TASKS = Path.of("/proc/self/task");

    private ProcessCpuTime() {}

    /**
     * The CPU time of every thread of the process, the JIT's and the collector's included, in
     * nanoseconds (each thread's {@code schedstat}: the JDK's process CPU time counts in 10 ms ticks).
     */
    public static long nanos()
    {
        return byThreadKind().totalNanos();
    }

    /**
     * The CPU time so far of a whole process (this one or a worker it started), all of its threads,
     * as the operating system counts it: in clock ticks, so take the difference over many queries.
     */
    public static long ofProcess(ProcessHandle process)
    {
        return process.info().totalCpuDuration().orElseThrow(() -> new IllegalStateException("no CPU time for process " + process.pid())).toNanos();
    }

    /**
     * The CPU time of every thread of the process split by what the thread does, from each thread's
     * {@code schedstat} and name ({@code comm}): HotSpot's JIT compiler threads, its collector threads
     * with the VM thread (which runs the collections' and deoptimizations' safepoint operations), and
     * the rest (the engine's drivers and planners, DuckDB's native threads). Threads that ended before
     * the call are not counted, so take the difference of two calls around work done by long-lived threads.
     */
    public static ByThreadKind byThreadKind()
    {
        long compiler = 0;
        long collector = 0;
        long other = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String line = Files.readString(task.resolve("schedstat"));
                    long nanos = Long.parseLong(line.substring(0, line.indexOf(' ')));
                    String name = Files.readString(task.resolve("comm")).strip();
                    if (name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre")) {
                        compiler += nanos;
                    }
                    else if (name.startsWith("GC Thread") || name.startsWith("G1 ") || name.equals("VM Thread")) {
                        collector += nanos;
                    }
                    else {
                        other += nanos;
                    }
                }
                catch (NoSuchFileException e) {
                    // the thread ended while the directory was read
                }
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return new ByThreadKind(compiler, collector, other);
    }

    /** Nanoseconds of CPU time by the kind of thread that spent them; see {@link #byThreadKind()}. */
    public record ByThreadKind(long compilerNanos, long collectorNanos, long otherNanos)
            implements Serializable
    {
        public static final ByThreadKind NONE = new ByThreadKind(0, 0, 0);

        public long totalNanos()
        {
            return compilerNanos + collectorNanos + otherNanos;
        }

        /** What was spent since {@code earlier}. */
        public ByThreadKind since(ByThreadKind earlier)
        {
            return new ByThreadKind(compilerNanos - earlier.compilerNanos, collectorNanos - earlier.collectorNanos, otherNanos - earlier.otherNanos);
        }
    }

    /** The median in milliseconds of all rounds but the first, which warms the JIT and the caches. */
    public static double medianMillisAfterFirst(long[] nanos)
    {
        long[] timed = Arrays.copyOfRange(nanos, nanos.length > 1 ? 1 : 0, nanos.length);
        Arrays.sort(timed);
        int middle = timed.length / 2;
        double median = timed.length % 2 == 1 ? timed[middle] : (timed[middle - 1] + timed[middle]) / 2.0;
        return median / 1e6;
    }
}
