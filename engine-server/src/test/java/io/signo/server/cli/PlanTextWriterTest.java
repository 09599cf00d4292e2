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

class PlanTextWriterTest
{
    @Test
    void printsPlanLinesAsTheyAre()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new PlanTextWriter(out).write(result(List.of("plan"), List.of(Type.VARCHAR),
                page(vector(Type.VARCHAR, "Output[a, b]", "  Aggregate[group by a, rows: 4]")),
                page(vector(Type.VARCHAR, "    TableScan[lineitem, cost: 1.5e6, \"quoted\"]"))));
        assertEquals("""
                Output[a, b]
                  Aggregate[group by a, rows: 4]
                    TableScan[lineitem, cost: 1.5e6, "quoted"]
                """, out.toString());
    }

    @Test
    void emptyPlanPrintsNothing()
            throws IOException
    {
        StringWriter out = new StringWriter();
        new PlanTextWriter(out).write(result(List.of("plan"), List.of(Type.VARCHAR)));
        assertEquals("", out.toString());
    }
}
