package io.signo.server.cli;

import io.signo.storage.memory.NativeMemory;
import io.signo.storage.tpcds.TpcdsData;
import io.signo.storage.tpch.TpchData;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks of option values that picocli's type conversion cannot express. */
final class OptionChecks
{
    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|min|h)?");
    /** The most driver threads a process takes, at least: more than a few per processor only adds switching. */
    static final int MIN_THREAD_LIMIT = 16;
    /** Driver threads per processor a process takes at most. */
    static final int THREADS_PER_PROCESSOR = 4;
    /** The most worker processes --workers starts on this machine. */
    static final int MAX_WORKERS = 64;

    private OptionChecks() {}

    static void checkScaleFactor(CommandSpec spec, String option, double scaleFactor)
    {
        if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': scale factor must be a positive number, was " + scaleFactor);
        }
    }

    /** The most driver threads this process takes: {@value #THREADS_PER_PROCESSOR} per processor, and at least {@value #MIN_THREAD_LIMIT}. */
    static int maxThreads()
    {
        return Math.max(MIN_THREAD_LIMIT, THREADS_PER_PROCESSOR * Runtime.getRuntime().availableProcessors());
    }

    static void checkThreads(CommandSpec spec, int threads)
    {
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--threads': must be at least 1, was " + threads);
        }
        int max = maxThreads();
        if (threads > max) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--threads': at most " + max + " (" + THREADS_PER_PROCESSOR + " per processor, "
                    + Runtime.getRuntime().availableProcessors() + " processors here), was " + threads);
        }
    }

    /**
     * Refuses to generate TPC-H ({@code tpcds} false) or TPC-DS at {@code scaleFactor} when the tables
     * would not fit in the native memory of the processes that keep them: this process, or each of the
     * {@code workers} processes started with {@code workerHeap} (their native limit is their heap).
     * Workers this command does not start ({@code --worker-addresses}) check nothing here.
     */
    static void checkDataFits(CommandSpec spec, String option, double scaleFactor, boolean tpcds, int workers, String workerHeap)
    {
        long needed = tpcds ? TpcdsData.estimatedBytes(scaleFactor) : TpchData.estimatedBytes(scaleFactor);
        String data = (tpcds ? "TPC-DS" : "TPC-H") + " at scale factor " + scaleFactor;
        if (workers == 0) {
            long limit = NativeMemory.limitBytes();
            if (needed > limit) {
                throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': " + data + " needs about " + NativeMemory.format(needed)
                        + " of memory; this process may use " + NativeMemory.format(limit) + " (-XX:MaxDirectMemorySize, by default the heap size -Xmx)");
            }
            return;
        }
        long perWorker = needed / workers;
        long limit = javaSizeBytes(workerHeap);
        if (limit > 0 && perWorker > limit) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': " + data + " needs about " + NativeMemory.format(needed)
                    + " of memory, " + NativeMemory.format(perWorker) + " on each of " + workers + " workers; each worker may use " + NativeMemory.format(limit)
                    + " (its heap, " + workerHeap + "; SIGNO_WORKER_HEAP sets it)");
        }
    }

    /** The bytes of a JVM size such as {@code 512m} or {@code 4g}; 0 when it cannot be read. */
    static long javaSizeBytes(String size)
    {
        if (size == null || size.isBlank()) {
            return 0;
        }
        String text = size.strip().toLowerCase(Locale.ROOT);
        long unit = switch (text.charAt(text.length() - 1)) {
            case 'k' -> 1L << 10;
            case 'm' -> 1L << 20;
            case 'g' -> 1L << 30;
            case 't' -> 1L << 40;
            default -> 1;
        };
        String digits = unit == 1 ? text : text.substring(0, text.length() - 1);
        try {
            return Math.multiplyExact(Long.parseLong(digits), unit);
        }
        catch (NumberFormatException | ArithmeticException e) {
            return 0;
        }
    }

    /** A duration written {@code 500ms}, {@code 90s}, {@code 10m} (or {@code 10min}), {@code 2h}; a bare {@code 0} is zero. */
    static Duration duration(CommandSpec spec, String option, String value)
    {
        Matcher matcher = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!matcher.matches() || (matcher.group(2) == null && Long.parseLong(matcher.group(1)) != 0)) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': a whole number with a unit (500ms, 90s, 10m, 2h) or 0, was '" + value + "'");
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofMinutes(amount);
        };
    }
}
