package io.signo.server.shell;

import java.util.ArrayList;
import java.util.List;

/**
 * Cuts typed lines into statements at each {@code ;} that is outside a string literal, a quoted
 * identifier and a comment; text after the last such semicolon waits for the next line. The state
 * of quotes and comments carries from line to line, so a string may span lines.
 */
public final class StatementSplitter
{
    private final StringBuilder pending = new StringBuilder();
    private boolean inString;
    private boolean inIdentifier;
    private boolean inBlockComment;

    /** Adds one line (without its line break) and returns the statements it completed, without their semicolons. */
    List<String> add(String line)
    {
        List<String> statements = new ArrayList<>();
        if (!pending.isEmpty()) {
            pending.append('\n');
        }
        int length = line.length();
        int position = 0;
        while (position < length) {
            char character = line.charAt(position);
            if (inBlockComment) {
                if (line.startsWith("*/", position)) {
                    inBlockComment = false;
                    pending.append("*/");
                    position += 2;
                    continue;
                }
            }
            else if (inString) {
                // a doubled quote inside a literal reads as one quote and leaves the literal open
                inString = character != '\'';
            }
            else if (inIdentifier) {
                inIdentifier = character != '"';
            }
            else if (character == '\'') {
                inString = true;
            }
            else if (character == '"') {
                inIdentifier = true;
            }
            else if (line.startsWith("--", position)) {
                pending.append(line, position, length);
                break;
            }
            else if (line.startsWith("/*", position)) {
                inBlockComment = true;
                pending.append("/*");
                position += 2;
                continue;
            }
            else if (character == ';') {
                String statement = pending.toString().strip();
                if (!statement.isEmpty()) {
                    statements.add(statement);
                }
                pending.setLength(0);
                position++;
                continue;
            }
            pending.append(character);
            position++;
        }
        if (!inString && !inIdentifier && !inBlockComment && pending.toString().isBlank()) {
            pending.setLength(0);
        }
        return statements;
    }

    /**
     * The statements of a whole text, as the shell would run them line by line, the last one with or
     * without its semicolon; pieces that hold only comments are dropped.
     */
    public static List<String> split(String text)
    {
        StatementSplitter splitter = new StatementSplitter();
        List<String> statements = new ArrayList<>();
        for (String line : text.split("\n", -1)) {
            statements.addAll(splitter.add(line));
        }
        if (!splitter.pending.toString().isBlank()) {
            statements.add(splitter.pending.toString().strip());
        }
        statements.removeIf(StatementSplitter::onlyComments);
        return statements;
    }

    private static boolean onlyComments(String statement)
    {
        String rest = statement.replaceAll("(?s)/\\*.*?\\*/", " ");
        for (String line : rest.split("\n")) {
            String trimmed = line.strip();
            if (!trimmed.isEmpty() && !trimmed.startsWith("--")) {
                return false;
            }
        }
        return true;
    }

    /** Whether no statement is under way (the next line starts a new one). */
    boolean isEmpty()
    {
        return pending.isEmpty();
    }

    void clear()
    {
        pending.setLength(0);
        inString = false;
        inIdentifier = false;
        inBlockComment = false;
    }
}
