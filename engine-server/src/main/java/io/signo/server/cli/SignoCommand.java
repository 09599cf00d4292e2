package io.signo.server.cli;

import io.signo.server.cluster.JitDirectives;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.ExceededMemoryLimitException;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.IVersionProvider;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import java.io.BufferedWriter;
import java.io.FileDescriptor;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.util.concurrent.Callable;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Signo's command line: {@code signo tpch} and {@code signo tpcds} run the TPC-H and TPC-DS queries, {@code signo sql} runs one
 * statement. Errors the user can act on print as one {@code Error: } line on stderr with exit code
 * 1 (with the stack trace of internal errors when the environment variable SIGNO_DEBUG is set);
 * usage errors print picocli's message and usage with exit code 2.
 */
@Command(
        name = "signo",
        mixinStandardHelpOptions = true,
        versionProvider = SignoCommand.Version.class,
        description = "Signo, a distributed SQL query engine for analytics on the JVM.",
        footer = {"", "bin/signo bench tpch|jmh ... runs the benchmarks (the benchmarks module; see README.md)."})
public final class SignoCommand
        implements Callable<Integer>
{
    @Spec
    private CommandSpec spec;

    @Override
    public Integer call()
    {
        throw new ParameterException(spec.commandLine(), "Missing required subcommand");
    }

    public static void main(String[] args)
    {
        // UTF-8 whatever the locale says, so data round-trips; one large buffer, flushed at the end
        PrintWriter out = new PrintWriter(new BufferedWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.out), StandardCharsets.UTF_8), 1 << 16));
        PrintWriter err = new PrintWriter(new OutputStreamWriter(new FileOutputStream(FileDescriptor.err), StandardCharsets.UTF_8), true);
        JitDirectives.install().ifPresent(err::println);
        int exitCode = commandLine(new LocalEnvironment(), out, err).execute(args);
        out.flush();
        err.flush();
        System.exit(exitCode);
    }

    /** The whole command tree, writing to {@code out} and {@code err}, running against {@code environment}. */
    public static CommandLine commandLine(CommandEnvironment environment, PrintWriter out, PrintWriter err)
    {
        CommandLine commandLine = new CommandLine(new SignoCommand());
        commandLine.addSubcommand(new TpchCommand(environment));
        commandLine.addSubcommand(new TpcdsCommand(environment));
        commandLine.addSubcommand(new SqlCommand(environment));
        commandLine.addSubcommand(new WorkerCommand());
        commandLine.addSubcommand(new ServerCommand());
        commandLine.addSubcommand(new FuzzCommand());
        commandLine.addSubcommand(new CommandLine.HelpCommand());
        commandLine.setCaseInsensitiveEnumValuesAllowed(true);
        commandLine.setOut(out);
        commandLine.setErr(err);
        commandLine.setExecutionExceptionHandler((exception, failedCommand, parseResult) -> {
            failedCommand.getOut().flush();
            PrintWriter errors = failedCommand.getErr();
            if (isUserError(exception)) {
                errors.println("Error: " + errorMessage(exception));
            }
            else {
                // a bug: its Java text says nothing the user can act on; it goes to the error log under an id, as the server logs it
                errors.println("Error: " + reportInternalError(exception, errorLog()));
                if (System.getenv("SIGNO_DEBUG") != null) {
                    exception.printStackTrace(errors);
                }
            }
            errors.flush();
            return 1;
        });
        return commandLine;
    }

    /** Where internal errors of in-process commands are logged: {@value #ERROR_LOG_PROPERTY}, else SIGNO_ERROR_LOG, else signo-errors.log in the temporary directory. */
    static Path errorLog()
    {
        String configured = System.getProperty(ERROR_LOG_PROPERTY, System.getenv("SIGNO_ERROR_LOG"));
        return configured != null && !configured.isBlank() ? Path.of(configured) : Path.of(System.getProperty("java.io.tmpdir"), "signo-errors.log");
    }

    static final String ERROR_LOG_PROPERTY = "signo.errorLog";

    /**
     * Appends an internal error's text and stack trace to {@code log} under a new query id and returns
     * the line the user sees: "internal error (query id ...)" and where the details are.
     */
    static String reportInternalError(Throwable exception, Path log)
    {
        String queryId = "local-" + Long.toString(System.currentTimeMillis(), 36) + "-" + Integer.toString(ThreadLocalRandom.current().nextInt(1 << 20), 36);
        StringWriter trace = new StringWriter();
        exception.printStackTrace(new PrintWriter(trace));
        try {
            Files.writeString(log, Instant.now() + " query " + queryId + " failed: " + trace + System.lineSeparator(), StandardCharsets.UTF_8,
                    StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            return "internal error (query id " + queryId + "): the details are in " + log;
        }
        catch (IOException | RuntimeException e) {
            return "internal error (query id " + queryId + "): its details could not be written to " + log + " (" + e.getMessage() + ")";
        }
    }

    static boolean isUserError(Throwable exception)
    {
        if (exception instanceof SignoException signoException) {
            return signoException.errorCode() != ErrorCode.INTERNAL_ERROR;
        }
        return exception instanceof CommandFailedException || exception instanceof ExceededMemoryLimitException;
    }

    static String errorMessage(Throwable exception)
    {
        String message = exception.getMessage();
        return message == null || message.isBlank() ? exception.toString() : message;
    }

    /** A message on one line, for reports that print one line per item. */
    static String oneLine(String message)
    {
        return message.strip().replaceAll("\\s*\\R\\s*", " ");
    }

    /** The version from the jar's manifest (set by the build), or "development" when run from classes. */
    public static final class Version
            implements IVersionProvider
    {
        @Override
        public String[] getVersion()
        {
            String version = SignoCommand.class.getPackage().getImplementationVersion();
            return new String[] {"signo " + (version == null ? "development" : version)};
        }
    }
}
