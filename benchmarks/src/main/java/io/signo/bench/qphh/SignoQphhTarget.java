package io.signo.bench.qphh;

import io.signo.bench.BenchSessions;
import io.signo.server.cluster.ClusterCoordinator;
import io.signo.sql.QueryControl;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Signo as a {@link QphhTarget}, in this process or as a cluster's coordinator: a session per stream;
 * a query reads the version committed when it starts, and a refresh function's statements commit
 * as one ({@link SignoEngine#executeAtomically}), on every worker or none.
 */
public final class SignoQphhTarget
        implements QphhTarget
{
    private final SignoEngine engine;
    private final ClusterCoordinator cluster;
    private final Map<Integer, Session> sessions = new ConcurrentHashMap<>();

    private SignoQphhTarget(SignoEngine engine, ClusterCoordinator cluster)
    {
        this.engine = engine;
        this.cluster = cluster;
    }

    public static SignoQphhTarget inProcess(SignoEngine engine)
    {
        return new SignoQphhTarget(engine, null);
    }

    public static SignoQphhTarget onCluster(ClusterCoordinator cluster)
    {
        return new SignoQphhTarget(null, cluster);
    }

    @Override
    public void query(int stream, String sql)
    {
        Session session = session(stream);
        if (cluster != null) {
            cluster.execute(session, sql, new QueryControl(), _ -> {});
        }
        else {
            engine.execute(session, sql, new QueryControl());
        }
    }

    @Override
    public List<String> refreshFunction1(java.nio.file.Path ordersFile, java.nio.file.Path lineItemFile)
    {
        return refreshFunction1(ordersFile, lineItemFile, "orders", "lineitem");
    }

    /** RF1's statements into the tables named, for the warm-up of the write path on copies of orders and lineitem. */
    static List<String> refreshFunction1(java.nio.file.Path ordersFile, java.nio.file.Path lineItemFile, String ordersTable, String lineItemTable)
    {
        return List.of(
                "INSERT INTO " + ordersTable + " SELECT * FROM read_csv('" + ordersFile.toAbsolutePath() + "', delim => '|', header => false, columns => '"
                        + io.signo.storage.tpch.TpchRefreshData.ORDERS_COLUMNS + "')",
                "INSERT INTO " + lineItemTable + " SELECT * FROM read_csv('" + lineItemFile.toAbsolutePath() + "', delim => '|', header => false, columns => '"
                        + io.signo.storage.tpch.TpchRefreshData.LINEITEM_COLUMNS + "')");
    }

    @Override
    public void refresh(int stream, List<String> statements)
    {
        Session session = session(stream);
        if (cluster != null) {
            cluster.executeAtomically(session, statements, new QueryControl());
        }
        else {
            engine.executeAtomically(session, statements, new QueryControl());
        }
    }

    private Session session(int stream)
    {
        return sessions.computeIfAbsent(stream, number -> BenchSessions.planningEveryStatement("qphh-stream-" + number));
    }
}
