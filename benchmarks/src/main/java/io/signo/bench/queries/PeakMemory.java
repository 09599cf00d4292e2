package io.signo.bench.queries;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The resident-set high-water mark of this process (VmHWM in /proc/self/status), which Linux lets
 * a process reset (writing 5 to /proc/self/clear_refs) so that a phase can be measured on its own.
 */
public final class PeakMemory
{
    private static final Path STATUS = Path.of("/proc/self/status");
    private static final Path CLEAR_REFS = Path.of("/proc/self/clear_refs");

    private PeakMemory() {}

    /** Peak resident bytes since start or the last {@link #reset}; -1 where /proc is not available. */
    public static long peakResidentBytes()
    {
        return statusKilobytes("VmHWM:");
    }

    /** Resident bytes now; -1 where /proc is not available. */
    public static long residentBytes()
    {
        return statusKilobytes("VmRSS:");
    }

    /** Sets the high-water mark to the current resident size; false if the kernel does not allow it. */
    public static boolean reset()
    {
        try {
            Files.writeString(CLEAR_REFS, "5");
            return true;
        }
        catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static long statusKilobytes(String field)
    {
        try {
            for (String line : Files.readAllLines(STATUS)) {
                if (line.startsWith(field)) {
                    String value = line.substring(field.length()).strip();
                    return Long.parseLong(value.substring(0, value.indexOf(' '))) * 1024;
                }
            }
        }
        catch (IOException | RuntimeException e) {
            // not Linux: no figure rather than a wrong one
        }
        return -1;
    }
}
