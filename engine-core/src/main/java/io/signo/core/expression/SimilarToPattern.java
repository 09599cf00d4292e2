package io.signo.core.expression;

import com.google.re2j.PatternSyntaxException;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

/**
 * The regular expression of a SQL {@code SIMILAR TO} pattern, as the standard and PostgreSQL read it:
 * {@code %} is any string, {@code _} any one character, {@code | * + ? {m,n} ( ) [...]} are those of
 * regular expressions, and every other character, {@code .}, {@code ^} and {@code $} included,
 * stands for itself; the escape character (a backslash unless the statement names another, none
 * when it names the empty string) makes the next character stand for itself.
 */
final class SimilarToPattern
{
    private SimilarToPattern() {}

    /** The RE2 syntax of {@code pattern}, to be matched against the whole value. */
    static String toRegex(String pattern, String escape)
    {
        if (escape.codePointCount(0, escape.length()) > 1) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "SIMILAR TO escape must be one character or empty: '" + escape + "'");
        }
        int escapeCharacter = escape.isEmpty() ? -1 : escape.codePointAt(0);
        StringBuilder regex = new StringBuilder(pattern.length() + 8);
        boolean escaped = false;
        boolean inBracket = false;
        for (int i = 0; i < pattern.length();) {
            int character = pattern.codePointAt(i);
            i += Character.charCount(character);
            if (escaped) {
                appendLiteral(regex, character);
                escaped = false;
            }
            else if (character == escapeCharacter) {
                escaped = true;
            }
            else if (inBracket) {
                if (character == ']') {
                    inBracket = false;
                }
                if (character == '\\') {
                    regex.append('\\');
                }
                regex.appendCodePoint(character);
            }
            else {
                switch (character) {
                    case '%' -> regex.append(".*");
                    case '_' -> regex.append('.');
                    case '.', '^', '$', '\\' -> regex.append('\\').appendCodePoint(character);
                    case '[' -> {
                        inBracket = true;
                        regex.append('[');
                        // a ']' first in the class (after an optional '^') is a member, not its end
                        if (i < pattern.length() && pattern.charAt(i) == '^') {
                            regex.append('^');
                            i++;
                        }
                        if (i < pattern.length() && pattern.charAt(i) == ']') {
                            regex.append("\\]");
                            i++;
                        }
                    }
                    default -> regex.appendCodePoint(character);
                }
            }
        }
        if (escaped) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "SIMILAR TO pattern '" + pattern + "' must not end with its escape character");
        }
        try {
            com.google.re2j.Pattern.compile(regex.toString(), RegexOptions.DOTALL.flags());
        }
        catch (PatternSyntaxException e) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "SIMILAR TO: invalid pattern '" + pattern + "': " + e.getDescription(), e);
        }
        return regex.toString();
    }

    private static void appendLiteral(StringBuilder regex, int character)
    {
        if ("\\.+*?()|[]{}^$".indexOf(character) >= 0) {
            regex.append('\\');
        }
        regex.appendCodePoint(character);
    }
}
