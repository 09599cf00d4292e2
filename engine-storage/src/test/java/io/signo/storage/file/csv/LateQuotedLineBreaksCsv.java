package io.signo.storage.file.csv;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Random;

/**
 * A CSV file of {@code id,note} records whose quoted line breaks all lie past the sample the reader
 * sniffs, so that the reader cuts the file at line feeds it cannot yet know to be inside or outside a
 * quoted field. Past the sample, a note is plain, a quoted field of lines that read as records of two
 * fields ({@code 77,fake}) when read from inside the field, or a quoted field longer than a split, so
 * that a split starts and ends inside it. No note is {@code fake} itself: a reader that took a cut
 * inside a field for a record boundary would return one.
 */
public final class LateQuotedLineBreaksCsv
{
    /** The start of the file without quoted line breaks: more than the sniffer reads. */
    private static final long PLAIN_START_BYTES = 400 << 10;

    private LateQuotedLineBreaksCsv() {}

    /** Writes records to {@code file} until it holds at least {@code bytes}, the notes picked by a generator seeded with {@code seed}. */
    public static void write(Path file, long seed, long bytes)
            throws IOException
    {
        Random random = new Random(seed);
        try (BufferedWriter writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            writer.write("id,note\n");
            long written = 0;
            for (int id = 0; written < bytes; id++) {
                int pick = random.nextInt(20);
                String note;
                if (written < PLAIN_START_BYTES || pick < 12) {
                    // a stray quote in an unquoted field, and doubled quotes with a delimiter in a quoted one
                    note = pick % 3 == 0 ? "a 5\"6 board" : pick % 3 == 1 ? "\"say \"\"hi\"\", " + id + "\"" : "plain " + id;
                }
                else if (pick < 19) {
                    note = "\"" + "77,fake\n".repeat(1 + random.nextInt(3_000)) + "end " + id + "\"";
                }
                else {
                    note = "\"" + "88,fake\n".repeat(140_000 + random.nextInt(40_000)) + "\"";
                }
                String line = id + "," + note + "\n";
                writer.write(line);
                written += line.length();
            }
        }
    }
}
