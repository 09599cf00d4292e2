package io.signo.server.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

/** Checks of option values that picocli's type conversion cannot express. */
final class OptionChecks
{
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
}
