# CPU time of TPC-H Q1 and Q6 over lineitem.tbl through read_csv in DuckDB (2 threads): python3 csv_queries_duckdb.py ROUNDS [DIR]
import duckdb, resource, time, sys, os
def cpu():
    r = resource.getrusage(resource.RUSAGE_SELF); return r.ru_utime + r.ru_stime
con = duckdb.connect()
con.execute("SET threads=2")
cols = "l_orderkey BIGINT, l_partkey BIGINT, l_suppkey BIGINT, l_linenumber INTEGER, l_quantity DECIMAL(15,2), l_extendedprice DECIMAL(15,2), l_discount DECIMAL(15,2), l_tax DECIMAL(15,2), l_returnflag VARCHAR(1), l_linestatus VARCHAR(1), l_shipdate DATE, l_commitdate DATE, l_receiptdate DATE, l_shipinstruct VARCHAR(25), l_shipmode VARCHAR(10), l_comment VARCHAR(44)"
f = (sys.argv[2] if len(sys.argv) > 2 else '/tmp/files-bench-files/sf1') + '/lineitem.tbl'
cmap = [(c.split()[0], c.split(' ',1)[1]) for c in cols.split(', ')]
view = "read_csv('%s', delim='|', header=false, columns={%s})" % (f, ", ".join("'%s': '%s'" % (k, v) for k, v in cmap))
for r in range(int(sys.argv[1])):
    c = cpu(); w = time.time()
    con.execute(f"SELECT l_returnflag, l_linestatus, sum(l_quantity), sum(l_extendedprice), sum(l_extendedprice*(1-l_discount)), sum(l_extendedprice*(1-l_discount)*(1+l_tax)), avg(l_quantity), avg(l_extendedprice), avg(l_discount), count(*) FROM {view} WHERE l_shipdate <= DATE '1998-09-02' GROUP BY ALL ORDER BY 1,2").fetchall()
    c2 = cpu(); w2 = time.time()
    con.execute(f"SELECT sum(l_extendedprice*l_discount) FROM {view} WHERE l_shipdate >= DATE '1994-01-01' AND l_shipdate < DATE '1995-01-01' AND l_discount BETWEEN 0.05 AND 0.07 AND l_quantity < 24").fetchall()
    c3 = cpu(); w3 = time.time()
    print("round %d duck q1 cpu %.0f wall %.0f | q6 cpu %.0f wall %.0f | load %.1f" % (r, (c2-c)*1000, (w2-w)*1000, (c3-c2)*1000, (w3-w2)*1000, os.getloadavg()[0]))
