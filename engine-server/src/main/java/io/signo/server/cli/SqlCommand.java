package io.signo.server.cli;

import io.signo.server.shell.ServerErrors;
import io.signo.server.shell.ServerSql;
import io.signo.server.shell.ServerTarget;
import io.signo.server.shell.StatementSplitter;
import io.signo.sql.QueryResult;
import io.signo.storage.source.TpcdsSource;
import io.signo.storage.source.TpchSource;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.sql.SQLException;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;

import static java.util.Objects.requireNonNull;

@Command(
        name = "sql",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = {
                "Runs SQL statements against a database directory (--db), TPC-H or TPC-DS data generated in memory (--tpch, --tpcds), an empty in-memory database (none of these)"
                        + " or a Signo server (--server) and prints their results. A file (-f) may hold several statements, each ending with ';'.",
                "EXPLAIN <query> prints the plan. A trailing semicolon is fine.",
                "With --server and neither -e nor -f: an interactive shell (statements end with ';', \\? for help)."})
final class SqlCommand
        implements Callable<Integer>
{
    private static final Set<String> SERVER_OPTIONS = Set.of("--server", "--user", "--token-file", "--execute", "--file", "--format");

    private final CommandEnvironment environment;

    @Spec
    private CommandSpec spec;

    /** Null when neither --tpch nor --server is given: the statement runs on an empty in-memory database. */
    @ArgGroup(exclusive = true, multiplicity = "0..1")
    private Source source;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    private Statement statement;

    @Option(names = "--user", paramLabel = "USER", description = "With --server: the user name the server shows for the queries (default: the login name).")
    private String user;

    @Option(names = "--token-file", paramLabel = "FILE", description = "With --server: read the bearer token from this file (default: the environment variable SIGNO_TOKEN).")
    private Path tokenFile;

    @Option(names = "--format", paramLabel = "FORMAT", description = "table (aligned, like psql) or csv (default: table).")
    private OutputFormat format = OutputFormat.TABLE;

    @Option(names = "--cache-size", paramLabel = "SIZE", description = DatabaseOptions.CACHE_SIZE_DESCRIPTION)
    private String cacheSize;

    @Option(names = "--threads", paramLabel = "N", description = "Worker threads (default: the number of processors, ${DEFAULT-VALUE}).")
    private int threads = Runtime.getRuntime().availableProcessors();

    @Mixin
    private ClusterOptions cluster = new ClusterOptions();

    static final class Source
    {
        @Option(names = "--tpch", required = true, paramLabel = "SCALE", description = "Generate TPC-H at this scale factor and query it, e.g. 0.01.")
        Double scaleFactor;

        @Option(names = "--tpcds", required = true, paramLabel = "SCALE", description = "Generate TPC-DS at this scale factor and query it (schema tpcds), e.g. 0.01.")
        Double tpcdsScaleFactor;

        @Option(names = "--server", required = true, paramLabel = "HOST:PORT", description = "Run on this Signo server over JDBC (see docs/jdbc.md).")
        String server;

        @Option(names = "--db", required = true, paramLabel = "DIR", description = "Open the database in this directory (created when missing) and run on its tables.")
        Path database;
    }

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
        if (source != null && source.server != null) {
            ServerSql serverSql = new ServerSql(serverTarget(), format);
            try {
                if (statement == null) {
                    serverSql.shell();
                }
                else {
                    List<String> statements = statements();
                    for (int i = 0; i < statements.size(); i++) {
                        if (i > 0) {
                            spec.commandLine().getOut().println();
                        }
                        serverSql.execute(statements.get(i), spec.commandLine().getOut());
                    }
                }
            }
            catch (SQLException e) {
                throw new CommandFailedException(ServerErrors.message(e), e);
            }
            return 0;
        }
        for (String option : List.of("--user", "--token-file")) {
            if (spec.commandLine().getParseResult().hasMatchedOption(option)) {
                throw new ParameterException(spec.commandLine(), option + " goes with --server, not --tpch");
            }
        }
        if (statement == null) {
            throw new ParameterException(spec.commandLine(), "Missing required argument (specify one of these): (-f=QUERY.sql | -e=SQL); only --server has an interactive shell");
        }
        Double scaleFactor = source != null ? source.scaleFactor : null;
        Double tpcdsScaleFactor = source != null ? source.tpcdsScaleFactor : null;
        Path database = source != null ? source.database : null;
        if (scaleFactor != null) {
            OptionChecks.checkScaleFactor(spec, "--tpch", scaleFactor);
        }
        if (tpcdsScaleFactor != null) {
            OptionChecks.checkScaleFactor(spec, "--tpcds", tpcdsScaleFactor);
        }
        OptionChecks.checkThreads(spec, threads);
        cluster.check(spec);
        if (scaleFactor != null && database == null) {
            cluster.checkDataFits(spec, "--tpch", scaleFactor, false);
        }
        if (tpcdsScaleFactor != null) {
            cluster.checkDataFits(spec, "--tpcds", tpcdsScaleFactor, true);
        }
        if (scaleFactor == null && tpcdsScaleFactor == null && database == null && cluster.clustered()) {
            throw new ParameterException(spec.commandLine(), "--tpch, --tpcds or --db is required with --workers or --worker-addresses: the workers generate the data or keep the database's tables");
        }
        // read the statements before generating data, so that a wrong path fails at once
        List<String> statements = statements();

        try (QueryEngine engine = tpcdsScaleFactor != null ? openTpcdsEngine(tpcdsScaleFactor) : openEngine(scaleFactor, database)) {
            PrintWriter out = spec.commandLine().getOut();
            for (int i = 0; i < statements.size(); i++) {
                String sql = statements.get(i);
                QueryResult result = engine.execute(sql);
                if (i > 0) {
                    out.println();
                }
                resultWriter(format, StatementText.isExplain(sql), out).write(result);
            }
            if (cluster.stats) {
                out.flush();
                TpchCommand.printStatistics(engine, spec.commandLine().getErr());
                spec.commandLine().getErr().flush();
            }
        }
        return 0;
    }

    /** An engine over TPC-DS at {@code scaleFactor}, on this process or the cluster's workers. */
    private QueryEngine openTpcdsEngine(double scaleFactor)
    {
        if (cluster.clustered()) {
            return environment.startCluster(new TpcdsSource(scaleFactor), threads, cluster.workers, cluster.workerAddresses, cluster.exchangeSettings());
        }
        return environment.createEngine(environment.generateTpcds(scaleFactor, threads), threads);
    }

    /**
     * An engine over TPC-H at {@code scaleFactor}, on this process or the cluster's workers; over the
     * database in {@code database}, or an empty one in memory, when there is no scale factor.
     */
    private QueryEngine openEngine(Double scaleFactor, Path database)
    {
        if (scaleFactor == null && database != null && cluster.clustered()) {
            return environment.startDatabaseCluster(database, DatabaseOptions.cacheBytes(spec, cacheSize), threads, cluster.workers, cluster.workerAddresses,
                    cluster.exchangeSettings());
        }
        if (scaleFactor == null) {
            return environment.openDatabase(database, threads, DatabaseOptions.cacheBytes(spec, cacheSize));
        }
        if (cluster.clustered()) {
            return environment.startCluster(new TpchSource(scaleFactor), threads, cluster.workers, cluster.workerAddresses, cluster.exchangeSettings());
        }
        return environment.createEngine(environment.generateTpch(scaleFactor, threads), threads);
    }

    /** The statements of -e or -f, each normalized; fails when there is none. */
    private List<String> statements()
    {
        List<String> statements = new java.util.ArrayList<>();
        for (String sql : StatementSplitter.split(statement.file != null ? readFile(statement.file) : statement.sql)) {
            statements.add(StatementText.normalize(sql));
        }
        statements.removeIf(String::isEmpty);
        if (statements.isEmpty()) {
            throw new CommandFailedException(statement.file != null ? "query file is empty: " + statement.file : "the statement is empty");
        }
        return statements;
    }

    private ServerTarget serverTarget()
    {
        // the options of the in-process engine mean nothing to a server
        for (OptionSpec option : spec.commandLine().getParseResult().matchedOptions()) {
            if (!SERVER_OPTIONS.contains(option.longestName())) {
                throw new ParameterException(spec.commandLine(), option.longestName() + " goes with --tpch, not --server");
            }
        }
        String token;
        if (tokenFile != null) {
            try {
                token = Files.readString(tokenFile, StandardCharsets.UTF_8).strip();
            }
            catch (IOException e) {
                throw new CommandFailedException("cannot read token file " + tokenFile + ": " + e.getMessage(), e);
            }
        }
        else {
            token = System.getenv("SIGNO_TOKEN");
        }
        try {
            return new ServerTarget(source.server, user != null ? user : System.getProperty("user.name", "signo"), token);
        }
        catch (IllegalArgumentException e) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--server': " + e.getMessage());
        }
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
