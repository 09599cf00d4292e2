package io.signo.sql.ddl;

import io.signo.storage.db.Manifest.FileEntry;

import java.util.List;

/**
 * The workers that write a statement's files beside the coordinator, and the two steps that make
 * them part of its commit. The coordinator's manifest is the one committed version of every table:
 * each worker makes the files it wrote durable and names them (prepare), then the coordinator
 * commits a version that names them, or none; a worker that dies on the way removes the files no
 * committed version names when it comes back.
 */
public interface ClusterWrites
{
    /** How many workers hold the tables; partition p of a table is on worker p mod this. */
    int workerCount();

    /** A statement starts writing under {@code writeId}; its {@link #prepare} fails if a worker dies before it. */
    void begin(String writeId);

    /**
     * Has every worker make the files it wrote for {@code writeId} durable, and take durable copies of
     * {@code coordinatorFiles} (those the coordinator wrote: a replicated table's), and returns the
     * workers' files: once this returns, a commit that names them keeps them, whatever node dies
     * next. Fails when a worker cannot (then the statement does not commit).
     */
    List<FileEntry> prepare(String writeId, List<FileEntry> coordinatorFiles);

    /** Tells the workers the write is over: they forget it, and remove its files unless {@code committed}. */
    void finish(String writeId, boolean committed);
}
