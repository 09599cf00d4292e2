package io.signo.server.query;

import io.signo.server.cluster.ExchangeCounters;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.storage.table.Catalog;

import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.time.Instant;
import java.util.List;
import java.util.function.Consumer;

import static java.util.Objects.requireNonNull;

/** Runs statements in this process, a cluster of one; its exchanges are in memory and count nothing. */
public final class LocalQueryRunner
        implements QueryRunner
{
    private final SignoEngine engine;
    private final String address;

    /** @param address how clients reach this process, for the admin API */
    public LocalQueryRunner(SignoEngine engine, String address)
    {
        this.engine = requireNonNull(engine, "engine is null");
        this.address = requireNonNull(address, "address is null");
    }

    @Override
    public ResultStream start(Session session, String sql, QueryControl control, Consumer<List<ExchangeCounters>> exchangeCounters)
    {
        return engine.start(session, sql, control);
    }

    @Override
    public Catalog catalog()
    {
        return engine.catalog();
    }

    @Override
    public io.signo.storage.db.BlockCache blockCache()
    {
        return engine.database() == null ? null : engine.database().cache();
    }

    @Override
    public List<NodeInfo> nodes()
    {
        return List.of(thisProcess(address, "coordinator"));
    }

    static NodeInfo thisProcess(String address, String role)
    {
        MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
        return new NodeInfo(address, role, "active", heap.getUsed(), heap.getMax(), Instant.now());
    }

    @Override
    public void close()
    {
        engine.close();
    }
}
