package io.signo.storage.db;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * A database directory: {@code manifest} (the committed version), {@code segments/<id>.seg} (the
 * segment files) and {@code lock}, held while a process has the database open so that a second
 * process fails at once instead of corrupting it.
 *
 * <p>A commit writes {@code manifest.tmp}, forces it to disk, renames it over {@code manifest} and
 * forces the directory, so the rename itself is durable; segment files are forced before the
 * manifest that names them is written.
 */
final class DirectoryStore
        implements FileStore
{
    private static final String MANIFEST = "manifest";
    private static final String MANIFEST_TEMPORARY = "manifest.tmp";
    private static final String SEGMENTS = "segments";
    private static final String SUFFIX = ".seg";

    private final Path directory;
    private final Path segments;
    private final FileChannel lockChannel;
    private final FileLock lock;
    /** Files finished since the last sync, to force before the manifest names them. */
    private final List<Path> unsynced = new ArrayList<>();

    private DirectoryStore(Path directory, FileChannel lockChannel, FileLock lock)
    {
        this.directory = directory;
        this.segments = directory.resolve(SEGMENTS);
        this.lockChannel = lockChannel;
        this.lock = lock;
    }

    static DirectoryStore open(Path directory)
            throws IOException
    {
        if (Files.exists(directory) && !Files.isDirectory(directory)) {
            throw new IOException(directory + " is not a directory");
        }
        Files.createDirectories(directory.resolve(SEGMENTS));
        FileChannel channel = FileChannel.open(directory.resolve("lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
        FileLock lock;
        try {
            lock = channel.tryLock();
        }
        catch (OverlappingFileLockException e) {
            lock = null;
        }
        if (lock == null) {
            channel.close();
            throw new IOException("database " + directory + " is open in another process (or another database of this one)");
        }
        return new DirectoryStore(directory, channel, lock);
    }

    private Path path(long fileId)
    {
        return segments.resolve(String.format(Locale.ROOT, "%012d%s", fileId, SUFFIX));
    }

    @Override
    public SegmentOutput create(long fileId)
            throws IOException
    {
        Path path = path(fileId);
        FileChannel channel = FileChannel.open(path, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
        return new SegmentOutput()
        {
            private long position;

            @Override
            public void write(byte[] bytes)
                    throws IOException
            {
                ByteBuffer buffer = ByteBuffer.wrap(bytes);
                while (buffer.hasRemaining()) {
                    channel.write(buffer);
                }
                position += bytes.length;
            }

            @Override
            public long position()
            {
                return position;
            }

            @Override
            public void finish()
                    throws IOException
            {
                channel.close();
                synchronized (unsynced) {
                    unsynced.add(path);
                }
            }

            @Override
            public void abort()
            {
                try {
                    channel.close();
                    Files.deleteIfExists(path);
                }
                catch (IOException e) {
                    // an orphan is removed when the database is next opened
                }
            }
        };
    }

    @Override
    public void syncFiles()
            throws IOException
    {
        List<Path> paths;
        synchronized (unsynced) {
            paths = List.copyOf(unsynced);
            unsynced.clear();
        }
        for (Path path : paths) {
            try (FileChannel channel = FileChannel.open(path, StandardOpenOption.WRITE)) {
                channel.force(true);
            }
            catch (NoSuchFileException e) {
                // removed since it was written (a statement that aborted, a file the committed version does not name): nothing to keep
            }
        }
        if (!paths.isEmpty()) {
            forceDirectory(segments);
        }
    }

    @Override
    public MemorySegment open(long fileId)
            throws IOException
    {
        try (FileChannel channel = FileChannel.open(path(fileId), StandardOpenOption.READ)) {
            // an automatic arena: the mapping lives while any page decoded from it is being read
            return channel.map(FileChannel.MapMode.READ_ONLY, 0, channel.size(), Arena.ofAuto());
        }
    }

    @Override
    public void delete(long fileId)
    {
        Path path = path(fileId);
        synchronized (unsynced) {
            // a file removed before it was made durable needs no durability
            unsynced.remove(path);
        }
        try {
            Files.deleteIfExists(path);
        }
        catch (IOException e) {
            // an orphan is removed when the database is next opened
        }
    }

    @Override
    public Set<Long> fileIds()
            throws IOException
    {
        Set<Long> ids = new HashSet<>();
        try (DirectoryStream<Path> files = Files.newDirectoryStream(segments)) {
            for (Path file : files) {
                String name = file.getFileName().toString();
                if (name.endsWith(SUFFIX)) {
                    try {
                        ids.add(Long.parseLong(name.substring(0, name.length() - SUFFIX.length())));
                    }
                    catch (NumberFormatException e) {
                        // not one of ours
                    }
                }
            }
        }
        return ids;
    }

    @Override
    public Manifest readManifest()
            throws IOException
    {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(directory.resolve(MANIFEST));
        }
        catch (NoSuchFileException e) {
            return Manifest.EMPTY;
        }
        try {
            return Manifest.decode(bytes);
        }
        catch (IOException e) {
            throw new IOException(directory.resolve(MANIFEST) + ": " + e.getMessage(), e);
        }
    }

    @Override
    public void writeManifest(Manifest manifest)
            throws IOException
    {
        Path temporary = directory.resolve(MANIFEST_TEMPORARY);
        try (FileChannel channel = FileChannel.open(temporary, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING, StandardOpenOption.WRITE)) {
            ByteBuffer buffer = ByteBuffer.wrap(manifest.encode());
            while (buffer.hasRemaining()) {
                channel.write(buffer);
            }
            channel.force(true);
        }
        try {
            Files.move(temporary, directory.resolve(MANIFEST), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        }
        catch (AtomicMoveNotSupportedException e) {
            throw new IOException("the file system of " + directory + " cannot rename atomically, so commits could be lost", e);
        }
        forceDirectory(directory);
    }

    private static void forceDirectory(Path directory)
            throws IOException
    {
        try (FileChannel channel = FileChannel.open(directory, StandardOpenOption.READ)) {
            channel.force(true);
        }
    }

    @Override
    public String describe(long fileId)
    {
        return path(fileId).toString();
    }

    @Override
    public void close()
    {
        try {
            lock.release();
            lockChannel.close();
        }
        catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
