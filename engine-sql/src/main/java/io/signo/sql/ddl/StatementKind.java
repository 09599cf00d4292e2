package io.signo.sql.ddl;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** What a statement does, told by its first keyword: a query, or one of the statements that change or describe a database. */
public enum StatementKind
{
    QUERY,
    CREATE,
    DROP,
    ALTER,
    INSERT,
    UPDATE,
    DELETE,
    SHOW,
    DESCRIBE,
    VACUUM,
    /** COPY FROM appends files to a table; COPY TO writes a file. */
    COPY,
    TRANSACTION;

    /** The first word after leading blanks and comments. */
    private static final Pattern FIRST_WORD = Pattern.compile("\\A(?:\\s+|--[^\\n]*(?:\\n|\\z)|/\\*.*?\\*/)*([A-Za-z]+)", Pattern.DOTALL);

    public static StatementKind of(String sql)
    {
        return switch (firstWord(sql)) {
            case "create" -> CREATE;
            case "drop" -> DROP;
            case "alter" -> ALTER;
            case "insert" -> INSERT;
            case "update" -> UPDATE;
            case "delete" -> DELETE;
            case "show" -> SHOW;
            case "describe", "desc" -> DESCRIBE;
            case "vacuum" -> VACUUM;
            case "copy" -> COPY;
            case "begin", "start", "commit", "rollback", "abort", "savepoint", "release" -> TRANSACTION;
            default -> QUERY;
        };
    }

    /** The first word of a statement, after blanks and comments, in lower case; empty when it starts otherwise. */
    public static String firstWord(String sql)
    {
        Matcher matcher = sql == null ? null : FIRST_WORD.matcher(sql);
        return matcher != null && matcher.lookingAt() ? matcher.group(1).toLowerCase(Locale.ROOT) : "";
    }

    /** The statement without the blanks and comments before its first word. */
    public static String withoutLeadingComments(String sql)
    {
        Matcher matcher = FIRST_WORD.matcher(sql);
        return matcher.lookingAt() ? sql.substring(matcher.start(1)) : sql;
    }

    /** Statements whose answer is the count of rows they wrote. */
    public boolean countsRows()
    {
        return this == INSERT || this == UPDATE || this == DELETE || this == COPY;
    }

    /** Statements that change what is stored. */
    public boolean writes()
    {
        return this == CREATE || this == DROP || this == ALTER || this == INSERT || this == UPDATE || this == DELETE || this == VACUUM || this == COPY;
    }
}
