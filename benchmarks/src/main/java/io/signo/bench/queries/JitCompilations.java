package io.signo.bench.queries;

import io.signo.bench.BenchSessions;
import io.signo.bench.ProcessCpuTime;
import io.signo.bench.QueryLatencyBenchmark;
import io.signo.server.cluster.JitDirectives;
import io.signo.sql.QueryControl;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.generator.GeneratedDataSet;
import io.signo.storage.memory.MemoryPool;
import jdk.jfr.consumer.RecordedEvent;
import jdk.jfr.consumer.RecordedFrame;
import jdk.jfr.consumer.RecordedMethod;
import jdk.jfr.consumer.RecordingStream;

import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Collectors;

/**
 * What the JIT compiler does while the same TPC-H queries run again and again in one JVM, for finding
 * the compilations a warm process keeps paying for: generates the tables once, runs the 22 queries
 * {@code rounds} times and prints, per round, the process's CPU time by kind of thread (compiler,
 * collector, the rest) and the compilations and deoptimizations JFR saw; then, over the second half
 * of the rounds, the methods compiled most often and longest (wall time of each compilation, which a
 * busy machine stretches) and the deoptimizations by method, reason and the frames where they
 * happened. Run with {@code java --enable-native-access=ALL-UNNAMED -cp
 * "benchmarks/target/benchmarks.jar:benchmarks/target/lib/*" io.signo.bench.queries.JitCompilations
 * [sf] [rounds]}.
 */
public final class JitCompilations
{
    private final Map<String, AtomicLong> compilationsByMethod = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> compileMillisByMethod = new ConcurrentHashMap<>();
    private final Map<String, AtomicLong> deoptimizations = new ConcurrentHashMap<>();
    private final AtomicLong compilations = new AtomicLong();
    private final AtomicLong optimizingCompilations = new AtomicLong();
    private final AtomicLong deoptimizationCount = new AtomicLong();
    private final AtomicLong repeatedCompilations = new AtomicLong();
    private final Map<String, AtomicLong> compilationsByFamily = new ConcurrentHashMap<>();
    private final Set<String> compiledOnce = ConcurrentHashMap.newKeySet();
    private volatile boolean collecting;

    private JitCompilations() {}

    public static void main(String[] args)
            throws Exception
    {
        JitDirectives.install().ifPresent(System.err::println);
        double scaleFactor = args.length > 0 ? Double.parseDouble(args[0]) : 0.1;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 8;
        int threads = 2;
        // the 22 queries by default; "short" for the short statements QueryLatencyBenchmark times, or a list of TPC-H numbers
        String which = args.length > 2 ? args[2] : "all";
        JitCompilations jit = new JitCompilations();
        try (RecordingStream events = new RecordingStream()) {
            events.enable("jdk.Compilation").withThreshold(Duration.ZERO);
            events.enable("jdk.Deoptimization").withStackTrace();
            events.onEvent("jdk.Compilation", jit::compiled);
            events.onEvent("jdk.Deoptimization", jit::deoptimized);
            events.startAsync();
            QuerySuite suite = QuerySuite.TPCH;
            try (GeneratedDataSet dataSet = suite.generate(scaleFactor, threads, partition -> true, threads, MemoryPool.unbounded("jit-compilations"));
                    SignoEngine engine = new SignoEngine(dataSet.catalog(), threads)) {
                Session session = BenchSessions.planningEveryStatement("jit-compilations");
                List<String> statements = statements(suite, which);
                ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
                for (int round = 1; round <= rounds; round++) {
                    jit.collecting = round > rounds / 2;
                    ProcessCpuTime.ByThreadKind before = ProcessCpuTime.byThreadKind();
                    long compiled = jit.compilations.get();
                    long optimized = jit.optimizingCompilations.get();
                    long deoptimized = jit.deoptimizationCount.get();
                    long repeated = jit.repeatedCompilations.get();
                    long loaded = classes.getTotalLoadedClassCount();
                    for (String statement : statements) {
                        QueryControl control = new QueryControl();
                        engine.start(engine.plan(session, statement, control), session, control).collect();
                    }
                    // the events of the round's last compilations reach the stream a little later
                    Thread.sleep(500);
                    ProcessCpuTime.ByThreadKind spent = ProcessCpuTime.byThreadKind().since(before);
                    System.out.printf(Locale.ROOT, "round %d: CPU ms compiler %.0f, collector %.0f, rest %.0f; compilations %d (C2 %d, again at a tier seen before %d), deoptimizations %d, classes loaded %d%n",
                            round, spent.compilerNanos() / 1e6, spent.collectorNanos() / 1e6, spent.otherNanos() / 1e6,
                            jit.compilations.get() - compiled, jit.optimizingCompilations.get() - optimized, jit.repeatedCompilations.get() - repeated,
                            jit.deoptimizationCount.get() - deoptimized, classes.getTotalLoadedClassCount() - loaded);
                }
            }
        }
        System.out.printf(Locale.ROOT, "%nrounds %d-%d, compilations by code family and tier:%n", rounds / 2 + 1, rounds);
        print(jit.compilationsByFamily, 40);
        System.out.printf(Locale.ROOT, "%nrounds %d-%d, compilations by method and tier, most often:%n", rounds / 2 + 1, rounds);
        print(jit.compilationsByMethod, 30);
        System.out.printf(Locale.ROOT, "%nrounds %d-%d, compilation wall ms by method and tier, longest:%n", rounds / 2 + 1, rounds);
        print(jit.compileMillisByMethod, 30);
        System.out.printf(Locale.ROOT, "%nrounds %d-%d, deoptimizations by method, reason, action and frames:%n", rounds / 2 + 1, rounds);
        print(jit.deoptimizations, 30);
    }

