package io.signo.sql;

import io.signo.storage.memory.MemoryPool;

/**
 * The bytes one query may hold in a process: the engine's limit, lowered by a session that set
 * {@code query_max_memory}.
 */
public record QueryMemoryLimit(long maxBytes)
{
    public QueryMemoryLimit
    {
        if (maxBytes < 1) {
            throw new IllegalArgumentException("maxBytes must be positive: " + maxBytes);
        }
    }

    /** The memory pool of one query: the session's limit when it set one, never above the engine's. */
    public MemoryPool pool(Session session, String name)
    {
        long sessionLimit = session.queryMaxMemoryBytes();
        long limit = sessionLimit > 0 ? Math.min(sessionLimit, maxBytes) : maxBytes;
        return new MemoryPool(sessionLimit > 0 ? name + " (query_max_memory " + limit + " bytes)" : name, limit);
    }
}
