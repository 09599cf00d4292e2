package io.signo.sql.planner;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** PostgreSQL's names for unnamed result columns, as PostgreSQL's parser names them (its FigureColname). */
class PostgresColumnNamesTest
{
    private static List<String> names(String sql, String... engineNames)
    {
        return PostgresColumnNames.of(LogicalPlanner.parse(sql)).rename(List.of(engineNames));
    }

    @Test
    void functionsAndAggregatesAreNamedAfterTheFunction()
    {
        assertEquals(List.of("count", "sum", "coalesce", "upper", "max", "row_number"),
                names("select count(*), sum(x), coalesce(a, b), upper(s), max(x) filter (where x > 0), row_number() over (order by x) from t",
                        "EXPR$0", "EXPR$1", "EXPR$2", "EXPR$3", "EXPR$4", "EXPR$5"));
        assertEquals(List.of("substring", "extract", "current_date"), names("select substring(s from 2), extract(year from d), current_date from t", "EXPR$0", "EXPR$1", "EXPR$2"));
    }

    @Test
    void operatorsAndLiteralsAreUnnamedAndCastsTakeTheirOperandsOrTypesName()
    {
        assertEquals(List.of("?column?", "?column?", "?column?", "?column?"), names("select 1, x + 1, a || b, x is null from t", "EXPR$0", "EXPR$1", "EXPR$2", "EXPR$3"));
        assertEquals(List.of("x", "int4", "text", "numeric", "count"), names("select x::int, 1::int, 'a'::text, cast(2 as decimal(10, 2)), count(*)::bigint from t",
                "EXPR$0", "EXPR$1", "EXPR$2", "EXPR$3", "EXPR$4"));
        assertEquals(List.of("case", "exists", "n_name"), names("select case when x then 1 end, exists (select 1), (select n_name from nation limit 1) from t", "EXPR$0", "EXPR$1", "EXPR$2"));
    }

    @Test
    void namedColumnsKeepTheirNames()
    {
        assertEquals(List.of("x", "total", "count"), names("select x, sum(y) as total, count(*) from t group by x", "x", "total", "EXPR$2"));
        assertEquals(List.of("a", "b"), names("select a, b from t", "a", "b"));
    }

    @Test
    void starsSetOperationsValuesAndOrderBy()
    {
        assertEquals(List.of("count", "a", "b", "?column?"), names("select count(*) over (), *, 1 from t", "EXPR$0", "a", "b", "EXPR$3"));
        assertEquals(List.of("max", "?column?"), names("with w as (select 1 x) select max(x), 2 from w union all select 1, 2 order by 1", "EXPR$0", "EXPR$1"));
        assertEquals(List.of("column1", "column2"), names("values (1, 'a'), (2, 'b')", "EXPR$0", "EXPR$1"));
    }
}
