package io.signo.storage.file.parquet;

import dev.hardwood.InputFile;
import dev.hardwood.metadata.*;
import dev.hardwood.reader.ParquetFileReader;
import java.lang.foreign.*;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import java.util.*;

public class SnappyBench {
    public static void main(String[] args) throws Exception {
        Path file = Path.of(args[0]);
        Set<String> want = Set.of(args[1].split(","));
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
        var bean = ManagementFactory.getThreadMXBean();
        for (String mode : new String[] {"snappyjava", "air", "snappyjava", "air"}) {
            PageDecompressor d = mode.equals("air") ? null : PageDecompressor.of(CompressionCodec.SNAPPY, Arena.ofAuto());
            io.airlift.compress.v3.Decompressor air = io.airlift.compress.v3.snappy.SnappyDecompressor.create();
            MemorySegment out = Arena.ofAuto().allocate(4 << 20);
            long bytes = 0;
            long t = bean.getCurrentThreadCpuTime();
            for (int rep = 0; rep < 5; rep++) {
                for (long[] p : pages) {
                    MemorySegment src = mapped.asSlice(p[0], p[1]);
                    if (d != null) d.decompress(src, (int) p[2]); else air.decompress(src, out.asSlice(0, p[2]));
                    bytes += p[2];
                }
            }
            long ns = bean.getCurrentThreadCpuTime() - t;
            System.out.printf("%s %s: %d pages, %.1f MB per pass, %.1f ms cpu per pass, %.2f GB/s%n", mode, air.getClass().getSimpleName(), pages.size(), bytes / 5 / 1e6, ns / 5 / 1e6, bytes / (double) ns);
        }
    }
}
