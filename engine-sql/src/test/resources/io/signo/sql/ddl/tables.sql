-- CREATE, INSERT, SELECT, DROP, RENAME on one table; every answer compared with DuckDB

-- signo: CREATE TABLE
CREATE TABLE items (id INTEGER NOT NULL, name VARCHAR, price DECIMAL(10, 2), added DATE);

SELECT count(*), sum(price), min(name) FROM items;

INSERT INTO items VALUES (1, 'apple', 1.25, DATE '2024-01-03'), (2, 'pear', 0.80, DATE '2024-02-10'), (3, NULL, NULL, NULL);

SELECT * FROM items ORDER BY id;

INSERT INTO items (name, id) VALUES ('plum', 4);

SELECT id, name, price, added FROM items WHERE id >= 3 ORDER BY id;

INSERT INTO items SELECT id + 10, upper_name, price * 2, added FROM (SELECT id, name AS upper_name, price, added FROM items) AS doubled;

SELECT count(*), sum(price), count(name), count(added) FROM items;

SELECT i.name, j.price FROM items i JOIN items j ON j.id = i.id + 10 ORDER BY i.name;

-- signo: ALTER TABLE
ALTER TABLE items RENAME TO goods;

SELECT count(*) FROM goods;

-- signo: goods
SHOW TABLES;

-- signo: DROP TABLE
DROP TABLE goods;

-- signo: DROP TABLE
DROP TABLE IF EXISTS goods;

-- signo: CREATE TABLE
CREATE TABLE IF NOT EXISTS empty_one (x BIGINT);

-- signo: CREATE TABLE
CREATE TABLE IF NOT EXISTS empty_one (x BIGINT);

SELECT count(*), sum(x), max(x) FROM empty_one;

SELECT x FROM empty_one ORDER BY x;

CREATE TABLE copied AS SELECT x * 2 AS twice FROM empty_one;

SELECT count(*) FROM copied;

CREATE TABLE numbers AS SELECT * FROM (VALUES (1, 'a'), (2, 'b'), (3, 'c'), (4, NULL)) AS v(n, letter);

SELECT n, letter FROM numbers ORDER BY n;

-- signo: INTEGER
DESCRIBE numbers;
