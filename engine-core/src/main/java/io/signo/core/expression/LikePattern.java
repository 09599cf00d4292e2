package io.signo.core.expression;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * A SQL LIKE pattern compiled once into the cheapest matching strategy. Patterns without '_' are
 * {@code L0 % L1 % ... % Ln}: a value matches when it starts with L0, ends with Ln and holds the
 * middle literals in order between them, which covers exact, prefix, suffix and contains patterns
 * as special cases. Patterns with '_' use a backtracking matcher over bytes where '_' consumes one
 * UTF-8 character. Literals live in native memory to keep the hot loops on native segments.
 */
final class LikePattern
{
    private static final ValueLayout.OfLong LITTLE_ENDIAN_LONG = ValueLayout.JAVA_LONG_UNALIGNED.withOrder(java.nio.ByteOrder.LITTLE_ENDIAN);
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    enum Kind
    {
        EXACT, PREFIX, SUFFIX, CONTAINS, ORDERED, GENERAL
    }

    static final int ANY_SEQUENCE = -1;
    static final int ANY_CHARACTER = -2;

    private final String pattern;
    private final Character escape;
    private final Kind kind;
    private final MemorySegment[] literals;
    private final int[] tokens;

    LikePattern(String pattern, Character escape)
    {
        this.pattern = requireNonNull(pattern, "pattern is null");
        this.escape = escape;
        List<Integer> tokenList = new ArrayList<>();
        List<MemorySegment> literalList = new ArrayList<>();
        StringBuilder literal = new StringBuilder();
        boolean hasAnyCharacter = false;
        for (int i = 0; i < pattern.length(); i++) {
            char c = pattern.charAt(i);
            if (escape != null && c == escape) {
                if (i + 1 >= pattern.length()) {
                    throw new SignoException(ErrorCode.INVALID_ARGUMENT, "LIKE pattern ends with the escape character: " + pattern);
                }
                char next = pattern.charAt(++i);
                if (next != '%' && next != '_' && next != escape) {
                    throw new SignoException(ErrorCode.INVALID_ARGUMENT, "escape character must be followed by '%', '_' or itself: " + pattern);
                }
                literal.append(next);
                addLiteralTokens(tokenList, next);
            }
            else if (c == '%') {
                literalList.add(nativeBytes(literal.toString()));
                literal.setLength(0);
                if (tokenList.isEmpty() || tokenList.getLast() != ANY_SEQUENCE) {
                    tokenList.add(ANY_SEQUENCE);
                }
            }
            else if (c == '_') {
                hasAnyCharacter = true;
                tokenList.add(ANY_CHARACTER);
            }
            else {
                literal.append(c);
                if (Character.isHighSurrogate(c) && i + 1 < pattern.length()) {
                    literal.append(pattern.charAt(++i));
                    addLiteralTokens(tokenList, pattern.substring(i - 1, i + 1));
                }
                else {
                    addLiteralTokens(tokenList, c);
                }
            }
        }
        literalList.add(nativeBytes(literal.toString()));
        this.tokens = tokenList.stream().mapToInt(Integer::intValue).toArray();
        // consecutive '%' produce empty literals between them; drop those in the middle
        List<MemorySegment> compact = new ArrayList<>();
        for (int i = 0; i < literalList.size(); i++) {
            if (i == 0 || i == literalList.size() - 1 || literalList.get(i).byteSize() > 0) {
                compact.add(literalList.get(i));
            }
        }
        this.literals = compact.toArray(new MemorySegment[0]);
        if (hasAnyCharacter) {
            kind = Kind.GENERAL;
        }
        else if (literals.length == 1) {
            kind = Kind.EXACT;
        }
        else if (literals.length == 2 && literals[1].byteSize() == 0) {
            kind = Kind.PREFIX;
        }
        else if (literals.length == 2 && literals[0].byteSize() == 0) {
            kind = Kind.SUFFIX;
        }
        else if (literals.length == 3 && literals[0].byteSize() == 0 && literals[2].byteSize() == 0) {
            kind = Kind.CONTAINS;
        }
        else {
            kind = Kind.ORDERED;
        }
    }

    private static void addLiteralTokens(List<Integer> tokens, char c)
    {
        addLiteralTokens(tokens, String.valueOf(c));
    }

