package io.signo.sql.ddl;

import io.signo.core.operator.write.LayoutWriter;
import io.signo.storage.db.CompactionPlan;
import io.signo.storage.db.Database;
import io.signo.storage.db.Database.TableLock;
import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.Manifest.TableEntry;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.Segment;

import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

/**
 * Rewrites the files a {@link CompactionPlan} picks: the live rows of each group go through the
 * table's layout into new files (re-sorted for a sorted table), and one commit replaces the group
 * with them. It runs on one background thread after writes, a table at a time; {@code VACUUM} runs
 * it at once. The rewrite does not hold the table, its commit does: so the row ids that DELETE and
 * UPDATE read stay valid until they commit, and a statement never waits for a rewrite.
 */
final class TableCompactor
        implements AutoCloseable
{
    private static final System.Logger LOG = System.getLogger(TableCompactor.class.getName());

    private final Database database;
    private final ExecutorService background = Executors.newSingleThreadExecutor(Thread.ofPlatform().daemon().name("signo-compaction").factory());
    private final Set<String> scheduled = ConcurrentHashMap.newKeySet();

    TableCompactor(Database database)
    {
        this.database = database;
    }

    /** After a write committed to {@code table} (and let go of it): compacts it in the background when that pays. */
    void afterWrite(String table)
    {
        TableEntry entry = database.manifest().table(table);
        String key = table.toLowerCase(Locale.ROOT);
        if (entry == null || CompactionPlan.groups(entry, false).isEmpty() || !scheduled.add(key)) {
            return;
        }
        try {
            background.execute(() -> {
                scheduled.remove(key);
                try {
                    compact(table, false);
                }
                catch (RuntimeException e) {
                    LOG.log(System.Logger.Level.WARNING, "compaction of table " + table + " failed; its files stay as they are", e);
                }
            });
        }
        catch (RejectedExecutionException e) {
            // the engine is closing
            scheduled.remove(key);
        }
    }

    /**
     * Rewrites what the plan picks in {@code table}; returns how many files were replaced. The live
     * rows are read and written again without holding the table (files never change once written),
     * so a statement that writes it meanwhile does not wait for the rewrite; each group's commit holds
     * the table, and gives the group up when a statement deleted rows of its files since they were
     * read, since the rewrite would bring those rows back.
     */
    int compact(String table, boolean eager)
    {
        return compactAfterRead(table, eager, () -> {});
    }

    /** As {@link #compact}, running {@code afterRead} between each group's rewrite and its commit: for tests of what a statement committed meanwhile does. */
    int compactAfterRead(String table, boolean eager, Runnable afterRead)
    {
        TableEntry entry = database.manifest().table(table);
        if (entry == null) {
            return 0;
        }
        int[] columns = new int[entry.columns().size()];
        for (int c = 0; c < columns.length; c++) {
            columns[c] = c;
        }
        int replaced = 0;
        for (List<FileEntry> group : CompactionPlan.groups(entry, eager)) {
            LayoutWriter writer = new LayoutWriter(database.newWriter(entry.columns(), entry.layout()));
            List<FileEntry> written;
            try {
                for (FileEntry file : group) {
                    if (file.deletes().count() == file.rowCount()) {
                        continue;
                    }
                    for (Segment block : database.liveRows(entry, file)) {
                        Page rows = block.read(columns);
                        if (rows.positionCount() > 0) {
                            writer.append(rows);
                        }
                    }
                }
                written = writer.finish();
            }
            catch (RuntimeException e) {
                writer.abort();
                throw e;
            }
            afterRead.run();
            try (TableLock _ = database.lockTable(table)) {
                if (!unchanged(database.manifest().table(table), group)) {
                    writer.discard();
                    continue;
                }
                database.commit(manifest -> manifest.withTable(manifest.table(table).withFilesReplaced(group, written)));
            }
            catch (SignoException e) {
                // the table stayed busy: nothing named the new files
                if (e.errorCode() == ErrorCode.WRITE_CONFLICT) {
                    writer.discard();
                }
                throw e;
            }
            replaced += group.size();
        }
        return replaced;
    }

    /** Whether every file of {@code group} is still part of {@code table}, with the deleted rows it had when it was read. */
    private static boolean unchanged(TableEntry table, List<FileEntry> group)
    {
        if (table == null) {
            return false;
        }
        Set<FileEntry> files = new HashSet<>(table.files());
        return files.containsAll(group);
    }

    /** Lets a compaction under way finish; none starts after. */
    @Override
    public void close()
    {
        background.shutdown();
        try {
            if (!background.awaitTermination(60, TimeUnit.SECONDS)) {
                LOG.log(System.Logger.Level.WARNING, "a compaction did not finish within 60 s of closing the database");
            }
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
