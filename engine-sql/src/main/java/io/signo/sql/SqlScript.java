package io.signo.sql;

import java.util.ArrayList;
import java.util.List;

/** Splits a file of SQL statements: each ends at a line ending in {@code ;} outside a comment; comment-only pieces are dropped. */
public final class SqlScript
{
    private SqlScript() {}

    public static List<String> statements(String text)
    {
        List<String> statements = new ArrayList<>();
        StringBuilder current = new StringBuilder();
        for (String line : text.split("\n", -1)) {
            String trimmed = line.stripTrailing();
            if (trimmed.endsWith(";") && !trimmed.strip().startsWith("--")) {
                current.append(trimmed, 0, trimmed.length() - 1);
                addStatement(statements, current.toString());
                current.setLength(0);
            }
            else {
                current.append(line).append('\n');
            }
        }
        addStatement(statements, current.toString());
        return statements;
    }

    private static void addStatement(List<String> statements, String statement)
    {
        for (String line : statement.split("\n")) {
            String trimmed = line.strip();
            if (!trimmed.isEmpty() && !trimmed.startsWith("--")) {
                statements.add(statement.strip());
                return;
            }
        }
    }
}
