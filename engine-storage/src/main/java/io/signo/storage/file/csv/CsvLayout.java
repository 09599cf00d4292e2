package io.signo.storage.file.csv;

import io.signo.storage.table.Column;

import java.io.Serializable;
import java.util.List;

/**
 * How the lines of a table's CSV files are laid out, as given or sniffed.
 *
 * @param fieldsPerLine the fields of a line: the columns, and one more when every line ends with the
 *     delimiter (the TPC-H {@code .tbl} files' trailing {@code |}), which is then empty
 * @param quotedLineBreaks whether a quoted field of the sniffed sample holds a line break, so that
 *     the files are cut into splits by a pass that tracks quotes ({@link CsvSplits})
 */
public record CsvLayout(char delimiter, char quote, boolean header, String nullString, List<Column> columns, int fieldsPerLine, double bytesPerLine, boolean quotedLineBreaks)
        implements Serializable
{
    public CsvLayout
    {
        columns = List.copyOf(columns);
    }

    public boolean trailingDelimiter()
    {
        return fieldsPerLine == columns.size() + 1;
    }
}
