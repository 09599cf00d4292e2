package io.signo.sql.planner;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Which operand a {@code ::} cast takes before Calcite parses the text (the answers are compared with DuckDB in dialect.sql). */
class CastSyntaxTest
{
    @Test
    void theCastTakesOnlyThePrimaryBeforeIt()
    {
        assertEquals("select 2 * (3::int)", CastSyntax.rewrite("select 2 * 3::int"));
        assertEquals("select -(x::int) from t", CastSyntax.rewrite("select -x::int from t"));
        assertEquals("select (a.b::text) || 'x'", CastSyntax.rewrite("select a.b::text || 'x'"));
        assertEquals("select (\"Q\".\"c\"::int)", CastSyntax.rewrite("select \"Q\".\"c\"::int"));
        assertEquals("select (f(x, 1)::text), (pg_catalog.g()::int)", CastSyntax.rewrite("select f(x, 1)::text, pg_catalog.g()::int"));
        assertEquals("select ((1 + 2)::text)", CastSyntax.rewrite("select (1 + 2)::text"));
        assertEquals("select (case when a then 1 else case when b then 2 end end::text)", CastSyntax.rewrite("select case when a then 1 else case when b then 2 end end::text"));
        assertEquals("select (date '2024-01-01'::text)", CastSyntax.rewrite("select date '2024-01-01'::text"));
        assertEquals("select (X'00'::text), 'a' || ('b'::text)", CastSyntax.rewrite("select X'00'::text, 'a' || 'b'::text"));
        assertEquals("select (?::int), ($1::text)", CastSyntax.rewrite("select ?::int, $1::text"));
    }

    @Test
    void chainedCastsAndTypesOfSeveralWords()
    {
        assertEquals("select ((a::int)::text)", CastSyntax.rewrite("select a::int::text"));
        assertEquals("select (x::double precision) / 2", CastSyntax.rewrite("select x::double precision / 2"));
        assertEquals("select (x::decimal(10, 2)) + 1", CastSyntax.rewrite("select x::decimal(10, 2) + 1"));
        assertEquals("select (x::timestamp(3) with time zone)", CastSyntax.rewrite("select x::timestamp(3) with time zone"));
        assertEquals("select (x::character varying(4))", CastSyntax.rewrite("select x::character varying(4)"));
        assertEquals("select (x::text) in ('a')", CastSyntax.rewrite("select x::text in ('a')"));
    }

    @Test
    void stringsCommentsAndQuotedNamesAreLeftAlone()
    {
        assertEquals("select 'a::int', \"b::c\" -- x::int\n", CastSyntax.rewrite("select 'a::int', \"b::c\" -- x::int\n"));
        assertEquals("select ('::'::text) /* y::int */", CastSyntax.rewrite("select '::'::text /* y::int */"));
    }

    @Test
    void aCastWithoutAKnownOperandOrTypeIsLeftToCalcite()
    {
        assertEquals("select ::int", CastSyntax.rewrite("select ::int"));
        assertEquals("select a::", CastSyntax.rewrite("select a::"));
        assertEquals("select a[1]::int, (b::int)", CastSyntax.rewrite("select a[1]::int, b::int"));
    }
}
