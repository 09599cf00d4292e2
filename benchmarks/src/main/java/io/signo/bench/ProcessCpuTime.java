package io.signo.bench;

import java.io.IOException;
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
        long total = 0;
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(TASKS)) {
            for (Path task : tasks) {
                try {
                    String line = Files.readString(task.resolve("schedstat"));
                    total += Long.parseLong(line.substring(0, line.indexOf(' ')));
                }
                catch (NoSuchFileException e) {
                    // the thread ended while the directory was read
                }
            }
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return total;
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
