package io.signo.server.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Checks of option values that picocli's type conversion cannot express. */
final class OptionChecks
{
    private static final Pattern DURATION = Pattern.compile("(\\d{1,9})\\s*(ms|s|m|min|h)?");

    private OptionChecks() {}

    static void checkScaleFactor(CommandSpec spec, String option, double scaleFactor)
    {
        if (!(scaleFactor > 0) || Double.isInfinite(scaleFactor)) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': scale factor must be a positive number, was " + scaleFactor);
        }
    }

    static void checkThreads(CommandSpec spec, int threads)
    {
        if (threads < 1) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--threads': must be at least 1, was " + threads);
        }
    }

    /** A duration written {@code 500ms}, {@code 90s}, {@code 10m} (or {@code 10min}), {@code 2h}; a bare {@code 0} is zero. */
    static Duration duration(CommandSpec spec, String option, String value)
    {
        Matcher matcher = DURATION.matcher(value.strip().toLowerCase(Locale.ROOT));
        if (!matcher.matches() || (matcher.group(2) == null && Long.parseLong(matcher.group(1)) != 0)) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '" + option + "': a whole number with a unit (500ms, 90s, 10m, 2h) or 0, was '" + value + "'");
        }
        long amount = Long.parseLong(matcher.group(1));
        String unit = matcher.group(2) == null ? "s" : matcher.group(2);
        return switch (unit) {
            case "ms" -> Duration.ofMillis(amount);
            case "s" -> Duration.ofSeconds(amount);
            case "h" -> Duration.ofHours(amount);
            default -> Duration.ofMinutes(amount);
        };
    }
}
