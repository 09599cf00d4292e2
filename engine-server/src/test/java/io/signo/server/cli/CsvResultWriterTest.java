package io.signo.server.cli;

import io.signo.storage.type.Type;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringWriter;
import java.time.LocalDate;
import java.util.List;

import static io.signo.server.cli.TestResults.page;
import static io.signo.server.cli.TestResults.result;
import static io.signo.server.cli.TestResults.vector;
import static org.junit.jupiter.api.Assertions.assertEquals;

class CsvResultWriterTest
{
    @Test
    void writesHeaderAndRowsOfEveryPage()
            throws IOException
    {
        List<String> names = List.of("id", "name", "price", "shipped", "ratio", "ok");
        List<Type> types = List.of(Type.INTEGER, Type.VARCHAR, Type.decimal(12, 2), Type.DATE, Type.DOUBLE, Type.BOOLEAN);
        int day = (int) LocalDate.of(1995, 3, 15).toEpochDay();
        StringWriter out = new StringWriter();
        new CsvResultWriter(out).write(result(names, types,
                page(vector(Type.INTEGER, 1, 2),
                        vector(Type.VARCHAR, "a,b", "plain"),
                        vector(Type.decimal(12, 2), 1250L, -5L),
                        vector(Type.DATE, day, null),
                        vector(Type.DOUBLE, 1.0, 0.25),
                        vector(Type.BOOLEAN, true, false)),
                page(vector(Type.INTEGER, (Object) null),
                        vector(Type.VARCHAR, (Object) null),
                        vector(Type.decimal(12, 2), (Object) null),
                        vector(Type.DATE, (Object) null),
                        vector(Type.DOUBLE, (Object) null),
                        vector(Type.BOOLEAN, (Object) null))));
        assertEquals("""
                id,name,price,shipped,ratio,ok
                1,"a,b",12.50,1995-03-15,1.0,true
                2,plain,-0.05,,0.25,false
                ,,,,,
                """, out.toString());
    }

    @Test
    void emptyResultIsTheHeaderOnly()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new CsvResultWriter(out).write(result(List.of("a", "b"), List.of(Type.BIGINT, Type.VARCHAR)));
        assertEquals("a,b\n", out.toString());

        out = new StringWriter();
        new CsvResultWriter(out).write(result(List.of("a"), List.of(Type.BIGINT), page(vector(Type.BIGINT))));
        assertEquals("a\n", out.toString());
    }

    @Test
    void quotesHeaderNamesAndTellsEmptyFromNull()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new CsvResultWriter(out).write(result(List.of("sum(a, b)", "say \"x\""), List.of(Type.VARCHAR, Type.character(5)),
                page(vector(Type.VARCHAR, "", null), vector(Type.character(5), "ab   ", "q\""))));
        assertEquals("""
                "sum(a, b)","say ""x\"""
                "",ab
                ,"q\"""
                """, out.toString());
    }
}
