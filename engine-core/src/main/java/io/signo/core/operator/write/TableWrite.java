package io.signo.core.operator.write;

import io.signo.storage.db.Manifest.FileEntry;
import io.signo.storage.db.TableLayout;
import io.signo.storage.db.TableWriters;

import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One statement's write into a stored table, shared by the drivers that write it: each driver's
 * {@link TableWriterOperator} writes its rows into files of its own, and the files of all of them
 * go to the one commit that makes the statement's rows part of the table. Thread safe.
 */
public final class TableWrite
{
    private final TableWriters writers;
    private final TableLayout layout;
    private final int node;
    private final RowChecks checks;
    private final List<LayoutWriter> finishedWriters = new ArrayList<>();
    private final List<FileEntry> files = new ArrayList<>();
    private boolean discarded;

    public TableWrite(TableWriters writers, TableLayout layout, RowChecks checks)
    {
        this(writers, layout, checks, 0);
    }

    /** @param node the number of the node writing, whose partition takes the rows of a table without keys */
    public TableWrite(TableWriters writers, TableLayout layout, RowChecks checks, int node)
    {
        this.writers = requireNonNull(writers, "writers is null");
        this.node = node;
        this.layout = requireNonNull(layout, "layout is null");
        this.checks = requireNonNull(checks, "checks is null");
    }

    public RowChecks checks()
    {
        return checks;
    }

    /** A writer for one driver's rows; the driver discards it itself when it ends before finishing. */
    LayoutWriter newWriter()
    {
        return new LayoutWriter(writers.newWriter(checks.columns(), layout), node);
    }

    /** A driver's writer finished: its files wait for the commit (or go, when the statement already failed). */
    synchronized void finished(LayoutWriter writer, List<FileEntry> written)
    {
        if (discarded) {
            writer.discard();
            return;
        }
        finishedWriters.add(writer);
        files.addAll(written);
    }

    /** The files every driver wrote, once the statement's query ended. */
    public synchronized List<FileEntry> files()
    {
        return List.copyOf(files);
    }

    /** Removes the files of every finished driver, and of those that finish later: the statement failed before a commit named them. */
    public synchronized void discard()
    {
        discarded = true;
        for (LayoutWriter writer : finishedWriters) {
            writer.discard();
        }
        finishedWriters.clear();
        files.clear();
    }
}
