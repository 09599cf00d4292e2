package io.signo.server.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;

/** The options every {@code signo fuzz} command shares: which cases (the seed), for how long, and where the report goes. */
final class FuzzRunOptions
{
    @Option(names = "--seed", paramLabel = "S", description = "Seed of the cases (default ${DEFAULT-VALUE}); case i of a seed is always the same.")
    private long seed = 1;

    long seed()
    {
        return seed;
    }

    @Option(names = "--duration", paramLabel = "D", description = "How long to run: 90s, 10m, 1h (default ${DEFAULT-VALUE}).")
    private String duration = "60s";

    @Option(names = "--report", paramLabel = "FILE", description = "Also write the report, in Markdown, to FILE.")
    private Path report;

    Duration runFor(CommandSpec spec)
    {
        return OptionChecks.duration(spec, "--duration", duration);
    }

    /** Checks the option that caps the number of cases (named for what a case is: --queries, --requests, ...). */
    static int checkCases(CommandSpec spec, String option, int cases)
    {
        if (cases < 1) {
            throw new picocli.CommandLine.ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': at least 1, was " + cases);
        }
        return cases;
    }

    /** Prints the summary, writes the Markdown report if asked, and flushes. */
    void finish(PrintWriter out, String summary, String markdown)
    {
        out.print(summary);
        if (report != null) {
            writeReport(markdown);
            out.println("report written to " + report);
        }
        out.flush();
    }

    /** Writes the Markdown report, if asked for, whole or not at all: beside it, then renamed over it. */
    void writeReport(String markdown)
    {
        if (report == null) {
            return;
        }
        Path partial = report.resolveSibling(report.getFileName() + ".partial");
        try {
            Files.writeString(partial, markdown, StandardCharsets.UTF_8);
            Files.move(partial, report, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
