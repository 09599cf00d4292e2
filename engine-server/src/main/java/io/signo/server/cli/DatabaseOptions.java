package io.signo.server.cli;

import io.signo.sql.Session;
import io.signo.storage.db.BlockCache;
import io.signo.storage.db.Database;
import io.signo.storage.memory.MemoryPool;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.ParameterException;

import java.nio.file.Path;

/** What the commands share about opening a database: the cache size option and opening with it. */
final class DatabaseOptions
{
    static final String CACHE_SIZE_DESCRIPTION = "With a database: bytes of decoded column chunks to keep for the scans that read them again,"
            + " e.g. 1GB, or 0 for none (default: a quarter of the machine's memory, at most half the JVM's native memory limit).";

    private DatabaseOptions() {}

    /** The bytes of a --cache-size value, null when the option is absent. */
    static Long cacheBytes(CommandSpec spec, String value)
    {
        if (value == null) {
            return null;
        }
        if (value.strip().equals("0")) {
            return 0L;
        }
        try {
            return Session.parseDataSize("--cache-size", value);
        }
        catch (RuntimeException e) {
            throw new ParameterException(spec.commandLine(), "Invalid value for option '--cache-size': " + e.getMessage());
        }
    }

    /** The database in {@code directory}, or an empty one in memory when it is null, with a cache of {@code cacheBytes} (the default when null). */
    static Database open(Path directory, Long cacheBytes)
    {
        BlockCache cache = cache(cacheBytes);
        return directory == null ? Database.inMemory(cache) : Database.open(directory, cache);
    }

    /** A cache of {@code cacheBytes}, or the default when null. */
    static BlockCache cache(Long cacheBytes)
    {
        return cacheBytes == null ? Database.defaultCache() : new BlockCache(cacheBytes, MemoryPool.unbounded("block-cache"));
    }
}
