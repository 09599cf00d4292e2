package io.signo.storage.file.csv;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Cutting a file by reading around each target offset gives the cuts a pass over the whole file
 * gives when no field is quoted, each ending after a line feed and the ranges covering the file;
 * the line a range starts on, counted when an error names it, is the one a reader counts.
 */
class CsvSplitsCutTest
{
    @TempDir
    Path directory;

    @Test
    void cutsAroundTheTargetsAreThePassesCuts()
            throws IOException
    {
        Random random = new Random(18);
        for (String lineEnd : new String[] {"\n", "\r\n"}) {
            for (boolean finalLineEnd : new boolean[] {true, false}) {
                Path file = directory.resolve("lines" + lineEnd.length() + finalLineEnd + ".csv");
                try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(file))) {
                    long written = 0;
                    int line = 0;
                    while (written < 5 * CsvSplits.TARGET_BYTES) {
                        // mostly short lines, some of several kilobytes, one longer than a split
                        int length = line == 3_000 ? (int) CsvSplits.TARGET_BYTES + 777 : random.nextInt(50) == 0 ? 5_000 + random.nextInt(10_000) : random.nextInt(200);
                        byte[] text = ("" + line + ",").repeat(1 + length / 8).getBytes(StandardCharsets.US_ASCII);
                        out.write(text);
                        out.write(lineEnd.getBytes(StandardCharsets.US_ASCII));
                        written += text.length + lineEnd.length();
                        line++;
                    }
                    if (!finalLineEnd) {
                        out.write("last,line".getBytes(StandardCharsets.US_ASCII));
                    }
                }
                byte[] bytes = Files.readAllBytes(file);
                List<CsvSplits.Split> local = CsvSplits.of(file, '"', false);
                List<CsvSplits.Split> pass = CsvSplits.of(file, '"', true);
                assertEquals(pass, local, file.toString());
                assertTrue(local.size() >= 4, local.size() + " splits");
                long start = 0;
                for (CsvSplits.Split split : local) {
                    assertEquals(start, split.start());
                    assertEquals(split == local.getLast(), split.last());
                    if (!split.last()) {
                        assertEquals('\n', bytes[(int) split.end() - 1]);
                        assertTrue(split.end() - split.start() >= CsvSplits.TARGET_BYTES);
                    }
                    assertEquals(linesBefore(bytes, (int) split.start()) + 1, CsvSplits.lineAt(file, split.start()));
                    start = split.end();
                }
                assertEquals(bytes.length, start);
            }
        }
    }

    @Test
    void aSmallFileIsOneRangeWithoutReadingIt()
            throws IOException
    {
        Path file = directory.resolve("small.csv");
        Files.writeString(file, "a,b\n1,2\n");
        assertEquals(List.of(new CsvSplits.Split(0, 8, true)), CsvSplits.of(file, '"', false));
        Path empty = directory.resolve("empty.csv");
        Files.writeString(empty, "");
        assertEquals(List.of(new CsvSplits.Split(0, 0, true)), CsvSplits.of(empty, '"', true));
    }

    @Test
    void lineNumbersCountLineFeedsCarriageReturnLineFeedsAndLoneCarriageReturns()
            throws IOException
    {
        Random random = new Random(7);
        StringBuilder text = new StringBuilder();
        String[] ends = {"\n", "\r\n", "\r"};
        for (int line = 0; line < 3_000; line++) {
            text.append("x".repeat(random.nextInt(20))).append(ends[random.nextInt(3)]);
        }
        Path file = directory.resolve("mixed.csv");
        Files.writeString(file, text);
        byte[] bytes = Files.readAllBytes(file);
        for (int offset = 0; offset <= bytes.length; offset += 1 + random.nextInt(50)) {
            if (offset > 0 && bytes[offset - 1] == '\r' && offset < bytes.length && bytes[offset] == '\n') {
                // never a cut: ranges end after a line feed
                continue;
            }
            assertEquals(linesBefore(bytes, offset) + 1, CsvSplits.lineAt(file, offset), "offset " + offset);
        }
    }

    /** Line breaks before {@code offset}, counted a byte at a time as the parser counts them. */
    private static long linesBefore(byte[] bytes, int offset)
    {
        long breaks = 0;
        for (int i = 0; i < offset; i++) {
            if (bytes[i] == '\n' || (bytes[i] == '\r' && (i + 1 >= offset || bytes[i + 1] != '\n'))) {
                breaks++;
            }
        }
        return breaks;
    }
}
