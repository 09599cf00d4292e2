package io.signo.server.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The samples of a Prometheus text-format scrape: each line {@code name{label="value",...} value}
 * (comments skipped). Fails on any line that is neither, so a malformed scrape fails the test.
 */
final class PrometheusSamples
{
    private static final Pattern SAMPLE = Pattern.compile("([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)(?:\\s+\\d+)?");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\",?");

    record Sample(String name, Map<String, String> labels, double value) {}

    private final List<Sample> samples = new ArrayList<>();

    PrometheusSamples(String text)
    {
        for (String line : text.split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            Matcher matcher = SAMPLE.matcher(line);
            if (!matcher.matches()) {
                throw new AssertionError("not a Prometheus sample line: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (matcher.group(2) != null) {
                Matcher label = LABEL.matcher(matcher.group(2));
                int end = 0;
                while (label.find() && label.start() == end) {
                    labels.put(label.group(1), label.group(2));
                    end = label.end();
                }
                if (end != matcher.group(2).length()) {
                    throw new AssertionError("malformed labels: " + line);
                }
            }
            samples.add(new Sample(matcher.group(1), labels, parseValue(matcher.group(3))));
        }
    }

    private static double parseValue(String text)
    {
        return switch (text) {
            case "+Inf" -> Double.POSITIVE_INFINITY;
            case "-Inf" -> Double.NEGATIVE_INFINITY;
            case "NaN" -> Double.NaN;
            default -> Double.parseDouble(text);
        };
    }

    List<Sample> named(String name)
    {
        List<Sample> named = new ArrayList<>();
        for (Sample sample : samples) {
            if (sample.name().equals(name)) {
                named.add(sample);
            }
        }
        return named;
    }

    /** The value of the one sample with this name and these labels (among others); fails when there is none. */
    double value(String name, Map<String, String> labels)
    {
        for (Sample sample : named(name)) {
            if (sample.labels().entrySet().containsAll(labels.entrySet())) {
                return sample.value();
            }
        }
        throw new AssertionError("no sample " + name + labels + "; samples named so: " + named(name));
    }

    boolean has(String name)
    {
        return !named(name).isEmpty();
    }
}
