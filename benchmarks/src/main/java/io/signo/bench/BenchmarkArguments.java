package io.signo.bench;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** A benchmark's command line: {@code --name value} pairs, each optional with a default. */
final class BenchmarkArguments
{
    private final Map<String, String> values = new HashMap<>();

    BenchmarkArguments(String[] args)
    {
        if (args.length % 2 != 0) {
            throw new IllegalArgumentException("expected --name value pairs, got an odd number of arguments");
        }
        for (int i = 0; i < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("expected an option starting with --, got: " + args[i]);
            }
            values.put(args[i], args[i + 1]);
        }
    }

    String string(String name, String defaultValue)
    {
        return values.getOrDefault(name, defaultValue);
    }

    int intValue(String name, int defaultValue)
    {
        String value = values.get(name);
        return value == null ? defaultValue : Integer.parseInt(value);
    }

    double doubleValue(String name, double defaultValue)
    {
        String value = values.get(name);
        return value == null ? defaultValue : Double.parseDouble(value);
    }

    Path path(String name, Path defaultValue)
    {
        String value = values.get(name);
        return value == null ? defaultValue : Path.of(value);
    }
}
