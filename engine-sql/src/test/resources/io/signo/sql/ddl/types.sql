-- every type Signo stores, with NULLs, through CREATE, INSERT, CREATE TABLE AS and UPDATE

CREATE TABLE typed (b BOOLEAN, i INTEGER, l BIGINT, d DOUBLE, m DECIMAL(18, 4), s DECIMAL(5, 2), dt DATE, v VARCHAR, vn VARCHAR(10), c CHAR(3));

INSERT INTO typed VALUES (true, -2147483648, -9223372036854775807, -0.5, 12345678901234.5678, -999.99, DATE '1970-01-01', '', 'ten chars!', 'abc');

INSERT INTO typed VALUES (false, 2147483647, 9223372036854775807, 1e300, -0.0001, 999.99, DATE '2099-12-31', 'héllo wörld ✓', 'x', 'ab');

INSERT INTO typed VALUES (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL);

SELECT * FROM typed ORDER BY i;

SELECT count(b), count(i), count(l), count(d), count(m), count(s), count(dt), count(v), count(vn), count(c) FROM typed;

INSERT INTO typed (i, d, m) VALUES (7, 3, 3);

SELECT i, d, m FROM typed WHERE i = 7;

CREATE TABLE typed_copy AS SELECT * FROM typed;

SELECT * FROM typed_copy ORDER BY i;

UPDATE typed_copy SET v = substring(v, 1, 3), m = m / 2, dt = dt + INTERVAL '1' DAY WHERE b;

SELECT v, m, dt FROM typed_copy ORDER BY i;

SELECT v IS NULL, sum(s), count(*) FROM typed_copy GROUP BY v IS NULL ORDER BY 1;

-- a VALUES list keeps each string whole: trailing spaces stay and shorter strings are not padded
CREATE TABLE spaced (k INTEGER, v VARCHAR);

INSERT INTO spaced VALUES (1, 'AIR'), (2, 'SHIP  '), (3, ' x '), (4, 'SHIP');

SELECT k, v, v LIKE '% ' FROM spaced ORDER BY k;

SELECT k FROM spaced WHERE v = 'SHIP  ';

SELECT x, x LIKE '% ' FROM (VALUES ('AIR'), ('SHIP  ')) AS t(x) ORDER BY x;

-- REAL is a 4-byte float: stored, compared, computed and printed as one, not as the double it widens to
CREATE TABLE floats (k INTEGER, f REAL, g REAL);

INSERT INTO floats VALUES (1, 0.1, 0.7), (2, 2.7, 1.3), (3, -1.1, 3.3), (4, NULL, 0.2), (5, 16777217, 1e-3);

SELECT k, CAST(f AS VARCHAR), CAST(g AS VARCHAR), CAST(f + g AS VARCHAR), CAST(f * g AS VARCHAR), CAST(f - g AS VARCHAR), CAST(-f AS VARCHAR) FROM floats WHERE k < 5 ORDER BY k;

-- 16777217 is no float: it is stored as 16777216
SELECT k FROM floats WHERE f = 16777216;

SELECT count(*) FROM floats WHERE f = 0.1;

SELECT k FROM floats WHERE f + g = 3.0 OR f * 3 = 8.1 ORDER BY k;

SELECT sum(f), avg(g), CAST(min(f) AS VARCHAR), CAST(max(g) AS VARCHAR) FROM floats WHERE k < 5;

SELECT CAST(CAST('0.3' AS REAL) AS VARCHAR), CAST(0.1 AS REAL) = 0.1, CAST(CAST(1.1 AS REAL) AS DOUBLE) FROM floats WHERE k = 1;

SELECT k, f FROM floats WHERE f IN (0.1, 2.7) ORDER BY k;

CREATE TABLE floats_copy AS SELECT k, f, CAST(f * 2 AS REAL) AS doubled FROM floats;

SELECT k, CAST(f AS VARCHAR), CAST(doubled AS VARCHAR) FROM floats_copy WHERE k < 5 ORDER BY k;

-- long DECIMALs (19 to 38 digits) stored and read back, filtered, grouped, joined, updated and copied
CREATE TABLE wide (k INTEGER, d DECIMAL(38, 4), e DECIMAL(20, 0), s DECIMAL(10, 2));

INSERT INTO wide VALUES (1, 12345678901234567890123456789012.3456, 99999999999999999999, 1.50), (2, -0.0001, -12345678901234567890, NULL), (3, NULL, NULL, 2.25), (4, 12345678901234567890123456789012.3456, 0, -7.00);

SELECT k, CAST(d AS VARCHAR), CAST(e AS VARCHAR), s FROM wide ORDER BY k;

SELECT CAST(d AS VARCHAR), count(*), CAST(sum(e) AS VARCHAR) FROM wide GROUP BY d ORDER BY d;

SELECT k FROM wide WHERE d > 0 AND e >= 0 ORDER BY k;

INSERT INTO wide SELECT k + 10, d * 2, e - 1, s FROM wide;

SELECT k, CAST(d AS VARCHAR), CAST(e AS VARCHAR) FROM wide WHERE k > 10 ORDER BY k;

UPDATE wide SET d = d + 1, e = -e WHERE k = 2;

SELECT k, CAST(d AS VARCHAR), CAST(e AS VARCHAR) FROM wide ORDER BY k;

CREATE TABLE wide_copy AS SELECT k, d, e FROM wide;

SELECT count(*), CAST(sum(w.d) AS VARCHAR) FROM wide w JOIN wide_copy c ON w.d = c.d;

-- error: Decimal overflow
INSERT INTO wide VALUES (5, 123456789012345678901234567890123456.7, 0, 0);
