package io.signo.bench.queries;

import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** The parent's handle on a {@link DuckDbChildMain} process: one request at a time, not thread safe. */
public final class DuckDbProcess
        implements AutoCloseable
{
    /** What loading cost the child. */
    public record LoadFigures(long loadNanos, long generateNanos, long peakDuringLoadBytes, boolean peakReset, long baselineResidentBytes, String duckDbVersion, long fileBytes) {}

    /** The child's memory: its peak since the load, now, and what DuckDB's buffer manager says it holds. */
    public record MemoryFigures(long peakResidentBytes, long residentBytes, long duckDbBufferBytes) {}

    private final Process process;
    private final ObjectOutputStream out;
    private final ObjectInputStream in;

    private DuckDbProcess(Process process)
            throws IOException
    {
        this.process = process;
        this.out = new ObjectOutputStream(new BufferedOutputStream(process.getOutputStream()));
        out.flush();
        this.in = new ObjectInputStream(new BufferedInputStream(process.getInputStream()));
    }

    /** Starts a JVM like this one (same java, same class path) running {@link DuckDbChildMain}. */
    public static DuckDbProcess start(String heap)
            throws IOException
    {
        String java = ProcessHandle.current().info().command().orElse(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        List<String> command = new ArrayList<>(List.of(java,
                "-Xmx" + heap,
                // a small initial heap lets G1 shrink back once the generated data is garbage
                "-Xms64m",
                // G1 gives back the generator's heap after the load, so the child's peak is DuckDB's
                "-XX:+UseG1GC", "-XX:MinHeapFreeRatio=5", "-XX:MaxHeapFreeRatio=10",
                "--enable-native-access=ALL-UNNAMED",
                "-cp", System.getProperty("java.class.path"),
                DuckDbChildMain.class.getName()));
        Process process = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        try {
            return new DuckDbProcess(process);
        }
        catch (IOException e) {
            process.destroyForcibly();
            throw e;
        }
    }

    public long pid()
    {
        return process.pid();
    }

    /** Loads the suite's tables; {@code onFile} keeps them in a database file (so is every load from SF 10), whose size the figures then give. */
    public LoadFigures load(QuerySuite suite, double scaleFactor, int threads, boolean onFile)
            throws IOException
    {
        out.writeUTF(DuckDbChildMain.LOAD);
        out.writeUTF(suite.name());
        out.writeDouble(scaleFactor);
        out.writeInt(threads);
        out.writeBoolean(onFile);
        awaitSuccess();
        return new LoadFigures(in.readLong(), in.readLong(), in.readLong(), in.readBoolean(), in.readLong(), in.readUTF(), in.readLong());
    }

    @SuppressWarnings("unchecked")
    public List<List<Object>> rows(String sql)
            throws IOException
    {
        out.writeUTF(DuckDbChildMain.ROWS);
        out.writeUTF(sql);
        awaitSuccess();
        try {
            return (List<List<Object>>) in.readObject();
        }
        catch (ClassNotFoundException e) {
            throw new IOException("DuckDB process sent an unknown class", e);
        }
    }

    long timeNanos(String sql)
            throws IOException
    {
        out.writeUTF(DuckDbChildMain.TIME);
        out.writeUTF(sql);
        awaitSuccess();
        return in.readLong();
    }

    /** Runs the TPC-H performance test (power and throughput, {@code warmupRounds} rounds of the 22 queries before) on the loaded tables. */
    public io.signo.bench.qphh.QphhResult qphh(double scaleFactor, int streams, long seed, int warmupRounds)
            throws IOException
    {
        out.writeUTF(DuckDbChildMain.QPHH);
        out.writeDouble(scaleFactor);
        out.writeInt(streams);
        out.writeLong(seed);
        out.writeInt(warmupRounds);
        awaitSuccess();
        try {
            return (io.signo.bench.qphh.QphhResult) in.readObject();
        }
        catch (ClassNotFoundException e) {
            throw new IOException("DuckDB process sent an unknown class", e);
        }
    }

    public MemoryFigures memory()
            throws IOException
    {
        out.writeUTF(DuckDbChildMain.MEMORY);
        awaitSuccess();
        return new MemoryFigures(in.readLong(), in.readLong(), in.readLong());
    }

    private void awaitSuccess()
            throws IOException
    {
        out.flush();
        if (!in.readBoolean()) {
            throw new IOException("DuckDB process failed: " + in.readUTF());
        }
    }

    @Override
    public void close()
    {
        try {
            out.writeUTF(DuckDbChildMain.EXIT);
            awaitSuccess();
            process.waitFor(10, TimeUnit.SECONDS);
        }
        catch (IOException e) {
            // the child is gone or broken; it is destroyed below either way
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        finally {
            process.destroyForcibly();
        }
    }
}
