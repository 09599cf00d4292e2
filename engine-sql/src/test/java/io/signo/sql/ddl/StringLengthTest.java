package io.signo.sql.ddl;

import io.signo.sql.ResultRows;
import io.signo.sql.SignoEngine;
import io.signo.storage.db.Database;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A string too long for its VARCHAR(n) or CHAR(n) column is refused, as the SQL standard and
 * PostgreSQL refuse it, instead of being cut (DuckDB, the other suites' reference, ignores the
 * length, so these cases are checked here).
 */
class StringLengthTest
{
    @Test
    void stringsLongerThanTheirColumnAreRefusedAndNothingIsWritten()
    {
        try (SignoEngine engine = new SignoEngine(Database.inMemory(), 1)) {
            engine.execute("CREATE TABLE bounded (s VARCHAR(3), c CHAR(2))");
            engine.execute("INSERT INTO bounded VALUES ('abc', 'xy'), ('ab', 'z'), ('äöü', NULL)");
            SignoException insert = assertThrows(SignoException.class, () -> engine.execute("INSERT INTO bounded VALUES ('ok', 'ok'), ('abcd', 'x')"));
            assertEquals(ErrorCode.STRING_TOO_LONG, insert.errorCode(), insert.getMessage());
            assertTrue(insert.getMessage().contains("bounded.s") && insert.getMessage().contains("VARCHAR(3)"), insert.getMessage());
            SignoException charColumn = assertThrows(SignoException.class, () -> engine.execute("INSERT INTO bounded (c) VALUES ('xyz')"));
            assertEquals(ErrorCode.STRING_TOO_LONG, charColumn.errorCode(), charColumn.getMessage());
            SignoException update = assertThrows(SignoException.class, () -> engine.execute("UPDATE bounded SET s = 'four' WHERE c = 'xy'"));
            assertEquals(ErrorCode.STRING_TOO_LONG, update.errorCode(), update.getMessage());
            assertEquals(List.of(List.of("ab"), List.of("abc"), List.of("äöü")), ResultRows.toRows(engine.execute("SELECT s FROM bounded ORDER BY s")));
        }
    }
}
