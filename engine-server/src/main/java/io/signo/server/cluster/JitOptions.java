package io.signo.server.cluster;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The JIT options every Signo process runs with, read from {@code io/signo/server/jit.options} on the
 * class path: the java argument file that {@code bin/signo}, {@code bin/bench-cluster} and the container
 * image pass to {@code java}, so that the worker processes a coordinator starts compile as it does.
 */
public final class JitOptions
{
    /** The argument file's path on the class path and, under {@code engine-server/src/main/resources}, in the sources. */
    public static final String RESOURCE = "io/signo/server/jit.options";

    private JitOptions() {}

    /** The file's options, in order. */
    public static List<String> options()
    {
        try (InputStream stream = JitOptions.class.getClassLoader().getResourceAsStream(RESOURCE)) {
            if (stream == null) {
                throw new IllegalStateException(RESOURCE + " is not on the class path");
            }
            return parse(new BufferedReader(new InputStreamReader(stream, StandardCharsets.UTF_8)));
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot read " + RESOURCE, e);
        }
    }

    /** The options of an argument file as java reads it: separated by white space, {@code #} to the end of a line a comment. */
    static List<String> parse(BufferedReader reader)
            throws IOException
    {
        List<String> options = new ArrayList<>();
        String line;
        while ((line = reader.readLine()) != null) {
            int comment = line.indexOf('#');
            String content = comment < 0 ? line : line.substring(0, comment);
            for (String option : content.strip().split("\\s+")) {
                if (!option.isEmpty()) {
                    options.add(option);
                }
            }
        }
        return options;
    }
}
