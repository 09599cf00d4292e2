package io.signo.storage.file.csv;

import io.signo.storage.table.Column;

import java.io.Serializable;
import java.util.List;

/**
 * How to read CSV files, as {@code read_csv} was told; what it leaves null the sniffer finds out from
 * the first lines of the first file.
 *
 * @param delimiter the field separator, or null to choose among comma, bar, semicolon and tab
 * @param quote the character that quotes a field (a quote inside is doubled)
 * @param header whether the first line names the columns, or null to decide by the types below it
 * @param nullString the unquoted field text that reads as NULL ({@code ""} by default: an empty field)
 * @param columns the columns and their types, overriding the inferred ones, or null
 */
public record CsvOptions(Character delimiter, char quote, Boolean header, String nullString, List<Column> columns)
        implements Serializable
{
    public static final CsvOptions DEFAULT = new CsvOptions(null, '"', null, "", null);

    public CsvOptions
    {
        nullString = nullString == null ? "" : nullString;
        columns = columns == null ? null : List.copyOf(columns);
    }
}
