package io.signo.bench.qphh;

import io.signo.bench.ProcessCpuTime;
import io.signo.bench.queries.PeakMemory;
import io.signo.server.cli.ProgressLine;
import io.signo.storage.tpch.TpchRefreshData;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static java.util.Objects.requireNonNull;

/**
 * Runs the TPC-H performance test (clause 5.3) on one engine: the power test (RF1 of pair 1, the 22
 * queries of stream 0 one after another, RF2 of pair 1), then the throughput test (query streams 1 to
 * N at once, each on a thread of its own, and beside them the refresh stream running RF1 and RF2 of
 * pairs 2 to N + 1 one after another). RF1 inserts the rows of update files written before the test
 * (dbgen's {@code orders.u1.tbl} and {@code lineitem.u1.tbl}) with {@code INSERT ... SELECT FROM read_csv}. A query or refresh that fails is recorded and the run goes
 * on; its time then counts as it was until the failure.
 */
public final class QphhRun
{
    private final QphhWorkload workload;
    private final QphhTarget target;
    private final Consumer<String> log;
    private final List<String> failures = Collections.synchronizedList(new ArrayList<>());
    /** Queries and refresh functions finished, for the progress bar drawn on a terminal. */
    private final AtomicInteger stepsDone = new AtomicInteger();
    private volatile String currentStep = "power test";
    private volatile ProgressLine progress;

    private static final int TPCH_QUERIES = 22;

    public QphhRun(QphhWorkload workload, QphhTarget target, Consumer<String> log)
    {
        this.workload = requireNonNull(workload, "workload is null");
        this.target = requireNonNull(target, "target is null");
        this.log = requireNonNull(log, "log is null");
    }

    private void log(String line)
    {
        ProgressLine shown = progress;
        if (shown != null) {
            shown.erase();
        }
        log.accept(line);
    }

    public QphhResult run()
            throws InterruptedException, java.io.IOException
    {
        int streams = workload.streams();
        // the refresh data of every pair is generated and written to update files before the test, as dbgen's are
        java.nio.file.Path updates = java.nio.file.Files.createTempDirectory("signo-qphh-updates-");
        try {
            List<List<String>> refreshFunction1 = new ArrayList<>();
            List<TpchRefreshData> data = new ArrayList<>();
            for (int pair = 1; pair <= workload.refreshPairs(); pair++) {
                TpchRefreshData pairData = workload.refreshData(pair);
                List<java.nio.file.Path> files = pairData.writeUpdateFiles(updates);
                data.add(pairData);
                refreshFunction1.add(target.refreshFunction1(files.get(0), files.get(1)));
            }
            // the power test's 22 queries and 2 refresh functions, then every stream's 22 and every pair's 2
            int steps = TPCH_QUERIES + 2 + streams * TPCH_QUERIES + 2 * (data.size() - 1);
            try (ProgressLine line = ProgressLine.start(ProgressLine.standardErrorOnTerminal(), nanos -> ProgressLine.bar(nanos, stepsDone.get(), steps, currentStep))) {
                progress = line;
                return run(streams, data, refreshFunction1);
            }
            finally {
                progress = null;
            }
        }
        finally {
            try (var files = java.nio.file.Files.list(updates)) {
                for (java.nio.file.Path file : files.toList()) {
                    java.nio.file.Files.deleteIfExists(file);
                }
            }
            java.nio.file.Files.deleteIfExists(updates);
        }
    }

