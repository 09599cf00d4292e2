package io.signo.server.jdbc;

import io.signo.storage.type.Type;
import org.apache.calcite.avatica.ColumnMetaData;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * {@code CANCEL STATEMENT <id>}: cancels the running query of another statement of the same
 * connection. Avatica's protocol has no cancel request, so the driver's {@code Statement.cancel()}
 * and query timeout send this on a second statement; people may type it too.
 */
final class CancelCommand
{
    private static final Pattern PATTERN = Pattern.compile("\\s*(?i:cancel)\\s+(?i:statement)\\s+(\\d{1,9})\\s*;?\\s*");

    static final List<ColumnMetaData> COLUMNS = JdbcTypes.columns(List.of("cancelled"), List.of(Type.BOOLEAN));

    private CancelCommand() {}

    /** The id of the statement to cancel, or null when {@code sql} is not this command. */
    static Integer parse(String sql)
    {
        Matcher matcher = PATTERN.matcher(sql);
        return matcher.matches() ? Integer.valueOf(matcher.group(1)) : null;
    }
}
