package io.signo.server.shell;

import org.jline.reader.impl.history.DefaultHistory;

import java.time.Instant;

/**
 * JLine's history file, holding whole statements rather than typed lines: the reader's own
 * line-by-line additions are dropped, and the shell adds each statement (all its lines, or one
 * backslash command) once it is complete, so that Up recalls a multi-line statement at once.
 */
final class StatementHistory
        extends DefaultHistory
{
    @Override
    public void add(Instant time, String line)
    {
        // the reader calls this for every line typed; statements arrive through addStatement
    }

    void addStatement(String text)
    {
        super.add(Instant.now(), text);
    }
}
