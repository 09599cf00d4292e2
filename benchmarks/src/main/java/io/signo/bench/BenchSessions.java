package io.signo.bench;

import io.signo.sql.Session;

/** Sessions for the benchmarks that time a statement run again and again. */
public final class BenchSessions
{
    private BenchSessions() {}

    /**
     * A session that plans every statement it runs ({@code plan_cache = false}): DuckDB, the
     * yardstick, plans every statement too, and a benchmark's repeated runs of one text would
     * otherwise time the first run's plan only.
     */
    public static Session planningEveryStatement(String user)
    {
        Session session = new Session(user);
        session.set(Session.PLAN_CACHE, "false");
        return session;
    }
}
