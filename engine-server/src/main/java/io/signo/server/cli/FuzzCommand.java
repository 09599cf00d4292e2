package io.signo.server.cli;

import io.signo.net.exchange.ExchangeFrameFuzzer;
import io.signo.server.fuzz.FuzzReplay;
import io.signo.server.fuzz.FuzzReport;
import io.signo.server.fuzz.HttpFuzzer;
import io.signo.server.fuzz.PgWireFuzzer;
import io.signo.server.fuzz.ProtocolFuzzResult;
import io.signo.server.fuzz.SqlFuzzer;
import io.signo.server.http.HttpLimits;
import io.signo.server.http.ServerOptions;
import io.signo.server.http.SignoServer;
import io.signo.server.pg.PgServer;
import io.signo.server.query.LocalQueryRunner;
import io.signo.server.query.QueryEventListener;
import io.signo.server.query.QueryManager;
import io.signo.sql.SignoEngine;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.table.Catalog;
import io.signo.storage.tpch.TpchData;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

/** {@code signo fuzz sql|http|pg|exchange}: the fuzzers, run for a while from the command line. */
@Command(
        name = "fuzz",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = "Runs one of Signo's fuzzers for a while and prints what it found (docs/fuzzing.md).",
        subcommands = {FuzzCommand.Sql.class, FuzzCommand.Http.class, FuzzCommand.Pg.class, FuzzCommand.Exchange.class})
