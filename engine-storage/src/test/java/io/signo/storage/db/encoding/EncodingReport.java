package io.signo.storage.db.encoding;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Prints, for every TPC-H column, the encodings chosen for its 8192-row chunks, the encoded bytes
 * per value and the ratio to the in-memory vectors, and encode and decode speed. Run with the scale
 * factor as argument (default 0.1):
 * {@code java -cp engine-storage/target/classes:engine-storage/target/test-classes:<dependencies> io.signo.storage.db.encoding.EncodingReport 1}
 */
public final class EncodingReport
{
    private static final long MEASURE_NANOS = 200_000_000L;

    private EncodingReport() {}

    public static void main(String[] args)
    {
        double scaleFactor = args.length > 0 ? Double.parseDouble(args[0]) : 0.1;
        MemoryPool pool = new MemoryPool("encoding-report", 64L << 30);
        TpchDataSet dataSet = TpchData.generateDataSet(scaleFactor, Runtime.getRuntime().availableProcessors(), pool);
        System.out.printf("TPC-H SF %s, chunks of %d rows%n%n", scaleFactor, TpchData.SEGMENT_ROWS);
        System.out.printf("| %-24s | %-14s | %-36s | %8s | %9s | %6s | %8s | %8s |%n",
                "column", "type", "encodings (share of chunks)", "memory B/row", "encoded B/row", "ratio", "encode MB/s", "decode Mrow/s");
        System.out.println("|---|---|---|---:|---:|---:|---:|---:|");
        long totalMemory = 0;
        long totalEncoded = 0;
        // a first round over every column warms up all the code paths, so that no column pays for compiling them
        for (Table table : dataSet.catalog().tables()) {
            for (int channel = 0; channel < table.columns().size(); channel++) {
                List<ColumnVector> vectors = new ArrayList<>();
                for (Partition partition : table.partitions()) {
                    for (Segment segment : partition.segments()) {
                        vectors.add(segment.readAll().column(channel));
                    }
                }
                measure(vectors);
            }
        }
        for (Table table : dataSet.catalog().tables()) {
            for (int channel = 0; channel < table.columns().size(); channel++) {
                Column column = table.columns().get(channel);
                List<ColumnVector> vectors = new ArrayList<>();
                for (Partition partition : table.partitions()) {
                    for (Segment segment : partition.segments()) {
                        Page page = segment.readAll();
                        vectors.add(page.column(channel));
                    }
                }
                ColumnReport report = measure(vectors);
                totalMemory += report.memoryBytes;
                totalEncoded += report.encodedBytes;
                System.out.printf("| %-24s | %-14s | %-36s | %8.2f | %9.3f | %6.3f | %8.0f | %8.0f |%n",
                        table.name() + "." + column.name(), column.type(), report.encodings(), (double) report.memoryBytes / report.rows,
                        (double) report.encodedBytes / report.rows, (double) report.encodedBytes / report.memoryBytes,
                        report.memoryBytes / 1e6 / (report.encodeNanos / 1e9), report.rows / 1e6 / (report.decodeNanos / 1e9));
            }
        }
        System.out.printf("%nall columns: %.1f MB in memory, %.1f MB encoded, ratio %.3f%n", totalMemory / 1e6, totalEncoded / 1e6, (double) totalEncoded / totalMemory);
        dataSet.close();
    }

    private static ColumnReport measure(List<ColumnVector> vectors)
    {
        ColumnReport report = new ColumnReport();
        List<MemorySegment> encoded = new ArrayList<>();
        Arena arena = Arena.ofAuto();
        // passes until the code is warm and enough time has passed; the fastest pass counts
        report.encodeNanos = Long.MAX_VALUE;
        long started = System.nanoTime();
        for (int pass = 0; pass < 3 || pass < 50 && System.nanoTime() - started < MEASURE_NANOS; pass++) {
            encoded.clear();
            long start = System.nanoTime();
            for (ColumnVector vector : vectors) {
                byte[] bytes = ColumnChunkCodec.encode(vector);
                MemorySegment segment = arena.allocate(bytes.length, 8);
                MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, bytes.length);
                encoded.add(segment);
            }
            report.encodeNanos = Math.min(report.encodeNanos, System.nanoTime() - start);
        }
        for (int i = 0; i < vectors.size(); i++) {
            ColumnVector vector = vectors.get(i);
            report.rows += vector.positionCount();
            report.memoryBytes += memoryBytes(vector);
            report.encodedBytes += encoded.get(i).byteSize();
            report.encodings.merge(ColumnChunkCodec.describe(vector.positionCount(), encoded.get(i)), 1, Integer::sum);
        }
        report.decodeNanos = Long.MAX_VALUE;
        started = System.nanoTime();
        for (int pass = 0; pass < 3 || pass < 200 && System.nanoTime() - started < MEASURE_NANOS; pass++) {
            long start = System.nanoTime();
            long check = 0;
            for (int i = 0; i < vectors.size(); i++) {
                ColumnVector vector = vectors.get(i);
                check += ColumnChunkCodec.decode(vector.type(), vector.positionCount(), encoded.get(i), PageAllocator.transientPages()).positionCount();
            }
            report.decodeNanos = Math.min(report.decodeNanos, System.nanoTime() - start);
            if (check != report.rows) {
                throw new AssertionError("decoded " + check + " rows of " + report.rows);
            }
        }
        return report;
    }

    /** What the vector's values take in memory: fixed-width values, or string bytes plus int offsets; nulls. */
    private static long memoryBytes(ColumnVector vector)
    {
        int positionCount = vector.positionCount();
        int width = vector.type().physicalType().fixedWidth();
        long bytes = width > 0
                ? (long) positionCount * width
                : vector.stringStart(positionCount) - vector.stringStart(0) + (positionCount + 1L) * Integer.BYTES;
        return bytes + (vector.mayHaveNulls() ? (positionCount + 7) / 8 : 0);
    }

    private static final class ColumnReport
    {
        final Map<String, Integer> encodings = new TreeMap<>();
        long rows;
        long memoryBytes;
        long encodedBytes;
        long encodeNanos;
        long decodeNanos;

        String encodings()
        {
            int chunks = encodings.values().stream().mapToInt(Integer::intValue).sum();
            StringBuilder text = new StringBuilder();
            encodings.entrySet().stream()
                    .sorted((left, right) -> right.getValue() - left.getValue())
                    .forEach(entry -> text.append(text.isEmpty() ? "" : ", ").append(entry.getKey())
                            .append(entry.getValue() == chunks ? "" : " " + Math.round(100.0 * entry.getValue() / chunks) + "%"));
            return text.toString();
        }
    }
}
