package io.signo.core.expression;

import org.junit.jupiter.api.Test;

import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.nio.charset.StandardCharsets;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The word-at-a-time substring search against String.indexOf, over windows of random texts, with literals of 1 to 12 bytes. */
class LikePatternIndexOfTest
{
    @Test
    void findsTheFirstOccurrenceLikeStringIndexOf()
    {
        Random random = new Random(7);
        String alphabet = "abc\u0080\u00ff";
        try (Arena arena = Arena.ofConfined()) {
            for (int trial = 0; trial < 6_000; trial++) {
                String text = randomText(random, alphabet, random.nextInt(64));
                String literal = randomText(random, alphabet, 1 + random.nextInt(3));
                if (trial % 2 == 1 && text.length() > 1) {
                    // a longer literal cut from the text, so that its first and last bytes both match somewhere
                    int start = random.nextInt(text.length() - 1);
                    literal = text.substring(start, start + 1 + random.nextInt(Math.min(12, text.length() - start)));
                }
                byte[] textBytes = text.getBytes(StandardCharsets.ISO_8859_1);
                byte[] literalBytes = literal.getBytes(StandardCharsets.ISO_8859_1);
                MemorySegment native_ = arena.allocate(textBytes.length + 16);
                int offset = random.nextInt(8);
                MemorySegment.copy(MemorySegment.ofArray(textBytes), 0, native_, offset, textBytes.length);
                int from = textBytes.length == 0 ? 0 : random.nextInt(textBytes.length + 1);
                int to = from + random.nextInt(textBytes.length - from + 1);
                int expected = text.substring(0, to).indexOf(literal, from);
                long actual = LikePattern.indexOf(native_, offset + from, offset + to, MemorySegment.ofArray(literalBytes));
                assertEquals(expected < 0 ? -1 : expected + offset, actual, "'" + literal + "' in '" + text + "' from " + from + " to " + to);
            }
        }
    }

    private static String randomText(Random random, String alphabet, int length)
    {
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < length; i++) {
            text.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return text.toString();
    }
}
