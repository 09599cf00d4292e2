package io.signo.bench.kernels;

import org.openjdk.jmh.infra.Blackhole;

import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.Locale;

/**
 * {@link ExchangeKernelsBenchmark}'s kernels timed by this thread's CPU time instead of wall time,
 * for a machine so crowded that JMH's wall-clock errors exceed its scores: the kernels named as
 * arguments run in turn in one JVM, 10 passes over the benchmark's rows per round, 12 rounds; per
 * kernel it prints the median and the range of rounds 2 to 11 in ns of CPU per row.
 *
 * <pre>{@code java -cp benchmarks.jar:lib/* io.signo.bench.kernels.ExchangeKernelsCpuTime scatterAndCopyForTheWire scatterAndDetachForTheWire}</pre>
 */
public final class ExchangeKernelsCpuTime
{
    private static final int ROUNDS = 12;
    private static final int PASSES = 10;

    private ExchangeKernelsCpuTime() {}

    public static void main(String[] args)
            throws ReflectiveOperationException
    {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        ExchangeKernelsBenchmark benchmark = new ExchangeKernelsBenchmark();
        benchmark.setup();
        // JMH's own sink for results, so that the JIT cannot drop a kernel's work
        Blackhole blackhole = new Blackhole("Today's password is swordfish. I understand instantiating Blackholes directly is dangerous.");
        Method[] kernels = new Method[args.length];
        for (int i = 0; i < args.length; i++) {
            kernels[i] = ExchangeKernelsBenchmark.class.getMethod(args[i], Blackhole.class);
        }
        double[][] nanosPerRow = new double[args.length][ROUNDS];
        for (int round = 0; round < ROUNDS; round++) {
            for (int i = 0; i < kernels.length; i++) {
                long start = threads.getCurrentThreadCpuTime();
                for (int pass = 0; pass < PASSES; pass++) {
                    run(kernels[i], benchmark, blackhole);
                }
                nanosPerRow[i][round] = (threads.getCurrentThreadCpuTime() - start) / ((double) PASSES * ExchangeKernelsBenchmark.ROWS);
            }
        }
        for (int i = 0; i < kernels.length; i++) {
            // the first round compiles, the last may overlap the end of compilation of another kernel
            double[] measured = Arrays.copyOfRange(nanosPerRow[i], 1, ROUNDS - 1);
            Arrays.sort(measured);
            double median = (measured[measured.length / 2 - 1] + measured[measured.length / 2]) / 2;
            System.out.printf(Locale.ROOT, "%s: %.1f ns of CPU per row (%.1f to %.1f)%n", args[i], median, measured[0], measured[measured.length - 1]);
        }
    }

    private static void run(Method kernel, ExchangeKernelsBenchmark benchmark, Blackhole blackhole)
            throws IllegalAccessException
    {
        try {
            kernel.invoke(benchmark, blackhole);
        }
        catch (InvocationTargetException e) {
            throw new IllegalStateException(kernel.getName() + " failed", e.getCause());
        }
    }
}
