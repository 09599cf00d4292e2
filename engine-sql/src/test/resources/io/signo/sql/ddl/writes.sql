-- DELETE and UPDATE, with and without WHERE, with NULLs, read back after each

CREATE TABLE accounts AS SELECT * FROM (VALUES (1, 'ann', 100), (2, 'bob', 250), (3, 'cy', NULL), (4, 'dee', 75), (5, 'ed', 0)) AS v(id, owner, balance);

DELETE FROM accounts WHERE balance = 0;

SELECT * FROM accounts ORDER BY id;

DELETE FROM accounts WHERE balance IS NULL;

SELECT count(*), sum(balance) FROM accounts;

UPDATE accounts SET balance = balance + 10 WHERE owner < 'c';

SELECT * FROM accounts ORDER BY id;

UPDATE accounts SET owner = substring(owner, 1, 2), balance = balance * 2;

SELECT * FROM accounts ORDER BY id;

UPDATE accounts SET balance = NULL WHERE id = 4;

SELECT id, balance FROM accounts ORDER BY id;

DELETE FROM accounts WHERE id IN (SELECT id FROM accounts WHERE balance > 300);

SELECT * FROM accounts ORDER BY id;

UPDATE accounts AS a SET balance = 1 WHERE a.id = 99;

DELETE FROM accounts WHERE 1 = 0;

INSERT INTO accounts VALUES (6, 'fay', 60), (7, 'gus', 70);

DELETE FROM accounts WHERE id = 6;

UPDATE accounts SET balance = balance + 1 WHERE id = 7;

SELECT * FROM accounts ORDER BY id;

DELETE FROM accounts;

SELECT count(*) FROM accounts;

INSERT INTO accounts VALUES (8, 'hal', 80);

SELECT * FROM accounts ORDER BY id;

CREATE TABLE big AS SELECT * FROM (VALUES (1), (2), (3), (4), (5), (6), (7), (8), (9), (10)) AS v(x);

INSERT INTO big SELECT a.x * 10 + b.x FROM big a, big b;

INSERT INTO big SELECT x + 1000 FROM big;

SELECT count(*), sum(x), min(x), max(x) FROM big;

DELETE FROM big WHERE mod(x, 3) = 0;

UPDATE big SET x = -x WHERE mod(x, 7) = 0;

SELECT count(*), sum(x), min(x), max(x) FROM big;

SELECT count(*) FROM big WHERE x < 0;

-- zone maps count the rows a block was written with: deleting rows must not make a block look all NULL
CREATE TABLE sparse AS SELECT * FROM (VALUES (1, CAST(NULL AS INTEGER)), (2, NULL), (3, 10), (4, 20)) AS v(id, v);

DELETE FROM sparse WHERE id = 1 OR id = 4;

SELECT id FROM sparse WHERE v = 10;

SELECT id FROM sparse WHERE v IS NOT NULL;

-- a DELETE plans its own parsed condition: an alias, a long list of literals, a subquery, a recursive CTE (validated twice)
CREATE TABLE keys AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, 'd'), (5, 'e'), (6, 'f'), (7, 'g'), (8, 'h'), (9, 'i'), (10, 'j'), (40, 'k'), (41, 'l')) AS v(k, tag);

DELETE FROM keys AS d WHERE d.k IN (2, 4, 9, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 40);

SELECT * FROM keys ORDER BY k;

DELETE FROM keys WHERE k IN (WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 2 FROM r WHERE n < 7) SELECT n FROM r);

SELECT * FROM keys ORDER BY k;

DELETE FROM keys WHERE tag = (SELECT max(tag) FROM keys);

SELECT * FROM keys ORDER BY k;

-- an INSERT plans its source once, inside the query that casts it to the table's columns
INSERT INTO keys (tag, k) SELECT upper(tag), k + 100 FROM keys WHERE k > 5;

SELECT * FROM keys ORDER BY k;
