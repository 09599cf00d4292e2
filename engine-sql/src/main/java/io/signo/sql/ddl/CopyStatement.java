package io.signo.sql.ddl;

import de.siegmar.fastcsv.writer.CsvWriter;
import de.siegmar.fastcsv.writer.QuoteStrategies;
import io.signo.sql.QueryControl;
import io.signo.sql.ResultRows;
import io.signo.sql.ResultStream;
import io.signo.sql.Session;
import io.signo.sql.SignoEngine;
import io.signo.sql.SignoEngine.PlannedQuery;
import io.signo.sql.catalog.SqlTypes;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.type.Type;
import io.signo.storage.type.TypeKind;

import java.io.IOException;
import java.io.Writer;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code COPY}, as DuckDB and PostgreSQL spell it: {@code COPY t [(columns)] FROM 'path' (FORMAT csv |
 * parquet, HEADER, DELIMITER '|', NULL '', QUOTE '"')} appends the rows of files (a glob too) to a
 * table, as one INSERT; {@code COPY t TO 'path'} and {@code COPY (query) TO 'path' (FORMAT csv,
 * HEADER, DELIMITER ',')} write a CSV file, whole or not at all. Without FORMAT the path's
 * extension decides.
 */
final class CopyStatement
{
    private static final Pattern COPY_FROM = Pattern.compile(
            "(?is)\\A\\s*copy\\s+([\\w.\"]+)\\s*(?:\\(([^()]*)\\))?\\s+from\\s+'((?:[^']|'')*)'\\s*(?:(?:with\\s*)?\\((.*)\\))?\\s*;?\\s*\\z");
    private static final Pattern COPY_TO = Pattern.compile(
            "(?is)\\A\\s*copy\\s+(.+?)\\s+to\\s+'((?:[^']|'')*)'\\s*(?:(?:with\\s*)?\\(([^()]*)\\))?\\s*;?\\s*\\z");

    /** What a COPY FROM writes through: an INSERT statement run as the database runs one. */
    interface Inserter
    {
        long insert(String insertStatement);
    }

    private CopyStatement() {}

    /** The rows copied, for a COPY FROM or COPY TO statement. */
    static long execute(String sql, SignoEngine engine, Session session, QueryControl control, Inserter inserter, Function<String, List<Column>> tableColumns)
    {
        Matcher from = COPY_FROM.matcher(sql);
        if (from.matches()) {
            String table = from.group(1);
            List<Column> columns = tableColumns.apply(table);
            String columnList = from.group(2);
            String path = from.group(3).replace("''", "'");
            Map<String, String> options = options(from.group(4));
            return inserter.insert("INSERT INTO " + table + (columnList == null ? "" : " (" + columnList + ")") + " SELECT * FROM "
                    + reader(path, options, targetColumns(columns, columnList, table)));
        }
        Matcher to = COPY_TO.matcher(sql);
        if (to.matches()) {
            String source = to.group(1).strip();
            String query = source.startsWith("(") && source.endsWith(")") ? source.substring(1, source.length() - 1) : "SELECT * FROM " + source;
            return writeCsv(engine, session, control, query, Path.of(to.group(2).replace("''", "'")), options(to.group(3)));
        }
        throw new SignoException(ErrorCode.SYNTAX_ERROR, "COPY takes COPY table [(columns)] FROM 'path' [(options)], or COPY table | (query) TO 'path' [(options)]");
    }

    /** The read_csv or read_parquet call that reads the files, the CSV values parsed as the target columns' types. */
    private static String reader(String path, Map<String, String> options, List<Column> columns)
    {
        String quotedPath = "'" + path.replace("'", "''") + "'";
        if (format(path, options).equals("parquet")) {
            return "read_parquet(" + quotedPath + ")";
        }
        List<String> declarations = new ArrayList<>();
        for (Column column : columns) {
            declarations.add("\"" + column.name() + "\" " + SqlTypes.toSql(column.type()));
        }
        StringBuilder call = new StringBuilder("read_csv(").append(quotedPath);
        call.append(", columns => '").append(String.join(", ", declarations).replace("'", "''")).append("'");
        if (options.containsKey("header")) {
            call.append(", header => ").append(bool("HEADER", options.get("header")));
        }
        optionalText(call, options, "delimiter", "delim");
        optionalText(call, options, "null", "nullstr");
        optionalText(call, options, "quote", "quote");
        return call.append(")").toString();
    }

    private static void optionalText(StringBuilder call, Map<String, String> options, String option, String parameter)
    {
        if (options.containsKey(option)) {
            call.append(", ").append(parameter).append(" => '").append(options.get(option).replace("'", "''")).append("'");
        }
    }

    private static List<Column> targetColumns(List<Column> columns, String columnList, String table)
    {
        if (columnList == null) {
            return columns;
        }
        List<Column> named = new ArrayList<>();
        for (String name : columnList.split(",")) {
            String wanted = name.strip().replace("\"", "");
            named.add(columns.stream().filter(column -> column.name().equalsIgnoreCase(wanted)).findFirst()
                    .orElseThrow(() -> new SignoException(ErrorCode.VALIDATION_ERROR, "COPY FROM: table " + table + " has no column " + wanted)));
        }
        return named;
    }

