package io.signo.sql;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The most recently used values, each made against one version of what it was derived from (a
 * catalog, a worker's tables): the first lookup or store that names a newer version drops every
 * value of the older ones, and a value made against an older version is not stored. Thread safe.
 */
public final class VersionedCache<K, V>
{
    private final Map<K, V> values;
    private long version = -1;

    public VersionedCache(int capacity)
    {
        this.values = new LinkedHashMap<>(16, 0.75f, true)
        {
            @Override
            protected boolean removeEldestEntry(Map.Entry<K, V> eldest)
            {
                return size() > capacity;
            }
        };
    }

    /** The value of {@code key} made against {@code version}, or null. */
    public synchronized V get(K key, long version)
    {
        return current(version) ? values.get(key) : null;
    }

    /** Keeps {@code value}, made against {@code version}, unless a newer version was seen since. */
    public synchronized void put(K key, long version, V value)
    {
        if (current(version)) {
            values.put(key, value);
        }
    }

    public synchronized int size()
    {
        return values.size();
    }

    /** Whether {@code version} is the one the values are for, after moving on to it when it is newer. */
    private boolean current(long version)
    {
        if (version > this.version) {
            values.clear();
            this.version = version;
        }
        return version == this.version;
    }
}
