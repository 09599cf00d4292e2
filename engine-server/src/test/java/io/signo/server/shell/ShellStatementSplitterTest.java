package io.signo.server.shell;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ShellStatementSplitterTest
{
    @Test
    void semicolonsEndStatementsOutsideQuotesAndComments()
    {
        StatementSplitter splitter = new StatementSplitter();
        assertTrue(splitter.isEmpty());
        assertEquals(List.of("select 1", "select 'a;b', \"x;y\""), splitter.add("select 1; select 'a;b', \"x;y\"; "));
        assertTrue(splitter.isEmpty());
        assertEquals(List.of(), splitter.add("select 'it''s; here' -- a comment; not the end"));
        assertFalse(splitter.isEmpty());
        assertEquals(List.of("select 'it''s; here' -- a comment; not the end\nfrom t"), splitter.add("from t;"));
        assertEquals(List.of("select /* ; */ 2"), splitter.add("select /* ; */ 2;"));
    }

    @Test
    void aWholeTextSplitsIntoItsStatementsTheLastWithOrWithoutItsSemicolon()
    {
        assertEquals(List.of("create table t (a int)", "insert into t values (';')", "select *\nfrom t"),
                StatementSplitter.split("create table t (a int); insert into t values (';');\nselect *\nfrom t"));
        // a comment before a statement stays with it; one after the last is no statement
        assertEquals(List.of("-- a script\nselect 1"), StatementSplitter.split("-- a script\nselect 1;\n-- the end\n/* nothing */\n"));
        assertEquals(List.of(), StatementSplitter.split("  ;\n-- only a comment"));
    }

    @Test
    void statementsAndStringsSpanLines()
    {
        StatementSplitter splitter = new StatementSplitter();
        assertEquals(List.of(), splitter.add("select 'first line"));
        assertFalse(splitter.isEmpty());
        assertEquals(List.of(), splitter.add("; still the string'"));
        assertEquals(List.of("select 'first line\n; still the string'\nfrom t"), splitter.add("from t; select"));
        assertFalse(splitter.isEmpty());
        assertEquals(List.of("select\n3"), splitter.add("3;"));
        assertTrue(splitter.isEmpty());
    }

    @Test
    void emptyStatementsAndBlankLinesAreSkipped()
    {
        StatementSplitter splitter = new StatementSplitter();
        assertEquals(List.of(), splitter.add(""));
        assertEquals(List.of(), splitter.add("  ;;  "));
        assertTrue(splitter.isEmpty());
        assertEquals(List.of(), splitter.add("select /* open"));
        splitter.clear();
        assertTrue(splitter.isEmpty());
        assertEquals(List.of("select 4"), splitter.add("select 4;"));
    }
}
