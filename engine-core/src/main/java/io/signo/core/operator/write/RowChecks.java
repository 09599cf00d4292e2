package io.signo.core.operator.write;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.page.Page;
import io.signo.storage.table.Column;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.ValueLayout;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * What a row must satisfy to be written into a table: NOT NULL columns hold a value, and a string
 * written to a VARCHAR(n) or CHAR(n) column has at most n characters (trailing spaces aside), as the
 * SQL standard and PostgreSQL require rather than letting the cast cut it. The lengths are checked
 * on the uncut strings, which the write's query adds as extra channels after the table's columns.
 *
 * @param lengthChecks for each bounded string column written, the channel of its uncut value
 */
public record RowChecks(String table, List<Column> columns, List<LengthCheck> lengthChecks)
        implements java.io.Serializable
{
    /** Column {@code column} of the table is written from a value whose uncut form is in {@code channel}. */
    public record LengthCheck(int column, int channel)
            implements java.io.Serializable {}

    public RowChecks
    {
        requireNonNull(table, "table is null");
        columns = List.copyOf(columns);
        lengthChecks = List.copyOf(lengthChecks);
    }

    /** Whether values written to this column are checked for their length. */
    public static boolean isBoundedString(Column column)
    {
        return column.type().isString() && column.type().length() > 0;
    }

    /** The table's columns of the page, once its rows passed every check. */
    public Page check(Page page)
    {
        checkLengths(page);
        Page values = page;
        if (page.columnCount() != columns.size()) {
            int[] valueChannels = new int[columns.size()];
            for (int c = 0; c < valueChannels.length; c++) {
                valueChannels[c] = c;
            }
            values = page.selectColumns(valueChannels);
        }
        checkNotNull(values);
        return values;
    }

    private void checkLengths(Page page)
    {
        for (LengthCheck check : lengthChecks) {
            ColumnVector values = page.column(check.channel());
            Column column = columns.get(check.column());
            int limit = column.type().length();
            for (int p = 0; p < page.positionCount(); p++) {
                int row = page.isSelected() ? page.rows()[p] : p;
                if (values.isNull(row)) {
                    continue;
                }
                int length = values.stringLength(row);
                if (length <= limit) {
                    // no more characters than bytes
                    continue;
                }
                long start = values.stringStart(row);
                long end = start + length;
                while (end > start && values.values().get(ValueLayout.JAVA_BYTE, end - 1) == ' ') {
                    end--;
                }
                int characters = 0;
                for (long b = start; b < end; b++) {
                    // a character is a byte that does not continue a UTF-8 sequence
                    characters += (values.values().get(ValueLayout.JAVA_BYTE, b) & 0xC0) != 0x80 ? 1 : 0;
                }
                if (characters > limit) {
                    throw new SignoException(ErrorCode.STRING_TOO_LONG, "value too long for " + table + "." + column.name() + " (" + column.type() + "): "
                            + characters + " characters");
                }
            }
        }
    }

    private void checkNotNull(Page page)
    {
        for (int c = 0; c < columns.size(); c++) {
            if (!columns.get(c).notNull()) {
                continue;
            }
            ColumnVector vector = page.column(c);
            if (!vector.mayHaveNulls()) {
                continue;
            }
            for (int p = 0; p < page.positionCount(); p++) {
                if (vector.isNull(page.isSelected() ? page.rows()[p] : p)) {
                    throw new SignoException(ErrorCode.NOT_NULL_VIOLATION, "NOT NULL constraint failed: " + table + "." + columns.get(c).name());
                }
            }
        }
    }
}