    private static void addLiteralTokens(List<Integer> tokens, String text)
    {
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            tokens.add(b & 0xFF);
        }
    }

    private static MemorySegment nativeBytes(String text)
    {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        MemorySegment segment = Arena.ofAuto().allocate(Math.max(bytes.length, 1));
        MemorySegment.copy(bytes, 0, segment, ValueLayout.JAVA_BYTE, 0, bytes.length);
        return segment.asSlice(0, bytes.length);
    }

    Kind kind()
    {
        return kind;
    }

    /** The literals between '%' (first and last may be empty). */
    MemorySegment[] literals()
    {
        return literals;
    }

    static boolean startsWith(MemorySegment bytes, long start, int length, MemorySegment literal)
    {
        int literalLength = (int) literal.byteSize();
        return length >= literalLength && StringBytes.equal(bytes, start, literal, 0, literalLength);
    }

    static boolean endsWith(MemorySegment bytes, long start, int length, MemorySegment literal)
    {
        int literalLength = (int) literal.byteSize();
        long from = start + length - literalLength;
        return length >= literalLength && StringBytes.equal(bytes, from, literal, 0, literalLength);
    }

    /** The first index in [from, to) where {@code literal} starts, or -1. */
    static long indexOf(MemorySegment bytes, long from, long to, MemorySegment literal)
    {
        int literalLength = (int) literal.byteSize();
        if (literalLength == 0) {
            return from;
        }
        byte first = literal.get(ValueLayout.JAVA_BYTE, 0);
        int lastOffset = literalLength - 1;
        long last = to - literalLength;
        long i = from;
        // eight candidate starts at a time: flag the starts whose byte equals the literal's first byte
        // and whose byte lastOffset further equals its last byte, with the "has zero byte" trick on
        // (word ^ byte repeated). The trick flags every zero byte and may flag a byte above a zero one
        // falsely, so every candidate is checked in full. Testing the last byte too keeps a common
        // first letter ('s' of '%special%') from sending most positions to the full check.
        long repeatedFirst = (first & 0xFFL) * ONES;
        long repeatedLast = (literal.get(ValueLayout.JAVA_BYTE, lastOffset) & 0xFFL) * ONES;
        while (i + Long.BYTES - 1 <= last) {
            long firstWord = bytes.get(LITTLE_ENDIAN_LONG, i) ^ repeatedFirst;
            long lastWord = bytes.get(LITTLE_ENDIAN_LONG, i + lastOffset) ^ repeatedLast;
            long zeroes = (firstWord - ONES) & ~firstWord & (lastWord - ONES) & ~lastWord & HIGHS;
            while (zeroes != 0) {
                long candidate = i + (Long.numberOfTrailingZeros(zeroes) >>> 3);
                if (bytes.get(ValueLayout.JAVA_BYTE, candidate) == first
                        && StringBytes.equal(bytes, candidate + 1, literal, 1, literalLength - 1)) {
                    return candidate;
                }
                zeroes &= zeroes - 1;
            }
            i += Long.BYTES;
        }
        for (; i <= last; i++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, i) == first
                    && StringBytes.equal(bytes, i + 1, literal, 1, literalLength - 1)) {
                return i;
            }
        }
        return -1;
    }

    /** For {@link Kind#ORDERED}: L0 prefix, Ln suffix, middle literals in order without overlapping those. */
    boolean matchesOrdered(MemorySegment bytes, long start, int length)
    {
        MemorySegment head = literals[0];
        MemorySegment tail = literals[literals.length - 1];
        if (length < head.byteSize() + tail.byteSize() || !startsWith(bytes, start, length, head) || !endsWith(bytes, start, length, tail)) {
            return false;
        }
        long from = start + head.byteSize();
        long to = start + length - tail.byteSize();
        for (int i = 1; i < literals.length - 1; i++) {
            long found = indexOf(bytes, from, to, literals[i]);
            if (found < 0) {
                return false;
            }
            from = found + literals[i].byteSize();
        }
        return true;
    }

    /** For {@link Kind#GENERAL}: wildcard matching with backtracking to the last '%'. */
    boolean matchesGeneral(MemorySegment bytes, long start, int length)
    {
        int[] tokens = this.tokens;
        int tokenCount = tokens.length;
        long end = start + length;
        long position = start;
        int token = 0;
        int sequenceToken = -1;
        long sequenceResume = 0;
        while (position < end) {
            int current = token < tokenCount ? tokens[token] : Integer.MIN_VALUE;
            if (current == ANY_CHARACTER) {
                position = Math.min(end, position + StringBytes.characterLength(bytes.get(ValueLayout.JAVA_BYTE, position)));
                token++;
            }
            else if (current >= 0 && current == (bytes.get(ValueLayout.JAVA_BYTE, position) & 0xFF)) {
                position++;
                token++;
            }
            else if (current == ANY_SEQUENCE) {
                sequenceToken = token++;
                sequenceResume = position;
            }
            else if (sequenceToken >= 0) {
                token = sequenceToken + 1;
                sequenceResume = Math.min(end, sequenceResume + StringBytes.characterLength(bytes.get(ValueLayout.JAVA_BYTE, sequenceResume)));
                position = sequenceResume;
            }
            else {
                return false;
            }
        }
        while (token < tokenCount && tokens[token] == ANY_SEQUENCE) {
            token++;
        }
        return token == tokenCount;
    }

    String pattern()
    {
        return pattern;
    }

    Character escape()
    {
        return escape;
    }

    @Override
    public String toString()
    {
        return pattern;
    }
}
