package io.signo.sql.ddl;

import io.signo.core.operator.write.TableWrite;
import io.signo.sql.rel.TableWriterNode;
import io.signo.storage.db.Manifest.FileEntry;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One statement's write into a table on every node that writes it: this process's files, and on a
 * cluster the workers' ({@link ClusterWrites}). The files count once the statement's commit names
 * them.
 */
final class StatementWrite
{
    private final TableWriterNode.Target target;
    private final TableWrite local;
    private final ClusterWrites cluster;

    /** @param cluster the workers that write beside this process, or null for one process */
    StatementWrite(TableWriterNode.Target target, TableWrite local, ClusterWrites cluster)
    {
        this.target = requireNonNull(target, "target is null");
        this.local = requireNonNull(local, "local is null");
        this.cluster = cluster;
        if (cluster != null) {
            cluster.begin(target.writeId());
        }
    }

    TableWriterNode.Target target()
    {
        return target;
    }

    TableWrite local()
    {
        return local;
    }

    /** Every file the statement wrote, durable once this returns: what its commit names. */
    List<FileEntry> prepare()
    {
        List<FileEntry> files = new ArrayList<>(local.files());
        if (cluster != null) {
            files.addAll(cluster.prepare(target.writeId(), local.files()));
        }
        return files;
    }

    /** The commit named the files. */
    void committed()
    {
        if (cluster != null) {
            cluster.finish(target.writeId(), true);
        }
    }

    /** The statement failed before a commit named its files: they go on every node. */
    void discard()
    {
        local.discard();
        if (cluster != null) {
            cluster.finish(target.writeId(), false);
        }
    }
}
