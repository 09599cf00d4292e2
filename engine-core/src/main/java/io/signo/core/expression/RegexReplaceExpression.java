package io.signo.core.expression;

import com.google.re2j.Matcher;
import com.google.re2j.Pattern;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;
import io.signo.storage.vector.VectorBuilder;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static java.util.Objects.requireNonNull;

/**
 * REGEXP_REPLACE(value, pattern, replacement [, options]) as DuckDB (RE2) does it: the first match
 * replaced, or every one with option {@code 'g'}; in the replacement {@code \0} to {@code \9} stand
 * for the match and its capture groups and {@code \\} for a backslash. With {@code 'g'}, an empty
 * match right after the previous match is skipped ({@code 'abc'} with {@code 'x*'} becomes
 * {@code '-a-b-c-'}). NULL when any argument is.
 */
public final class RegexReplaceExpression
        implements Expression
{
    private static final String FUNCTION = "REGEXP_REPLACE";

    final Expression value;
    final RegexPatterns patterns;
    final Expression replacement;
    final Type type;

    RegexReplaceExpression(Expression value, Expression pattern, Expression replacement, RegexOptions options, Type type)
    {
        this.value = requireNonNull(value, "value is null");
        this.replacement = requireNonNull(replacement, "replacement is null");
        if (!value.type().isString() || !replacement.type().isString()) {
            throw new IllegalArgumentException(FUNCTION + " needs strings, got " + value.type() + " and " + replacement.type());
        }
        this.patterns = new RegexPatterns(FUNCTION, pattern, options);
        this.type = requireNonNull(type, "type is null");
        if (!type.isString()) {
            throw new IllegalArgumentException(FUNCTION + " makes a string, not " + type);
        }
        if (replacement instanceof ConstantExpression constant && !constant.isNull()) {
            MemorySegment bytes = constant.bytes();
            int highestGroup = highestGroup(bytes, 0, (int) bytes.byteSize());
            if (patterns.constant() != null) {
                checkGroups(highestGroup, patterns.constant(), bytes, 0, (int) bytes.byteSize());
            }
        }
    }

    RegexPatterns patterns()
    {
        return patterns;
    }

    @Override
    public Type type()
    {
        return type;
    }

    @Override
    public ColumnVector evaluate(Page page, int[] positions, int count, PageAllocator allocator)
    {
        RegexRows rows = new RegexRows(patterns, value, page, positions, count, allocator);
        ConstantExpression constantReplacement = replacement instanceof ConstantExpression constant ? constant : null;
        StringOperand replacements = constantReplacement == null ? StringOperand.evaluate(replacement, page, positions, count, allocator) : null;
        MemorySegment nulls = replacements == null ? rows.nulls() : NullBitmap.union(rows.nulls(), replacements.nulls(), count, allocator);
        boolean global = patterns.options().global();
        VectorBuilder builder = new VectorBuilder(type, count, allocator);
        Output output = new Output();
        for (int i = 0; i < count; i++) {
            if (nulls != null && NullBitmap.isNull(nulls, i)) {
                builder.appendNull();
                continue;
            }
            MemorySegment rewrite = constantReplacement == null ? replacements.bytes() : constantReplacement.bytes();
            int rewriteStart = constantReplacement == null ? replacements.start(i) : 0;
            int rewriteEnd = constantReplacement == null ? replacements.end(i) : (int) rewrite.byteSize();
            Matcher matcher = rows.matcher(i);
            if (constantReplacement == null || !patterns.isConstant()) {
                checkGroups(highestGroup(rewrite, rewriteStart, rewriteEnd), rows.pattern(), rewrite, rewriteStart, rewriteEnd);
            }
            byte[] text = rows.text();
            if (replace(matcher, text, rewrite, rewriteStart, rewriteEnd, global, output)) {
                builder.appendBytes(output.bytes, 0, output.length);
            }
            else {
                builder.appendBytes(text, 0, text.length);
            }
        }
        return builder.build();
    }

    /** Writes {@code text} with its first match (or every one) replaced to {@code output}; false, writing nothing, when nothing matches. */
    private static boolean replace(Matcher matcher, byte[] text, MemorySegment rewrite, int rewriteStart, int rewriteEnd, boolean global, Output output)
    {
        int length = text.length;
        int position = 0;
        int lastEnd = -1;
        int replaced = 0;
        output.length = 0;
        while (position <= length && matcher.find(position)) {
            int matchStart = matcher.start();
            int matchEnd = matcher.end();
            output.append(text, position, matchStart - position);
            if (matchStart == lastEnd && matchStart == matchEnd) {
                // an empty match where the previous one ended: keep the next character and search on after it
                int characterLength = position < length ? Math.min(StringBytes.characterLength(text[position]), length - position) : 1;
                output.append(text, position, Math.min(characterLength, length - position));
                position += characterLength;
                continue;
            }
            appendRewrite(matcher, text, rewrite, rewriteStart, rewriteEnd, output);
            position = matchEnd;
            lastEnd = matchEnd;
            replaced++;
            if (!global) {
                break;
            }
        }
        if (replaced == 0) {
            return false;
        }
        if (position < length) {
            output.append(text, position, length - position);
        }
        return true;
    }

    private static void appendRewrite(Matcher matcher, byte[] text, MemorySegment rewrite, int start, int end, Output output)
    {
        for (int position = start; position < end; position++) {
            byte next = rewrite.get(ValueLayout.JAVA_BYTE, position);
            if (next != '\\') {
                output.append(next);
                continue;
            }
            position++;
            byte escaped = rewrite.get(ValueLayout.JAVA_BYTE, position);
            if (escaped == '\\') {
                output.append(escaped);
                continue;
            }
            int group = escaped - '0';
            int groupStart = matcher.start(group);
            if (groupStart >= 0) {
                output.append(text, groupStart, matcher.end(group) - groupStart);
            }
        }
    }

    /** The highest group {@code \n} in the replacement refers to (-1 when none); a backslash followed by anything but a digit or a backslash is an error. */
    private static int highestGroup(MemorySegment rewrite, int start, int end)
    {
        int highest = -1;
        for (int position = start; position < end; position++) {
            if (rewrite.get(ValueLayout.JAVA_BYTE, position) != '\\') {
                continue;
            }
            position++;
            byte escaped = position < end ? rewrite.get(ValueLayout.JAVA_BYTE, position) : 0;
            if (escaped >= '0' && escaped <= '9') {
                highest = Math.max(highest, escaped - '0');
            }
            else if (escaped != '\\') {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, FUNCTION + ": invalid replacement '" + text(rewrite, start, end)
                        + "': a backslash must be followed by a digit (\\0 is the match, \\1 to \\9 its groups) or by another backslash");
            }
        }
        return highest;
    }

    private static void checkGroups(int highestGroup, Pattern pattern, MemorySegment rewrite, int start, int end)
    {
        if (highestGroup > pattern.groupCount()) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, FUNCTION + ": replacement '" + text(rewrite, start, end) + "' refers to group " + highestGroup
                    + " but the pattern '" + pattern.pattern() + "' has " + pattern.groupCount() + (pattern.groupCount() == 1 ? " group" : " groups"));
        }
    }

    private static String text(MemorySegment bytes, int start, int end)
    {
        return new String(bytes.asSlice(start, end - start).toArray(ValueLayout.JAVA_BYTE), StandardCharsets.UTF_8);
    }

    /** The bytes of one replaced value, grown as needed and reused for the next. */
    private static final class Output
    {
        private byte[] bytes = new byte[64];
        private int length;

        void append(byte value)
        {
            ensure(1);
            bytes[length++] = value;
        }

        void append(byte[] source, int offset, int count)
        {
            ensure(count);
            System.arraycopy(source, offset, bytes, length, count);
            length += count;
        }

        private void ensure(int additional)
        {
            if (length + additional > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + additional));
            }
        }
    }

    @Override
    public String toString()
    {
        return FUNCTION + "(" + value + ", " + patterns + ", " + replacement + (patterns.options().global() ? ", global" : "") + ")";
    }
}
