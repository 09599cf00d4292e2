package io.signo.storage.file.csv;

import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The quote state at a cut, composed from the ranges' transitions, is the byte parser's, stray
 * quotes in unquoted fields included; the splits of a file whose quoted line breaks start past the
 * sniffed sample, each read alone and in any order, give exactly the records of the whole file.
 */
class CsvCutStatesTest
{
    @TempDir
    Path directory;

    @Test
    void transitionsAreTheParsersStatesByteByByte()
    {
        Random random = new Random(11);
        byte[] alphabet = {'a', 'b', ',', '"', '\n', '\r'};
        for (int round = 0; round < 20_000; round++) {
            byte[] bytes = new byte[1 + random.nextInt(40)];
            for (int i = 0; i < bytes.length; i++) {
                bytes[i] = alphabet[random.nextInt(alphabet.length)];
            }
            bytes[bytes.length - 1] = '\n';
            for (boolean startsInside : new boolean[] {false, true}) {
                int transition = CsvCutStates.transition(bytes, 0, bytes.length, (byte) '"', (byte) ',');
                assertEquals(insideAfterEachLineFeed(bytes, startsInside).getLast(), CsvCutStates.endsInside(transition, startsInside),
                        new String(bytes, StandardCharsets.US_ASCII) + " starting " + (startsInside ? "inside" : "outside"));
            }
        }
    }

    @Test
    void splitsReadAloneInAnyOrderGiveTheRecordsOfTheWholeFile()
            throws IOException
    {
        Path file = directory.resolve("late-breaks.csv");
        LateQuotedLineBreaksCsv.write(file, 5, 7 << 20);
        CsvOptions options = new CsvOptions(',', '"', true, "", List.of(new Column("id", Type.BIGINT), new Column("note", Type.VARCHAR)));
        Table table = CsvTable.of("notes", List.of(file), options);
        assertFalse(CsvSniffer.sniff(file, options).quotedLineBreaks(), "the sample holds no quoted line break");
        byte[] bytes = Files.readAllBytes(file);
        List<Segment> segments = new ArrayList<>();
        for (Partition partition : table.partitions()) {
            segments.addAll(partition.segments());
        }
        assertTrue(segments.size() >= 6, segments.size() + " splits");
        List<Long> lineFeedsInside = new ArrayList<>();
        List<Boolean> states = insideAfterEachLineFeed(bytes, false);
        List<CsvSplits.Split> splits = CsvSplits.of(file, '"', false);
        int lineFeed = 0;
        int splitIndex = 1;
        for (int i = 0; i < bytes.length && splitIndex < splits.size(); i++) {
            if (bytes[i] == '\n') {
                if (i + 1 == splits.get(splitIndex).start()) {
                    if (states.get(lineFeed)) {
                        lineFeedsInside.add(i + 1L);
                    }
                    splitIndex++;
                }
                lineFeed++;
            }
        }
        assertTrue(lineFeedsInside.size() >= 2, "cuts inside quoted fields: " + lineFeedsInside);

        List<List<Object>> expected = records(bytes);
        List<Integer> order = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            order.add(i);
        }
        // the last split first: nothing is known of the cuts before it
        Collections.reverse(order);
        List<List<List<Object>>> bySplit = new ArrayList<>(Collections.nCopies(segments.size(), null));
        for (int index : order) {
            Page page = segments.get(index).read(new int[] {0, 1});
            List<List<Object>> rows = new ArrayList<>();
            for (int row = 0; row < page.positionCount(); row++) {
                rows.add(List.of(page.column(0).getLong(row), page.column(1).getString(row)));
            }
            bySplit.set(index, rows);
        }
        List<List<Object>> actual = new ArrayList<>();
        bySplit.forEach(actual::addAll);
        assertEquals(expected.size(), actual.size());
        assertEquals(expected, actual);
    }

    /** The records of the whole file, header skipped, parsed in one piece. */
    private static List<List<Object>> records(byte[] bytes)
    {
        List<List<Object>> records = new ArrayList<>();
        new CsvByteParser(',', '"').parse(bytes, 0, bytes.length, new CsvByteParser.RecordSink()
        {
            private final Object[] fields = new Object[2];

            @Override
            public void startRecord(long line) {}

            @Override
            public void field(int index, byte[] source, int start, int length, boolean quoted)
            {
                fields[index] = new String(source, start, length, StandardCharsets.UTF_8);
            }

            @Override
            public void endRecord(int fieldCount)
            {
                assertEquals(2, fieldCount);
                records.add(List.of(fields[0], fields[1]));
            }
        });
        records.removeFirst();
        return records.stream().map(record -> List.<Object>of(Long.parseLong((String) record.get(0)), record.get(1))).toList();
    }

    /**
     * For each line feed of {@code bytes}, whether a parser reading them from their start
     * ({@code startsInside}: from inside a quoted field) is inside a quoted field after it: a byte
     * at a time, in the parser's states.
     */
    private static List<Boolean> insideAfterEachLineFeed(byte[] bytes, boolean startsInside)
    {
        final int fieldStart = 0;
        final int text = 1;
        final int quoted = 2;
        final int quoteInQuoted = 3;
        int state = startsInside ? quoted : fieldStart;
        List<Boolean> inside = new ArrayList<>();
        for (byte b : bytes) {
            if (state == quoted) {
                state = b == '"' ? quoteInQuoted : quoted;
            }
            else if (state == quoteInQuoted && b == '"') {
                state = quoted;
            }
            else if (b == ',' || b == '\n' || b == '\r') {
                state = fieldStart;
            }
            else if (state == fieldStart && b == '"') {
                state = quoted;
            }
            else {
                state = text;
            }
            if (b == '\n') {
                inside.add(state == quoted);
            }
        }
        return inside;
    }
}
