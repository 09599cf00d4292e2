package io.signo.server.cli;

import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.util.List;

import static io.signo.server.cli.TestResults.page;
import static io.signo.server.cli.TestResults.result;
import static io.signo.server.cli.TestResults.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

class TableResultWriterTest
{
    @Test
    void alignsNumbersRightAndTextLeftAcrossPages()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new TableResultWriter(out).write(result(
                List.of("l_returnflag", "sum_qty", "n"),
                List.of(Type.character(1), Type.decimal(15, 2), Type.BIGINT),
                page(vector(Type.character(1), "A", "N"), vector(Type.decimal(15, 2), 3773410700L, 5L), vector(Type.BIGINT, 1478493L, null)),
                page(vector(Type.character(1), (Object) null), vector(Type.decimal(15, 2), -120L), vector(Type.BIGINT, 7L))));
        String expected = ""
                + " l_returnflag |   sum_qty   |    n\n"
                + "--------------+-------------+---------\n"
                + " A            | 37734107.00 | 1478493\n"
                + " N            |        0.05 |        \n"
                + "              |       -1.20 |       7\n"
                + "(3 rows)\n";
        assertEquals(expected, out.toString());
    }

    @Test
    void emptyResultHasHeaderAndZeroRows()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new TableResultWriter(out).write(result(List.of("name", "total"), List.of(Type.VARCHAR, Type.DOUBLE)));
        assertEquals("""
                 name | total
                ------+-------
                (0 rows)
                """, out.toString());
    }

    @Test
    void oneRowSaysRow()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new TableResultWriter(out).write(result(List.of("d", "x"), List.of(Type.DATE, Type.DOUBLE),
                page(vector(Type.DATE, 0), vector(Type.DOUBLE, 1.0))));
        assertEquals("""
                     d      |  x
                ------------+-----
                 1970-01-01 | 1.0
                (1 row)
                """, out.toString());
    }

    @Test
    void widthCountsCharactersNotBytes()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new TableResultWriter(out).write(result(List.of("city", "n"), List.of(Type.VARCHAR, Type.INTEGER),
                page(vector(Type.VARCHAR, "東京", "Zürich"), vector(Type.INTEGER, 1, 22))));
        assertEquals("""
                  city  | n
                --------+----
                 東京     |  1
                 Zürich | 22
                (2 rows)
                """, out.toString());
    }
}
