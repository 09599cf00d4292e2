package io.signo.bench.qphh;

import io.signo.bench.ProcessCpuTime;

import java.io.Serializable;

/**
 * The CPU time an engine's process spent in a TPC-H run, beside its wall times in {@link QphhResult}:
 * on a shared machine the wall time of a step is the machine's load as much as the engine's work,
 * the CPU time is the work alone. Nanoseconds; the arrays are indexed as QphhResult's.
 *
 * @param powerQueryNanos each query's process CPU time in the power test (every thread: drivers, planning, compiler, collector)
 * @param powerRefreshNanos RF1 and RF2 of the power test
 * @param powerTest the power test's CPU time by the kind of thread
 * @param throughputTest the throughput test's CPU time by the kind of thread
 */
public record QphhCpuTimes(long[] powerQueryNanos, long[] powerRefreshNanos, ProcessCpuTime.ByThreadKind powerTest, ProcessCpuTime.ByThreadKind throughputTest)
        implements Serializable
{
    /** For results made without a run (tests of the metrics). */
    public static QphhCpuTimes none()
    {
        return new QphhCpuTimes(new long[23], new long[2], ProcessCpuTime.ByThreadKind.NONE, ProcessCpuTime.ByThreadKind.NONE);
    }
}
