package io.signo.server.cli;

import io.signo.sql.QueryResult;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import static java.util.Objects.requireNonNull;

@Command(
        name = "sql",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = {
                "Runs one SQL statement against TPC-H data generated in memory and prints its result.",
                "EXPLAIN <query> prints the plan. A trailing semicolon is fine."})
final class SqlCommand
        implements Callable<Integer>
{
    private final CommandEnvironment environment;

    @Spec
    private CommandSpec spec;

    @Option(names = "--tpch", required = true, paramLabel = "SCALE", description = "Generate TPC-H at this scale factor and query it, e.g. 0.01.")
    private double scaleFactor;

    @ArgGroup(exclusive = true, multiplicity = "1")
    private Statement statement;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table (aligned, like psql) or csv (default: table).")
    private OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: the number of processors, ${DEFAULT-VALUE}).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Mixin
    private ClusterOptions cluster = new ClusterOptions();

    static final class Statement
    {
        @Option(names = {"-f", "--file"}, required = true, paramLabel = "QUERY.sql", description = "Read the statement from this file.")
        Path file;

        @Option(names = {"-e", "--execute"}, required = true, paramLabel = "SQL", description = "The statement to run.")
        String sql;
    }

    SqlCommand(CommandEnvironment environment)
    {
        this.environment = requireNonNull(environment, "environment is null");
    }

    @Override
    public Integer call()
            throws IOException
    {
        OptionChecks.checkScaleFactor(spec, "--tpch", scaleFactor);
        OptionChecks.checkThreads(spec, threads);
        cluster.check(spec);
        // read the statement before generating data, so that a wrong path fails at once
        String sql = StatementText.normalize(statement.file != null ? readFile(statement.file) : statement.sql);
        if (sql.isEmpty()) {
            throw new CommandFailedException(statement.file != null ? "query file is empty: " + statement.file : "the statement is empty");
        }

        try (QueryEngine engine = cluster.clustered()
                ? environment.startCluster(scaleFactor, threads, cluster.workers, cluster.workerAddresses, cluster.exchangeSettings())
                : environment.createEngine(environment.generateTpch(scaleFactor, threads), threads)) {
            QueryResult result = engine.execute(sql);
            PrintWriter out = spec.commandLine().getOut();
            resultWriter(format, StatementText.isExplain(sql), out).write(result);
            if (cluster.stats) {
                out.flush();
                TpchCommand.printStatistics(engine, spec.commandLine().getErr());
                spec.commandLine().getErr().flush();
            }
        }
        return 0;
    }

    static ResultWriter resultWriter(OutputFormat format, boolean explain, PrintWriter out)
    {
        return switch (format) {
            case CSV -> new CsvResultWriter(out);
            case TABLE -> explain ? new PlanTextWriter(out) : new TableResultWriter(out);
        };
    }

    private static String readFile(Path file)
    {
        try {
            return Files.readString(file, StandardCharsets.UTF_8);
        }
        catch (NoSuchFileException e) {
            throw new CommandFailedException("query file not found: " + file, e);
        }
        catch (IOException e) {
            throw new CommandFailedException("cannot read query file " + file + ": " + e.getMessage(), e);
        }
    }
}
