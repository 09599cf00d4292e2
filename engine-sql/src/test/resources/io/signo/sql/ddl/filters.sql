-- Filters that a stored scan tests as it reads, before decoding the other columns: constants on
-- dictionary strings, CHAR and VARCHAR, integers, dates and decimals, with NULLs, deleted rows and
-- joins whose runtime filters drop rows; 30,000 rows fill several blocks of a file.
CREATE TABLE digits (d INTEGER NOT NULL);
INSERT INTO digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE modes (n INTEGER NOT NULL, mode VARCHAR(10), flag CHAR(3));
INSERT INTO modes VALUES (0, 'AIR', 'A'), (1, 'RAIL', 'D'), (2, 'TRUCK', 'A'), (3, NULL, 'C'), (4, 'AIR REG', NULL), (5, 'MAIL', 'B'), (6, 'SHIP', 'A');
CREATE TABLE days (n INTEGER NOT NULL, dt DATE);
INSERT INTO days VALUES (0, DATE '2024-01-01'), (1, DATE '2024-02-29'), (2, NULL), (3, DATE '2023-12-31'), (4, DATE '2024-06-30'), (5, DATE '2024-03-15'), (6, DATE '2025-01-01'), (7, DATE '2024-01-02'), (8, DATE '2024-07-04'), (9, DATE '2024-02-01'), (10, DATE '2024-11-11');
CREATE TABLE facts (id INTEGER NOT NULL, grp BIGINT, dt DATE, price DECIMAL(12, 2), mode VARCHAR(10), flag CHAR(3), note VARCHAR);
INSERT INTO facts
SELECT a.d * 10000 + b.d * 1000 + c.d * 100 + e.d * 10 + f.d + 1,
    CASE WHEN f.d = 9 THEN NULL ELSE CAST(b.d * 10 + c.d AS BIGINT) END,
    dy.dt,
    CAST(e.d * 10 + f.d AS DECIMAL(12, 2)) / 4,
    m.mode,
    m.flag,
    CASE WHEN c.d = 5 THEN NULL ELSE CAST(a.d * 10000 + b.d * 1000 + c.d * 100 + e.d * 10 + f.d AS VARCHAR) END
