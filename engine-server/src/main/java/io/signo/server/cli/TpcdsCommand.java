package io.signo.server.cli;

import io.signo.storage.table.Catalog;
import io.signo.storage.tpcds.TpcdsQueries;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static java.util.Objects.requireNonNull;

@Command(
        name = "tpcds",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = {
                "Generates TPC-DS data in memory, runs the 99 TPC-DS queries in order (103 statements: queries 14, 23, 24 and 39 have two,"
                        + " q14a and q14b and so on) and writes each result to DIR/q01.csv ... DIR/q99.csv.",
                "Prints the generation time, one line per statement (time and row count, or the error) and a total. "
                        + "Exits with 1 when any statement failed."})
final class TpcdsCommand
        implements Callable<Integer>
{
    private final CommandEnvironment environment;

    @Spec
    private CommandSpec spec;

    @Option(names = "--sf", required = true, paramLabel = "SCALE", description = "TPC-DS scale factor, e.g. 0.01, 0.1 or 1.")
    private double scaleFactor;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory for the result CSV files; created when missing.")
    private Path outputDirectory;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: the number of processors, ${DEFAULT-VALUE}).")
    private int threads = Runtime.getRuntime().availableProcessors();

    TpcdsCommand(CommandEnvironment environment)
    {
        this.environment = requireNonNull(environment, "environment is null");
    }

    @Override
    public Integer call()
    {
        OptionChecks.checkScaleFactor(spec, "--sf", scaleFactor);
        OptionChecks.checkThreads(spec, threads);
        OptionChecks.checkDataFits(spec, "--sf", scaleFactor, true, 0, null);
        PrintWriter out = spec.commandLine().getOut();
        QuerySuite.createOutputDirectory(outputDirectory);
        long generationStart = System.nanoTime();
        Catalog catalog = environment.generateTpcds(scaleFactor, threads);
        out.println("generated TPC-DS sf " + scaleFactor + " in " + QuerySuite.millisSince(generationStart) + " ms ("
                + QuerySuite.rowCount(catalog) + " rows in " + catalog.tables().size() + " tables, " + threads + " threads)");
        out.flush();
        int failures;
        try (QueryEngine engine = environment.createEngine(catalog, threads)) {
            failures = QuerySuite.run(engine, TpcdsQueries.names(), environment::tpcdsQuery, outputDirectory, out, false);
        }
        return failures == 0 ? 0 : 1;
    }
}
