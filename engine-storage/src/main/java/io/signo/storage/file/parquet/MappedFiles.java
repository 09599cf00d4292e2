package io.signo.storage.file.parquet;

import java.io.IOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.BasicFileAttributes;
import java.nio.file.attribute.FileTime;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Parquet files mapped into memory once per process and kept mapped, shared by every row group
 * read and every query of the file. Mapping the whole file again for each row group (and unmapping
 * it after) made the kernel fault every page of the chunks in anew on first touch, which the
 * profile charged to snappy, the first code to read them: half the CPU time of a scan of a cached
 * file went there. A mapping stays valid while the file keeps its size, modification time and inode; a
 * changed file is mapped afresh. Mappings belong to automatic arenas: one dropped from the cache
 * (changed, or beyond {@link #MAX_FILES} least recently used) is unmapped by the collector once no
 * reader holds it any more, so no reader ever sees it closed.
 */
final class MappedFiles
{
    /** Files kept mapped: only address space and the kernel's page tables, the bytes are the page cache's. */
    private static final int MAX_FILES = 1024;

    private record Mapping(long size, FileTime modified, Object fileKey, MemorySegment segment) {}

    private static final Map<Path, Mapping> MAPPINGS = new LinkedHashMap<>(16, 0.75f, true)
    {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Path, Mapping> eldest)
        {
            return size() > MAX_FILES;
        }
    };

    private MappedFiles() {}

    /** The whole of {@code file}, read-only, valid for as long as the caller holds it. */
    static MemorySegment map(Path file)
            throws IOException
    {
        Path key = file.toAbsolutePath();
        BasicFileAttributes attributes = Files.readAttributes(key, BasicFileAttributes.class);
        long size = attributes.size();
        FileTime modified = attributes.lastModifiedTime();
        Object fileKey = attributes.fileKey();
        synchronized (MAPPINGS) {
            Mapping known = MAPPINGS.get(key);
            if (known != null && known.size() == size && known.modified().equals(modified) && java.util.Objects.equals(known.fileKey(), fileKey)) {
                return known.segment();
            }
        }
        MemorySegment segment;
        try (FileChannel channel = FileChannel.open(key, StandardOpenOption.READ)) {
            segment = channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), Arena.ofAuto());
        }
        synchronized (MAPPINGS) {
            MAPPINGS.put(key, new Mapping(segment.byteSize(), modified, fileKey, segment));
        }
        return segment;
    }
}
