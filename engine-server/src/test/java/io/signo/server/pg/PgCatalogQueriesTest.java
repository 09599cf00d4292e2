package io.signo.server.pg;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

class PgCatalogQueriesTest
{
    @Test
    void rewritesPsqlsSyntaxOutsideStrings()
    {
        assertEquals("SELECT 1 FROM t WHERE c.relname  ~  '^(nation)$'\n  AND x",
                PgCatalogQueries.rewrite("SELECT 1 FROM t WHERE c.relname OPERATOR(pg_catalog.~) '^(nation)$' COLLATE pg_catalog.default\n  AND x"));
        assertEquals("SELECT a FROM t WHERE b  !~  'x'", PgCatalogQueries.rewrite("SELECT a FROM t WHERE b OPERATOR(pg_catalog.!~) 'x' COLLATE \"default\""));
        assertEquals("SELECT CASE WHEN c.reloftype = 0 THEN '' ELSE pg_catalog.format_type(c.reloftype, NULL) END",
                PgCatalogQueries.rewrite("SELECT CASE WHEN c.reloftype = 0 THEN '' ELSE c.reloftype::pg_catalog.regtype::pg_catalog.text END"));
        assertEquals("SELECT c.reloptions, 1",
                PgCatalogQueries.rewrite("SELECT pg_catalog.array_to_string(c.reloptions || array(select 'toast.' || x from pg_catalog.unnest(tc.reloptions) x), ', '), 1"));
        // inside a string, a quoted name or a comment nothing changes
        String quoted = "SELECT 'a OPERATOR(pg_catalog.~) b COLLATE pg_catalog.default', \"OPERATOR(pg_catalog.~)\" -- OPERATOR(pg_catalog.~)\nFROM t";
        assertEquals(quoted, PgCatalogQueries.rewrite(quoted));
        String plain = "SELECT n_name FROM nation";
        assertSame(plain, PgCatalogQueries.rewrite(plain));
    }

    @Test
    void footerQueriesOverCatalogsWithoutObjectsHaveNoRows()
    {
        assertEquals(PgCatalogQueries.NO_ROWS, PgCatalogQueries.rewrite("SELECT pol.polname FROM pg_catalog.pg_policy pol WHERE pol.polrelid = '16385' ORDER BY 1"));
        assertEquals(PgCatalogQueries.NO_ROWS, PgCatalogQueries.rewrite(
                "SELECT pubname FROM pg_catalog.pg_publication p JOIN pg_catalog.pg_class pc ON true UNION SELECT pubname FROM pg_catalog.pg_publication p WHERE p.puballtables"));
        // a branch or an outer join that could give rows is left to the planner (which does not know these catalogs)
        String union = "SELECT pubname FROM pg_catalog.pg_publication p UNION SELECT relname FROM pg_catalog.pg_class";
        assertEquals(union, PgCatalogQueries.rewrite(union));
        String outer = "SELECT c.relname FROM pg_catalog.pg_class c LEFT JOIN pg_catalog.pg_inherits i ON c.oid = i.inhrelid";
        assertEquals(outer, PgCatalogQueries.rewrite(outer));
    }
}