FROM digits a, digits b, digits c, digits e, digits f, modes m, days dy
WHERE a.d < 3 AND m.n = MOD(a.d * 10000 + b.d * 1000 + c.d * 100 + e.d * 10 + f.d, 7) AND dy.n = MOD(a.d * 10000 + b.d * 1000 + c.d * 100 + e.d * 10 + f.d, 11);
SELECT count(*), count(mode), count(flag), count(dt), count(grp), count(note), sum(price) FROM facts;
SELECT mode, count(*), sum(price), min(id), max(id) FROM facts WHERE mode = 'AIR' GROUP BY mode;
SELECT count(*), sum(id) FROM facts WHERE mode IN ('AIR', 'AIR REG', 'SHIP');
SELECT count(*), sum(id) FROM facts WHERE mode = 'SHIP ';
SELECT count(*), sum(id) FROM facts WHERE mode IN ('NONE', 'OTHER');
SELECT flag, count(*), sum(price) FROM facts WHERE flag = 'B' GROUP BY flag;
SELECT count(*) FROM facts WHERE flag IN ('A', 'C') AND mode = 'TRUCK';
SELECT count(*), min(note), max(note) FROM facts WHERE note = '12345';
SELECT count(*), sum(price) FROM facts WHERE id BETWEEN 1000 AND 1999 AND mode = 'RAIL';
SELECT count(*), sum(id) FROM facts WHERE id < 20 OR id > 29990;
SELECT count(*), sum(price) FROM facts WHERE grp >= 42 AND grp < 45;
SELECT count(*), sum(price) FROM facts WHERE grp IN (3, 77, 98, 1000);
SELECT count(*) FROM facts WHERE grp IS NOT NULL AND mode IS NOT NULL;
SELECT count(*), sum(id) FROM facts WHERE dt BETWEEN DATE '2024-01-01' AND DATE '2024-02-29';
SELECT count(*), sum(id) FROM facts WHERE dt > DATE '2024-06-30' AND price > 20;
SELECT count(*), sum(id) FROM facts WHERE price BETWEEN 5.25 AND 7.50 AND flag = 'A';
SELECT count(*), sum(id) FROM facts WHERE price < 0.5;
SELECT id, grp, dt, price, mode, flag, note FROM facts WHERE mode = 'MAIL' AND id > 29900 ORDER BY id;
-- deleted and changed rows are not read back
DELETE FROM facts WHERE MOD(id, 3) = 0 AND mode = 'AIR';
UPDATE facts SET mode = 'AIR' WHERE id BETWEEN 100 AND 200 AND mode = 'RAIL';
SELECT count(*), sum(id), sum(price) FROM facts WHERE mode = 'AIR';
SELECT count(*), sum(id) FROM facts WHERE mode = 'RAIL' AND id < 1000;
DELETE FROM facts WHERE note IS NULL AND grp BETWEEN 10 AND 19;
SELECT count(*), sum(price) FROM facts WHERE grp BETWEEN 5 AND 25;
-- joins whose build keeps few keys: the probe scan drops rows by the runtime filter of the join as it reads
CREATE TABLE picked (id INTEGER NOT NULL, label VARCHAR);
INSERT INTO picked VALUES (5, 'five'), (500, 'five hundred'), (12345, 'many'), (29999, 'last'), (3, 'deleted?'), (40000, 'none');
SELECT p.label, f.mode, f.price FROM facts f JOIN picked p ON f.id = p.id ORDER BY p.label;
SELECT count(*), sum(f.price) FROM facts f JOIN modes m ON f.mode = m.mode WHERE m.n IN (1, 5);
SELECT f.id, f.note FROM facts f JOIN picked p ON f.id = p.id WHERE f.mode IN ('RAIL', 'MAIL', 'TRUCK') ORDER BY f.id;
SELECT count(*) FROM facts f WHERE f.id IN (SELECT id FROM picked) AND f.dt IS NOT NULL;
-- a join on two keys: each integer key of its runtime filter is tested alone as the scan reads
CREATE TABLE pairs (id INTEGER NOT NULL, grp BIGINT, label VARCHAR);
INSERT INTO pairs VALUES (7, 6, 'seven'), (4321, 32, 'match'), (4321, 33, 'wrong group'), (29988, 99, 'group is null'), (15000, NULL, 'null key'), (20002, 0, 'zero');
SELECT p.label, f.id, f.grp, f.price FROM facts f JOIN pairs p ON f.id = p.id AND f.grp = p.grp ORDER BY p.label;
SELECT count(*), sum(f.price) FROM facts f WHERE EXISTS (SELECT 1 FROM pairs p WHERE p.id = f.id AND p.grp = f.grp);
-- a delete spread over every block: each block is read as its cached vectors with the live rows as a
-- selection, which every kind of consumer of a scan reads through (or copies, when it must)
DELETE FROM facts WHERE MOD(id, 97) = 0 OR MOD(id, 1009) = 5;
SELECT count(*), count(note), sum(id), sum(price), min(dt), max(dt) FROM facts;
SELECT id, grp, dt, price, mode, flag, note FROM facts WHERE id BETWEEN 9690 AND 9705 OR id BETWEEN 29090 AND 29105 ORDER BY id;
SELECT mode, flag, count(*), sum(price), min(note), max(note) FROM facts GROUP BY mode, flag ORDER BY mode, flag;
SELECT count(*), sum(price * 2 + id), sum(length(note)) FROM facts WHERE price > 3;
SELECT id, upper(mode) || '-' || coalesce(note, 'none') AS label, price / 2 FROM facts WHERE id < 400 AND MOD(id, 7) = 1 ORDER BY id;
SELECT count(DISTINCT mode), count(DISTINCT grp), count(DISTINCT note) FROM facts;
SELECT id, note FROM facts ORDER BY note DESC NULLS LAST, id LIMIT 12;
SELECT id, price, sum(price) OVER (PARTITION BY mode ORDER BY id ROWS BETWEEN 2 PRECEDING AND CURRENT ROW) AS running FROM facts WHERE id BETWEEN 960 AND 1000 ORDER BY id;
SELECT count(*), sum(id) FROM (SELECT id FROM facts WHERE mode = 'SHIP' UNION ALL SELECT id FROM facts WHERE flag = 'B') u;
SELECT p.label, f.id, f.mode FROM facts f JOIN picked p ON f.id = p.id ORDER BY p.label;
SELECT p.label, f.id, f.grp FROM facts f JOIN pairs p ON f.id = p.id AND f.grp = p.grp ORDER BY p.label;
SELECT count(*), sum(f.price) FROM facts f JOIN facts g ON f.id = g.id + 1 WHERE g.mode = 'RAIL';
SELECT m.mode, count(f.id) FROM modes m LEFT JOIN facts f ON f.mode = m.mode AND f.id < 200 GROUP BY m.mode ORDER BY m.mode;
SELECT count(*) FROM facts WHERE id IN (97, 194, 291, 388, 485, 582, 679, 776, 873, 970, 1067, 1164, 1261, 1358, 1455, 1552, 1649, 1746, 1843, 1940, 1, 2, 3);
DELETE FROM facts WHERE id IN (10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 97);
SELECT count(*), sum(id) FROM facts WHERE id <= 300;
DELETE FROM facts;
SELECT count(*), sum(price) FROM facts;
SELECT mode, count(*) FROM facts GROUP BY mode;
-- a long IN list of numbers compared with a date is refused (a string would be cast to a number)
-- error: must have compatible types
SELECT count(*) FROM days WHERE dt IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32, 33, -5, -6);