    private static long writeCsv(SignoEngine engine, Session session, QueryControl control, String query, Path target, Map<String, String> options)
    {
        if (!format(target.toString(), options).equals("csv")) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, "COPY TO writes CSV only (FORMAT csv): Hardwood, the library Signo reads Parquet with, does not write it");
        }
        boolean header = !options.containsKey("header") || bool("HEADER", options.get("header"));
        char delimiter = oneCharacter("DELIMITER", options.getOrDefault("delimiter", ","));
        char quote = oneCharacter("QUOTE", options.getOrDefault("quote", "\""));
        String nullText = options.getOrDefault("null", "");
        PlannedQuery planned = engine.plan(session, query, control);
        Path directory = target.toAbsolutePath().getParent();
        Path partial = null;
        long rows = 0;
        try {
            partial = Files.createTempFile(directory, "." + target.getFileName(), ".partial");
            try (Writer writer = Files.newBufferedWriter(partial, StandardCharsets.UTF_8);
                    CsvWriter csv = CsvWriter.builder().fieldSeparator(delimiter).quoteCharacter(quote).quoteStrategy(QuoteStrategies.EMPTY).build(writer);
                    ResultStream stream = engine.start(planned, session, control)) {
                if (header) {
                    csv.writeRecord(planned.columnNames());
                }
                List<Type> types = planned.root().outputTypes();
                String[] fields = new String[types.size()];
                for (Page page = stream.nextPage(); page != null; page = stream.nextPage()) {
                    for (int position = 0; position < page.positionCount(); position++) {
                        for (int c = 0; c < fields.length; c++) {
                            Object value = ResultRows.value(page.column(c), types.get(c), position);
                            fields[c] = value == null ? null : text(value, types.get(c));
                        }
                        writeRow(csv, fields, nullText);
                        rows++;
                    }
                }
            }
            Files.move(partial, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            partial = null;
            return rows;
        }
        catch (IOException e) {
            throw new SignoException(ErrorCode.STORAGE_ERROR, "COPY TO cannot write " + target + ": " + e.getMessage(), e);
        }
        finally {
            if (partial != null) {
                try {
                    Files.deleteIfExists(partial);
                }
                catch (IOException ignored) {
                    // the failure that got here is the one to report
                }
            }
        }
    }

    /** A NULL is the NULL text unquoted; an empty string is quoted, so that the two read back apart. */
    private static void writeRow(CsvWriter csv, String[] fields, String nullText)
    {
        CsvWriter.CsvWriterRecord record = csv.writeRecord();
        for (String field : fields) {
            // a null field is written unquoted, an empty string quoted (QuoteStrategies.EMPTY)
            record.writeField(field == null && !nullText.isEmpty() ? nullText : field);
        }
        record.endRecord();
    }

    private static String text(Object value, Type type)
    {
        return switch (value) {
            case BigDecimal decimal -> decimal.toPlainString();
            case Double number when type.kind() == TypeKind.DOUBLE && !number.isInfinite() && !number.isNaN() -> BigDecimal.valueOf(number).stripTrailingZeros().toPlainString();
            case Double number when type.kind() == TypeKind.REAL && !number.isInfinite() && !number.isNaN() -> new BigDecimal(Float.toString(number.floatValue())).stripTrailingZeros().toPlainString();
            default -> value.toString();
        };
    }

    private static String format(String path, Map<String, String> options)
    {
        String format = options.get("format");
        if (format == null) {
            return path.toLowerCase(Locale.ROOT).endsWith(".parquet") ? "parquet" : "csv";
        }
        String lower = format.toLowerCase(Locale.ROOT);
        if (!lower.equals("csv") && !lower.equals("parquet")) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "COPY: FORMAT " + format + " is not known (csv or parquet)");
        }
        return lower;
    }

    /** {@code FORMAT csv, HEADER, DELIMITER '|'} as lower-case names and unquoted values ("true" for a bare name). */
    private static Map<String, String> options(String text)
    {
        Map<String, String> options = new LinkedHashMap<>();
        if (text == null || text.isBlank()) {
            return options;
        }
        Matcher option = Pattern.compile("\\s*(\\w+)(?:\\s+('(?:[^']|'')*'|[^,\\s]+))?\\s*(?:,|\\z)").matcher(text);
        int end = 0;
        while (end < text.length() && option.find(end) && option.start() == end) {
            String name = option.group(1).toLowerCase(Locale.ROOT);
            String value = option.group(2) == null ? "true" : option.group(2);
            if (value.startsWith("'")) {
                value = value.substring(1, value.length() - 1).replace("''", "'");
            }
            name = switch (name) {
                case "delim", "sep", "separator" -> "delimiter";
                case "nullstr" -> "null";
                default -> name;
            };
            if (!List.of("format", "header", "delimiter", "null", "quote").contains(name)) {
                throw new SignoException(ErrorCode.INVALID_ARGUMENT, "COPY has no option " + option.group(1) + " (it takes FORMAT, HEADER, DELIMITER, NULL and QUOTE)");
            }
            options.put(name, value);
            end = option.end();
        }
        if (end < text.strip().length() && !text.substring(end).isBlank()) {
            throw new SignoException(ErrorCode.SYNTAX_ERROR, "COPY options cannot be read from: " + text.substring(end).strip());
        }
        return options;
    }

    private static boolean bool(String option, String value)
    {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case "true", "on", "1" -> true;
            case "false", "off", "0" -> false;
            default -> throw new SignoException(ErrorCode.INVALID_ARGUMENT, "COPY option " + option + " is true or false, not " + value);
        };
    }

    private static char oneCharacter(String option, String value)
    {
        String unescaped = value.equals("\\t") ? "\t" : value;
        if (unescaped.length() != 1) {
            throw new SignoException(ErrorCode.INVALID_ARGUMENT, "COPY option " + option + " must be one character, not '" + value + "'");
        }
        return unescaped.charAt(0);
    }
}
