package io.signo.storage.file.csv;

import de.siegmar.fastcsv.reader.CsvParseException;
import de.siegmar.fastcsv.reader.CsvReader;
import de.siegmar.fastcsv.reader.CsvRecord;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Finds how a CSV file is laid out from its first lines, as DuckDB's sniffer does: the delimiter
 * that splits every line into the same number of fields, whether a line ends with a delimiter
 * (TPC-H's {@code .tbl}), each column's type (the narrowest all its values parse as), and whether
 * the first line is a header (it does not parse as the types of the lines below it). What the
 * options give is taken as given.
 */
public final class CsvSniffer
{
    /** How much of the file the sniffer reads. */
    static final int SAMPLE_BYTES = 256 << 10;
    private static final char[] DELIMITERS = {',', '|', ';', '\t'};

    private CsvSniffer() {}

    public static CsvLayout sniff(Path file, CsvOptions options)
    {
        String sample = sample(file);
        char delimiter = options.delimiter() != null ? options.delimiter() : chooseDelimiter(file, sample, options.quote());
        List<List<String>> lines = parse(file, sample, delimiter, options.quote());
        if (lines.isEmpty()) {
            if (options.columns() == null) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": the file is empty; name its columns with columns => 'name type, ...'");
            }
            return new CsvLayout(delimiter, options.quote(), Boolean.TRUE.equals(options.header()), options.nullString(), options.columns(), options.columns().size(), 100, false);
        }
        int fields = lines.getFirst().size();
        boolean trailing = lines.stream().allMatch(line -> line.size() == fields && line.getLast().isEmpty()) && fields > 1;
        int columnCount = options.columns() != null ? options.columns().size() : trailing ? fields - 1 : fields;
        int fieldsPerLine = options.columns() != null ? (fields == columnCount + 1 && trailing ? fields : columnCount) : fields;

        CsvValues values = new CsvValues();
        Type[] inferred = new Type[columnCount];
        // the types are inferred for the columns' types, or to decide whether the first line is a header
        boolean infer = options.columns() == null || options.header() == null;
        if (infer) {
            for (List<String> line : lines.subList(1, lines.size())) {
                widen(inferred, line, options.nullString(), values);
            }
        }
        boolean header = options.header() != null ? options.header() : firstLineIsHeader(lines.getFirst(), inferred, options.nullString(), values);
        if (!header && infer) {
            // the first line is data: its values count too
            widen(inferred, lines.getFirst(), options.nullString(), values);
        }
        List<Column> columns = options.columns() != null ? options.columns() : columns(header ? lines.getFirst() : null, inferred);
        double bytesPerLine = (double) sample.getBytes(StandardCharsets.UTF_8).length / lines.size();
        return new CsvLayout(delimiter, options.quote(), header, options.nullString(), columns, fieldsPerLine, bytesPerLine, quotedLineBreaks(lines, delimiter, options.quote()));
    }

    /**
     * Whether the files must be cut into splits by a pass that tracks quotes: a field of the sample
     * holds a line break (which only a quoted one can), or the delimiter or quote is one that
     * {@link CsvByteParser}, which notices a split that ends inside a quoted field, does not take.
     */
    private static boolean quotedLineBreaks(List<List<String>> lines, char delimiter, char quote)
    {
        if (!CsvByteParser.handles(delimiter, quote)) {
            return true;
        }
        for (List<String> line : lines) {
            for (String field : line) {
                if (field.indexOf('\n') >= 0 || field.indexOf('\r') >= 0) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Widens each column's type to take the line's value in it (NULLs aside). */
    private static void widen(Type[] inferred, List<String> line, String nullString, CsvValues values)
    {
        for (int c = 0; c < inferred.length && c < line.size(); c++) {
            if (!line.get(c).equals(nullString)) {
                char[] text = line.get(c).toCharArray();
                inferred[c] = values.widen(inferred[c], text, 0, text.length);
            }
        }
    }

    /** How many fields the first line of {@code file} has, or -1 when it has no line. */
    static int fieldsOfFirstLine(Path file, char delimiter, char quote)
    {
        List<List<String>> lines = parse(file, sample(file), delimiter, quote);
        return lines.isEmpty() ? -1 : lines.getFirst().size();
    }

    /** The first line is a header when one of its fields does not parse as the type inferred for its column below. */
    private static boolean firstLineIsHeader(List<String> first, Type[] inferred, String nullString, CsvValues values)
    {
        if (Arrays.stream(inferred).allMatch(Objects::isNull)) {
            // a line alone: a header when every field is a name, not a value of another type
            for (String field : first) {
                char[] text = field.toCharArray();
                if (field.isBlank() || values.widen(null, text, 0, text.length).kind() != TypeKind.VARCHAR) {
                    return false;
                }
            }
            return true;
        }
        for (int c = 0; c < inferred.length && c < first.size(); c++) {
            String value = first.get(c);
            if (inferred[c] != null && inferred[c].kind() != TypeKind.VARCHAR && !value.equals(nullString)) {
                char[] text = value.toCharArray();
                if (!values.parse(inferred[c], text, 0, text.length)) {
                    return true;
                }
            }
        }
        return false;
    }

    /** Named by the header (unique, non-empty) or {@code column0}, {@code column1}, ...; a column of NULLs only is VARCHAR. */
    private static List<Column> columns(List<String> header, Type[] inferred)
    {
        List<Column> columns = new ArrayList<>();
        Set<String> used = new HashSet<>();
        for (int c = 0; c < inferred.length; c++) {
            String name = header == null || c >= header.size() || header.get(c).isBlank() ? "column" + c : header.get(c).strip();
            String unique = name;
            for (int suffix = 1; !used.add(unique.toLowerCase(java.util.Locale.ROOT)); suffix++) {
                unique = name + "_" + suffix;
            }
            columns.add(new Column(unique, inferred[c] == null ? Type.VARCHAR : inferred[c]));
        }
        return columns;
    }

    /** The delimiter that splits the most lines into the same number (above one) of fields. */
    private static char chooseDelimiter(Path file, String sample, char quote)
    {
        char best = ',';
        int bestScore = 0;
        for (char candidate : DELIMITERS) {
            List<List<String>> lines = parse(file, sample, candidate, quote);
            Map<Integer, Integer> counts = new HashMap<>();
            for (List<String> line : lines) {
                counts.merge(line.size(), 1, Integer::sum);
            }
            for (Map.Entry<Integer, Integer> count : counts.entrySet()) {
                // a score: lines of the commonest width, wider splits winning ties
                int score = count.getKey() > 1 ? count.getValue() * 1000 + count.getKey() : 0;
                if (score > bestScore) {
                    bestScore = score;
                    best = candidate;
                }
            }
        }
        return best;
    }

    private static List<List<String>> parse(Path file, String sample, char delimiter, char quote)
    {
        List<List<String>> lines = new ArrayList<>();
        try (CsvReader<CsvRecord> reader = CsvReader.builder().fieldSeparator(delimiter).quoteCharacter(quote).skipEmptyLines(true).allowExtraFields(true).allowMissingFields(true)
                .ofCsvRecord(sample)) {
            for (CsvRecord record : reader) {
                lines.add(record.getFields());
            }
        }
        catch (CsvParseException e) {
            // a sample cut inside a quoted field: the lines read so far are the sample
            if (lines.isEmpty()) {
                throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + " as CSV: " + e.getMessage(), e);
            }
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.BAD_FILE_DATA, "cannot read " + file + ": " + e.getMessage(), e);
        }
        return lines;
    }

    /** The file's first bytes as text, without a byte-order mark, cut after the last whole line. */
    private static String sample(Path file)
    {
        byte[] bytes;
        try (InputStream in = Files.newInputStream(file)) {
            bytes = in.readNBytes(SAMPLE_BYTES);
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.FILE_NOT_FOUND, "cannot read " + file + ": " + e.getMessage(), e);
        }
        int start = bytes.length >= 3 && (bytes[0] & 0xff) == 0xef && (bytes[1] & 0xff) == 0xbb && (bytes[2] & 0xff) == 0xbf ? 3 : 0;
        int end = bytes.length;
        if (bytes.length == SAMPLE_BYTES) {
            while (end > start && bytes[end - 1] != '\n') {
                end--;
            }
        }
        return new String(bytes, start, end - start, StandardCharsets.UTF_8);
    }
}
