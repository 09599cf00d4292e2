package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.io.Serializable;

/**
 * How a regular-expression function matches, written as DuckDB's option letters: {@code 'c'} case
 * sensitive (the default), {@code 'i'} case insensitive, {@code 's'} a dot matches a newline too,
 * {@code 'm'}, {@code 'n'} and {@code 'p'} it does not (the default), {@code 'l'} the pattern is a
 * literal string, {@code 'g'} REGEXP_REPLACE replaces every match instead of the first. A later
 * letter overrides an earlier one ({@code 'ic'} is case sensitive).
 */
public record RegexOptions(boolean caseInsensitive, boolean dotMatchesNewline, boolean literal, boolean global)
        implements Serializable
{
    public static final RegexOptions DEFAULT = new RegexOptions(false, false, false, false);

    /** Case-insensitive matching, as {@code ~*} does. */
    public static final RegexOptions CASE_INSENSITIVE = new RegexOptions(true, false, false, false);

    /** A dot matches a newline too, as in SIMILAR TO. */
    public static final RegexOptions DOTALL = new RegexOptions(false, true, false, false);

    /**
     * The options the letters of {@code options} ask for.
     *
     * @param function the function's name, for errors
     * @param allowsGlobal whether the function replaces ({@code 'g'} means nothing to the others)
     */
    public static RegexOptions parse(String function, String options, boolean allowsGlobal)
    {
        boolean caseInsensitive = false;
        boolean dotMatchesNewline = false;
        boolean literal = false;
        boolean global = false;
        for (int i = 0; i < options.length(); i++) {
            char letter = options.charAt(i);
            switch (letter) {
                case 'c' -> caseInsensitive = false;
                case 'i' -> caseInsensitive = true;
                case 's' -> dotMatchesNewline = true;
                case 'm', 'n', 'p' -> dotMatchesNewline = false;
                case 'l' -> literal = true;
                case 'g' -> {
                    if (!allowsGlobal) {
                        throw new SignoException(ErrorCode.INVALID_ARGUMENT, function + ": option 'g' (replace every match) is only valid for REGEXP_REPLACE");
                    }
                    global = true;
                }
                default -> throw new SignoException(ErrorCode.INVALID_ARGUMENT,
                        function + ": unknown regular expression option '" + letter + "' in '" + options + "' (options are c, i, s, m, n, p, l and g)");
            }
        }
        return new RegexOptions(caseInsensitive, dotMatchesNewline, literal, global);
    }

    /** The RE2/J flags of these options. */
    int flags()
    {
        return (caseInsensitive ? com.google.re2j.Pattern.CASE_INSENSITIVE : 0) | (dotMatchesNewline ? com.google.re2j.Pattern.DOTALL : 0);
    }
}
