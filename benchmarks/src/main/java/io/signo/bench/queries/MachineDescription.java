package io.signo.bench.queries;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;

/** The machine a benchmark ran on, as the report states it. */
public record MachineDescription(String cpuModel, int cores, long memoryBytes, String operatingSystem, String javaVersion)
{
    public static MachineDescription current()
    {
        String cpuModel = "unknown";
        try {
            for (String line : Files.readAllLines(Path.of("/proc/cpuinfo"))) {
                if (line.startsWith("model name")) {
                    cpuModel = line.substring(line.indexOf(':') + 1).strip();
                    break;
                }
            }
        }
        catch (IOException e) {
            // not Linux: the model stays unknown
        }
        long memory = ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        return new MachineDescription(
                cpuModel,
                Runtime.getRuntime().availableProcessors(),
                memory,
                System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch"),
                System.getProperty("java.vm.name") + " " + Runtime.version());
    }
}
