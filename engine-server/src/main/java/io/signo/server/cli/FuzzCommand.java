package io.signo.server.cli;

import io.signo.server.fuzz.FuzzReport;
import io.signo.server.fuzz.SqlFuzzer;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;

/** {@code signo fuzz sql}: the fuzzers, run for a while from the command line. */
@Command(
        name = "fuzz",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = "Runs one of Signo's fuzzers for a while and prints what it found (docs/fuzzing.md).",
        subcommands = FuzzCommand.Sql.class)
final class FuzzCommand
        implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call()
    {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand: sql");
    }

    @Command(
            name = "sql",
            mixinStandardHelpOptions = true,
            versionProvider = SignoCommand.Version.class,
            description = {
                    "The differential SQL fuzzer: random, typed SELECT statements over TPC-H (and a small table of edge values) run on Signo and on DuckDB "
                            + "over the same rows; every failure is minimized.",
                    "Prints a line per distinct failure as it is found and a summary; exits with 1 when a statement gave a wrong answer or an internal error."})
    static final class Sql
            implements Callable<Integer>
    {
        @Spec
        private CommandSpec spec;

        @Option(names = "--seed", paramLabel = "S", description = "Seed of the statements (default ${DEFAULT-VALUE}); statement i of a seed is always the same.")
        private long seed = 1;

        @Option(names = "--duration", paramLabel = "D", description = "How long to run: 90s, 10m, 1h (default ${DEFAULT-VALUE}).")
        private String duration = "60s";

        @Option(names = "--queries", paramLabel = "N", description = "Stop after N statements, if that comes first (default: no limit).")
        private int queries = Integer.MAX_VALUE;

        @Option(names = "--sf", paramLabel = "SCALE", description = "TPC-H scale factor of the data (default ${DEFAULT-VALUE}).")
        private double scaleFactor = 0.01;

        @Option(names = "--workers", paramLabel = "N", description = "Worker nodes, in this process, the plans are cut for (default ${DEFAULT-VALUE}).")
        private int workers = 2;

        @Option(names = "--threads", paramLabel = "N", description = "Driver threads per worker (default ${DEFAULT-VALUE}).")
        private int threads = 1;

        @Option(names = "--timeout", paramLabel = "D", description = "Time limit of one statement on either engine (default ${DEFAULT-VALUE}).")
        private String timeout = "20s";

        @Option(names = "--report", paramLabel = "FILE", description = "Also write the report, in Markdown, to FILE.")
        private Path report;

        @Override
        public Integer call()
                throws Exception
        {
            Duration runFor = OptionChecks.duration(spec, "--duration", duration);
            Duration statementTimeout = OptionChecks.duration(spec, "--timeout", timeout);
            OptionChecks.checkScaleFactor(spec, "--sf", scaleFactor);
            OptionChecks.checkThreads(spec, threads);
            if (workers < 1 || workers > 16) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--workers': 1 to 16, was " + workers);
            }
            if (queries < 1) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--queries': at least 1, was " + queries);
            }
            if (!duckDbPresent()) {
                spec.commandLine().getErr().println("Error: signo fuzz sql compares Signo with DuckDB, which this installation leaves out (the container image does); "
                        + "run it from a source checkout: bin/signo fuzz sql");
                return 2;
            }
            PrintWriter out = spec.commandLine().getOut();
            SqlFuzzer.Report result;
            try (SqlFuzzer fuzzer = SqlFuzzer.open(scaleFactor, workers, threads, statementTimeout)) {
                result = fuzzer.fuzz(seed, queries, runFor, line -> {
                    out.println(line);
                    out.flush();
                });
            }
            out.print(FuzzReport.summary(result));
            if (report != null) {
                try {
                    Files.writeString(report, FuzzReport.markdown(result), StandardCharsets.UTF_8);
                }
                catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                out.println("report written to " + report);
            }
            out.flush();
            return result.hasBugs() ? 1 : 0;
        }

        private static boolean duckDbPresent()
        {
            try {
                Class.forName("org.duckdb.DuckDBDriver", false, FuzzCommand.class.getClassLoader());
                return true;
            }
            catch (ClassNotFoundException e) {
                return false;
            }
        }
    }
}
