-- statements that must fail, on Signo with a message that names what is wrong, and on DuckDB

CREATE TABLE t (a INTEGER NOT NULL, b VARCHAR);

INSERT INTO t VALUES (1, 'x');

-- error: does not exist
INSERT INTO missing VALUES (1);

-- error: not found
SELECT * FROM missing;

-- error: already exists
CREATE TABLE t (z INTEGER);

-- error: NOT NULL constraint failed: t.a
INSERT INTO t VALUES (NULL, 'y');

-- error: NOT NULL constraint failed: t.a
INSERT INTO t (b) VALUES ('y');

-- error: NOT NULL constraint failed: t.a
UPDATE t SET a = NULL;

-- error: 3 values for 2 columns
INSERT INTO t VALUES (1, 'x', 'extra');

-- error: has no column
INSERT INTO t (a, nope) VALUES (1, 2);

-- error: 1 values for 2 columns
INSERT INTO t SELECT a FROM t;

-- error: 3 values for 2 columns
INSERT INTO t SELECT a, b, b FROM t;

-- error: 2 values for 1 columns
INSERT INTO t (a) SELECT a, b FROM t;

-- the source's own error, not a count of values
-- error: not found
INSERT INTO t SELECT nope FROM t;

-- error: has no column
UPDATE t SET nope = 1;

-- error: does not exist
DELETE FROM missing WHERE a = 1;

-- error: does not exist
DROP TABLE missing;

-- error: does not exist
DROP VIEW missing;

-- error: column a is declared twice
CREATE TABLE twice (a INTEGER, a VARCHAR);

-- error: cannot cast
INSERT INTO t VALUES ('not a number', 'x');

-- every failed statement left the table as it was
SELECT * FROM t ORDER BY a;

CREATE TABLE bounded (s VARCHAR(3), c CHAR(2));

INSERT INTO bounded VALUES ('abc', 'xy'), (NULL, NULL), ('äöü', 'é');

SELECT s, c FROM bounded ORDER BY s;

-- a DECIMAL holds at most 38 digits
-- error: DECIMAL precision must be 1 to 38, not 40
CREATE TABLE too_wide (d DECIMAL(40, 2));
