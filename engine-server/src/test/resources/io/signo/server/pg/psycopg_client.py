"""Queries Signo's PostgreSQL protocol with psycopg 3: a parameterized query and a server-side
(named) cursor read in batches. Prints the rows as JSON for PgPsycopgTest to compare with DuckDB."""
import datetime
import decimal
import json
import sys

import psycopg

port = int(sys.argv[1])
result = {}
with psycopg.connect(host="127.0.0.1", port=port, user="py_tester", dbname="signo") as connection:
    with connection.cursor() as cursor:
        cursor.execute(
            "select o_orderkey, o_totalprice, o_orderdate, o_orderpriority from orders"
            " where o_orderdate < %s and o_totalprice > %s and o_orderstatus = %s and o_custkey <> %s"
            " order by o_orderkey",
            (datetime.date(1992, 3, 1), decimal.Decimal("100000.5"), "F", 1),
        )
        result["parameterized"] = [[row[0], str(row[1]), row[2].isoformat(), row[3]] for row in cursor.fetchall()]
        result["status"] = connection.info.transaction_status.name
    with connection.cursor(name="big_cursor") as cursor:
        cursor.itersize = 500
        cursor.execute(
            "select l_orderkey, l_linenumber, l_quantity from lineitem where l_quantity > %s order by l_orderkey, l_linenumber",
            (45,),
        )
        result["cursor_columns"] = [column.name for column in cursor.description]
        first = cursor.fetchmany(3)
        rest = cursor.fetchall()
        result["cursor"] = [[row[0], row[1], str(row[2])] for row in first + rest]
    connection.commit()
    with connection.cursor() as cursor:
        try:
            cursor.execute("select count(*) from no_such_table")
        except psycopg.Error as error:
            result["error"] = error.sqlstate
    connection.rollback()
    with connection.cursor() as cursor:
        cursor.execute("select count(*) from nation where n_name like %s", ("%A%",))
        result["after_error"] = cursor.fetchone()[0]
print(json.dumps(result))
