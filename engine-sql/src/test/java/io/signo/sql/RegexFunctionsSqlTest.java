package io.signo.sql;

import io.signo.storage.memory.MemoryPool;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;

import java.util.Arrays;
import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * What regexp.sql cannot check against DuckDB: REGEXP_LIKE, which DuckDB lacks (it is REGEXP_MATCHES
 * under the name PostgreSQL, Oracle and Trino give it), and SIMILAR TO's {@code %} and {@code _},
 * which DuckDB reads as a regular expression where the SQL standard and PostgreSQL read them as LIKE does.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RegexFunctionsSqlTest
{
    private TpchDataSet dataSet;
    private SignoEngine engine;

    @BeforeAll
    void load()
    {
        dataSet = TpchData.generateDataSet(0.01, 2, MemoryPool.unbounded("regexp"));
        engine = new SignoEngine(dataSet.catalog(), 2);
    }

    @AfterAll
    void close()
    {
        engine.close();
        dataSet.close();
    }

    @Test
    void regexpLikeIsRegexpMatches()
    {
        for (String pattern : List.of("'^[A-M]'", "'IA'", "'ia', 'i'", "'^(UNITED|SAUDI) '", "SUBSTRING(n_name, 2, 1)")) {
            List<List<Object>> like = rows("SELECT n_nationkey, REGEXP_LIKE(n_name, " + pattern + ") FROM nation ORDER BY n_nationkey");
            assertEquals(rows("SELECT n_nationkey, REGEXP_MATCHES(n_name, " + pattern + ") FROM nation ORDER BY n_nationkey"), like, pattern);
            assertTrue(like.stream().anyMatch(row -> Boolean.TRUE.equals(row.get(1))), pattern);
        }
        assertEquals(List.of(row(null, true, false)), rows("SELECT REGEXP_LIKE(CAST(NULL AS VARCHAR), 'a'), REGEXP_LIKE('', ''), REGEXP_LIKE('', 'a')"));
    }

    @Test
    void similarToReadsPercentAndUnderscoreAsLikeDoes()
    {
        for (String pattern : List.of("'%BRASS'", "'PROMO%'", "'%AN_D%'", "'_____ ANODIZED %'", "'%'", "''")) {
            String similar = "SELECT p_partkey FROM part WHERE p_type SIMILAR TO " + pattern + " ORDER BY p_partkey";
            String like = "SELECT p_partkey FROM part WHERE p_type LIKE " + pattern + " ORDER BY p_partkey";
            assertEquals(rows(like), rows(similar), pattern);
        }
        assertEquals(rows("SELECT count(*) FROM part WHERE p_type LIKE '%BRASS' OR p_type LIKE '%TIN'"), rows("SELECT count(*) FROM part WHERE p_type SIMILAR TO '%(BRASS|TIN)'"));
        assertEquals(rows("SELECT count(*) FROM part WHERE p_type NOT LIKE 'STANDARD%'"), rows("SELECT count(*) FROM part WHERE p_type NOT SIMILAR TO 'STANDARD%'"));
        // '.' is a dot, the escape (a backslash unless ESCAPE names another) makes '%' a percent sign
        assertEquals(List.of(row(false, true, true, false, true, true, null)),
                rows("SELECT 'abc' SIMILAR TO 'a.c', 'a.c' SIMILAR TO 'a.c', 'a%' SIMILAR TO 'a\\%', 'ab' SIMILAR TO 'a\\%', 'a%' SIMILAR TO 'a#%' ESCAPE '#',"
                        + " 'aXbXb' SIMILAR TO 'a(Xb)+', CAST(NULL AS VARCHAR) SIMILAR TO 'a'"));
    }

    private static List<Object> row(Object... values)
    {
        return Arrays.asList(values);
    }

    private List<List<Object>> rows(String sql)
    {
        return ResultRows.toRows(engine.execute(sql));
    }
}