final class FuzzCommand
        implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call()
    {
        throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Missing required subcommand: sql, http, pg or exchange");
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

        @Mixin
        private FuzzRunOptions run;

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

        @Option(names = "--replay", paramLabel = "REPORT", description = "Instead of new statements, run again the minimized failures an earlier run's Markdown report lists, "
                + "and print what each gives now (--report then writes them as a table).")
        private Path replay;

        @Override
        public Integer call()
                throws Exception
        {
            Duration runFor = run.runFor(spec);
            Duration statementTimeout = OptionChecks.duration(spec, "--timeout", timeout);
            OptionChecks.checkScaleFactor(spec, "--sf", scaleFactor);
            OptionChecks.checkThreads(spec, threads);
            if (workers < 1 || workers > 16) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--workers': 1 to 16, was " + workers);
            }
            FuzzRunOptions.checkCases(spec, "--queries", queries);
            if (!duckDbPresent()) {
                spec.commandLine().getErr().println("Error: signo fuzz sql compares Signo with DuckDB, which this installation leaves out (the container image does); "
                        + "run it from a source checkout: bin/signo fuzz sql");
                return 2;
            }
            PrintWriter out = spec.commandLine().getOut();
            if (replay != null) {
                return replay(out, statementTimeout);
            }
            SqlFuzzer.Report result;
            try (SqlFuzzer fuzzer = SqlFuzzer.open(scaleFactor, workers, threads, statementTimeout)) {
                result = fuzzer.fuzz(run.seed(), queries, runFor, line -> {
                    out.println(line);
                    out.flush();
                }, soFar -> run.writeReport(FuzzReport.markdown(soFar)));
            }
            run.finish(out, FuzzReport.summary(result), FuzzReport.markdown(result));
            return result.hasBugs() ? 1 : 0;
        }

        private int replay(PrintWriter out, Duration statementTimeout)
                throws Exception
        {
            if (!Files.isReadable(replay)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--replay': no readable file " + replay);
            }
            List<FuzzReplay.Finding> findings = FuzzReplay.findings(Files.readString(replay));
            if (findings.isEmpty()) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--replay': " + replay
                        + " lists no failures (headings '### OUTCOME (...)' each followed by a sql block, as signo fuzz sql --report writes them)");
            }
            List<FuzzReplay.Replayed> replayed;
            try (SqlFuzzer fuzzer = SqlFuzzer.open(scaleFactor, workers, threads, statementTimeout)) {
                replayed = FuzzReplay.replay(fuzzer, findings);
            }
            run.finish(out, FuzzReplay.summary(replayed), "# Failures of " + replay.getFileName() + ", run again\n\n" + FuzzReplay.markdown(replayed));
            return FuzzReplay.anyOpenBug(replayed) ? 1 : 0;
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

    @Command(
            name = "http",
            mixinStandardHelpOptions = true,
            versionProvider = SignoCommand.Version.class,
            description = {
                    "The HTTP fuzzer: random and mutated requests (methods, paths, headers, lying lengths, JSON and Avatica protobuf bodies cut and flipped) "
                            + "to the REST API and the JDBC endpoint. Every request must get an answer, every error must be JSON with a code and without Java text, "
                            + "and GET /v1/info must keep answering within a second.",
                    "Without --url it starts a server of its own on 127.0.0.1 (a 1 s request read timeout and a 1 MiB body cap, so that cut requests end quickly).",
                    "Exits with 1 when a request broke a rule."})
    static final class Http
            implements Callable<Integer>
    {
        @Spec
        private CommandSpec spec;

        @Mixin
        private FuzzRunOptions run;

        @Option(names = "--requests", paramLabel = "N", description = "Stop after N requests, if that comes first (default: no limit).")
        private int requests = Integer.MAX_VALUE;

        @Option(names = "--url", paramLabel = "URL", description = "A running Signo server to fuzz (http://host:port) instead of one of its own.")
        private URI url;

        @Option(names = "--token", paramLabel = "TOKEN", description = "The server's token: most requests carry it, so that they reach past authentication.")
        private String token;

        @Override
        public Integer call()
        {
            Duration runFor = run.runFor(spec);
            FuzzRunOptions.checkCases(spec, "--requests", requests);
            if (url != null && (!"http".equals(url.getScheme()) || url.getHost() == null || url.getPort() < 0)) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--url': http://host:port, was " + url);
            }
            ProtocolFuzzResult result;
            if (url != null) {
                result = HttpFuzzer.run(url, token, run.seed(), runFor, requests);
            }
            else {
                ServerOptions options = ServerOptions.local(0)
                        .withToken(token)
                        .withLimits(HttpLimits.DEFAULT.withRequestReadTimeout(Duration.ofSeconds(1)).withMaxRequestBodyBytes(1 << 20));
                try (SignoServer server = SignoServer.start(options, address -> new LocalQueryRunner(new SignoEngine(new Catalog("tpch"), 1), address))) {
                    result = HttpFuzzer.run(server.uri(), token, run.seed(), runFor, requests);
                }
            }
            run.finish(spec.commandLine().getOut(), FuzzReport.summary(result), FuzzReport.markdown(result));
            return result.brokeARule() ? 1 : 0;
        }
    }

    @Command(
            name = "pg",
            mixinStandardHelpOptions = true,
            versionProvider = SignoCommand.Version.class,
            description = {
                    "The PostgreSQL protocol fuzzer: sessions of broken clients (simple and extended-protocol messages with mutated payloads, unknown and "
                            + "unsupported messages, SSL and cancel requests, whole byte streams mutated). Every ErrorResponse must carry a SQLSTATE that is not "
                            + "XX000 and no Java text, every session must end in ReadyForQuery or a closed connection, and SELECT 1 on a new connection must "
                            + "keep answering within a second.",
                    "Without --host it starts a PostgreSQL endpoint of its own on 127.0.0.1 over TPC-H at scale factor 0.001 (a 1 MiB message limit).",
                    "Exits with 1 when a session broke a rule."})
    static final class Pg
            implements Callable<Integer>
    {
        @Spec
        private CommandSpec spec;

        @Mixin
        private FuzzRunOptions run;

        @Option(names = "--sessions", paramLabel = "N", description = "Stop after N sessions, if that comes first (default: no limit).")
        private int sessions = Integer.MAX_VALUE;

        @Option(names = "--host", paramLabel = "HOST", description = "A running Signo server's PostgreSQL endpoint to fuzz, instead of one of its own.")
        private String host;

        @Option(names = "--pg-port", paramLabel = "PORT", description = "The port of the endpoint given with --host (default ${DEFAULT-VALUE}).")
        private int pgPort = 5432;

        @Option(names = "--password", paramLabel = "TOKEN", description = "The server's token, sent when the server asks for a password.")
        private String password;

        @Override
        public Integer call()
        {
            Duration runFor = run.runFor(spec);
            FuzzRunOptions.checkCases(spec, "--sessions", sessions);
            if (pgPort < 1 || pgPort > 65_535) {
                throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '--pg-port': 1 to 65535, was " + pgPort);
            }
            ProtocolFuzzResult result;
            if (host != null) {
                result = PgWireFuzzer.run(host, pgPort, password, run.seed(), runFor, sessions);
            }
            else {
                Catalog catalog = TpchData.generate(0.001, 1, MemoryPool.unbounded("tpch"));
                try (QueryManager queryManager = new QueryManager(new LocalQueryRunner(new SignoEngine(catalog, 1), "127.0.0.1"), QueryEventListener.NONE, 10)) {
                    PgServer server = PgServer.start("127.0.0.1", 0, queryManager, password, 1 << 20);
                    try {
                        result = PgWireFuzzer.run("127.0.0.1", server.port(), password, run.seed(), runFor, sessions);
                    }
                    finally {
                        server.close();
                    }
                }
            }
            run.finish(spec.commandLine().getOut(), FuzzReport.summary(result), FuzzReport.markdown(result));
            return result.brokeARule() ? 1 : 0;
        }
    }

    @Command(
            name = "exchange",
            mixinStandardHelpOptions = true,
            versionProvider = SignoCommand.Version.class,
            description = {
                    "The exchange frame fuzzer: truncated, oversized, corrupted and spliced exchange traffic fed, in this process, to the frame decoder in random pieces, "
                            + "to the exchange's message parser and to the page deserializer. Each input must decode or be refused cleanly (CORRUPT_DATA), "
                            + "never fail otherwise or take seconds.",
                    "Exits with 1 when an input broke a rule."})
    static final class Exchange
            implements Callable<Integer>
    {
        @Spec
        private CommandSpec spec;

        @Mixin
        private FuzzRunOptions run;

        @Option(names = "--cases", paramLabel = "N", description = "Stop after N cases, if that comes first (default: no limit).")
        private int cases = Integer.MAX_VALUE;

        @Override
        public Integer call()
        {
            Duration runFor = run.runFor(spec);
            FuzzRunOptions.checkCases(spec, "--cases", cases);
            ProtocolFuzzResult result = ProtocolFuzzResult.of(ExchangeFrameFuzzer.run(run.seed(), runFor, cases));
            run.finish(spec.commandLine().getOut(), FuzzReport.summary(result), FuzzReport.markdown(result));
            return result.brokeARule() ? 1 : 0;
        }
    }

}
