package io.signo.storage.memory;

import java.lang.management.BufferPoolMXBean;
import java.lang.management.ManagementFactory;

/**
 * The native (off-heap) memory this process may hold: pages, tables and decoded chunks are native
 * segments, which the JVM counts against {@code -XX:MaxDirectMemorySize} (by default the maximum
 * heap). Past it an allocation fails with an {@link OutOfMemoryError} ("Cannot reserve ... direct
 * buffer memory"); the checks that keep Signo from getting there read the figures here.
 */
public final class NativeMemory
{
    /** Fixed for the life of the JVM: read once. */
    private static final long LIMIT_BYTES = readLimitBytes();

    private NativeMemory() {}

    /** {@code -XX:MaxDirectMemorySize}, or the maximum heap when it is not set; never more than the machine has. */
    public static long limitBytes()
    {
        return LIMIT_BYTES;
    }

    private static long readLimitBytes()
    {
        long limit;
        try {
            String value = ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class).getVMOption("MaxDirectMemorySize").getValue();
            long configured = Long.parseLong(value);
            limit = configured > 0 ? configured : Runtime.getRuntime().maxMemory();
        }
        catch (RuntimeException e) {
            limit = Runtime.getRuntime().maxMemory();
        }
        long machine = machineBytes();
        return machine > 0 ? Math.min(limit, machine) : limit;
    }

    /** The native memory held now (the JVM's "direct" buffer pool, which native segments are counted in). */
    public static long reservedBytes()
    {
        for (BufferPoolMXBean pool : ManagementFactory.getPlatformMXBeans(BufferPoolMXBean.class)) {
            if (pool.getName().equals("direct")) {
                return pool.getMemoryUsed();
            }
        }
        return 0;
    }

    /** The machine's physical memory, or 0 when it cannot be read. */
    public static long machineBytes()
    {
        try {
            return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
        }
        catch (RuntimeException e) {
            return 0;
        }
    }

    /** A byte count for people: {@code 1.2 GiB}, {@code 512.0 MiB}, {@code 1.1 PiB}. */
    public static String format(long bytes)
    {
        String[] units = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
        double value = bytes;
        int unit = 0;
        while (value >= 1024 && unit < units.length - 1) {
            value /= 1024;
            unit++;
        }
        return unit == 0 ? bytes + " bytes" : String.format(java.util.Locale.ROOT, "%.1f %s", value, units[unit]);
    }
}
