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