    private QphhResult run(int streams, List<TpchRefreshData> data, List<List<String>> refreshFunction1)
            throws InterruptedException
    {
        PeakMemory.reset();

        // power test
        long[] powerQueryNanos = new long[23];
        long[] powerRefreshNanos = new long[2];
        long[] powerQueryCpuNanos = new long[23];
        long[] powerRefreshCpuNanos = new long[2];
        TpchRefreshData powerPair = data.getFirst();
        ProcessCpuTime.ByThreadKind powerCpuStart = ProcessCpuTime.byThreadKind();
        long powerStart = System.nanoTime();
        currentStep = "power test";
        long cpuStart = ProcessCpuTime.nanos();
        powerRefreshNanos[0] = refresh(0, "RF1 of pair 1", refreshFunction1.getFirst());
        powerRefreshCpuNanos[0] = ProcessCpuTime.nanos() - cpuStart;
        runStream(0, powerQueryNanos, powerQueryCpuNanos);
        cpuStart = ProcessCpuTime.nanos();
        powerRefreshNanos[1] = refresh(0, "RF2 of pair 1", powerPair.refreshFunction2());
        powerRefreshCpuNanos[1] = ProcessCpuTime.nanos() - cpuStart;
        long powerNanos = System.nanoTime() - powerStart;
        ProcessCpuTime.ByThreadKind powerCpu = ProcessCpuTime.byThreadKind().since(powerCpuStart);
        log(String.format("power test: %.2f s", powerNanos / 1e9));

        // throughput test
        long[][] streamQueryNanos = new long[streams + 1][23];
        long[] streamNanos = new long[streams + 1];
        long[][] refreshNanos = new long[streams][2];
        List<TpchRefreshData> pairs = data.subList(1, data.size());
        long throughputStart;
        long throughputNanos;
        ProcessCpuTime.ByThreadKind throughputCpuStart = ProcessCpuTime.byThreadKind();
        try (ExecutorService threads = Executors.newFixedThreadPool(streams + 1, Thread.ofPlatform().name("qphh-stream-", 1).factory())) {
            List<Future<?>> running = new ArrayList<>();
            throughputStart = System.nanoTime();
            currentStep = "throughput test";
            for (int stream = 1; stream <= streams; stream++) {
                int number = stream;
                running.add(threads.submit(() -> {
                    long start = System.nanoTime();
                    runStream(number, streamQueryNanos[number], null);
                    streamNanos[number] = System.nanoTime() - start;
                }));
            }
            running.add(threads.submit(() -> {
                for (int pair = 0; pair < pairs.size(); pair++) {
                    TpchRefreshData pairData = pairs.get(pair);
                    refreshNanos[pair][0] = refresh(streams + 1, "RF1 of pair " + pairData.pair(), refreshFunction1.get(pair + 1));
                    refreshNanos[pair][1] = refresh(streams + 1, "RF2 of pair " + pairData.pair(), pairData.refreshFunction2());
                }
            }));
            for (Future<?> future : running) {
                try {
                    future.get();
                }
                catch (ExecutionException e) {
                    failures.add("throughput test: " + e.getCause());
                }
            }
            // clause 5.3.7.2: the test ends when the last query stream or the refresh stream ends
            throughputNanos = System.nanoTime() - throughputStart;
        }
        ProcessCpuTime.ByThreadKind throughputCpu = ProcessCpuTime.byThreadKind().since(throughputCpuStart);
        log(String.format("throughput test: %.2f s", throughputNanos / 1e9));
        return new QphhResult(workload.scaleFactor(), streams, powerQueryNanos, powerRefreshNanos, powerNanos, streamQueryNanos, streamNanos, refreshNanos, throughputNanos,
                PeakMemory.peakResidentBytes(), List.copyOf(failures), new QphhCpuTimes(powerQueryCpuNanos, powerRefreshCpuNanos, powerCpu, throughputCpu));
    }

    /** @param queryCpuNanos each query's process CPU time, or null when other streams run beside this one and the process's CPU time is theirs too */
    private void runStream(int stream, long[] queryNanos, long[] queryCpuNanos)
    {
        for (QphhWorkload.StreamQuery query : workload.queries(stream)) {
            long cpuStart = queryCpuNanos == null ? 0 : ProcessCpuTime.nanos();
            long start = System.nanoTime();
            try {
                target.query(stream, query.sql());
            }
            catch (Exception e) {
                failures.add("stream " + stream + " q" + query.number() + ": " + e);
                log("stream " + stream + " q" + query.number() + " failed: " + e);
            }
            queryNanos[query.number()] = System.nanoTime() - start;
            if (queryCpuNanos != null) {
                queryCpuNanos[query.number()] = ProcessCpuTime.nanos() - cpuStart;
            }
            stepsDone.incrementAndGet();
        }
    }

    private long refresh(int stream, String name, List<String> statements)
    {
        long start = System.nanoTime();
        try {
            target.refresh(stream, statements);
        }
        catch (Exception e) {
            failures.add(name + ": " + e);
            log(name + " failed: " + e);
        }
        stepsDone.incrementAndGet();
        return System.nanoTime() - start;
    }
}
