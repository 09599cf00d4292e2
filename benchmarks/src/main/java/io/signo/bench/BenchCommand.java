package io.signo.bench;

import io.signo.bench.queries.QueryBenchmark;
import io.signo.bench.queries.QueryBenchmarkOptions;
import io.signo.bench.queries.QuerySuite;
import io.signo.server.cluster.JitDirectives;

import java.util.Arrays;

/**
 * {@code signo bench ...}: {@code tpch} and {@code tpcds} compare Signo with DuckDB on TPC-H and
 * TPC-DS, {@code qphh} runs the whole TPC-H benchmark (power and throughput tests with refresh functions, QphH), {@code files} on TPC-H read from Parquet and CSV files; {@code jmh} runs the
 * kernel microbenchmarks (the remaining arguments go to JMH).
 */
public final class BenchCommand
{
    private BenchCommand() {}

    public static void main(String[] args)
            throws Exception
    {
        JitDirectives.install().ifPresent(System.err::println);
        if (args.length == 0 || args[0].equals("--help") || args[0].equals("-h")) {
            System.out.println(usage());
            return;
        }
        String[] rest = Arrays.copyOfRange(args, 1, args.length);
        switch (args[0]) {
            case "tpch", "tpcds" -> {
                QueryBenchmarkOptions options;
                try {
                    options = QueryBenchmarkOptions.parse(QuerySuite.named(args[0]), rest);
                }
                catch (IllegalArgumentException e) {
                    System.err.println("signo bench " + args[0] + ": " + e.getMessage());
                    System.err.println(usage());
                    System.exit(2);
                    return;
                }
                System.exit(new QueryBenchmark(options, String.join(" ", args)).run() ? 0 : 1);
            }
            case "files" -> {
                boolean right;
                try {
                    right = FilesBenchmark.run(rest, "bin/signo bench " + String.join(" ", args));
                }
                catch (IllegalArgumentException e) {
                    System.err.println("signo bench files: " + e.getMessage());
                    System.err.println(usage());
                    System.exit(2);
                    return;
                }
                System.exit(right ? 0 : 1);
            }
            case "qphh" -> {
                boolean right;
                try {
                    right = io.signo.bench.qphh.QphhBenchmark.run(rest, "bin/signo bench " + String.join(" ", args));
                }
                catch (IllegalArgumentException e) {
                    System.err.println("signo bench qphh: " + e.getMessage());
                    System.err.println(usage());
                    System.exit(2);
                    return;
                }
                System.exit(right ? 0 : 1);
            }
            case "jmh" -> org.openjdk.jmh.Main.main(rest);
            default -> {
                System.err.println("signo bench: unknown benchmark '" + args[0] + "'");
                System.err.println(usage());
                System.exit(2);
            }
        }
    }

    private static String usage()
    {
        return """
                usage: signo bench tpch [--sf 1] [--threads 2] [--runs 5] [--compare duckdb|none] [--csv FILE] [--report FILE.md] [--queries 1,3,18] [--timeout 120]
                                        [--db DIR] [--cache-size 1g]
                       signo bench tpcds [--sf 1] [--threads 2] [--runs 5] [--compare duckdb|none] [--csv FILE] [--report FILE.md] [--queries 3,14,q23b] [--timeout 120]
                       signo bench files [--sf 1] [--threads 2] [--runs 3] [--warmup 1] [--dir DIR] [--cases scans,queries,load] [--compare duckdb] [--csv FILE] [--report FILE.md]
                       signo bench qphh --db DIR [--sf 1] [--streams N] [--threads 2] [--workers W] [--compare duckdb|none] [--report FILE.md] [--csv FILE] [--seed 1] [--warmup 1]
                       signo bench jmh [JMH options, e.g. -f 1 -wi 2 -i 3 -r 1s KernelName]""";
    }
}
