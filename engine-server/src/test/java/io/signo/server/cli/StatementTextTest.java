package io.signo.server.cli;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class StatementTextTest
{
    @Test
    void stripsWhitespaceAndTrailingSemicolons()
    {
        assertEquals("select 1", StatementText.normalize("select 1"));
        assertEquals("select 1", StatementText.normalize("  select 1;  \n"));
        assertEquals("select 1", StatementText.normalize("select 1 ; ;\n"));
        assertEquals("select ';' from t", StatementText.normalize("select ';' from t;"));
        assertEquals("", StatementText.normalize(" ; "));
        assertEquals("", StatementText.normalize(""));
    }

    @Test
    void recognizesExplain()
    {
        assertTrue(StatementText.isExplain("EXPLAIN select 1"));
        assertTrue(StatementText.isExplain("  explain\nselect 1"));
        assertTrue(StatementText.isExplain("-- plan of q1\n/* note */ Explain select 1"));
        assertFalse(StatementText.isExplain("select 'explain'"));
        assertFalse(StatementText.isExplain("explained"));
        assertFalse(StatementText.isExplain(""));
    }
}
