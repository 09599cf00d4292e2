-- schemas beside main: tables and views in them, names resolved by schema, dropped with or without their tables

CREATE TABLE accounts (id INTEGER NOT NULL, owner VARCHAR);

INSERT INTO accounts VALUES (1, 'main one'), (2, 'main two');

-- signo: CREATE SCHEMA
CREATE SCHEMA sales;

-- signo: CREATE SCHEMA
CREATE SCHEMA IF NOT EXISTS sales;

-- error: already exists
CREATE SCHEMA sales;

CREATE TABLE sales.accounts (id INTEGER NOT NULL, region VARCHAR);

INSERT INTO sales.accounts VALUES (1, 'east'), (2, 'west'), (3, 'east');

SELECT * FROM accounts ORDER BY id;

SELECT * FROM sales.accounts ORDER BY id;

SELECT * FROM main.accounts m JOIN sales.accounts s ON m.id = s.id ORDER BY m.id;

UPDATE sales.accounts SET region = 'north' WHERE id = 2;

DELETE FROM sales.accounts WHERE region = 'east' AND id > 1;

SELECT * FROM sales.accounts ORDER BY id;

CREATE TABLE sales.copied AS SELECT a.owner, s.region FROM accounts a JOIN sales.accounts s ON a.id = s.id;

SELECT * FROM sales.copied ORDER BY owner;

-- signo: CREATE VIEW
CREATE VIEW sales.regions AS SELECT region, count(*) AS n FROM sales.accounts GROUP BY region;

SELECT * FROM sales.regions ORDER BY region;

-- the tables of main keep their names
SHOW TABLES;

-- signo: ALTER TABLE
ALTER TABLE sales.copied RENAME TO kept;

SELECT count(*) FROM sales.kept;

-- error: not found
SELECT * FROM nowhere.accounts;

-- error: does not exist
CREATE TABLE nowhere.t (a INTEGER);

-- error: drop
DROP SCHEMA sales;

-- signo: DROP SCHEMA
DROP SCHEMA sales CASCADE;

-- error: not found
SELECT * FROM sales.accounts;

SELECT count(*) FROM accounts;

-- signo: DROP SCHEMA
DROP SCHEMA IF EXISTS sales;

-- signo: CREATE SCHEMA
CREATE SCHEMA empty_one;

-- signo: DROP SCHEMA
DROP SCHEMA empty_one;
