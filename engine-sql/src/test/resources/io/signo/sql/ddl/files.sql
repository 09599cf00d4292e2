-- CSV files read in place with read_csv, compared with DuckDB reading the same files; the files are under files/

SELECT * FROM read_csv('${files}/people.csv') ORDER BY id;

SELECT city, count(*), max(height), min(born) FROM read_csv('${files}/people.csv') GROUP BY city ORDER BY city;

SELECT name FROM read_csv('${files}/people.csv') WHERE active AND born > DATE '1980-01-01' ORDER BY name;

SELECT * FROM read_csv('${files}/people.csv', header => true, delim => ',') WHERE height IS NULL OR city IS NULL ORDER BY id;

-- a line break inside quotes stays in the value
SELECT id, name FROM read_csv('${files}/people.csv') WHERE name LIKE 'Dan%';

-- the TPC-H .tbl layout: bars, no header; the columns are named column0, column1, ...
SELECT column0, column1, column2 FROM read_csv('${files}/orders.tbl') ORDER BY column0;

SELECT p.name, sum(o.column2) FROM read_csv('${files}/people.csv') p JOIN read_csv('${files}/orders.tbl') o ON p.name = o.column1 GROUP BY p.name ORDER BY p.name;

-- a glob reads every file it matches as one table; the last file has no final line break
SELECT count(*), sum(amount), min(sold_on), max(sold_on) FROM read_csv('${files}/sales_*.csv');

SELECT * FROM read_csv('${files}/semicolon.csv') ORDER BY code;

SELECT * FROM read_csv('${files}/tabs.tsv') ORDER BY x;

SELECT count(*) FROM (SELECT DISTINCT city FROM read_csv('${files}/people.csv') WHERE city IS NOT NULL);

CREATE TABLE people AS SELECT * FROM read_csv('${files}/people.csv');

SELECT name, born FROM people WHERE id IN (SELECT id FROM read_csv('${files}/people.csv') WHERE active) ORDER BY name;

CREATE TABLE sales (sold_on DATE, amount INTEGER);

INSERT INTO sales SELECT * FROM read_csv('${files}/sales_*.csv') WHERE amount > 0;

SELECT * FROM sales ORDER BY sold_on;

CREATE VIEW parisians AS SELECT name FROM read_csv('${files}/people.csv') WHERE city LIKE 'Paris%';

SELECT * FROM parisians ORDER BY name;

-- error: 1 field where 2 were expected
SELECT * FROM read_csv('${files}/short_line.csv', delim => ',');

-- error: no such file
SELECT * FROM read_csv('${files}/missing.csv');

-- error: no file matches
SELECT * FROM read_csv('${files}/nothing_*.csv');

-- a Parquet file of another writer (pyarrow), read in place, joined with a CSV file and loaded into a table
SELECT word, count(*), sum(amount), min(dt), max(label) FROM read_parquet('${files}/pyarrow_types.parquet') GROUP BY word ORDER BY word;

SELECT p.i, p.label, c.name FROM read_parquet('${files}/pyarrow_types.parquet') p JOIN read_csv('${files}/people.csv') c ON p.i = c.id ORDER BY p.i;

SELECT count(*) FROM read_parquet('${files}/pyarrow_types.parquet') WHERE i BETWEEN 1500 AND 1600 AND flag;

CREATE TABLE typed_copy AS SELECT i, i64, amount, word FROM read_parquet('${files}/pyarrow_types.parquet') WHERE i < 100;

SELECT count(*), sum(i64), sum(amount), count(word) FROM typed_copy;

-- COPY appends files to a table, a glob at once
CREATE TABLE copied (sold_on DATE, amount INTEGER);

COPY copied FROM '${files}/sales_*.csv' (FORMAT csv, HEADER);

COPY copied FROM '${files}/sales_1.csv' (HEADER true, DELIMITER ',');

SELECT sold_on, amount, count(*) FROM copied GROUP BY sold_on, amount ORDER BY sold_on;

-- CSV values read as REAL are floats: a tenth of each amount, computed as a float
CREATE TABLE copied_reals (sold_on DATE, amount REAL);

COPY copied_reals FROM '${files}/sales_*.csv' (FORMAT csv, HEADER);

SELECT sold_on, CAST(amount AS VARCHAR), CAST(amount / 10 AS VARCHAR), CAST(amount * 0.1 AS VARCHAR) FROM copied_reals ORDER BY sold_on;

-- a quoted file name in FROM reads the file, as DuckDB does
SELECT count(*), count(DISTINCT city) FROM '${files}/people.csv';

SELECT p.name, sum(o.column2) FROM '${files}/people.csv' p JOIN read_csv('${files}/orders.tbl') o ON p.name = o.column1 GROUP BY p.name ORDER BY p.name;

SELECT word, count(*) FROM '${files}/pyarrow_types.parquet' WHERE i < 50 GROUP BY word ORDER BY word;

SELECT count(*) FROM (SELECT * FROM '${files}/sales_1.csv') s JOIN '${files}/sales_2.csv' t ON s.amount < t.amount;

-- a file name after a comma of the FROM list; strings in the select list and in IN lists stay strings
SELECT count(*), min(a.amount), max(b.amount) FROM '${files}/sales_1.csv' a, '${files}/sales_2.csv' b WHERE a.amount < b.amount;

SELECT 'x.csv' AS label, count(*) FROM '${files}/people.csv', read_csv('${files}/sales_1.csv') s WHERE city NOT IN ('a.csv', 'b.tbl') OR city IS NULL;
