package io.signo.storage.file.csv;

import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Records of fields of every length around the eight bytes the parser scans at once, each field as written. */
class CsvByteParserTest
{
    @Test
    void fieldsOfEveryLengthEndAtTheirDelimiterOrLineEnd()
    {
        Random random = new Random(18);
        for (char delimiter : new char[] {',', '|', '\t', ';'}) {
            for (String lineEnd : new String[] {"\n", "\r\n", "\r"}) {
                List<List<String>> expected = new ArrayList<>();
                StringBuilder text = new StringBuilder();
                for (int record = 0; record < 200; record++) {
                    List<String> fields = new ArrayList<>();
                    int fieldCount = 1 + random.nextInt(6);
                    for (int f = 0; f < fieldCount; f++) {
                        StringBuilder field = new StringBuilder();
                        int length = random.nextInt(24);
                        for (int c = 0; c < length; c++) {
                            // letters, digits, spaces and a two-byte character, never the delimiter or a line end
                            int pick = random.nextInt(40);
                            field.append(pick < 26 ? (char) ('a' + pick) : pick < 36 ? (char) ('0' + pick - 26) : pick < 38 ? ' ' : 'é');
                        }
                        fields.add(field.toString());
                    }
                    expected.add(fields);
                    text.append(String.join(String.valueOf(delimiter), fields));
                    // the last record without a line end, as a file may end
                    if (record < 199) {
                        text.append(lineEnd);
                    }
                }
                // records whose only field is empty are empty lines, which the parser skips
                expected.removeIf(fields -> fields.size() == 1 && fields.getFirst().isEmpty());
                assertEquals(expected, parse(text.toString(), delimiter), "delimiter " + (int) delimiter + ", line end " + lineEnd.length());
            }
        }
    }

    @Test
    void quotedFieldsAfterLongUnquotedOnes()
    {
        String text = "abcdefghijklmnop,\"q,r\"\"s\nt\",uvwxyz0123456789|x\n\"\",12345678,\n";
        assertEquals(List.of(List.of("abcdefghijklmnop", "q,r\"s\nt", "uvwxyz0123456789|x"), List.of("", "12345678", "")), parse(text, ','));
    }

    private static List<List<String>> parse(String text, char delimiter)
    {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        List<List<String>> records = new ArrayList<>();
        new CsvByteParser(delimiter, '"').parse(bytes, 0, bytes.length, new CsvByteParser.RecordSink()
        {
            private List<String> fields;

            @Override
            public void startRecord(long line)
            {
                fields = new ArrayList<>();
            }

            @Override
            public void field(int index, byte[] source, int start, int length, boolean quoted)
            {
                assertEquals(fields.size(), index);
                fields.add(new String(source, start, length, StandardCharsets.UTF_8));
            }

            @Override
            public void endRecord(int fieldCount)
            {
                assertEquals(fields.size(), fieldCount);
                records.add(fields);
            }
        });
        return records;
    }
}
