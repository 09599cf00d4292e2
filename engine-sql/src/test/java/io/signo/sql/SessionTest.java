package io.signo.sql;

import io.signo.sql.translate.JoinDistributionMode;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import org.junit.jupiter.api.Test;

import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SessionTest
{
    @Test
    void dataSizesReadAsPowersOf1024()
    {
        assertEquals(512, Session.parseDataSize("p", "512"));
        assertEquals(512, Session.parseDataSize("p", "512B"));
        assertEquals(64L << 10, Session.parseDataSize("p", "64kB"));
        assertEquals(3L << 20, Session.parseDataSize("p", "3MB"));
        assertEquals(3L << 19, Session.parseDataSize("p", "1.5 MB"));
        assertEquals(2L << 30, Session.parseDataSize("p", "2gb"));
        assertEquals(1L << 40, Session.parseDataSize("p", "1TiB"));
    }

    @Test
    void malformedSizesNameTheProperty()
    {
        for (String text : new String[] {"", "lots", "-1MB", "0", "12 parsecs", "1e3"}) {
            SignoException error = assertThrows(SignoException.class, () -> Session.parseDataSize("query_max_memory", text));
            assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
            assertTrue(error.getMessage().startsWith("query_max_memory must be"), error.getMessage());
        }
    }

    @Test
    void setChangesOnlyThisSession()
    {
        Session first = new Session("a");
        Session second = new Session("b");
        assertEquals("broadcast", first.set("JOIN_DISTRIBUTION", "broadcast"));
        first.set("query_max_memory", "1GB");
        assertEquals(JoinDistributionMode.BROADCAST, first.joinDistribution());
        assertEquals(1L << 30, first.queryMaxMemoryBytes());
        assertEquals(JoinDistributionMode.AUTOMATIC, second.joinDistribution());
        assertEquals(0, second.queryMaxMemoryBytes());
    }

    @Test
    void maxRecursionDepthIsAWholeNumber()
    {
        Session session = new Session("d");
        assertEquals(10_000, session.maxRecursionDepth());
        assertEquals("250", session.set("MAX_RECURSION_DEPTH", " 250 "));
        assertEquals(250, session.maxRecursionDepth());
        assertEquals("250", session.properties().get(Session.MAX_RECURSION_DEPTH));
        for (String text : List.of("-1", "ten", "1.5", "", "99999999999")) {
            SignoException error = assertThrows(SignoException.class, () -> session.set(Session.MAX_RECURSION_DEPTH, text));
            assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
            assertTrue(error.getMessage().startsWith("max_recursion_depth must be a whole number"), error.getMessage());
        }
        assertEquals(250, session.maxRecursionDepth());
    }

    @Test
    void timeZoneIsSetByNameOrOffsetAndShown()
    {
        Session session = new Session("z");
        assertEquals(ZoneId.systemDefault(), session.timeZone());
        assertEquals("timezone = Europe/Berlin", SignoEngine.trySetStatement(session, "SET TIME ZONE 'Europe/Berlin'").pages().getFirst().column(0).getString(0));
        assertEquals(ZoneId.of("Europe/Berlin"), session.timeZone());
        SignoEngine.trySetStatement(session, "-- UTC\nSET timezone TO 'utc'");
        assertEquals(ZoneOffset.UTC, session.timeZone());
        SignoEngine.trySetStatement(session, "set TimeZone = '+05:30';");
        assertEquals(ZoneOffset.ofHoursMinutes(5, 30), session.timeZone());
        SignoEngine.trySetStatement(session, "SET TIME ZONE LOCAL");
        assertEquals(ZoneId.systemDefault(), session.timeZone());
        assertEquals(ZoneId.systemDefault().getId(), session.properties().get(Session.TIME_ZONE));
        SignoException error = assertThrows(SignoException.class, () -> session.set("timezone", "Mars/Olympus"));
        assertEquals(ErrorCode.INVALID_ARGUMENT, error.errorCode());
        assertTrue(error.getMessage().contains("'Mars/Olympus'"), error.getMessage());
    }

    @Test
    void setStatementAppliesToTheGivenSession()
    {
        Session session = new Session("c");
        QueryResult result = SignoEngine.trySetStatement(session, "SET query_max_memory = '256MB';");
        assertEquals("query_max_memory = 256MB", result.pages().getFirst().column(0).getString(0));
        assertEquals(256L << 20, session.queryMaxMemoryBytes());
        assertEquals(null, SignoEngine.trySetStatement(session, "select 1"));
    }
}
