package io.signo.bench;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The CPU time and the wake-ups so far of another process's threads (a worker this benchmark
 * started), summed by what the threads do: the transport's event loops, the drivers, the request
 * handlers, the JIT compiler, the collector with the VM thread, the rest. A wake-up is a voluntary
 * context switch: the thread blocked and something woke it. Read from {@code /proc/PID/task}; threads
 * that ended between two calls are lost, so take differences around work done by long-lived threads.
 */
record ThreadActivity(Map<String, long[]> byKind)
{
    static final String[] KINDS = {"event loop", "driver", "request handler", "JIT compiler", "collector and VM", "other"};

    static ThreadActivity of(long pid)
    {
        Map<String, long[]> byKind = new LinkedHashMap<>();
        for (String kind : KINDS) {
            byKind.put(kind, new long[2]);
        }
        try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
            for (Path task : tasks) {
                try {
                    String schedstat = Files.readString(task.resolve("schedstat"));
                    long nanos = Long.parseLong(schedstat.substring(0, schedstat.indexOf(' ')));
                    long wakeUps = voluntarySwitches(Files.readString(task.resolve("status")));
                    String name = Files.readString(task.resolve("comm")).strip();
                    String kind = kind(name);
                    long[] counts = byKind.get(kind);
                    counts[0] += nanos;
                    counts[1] += wakeUps;
                    if (kind.equals("other")) {
                        // the rest by name too, its numbers left out, to tell what wakes there
                        long[] named = byKind.computeIfAbsent("other: " + name.replaceAll("[0-9]+", "#"), _ -> new long[2]);
                        named[0] += nanos;
                        named[1] += wakeUps;
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
        return new ThreadActivity(byKind);
    }

    private static long voluntarySwitches(String status)
    {
        // the line starts a line: "nonvoluntary_ctxt_switches" follows it
        int at = status.indexOf("\nvoluntary_ctxt_switches:");
        int start = status.indexOf(':', at) + 1;
        int end = status.indexOf('\n', start);
        return Long.parseLong(status.substring(start, end < 0 ? status.length() : end).strip());
    }

    private static String kind(String threadName)
    {
        if (threadName.startsWith("multiThreadIo") || threadName.startsWith("nioEventLoop")) {
            return "event loop";
        }
        if (threadName.startsWith("signo-driver")) {
            return "driver";
        }
        if (threadName.startsWith("signo-rpc")) {
            return "request handler";
        }
        if (threadName.startsWith("C1 CompilerThre") || threadName.startsWith("C2 CompilerThre")) {
            return "JIT compiler";
        }
        if (threadName.startsWith("GC Thread") || threadName.startsWith("G1 ") || threadName.equals("VM Thread")) {
            return "collector and VM";
        }
        return "other";
    }

    /**
     * Per query since {@code earlier}: each kind's CPU in ms and wake-ups, as "kind cpu/wake-ups", then
     * the threads of the rest that woke at least once a query, by name.
     */
    String perQuerySince(ThreadActivity earlier, int queries)
    {
        StringBuilder text = new StringBuilder();
        long[] none = new long[2];
        for (Map.Entry<String, long[]> entry : byKind.entrySet()) {
            long[] now = entry.getValue();
            long[] before = earlier.byKind.getOrDefault(entry.getKey(), none);
            double wakeUps = (double) (now[1] - before[1]) / queries;
            if (entry.getKey().startsWith("other: ") && wakeUps < 1) {
                continue;
            }
            if (!text.isEmpty()) {
                text.append(", ");
            }
            text.append(String.format(Locale.ROOT, "%s %.2f/%.1f", entry.getKey(), (now[0] - before[0]) / 1e6 / queries, wakeUps));
        }
        return text.toString();
    }
}
