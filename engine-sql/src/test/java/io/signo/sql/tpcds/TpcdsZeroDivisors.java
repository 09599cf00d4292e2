package io.signo.sql.tpcds;

import io.signo.reference.DuckDbDatabase;

import java.util.Map;

/**
 * The TPC-DS statements that divide by a sum or count which can be zero on the generated data: query
 * 12's {@code sum(ws_ext_sales_price) * 100 / sum(sum(ws_ext_sales_price)) OVER (PARTITION BY i_class)}
 * and query 90's {@code amc / pmc}. Standard SQL and PostgreSQL raise a division by zero there, and
 * so does Signo; DuckDB answers NULL. Each statement has a query, run on DuckDB over the same data,
 * that counts the zero divisors: when it counts one or more, Signo must fail with
 * {@code DIVISION_BY_ZERO}; when it counts none, Signo must return DuckDB's answer like any other
 * statement. The engine has no knowledge of these queries.
 */
public final class TpcdsZeroDivisors
{
    private static final Map<String, String> ZERO_DIVISOR_COUNTS = Map.of(
            "q12", """
                    SELECT count(*)
                    FROM (SELECT i_class, sum(ws_ext_sales_price) AS class_revenue
                          FROM web_sales, item, date_dim
                          WHERE ws_item_sk = i_item_sk
                            AND i_category IN ('Sports', 'Books', 'Home')
                            AND ws_sold_date_sk = d_date_sk
                            AND d_date BETWEEN cast('1999-02-22' AS date) AND cast('1999-03-24' AS date)
                          GROUP BY i_class) classes
                    WHERE class_revenue = 0""",
            "q90", """
                    SELECT CASE WHEN count(*) = 0 THEN 1 ELSE 0 END
                    FROM web_sales, household_demographics, time_dim, web_page
                    WHERE ws_sold_time_sk = time_dim.t_time_sk
                      AND ws_ship_hdemo_sk = household_demographics.hd_demo_sk
                      AND ws_web_page_sk = web_page.wp_web_page_sk
                      AND time_dim.t_hour BETWEEN 19 AND 19+1
                      AND household_demographics.hd_dep_count = 6
                      AND web_page.wp_char_count BETWEEN 5000 AND 5200""");

    /** What Signo must fail with when a divisor is zero, as {@link TpcdsKnownFailures#reasonOf} writes it. */
    public static final String DIVISION_BY_ZERO = "DIVISION_BY_ZERO: Division by zero";

    private TpcdsZeroDivisors() {}

    /**
     * {@link #DIVISION_BY_ZERO} when statement {@code name} divides by zero on the data {@code duckDb}
     * holds (its query counts one zero divisor or more there), else null.
     */
    public static String expectedFailure(String name, DuckDbDatabase duckDb)
            throws Exception
    {
        String count = ZERO_DIVISOR_COUNTS.get(name);
        if (count == null) {
            return null;
        }
        return ((Number) duckDb.query(count).getFirst().getFirst()).longValue() > 0 ? DIVISION_BY_ZERO : null;
    }
}
