package io.signo.server.cluster;

import org.junit.jupiter.api.Test;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.StringReader;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class JitOptionsTest
{
    @Test
    void readsAnArgumentFileAsJavaDoes()
            throws IOException
    {
        String file = """
                # a comment line
                -XX:Tier4InvocationThreshold=20000   # a comment after an option

                -XX:A=1 -XX:B=2
                """;
        assertEquals(List.of("-XX:Tier4InvocationThreshold=20000", "-XX:A=1", "-XX:B=2"), JitOptions.parse(new BufferedReader(new StringReader(file))));
    }

    /** java takes the file the launchers pass it and sets every option it names, as JitOptions reads them. */
    @Test
    void javaAcceptsTheShippedFileWithTheOptionsItNames()
            throws IOException, InterruptedException, URISyntaxException
    {
        Path file = Path.of(JitOptions.class.getClassLoader().getResource(JitOptions.RESOURCE).toURI());
        List<String> options = JitOptions.options();
        assertFalse(options.isEmpty());
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "@" + file, "-XX:+PrintFlagsFinal", "-version").redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        List<String> missing = new ArrayList<>();
        for (String option : options) {
            // -XX:Name=value, -XX:+Name and -XX:-Name are printed as "Name = value ... {command line}"
            String flag = option.substring("-XX:".length());
            String[] nameAndValue = flag.startsWith("+") || flag.startsWith("-")
                    ? new String[] {flag.substring(1), Boolean.toString(flag.startsWith("+"))}
                    : flag.split("=", 2);
            boolean set = output.lines().anyMatch(line -> line.contains(" " + nameAndValue[0] + " ") && line.contains("= " + nameAndValue[1] + " ") && line.contains("{command line}"));
            if (!set) {
                missing.add(option);
            }
        }
        assertEquals(List.of(), missing, output);
    }
}