    private void compiled(RecordedEvent event)
    {
        compilations.incrementAndGet();
        int tier = event.getInt("compileLevel");
        if (tier == 4) {
            optimizingCompilations.incrementAndGet();
        }
        RecordedMethod method = event.getValue("method");
        String methodAtTier = "tier " + tier + (event.getBoolean("isOsr") ? " (OSR) " : " ") + name(method);
        String fullName = method == null ? "?" : method.getType().getName() + "." + method.getName() + method.getDescriptor();
        boolean again = !compiledOnce.add(tier + (event.getBoolean("isOsr") ? "osr " : " ") + fullName);
        if (again) {
            repeatedCompilations.incrementAndGet();
        }
        if (collecting) {
            String family = "tier " + tier + (again ? " again " : " first ") + family(method);
            compilationsByFamily.computeIfAbsent(family, _ -> new AtomicLong()).incrementAndGet();
            compilationsByMethod.computeIfAbsent(methodAtTier, _ -> new AtomicLong()).incrementAndGet();
            compileMillisByMethod.computeIfAbsent(methodAtTier, _ -> new AtomicLong()).addAndGet(event.getDuration().toMillis());
        }
    }

    private void deoptimized(RecordedEvent event)
    {
        deoptimizationCount.incrementAndGet();
        if (collecting) {
            List<RecordedFrame> frames = event.getStackTrace() == null ? List.of() : event.getStackTrace().getFrames();
            String where = frames.stream().limit(5)
                    .map(frame -> name(frame.getMethod()) + ":" + frame.getLineNumber())
                    .collect(Collectors.joining(" < "));
            String key = event.getString("reason") + "/" + event.getString("action") + " at " + where;
            deoptimizations.computeIfAbsent(key, _ -> new AtomicLong()).incrementAndGet();
        }
    }

    private static List<String> statements(QuerySuite suite, String which)
    {
        if (which.equals("short")) {
            return QueryLatencyBenchmark.statements();
        }
        if (which.equals("all")) {
            return suite.queryNames().stream().map(suite::query).toList();
        }
        return Arrays.stream(which.split(",")).flatMap(entry -> suite.queriesNamed(entry).stream()).map(suite::query).toList();
    }

    /** The code a compiled method belongs to, by the first parts of its package name. */
    private static String family(RecordedMethod method)
    {
        if (method == null) {
            return "?";
        }
        String type = method.getType().getName();
        if (type.contains("$$Lambda") || type.contains("LambdaForm") || type.contains("/0x") || type.startsWith("jdk.internal.reflect.Generated")) {
            return "generated: " + type.replaceAll("0x[0-9a-f]+", "N");
        }
        String[] parts = type.split("\\.");
        return parts.length < 3 ? type : parts[0] + "." + parts[1] + "." + parts[2];
    }

    private static String name(RecordedMethod method)
    {
        if (method == null) {
            return "?";
        }
        String type = method.getType().getName();
        return type.substring(type.lastIndexOf('.') + 1) + "." + method.getName();
    }

    private static void print(Map<String, AtomicLong> counts, int limit)
    {
        counts.entrySet().stream()
                .sorted((left, right) -> Long.compare(right.getValue().get(), left.getValue().get()))
                .limit(limit)
                .forEach(entry -> System.out.printf(Locale.ROOT, "  %6d  %s%n", entry.getValue().get(), entry.getKey()));
    }
}
