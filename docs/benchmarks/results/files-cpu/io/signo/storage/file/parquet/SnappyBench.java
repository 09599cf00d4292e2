package io.signo.storage.file.parquet;

import dev.hardwood.InputFile;
import dev.hardwood.metadata.*;
import dev.hardwood.reader.ParquetFileReader;
import io.airlift.compress.v3.Compressor;
import io.airlift.compress.v3.Decompressor;
import io.airlift.compress.v3.lz4.Lz4JavaCompressor;
import io.airlift.compress.v3.lz4.Lz4JavaDecompressor;
import io.airlift.compress.v3.lz4.Lz4NativeDecompressor;
import io.airlift.compress.v3.snappy.SnappyJavaDecompressor;
import io.airlift.compress.v3.snappy.SnappyNativeDecompressor;
import io.airlift.compress.v3.zstd.ZstdJavaCompressor;
import io.airlift.compress.v3.zstd.ZstdJavaDecompressor;
import io.airlift.compress.v3.zstd.ZstdNativeDecompressor;
import org.xerial.snappy.Snappy;
import java.lang.foreign.*;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.*;

/**
 * Decompression throughput, in CPU time of this thread, of every candidate implementation on the
 * pages of the named columns: snappy as stored in the file (snappy-java's JNI library, aircompressor's
 * native libsnappy through FFM, aircompressor's pure Java), then the same pages' bytes recompressed
 * with LZ4 and zstd (aircompressor's native and Java decompressors). Input and output are native
 * segments, as in the reader; rounds alternate the implementations.
 */
public class SnappyBench {
    interface Decode { int run(MemorySegment in, MemorySegment out) throws Exception; }

    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Set<String> want = Set.of(args[1].split(","));
        int rounds = Integer.getInteger("rounds", 3);
        MemorySegment mapped = MappedFiles.map(file);
        List<long[]> pages = new ArrayList<>();
        try (ParquetFileReader reader = ParquetFileReader.open(InputFile.of(file), ParquetTable.context())) {
            for (RowGroup g : reader.getFileMetaData().rowGroups()) {
                for (ColumnChunk c : g.columns()) {
                    ColumnMetaData m = c.metaData();
                    if (!want.contains(m.pathInSchema().leafName())) continue;
                    long start = m.dictionaryPageOffset() != null && m.dictionaryPageOffset() > 0 ? m.dictionaryPageOffset() : m.dataPageOffset();
                    long end = start + m.totalCompressedSize();
                    long off = start;
                    while (off < end) {
                        PageHeader h = PageHeader.read(mapped, off, end);
                        long body = off + h.headerLength();
                        pages.add(new long[] {body, h.compressedSize(), h.uncompressedSize()});
                        off = body + h.compressedSize();
                    }
                }
            }
        }
        Arena arena = Arena.ofAuto();
        MemorySegment out = arena.allocate(8 << 20, 8);
        // the raw pages, and each recompressed with LZ4 and zstd
        List<MemorySegment> snappy = new ArrayList<>();
        List<MemorySegment> raw = new ArrayList<>();
        List<MemorySegment> lz4 = new ArrayList<>();
        List<MemorySegment> zstd = new ArrayList<>();
        Decompressor java = new SnappyJavaDecompressor();
        Compressor lz4c = new Lz4JavaCompressor();
        Compressor zstdc = new ZstdJavaCompressor();
        long rawBytes = 0;
        for (long[] p : pages) {
            MemorySegment s = mapped.asSlice(p[0], p[1]);
            snappy.add(s);
            MemorySegment r = arena.allocate(p[2], 8);
            java.decompress(s, r);
            raw.add(r);
            rawBytes += p[2];
            lz4.add(compress(lz4c, r, arena));
            zstd.add(compress(zstdc, r, arena));
        }
        Map<String, Decode> modes = new LinkedHashMap<>();
        modes.put("snappy snappy-java JNI", (in, o) -> Snappy.uncompress(in.asByteBuffer(), o.asByteBuffer()));
        if (SnappyNativeDecompressor.isEnabled()) { Decompressor d = new SnappyNativeDecompressor(); modes.put("snappy aircompressor native", d::decompress); }
        { Decompressor d = new SnappyJavaDecompressor(); modes.put("snappy aircompressor Java", d::decompress); }
        if (Lz4NativeDecompressor.isEnabled()) { Decompressor d = new Lz4NativeDecompressor(); modes.put("lz4 aircompressor native", d::decompress); }
        { Decompressor d = new Lz4JavaDecompressor(); modes.put("lz4 aircompressor Java", d::decompress); }
        if (ZstdNativeDecompressor.isEnabled()) { Decompressor d = new ZstdNativeDecompressor(); modes.put("zstd aircompressor native", d::decompress); }
        { Decompressor d = new ZstdJavaDecompressor(); modes.put("zstd aircompressor Java", d::decompress); }
        var bean = ManagementFactory.getThreadMXBean();
        System.out.printf("%d pages, %.1f MB uncompressed; stored snappy %.1f MB, lz4 %.1f MB, zstd %.1f MB%n", pages.size(), rawBytes / 1e6,
                total(snappy) / 1e6, total(lz4) / 1e6, total(zstd) / 1e6);
        Map<String, List<Double>> rates = new LinkedHashMap<>();
        for (int round = 0; round < rounds + 1; round++) {
            for (var mode : modes.entrySet()) {
                List<MemorySegment> inputs = mode.getKey().startsWith("snappy") ? snappy : mode.getKey().startsWith("lz4") ? lz4 : zstd;
                long bytes = 0;
                long t = bean.getCurrentThreadCpuTime();
                for (int rep = 0; rep < 3; rep++) {
                    for (int i = 0; i < inputs.size(); i++) {
                        MemorySegment expected = raw.get(i);
                        int n = mode.getValue().run(inputs.get(i), out.asSlice(0, expected.byteSize()));
                        if (n != expected.byteSize()) throw new AssertionError(mode.getKey() + " wrote " + n);
                        bytes += n;
                    }
                }
                long ns = bean.getCurrentThreadCpuTime() - t;
                if (round > 0) rates.computeIfAbsent(mode.getKey(), _ -> new ArrayList<>()).add(bytes / (double) ns);
            }
        }
        for (var e : rates.entrySet()) {
            List<Double> r = e.getValue();
            Collections.sort(r);
            System.out.printf("%-28s median %.2f GB/s of CPU (%d rounds: %s), %.1f ms a pass%n", e.getKey(), r.get(r.size() / 2), r.size(),
                    r.stream().map(x -> String.format("%.2f", x)).toList(), rawBytes / r.get(r.size() / 2) / 1e6);
        }
    }

    static long total(List<MemorySegment> l) { long t = 0; for (MemorySegment s : l) t += s.byteSize(); return t; }

    static MemorySegment compress(Compressor c, MemorySegment r, Arena arena) {
        MemorySegment buffer = arena.allocate(c.maxCompressedLength((int) r.byteSize()), 8);
        int n = c.compress(r, buffer);
        return buffer.asSlice(0, n);
    }
}
