package io.signo.sql;

import io.signo.sql.SignoEngine.PlannedQuery;

import java.util.Map;

/**
 * The physical plans of the statements planned last, so that a statement sent again (a dashboard's
 * query, a client's polling) skips parsing, validation, Calcite's optimization and physical
 * planning: on a warm cluster those are most of the coordinator's work for a short query. A plan is
 * reused only for the same text, user and session properties, against the same catalog version: a
 * commit, a DDL statement or new statistics change the version, and the first lookup that sees a
 * newer one drops every plan of the older ones (they hold the older version's tables). Only plans
 * that depend on nothing else are put here (see {@link SignoEngine}: no current time, no
 * non-deterministic function, no table from outside the catalog such as a file).
 */
final class PlanCache
{
    private static final int CAPACITY = 256;

    private record Key(String sql, String user, Map<String, String> properties) {}

    private final VersionedCache<Key, PlannedQuery> plans = new VersionedCache<>(CAPACITY);

    /** The plan of {@code sql} for {@code session} against the catalog at {@code version}, or null. */
    PlannedQuery get(String sql, Session session, long version)
    {
        return plans.get(key(sql, session), version);
    }

    void put(String sql, Session session, long version, PlannedQuery plan)
    {
        plans.put(key(sql, session), version, plan);
    }

    int size()
    {
        return plans.size();
    }

    private static Key key(String sql, Session session)
    {
        return new Key(sql, session.user(), session.properties());
    }
}
