-- Tables with layouts (partitioned, replicated, sorted), joined with each other and written to:
-- the options place rows and change no answer, so DuckDB runs the statements without them.
CREATE TABLE fact (k BIGINT NOT NULL, d DATE, amount DECIMAL(12, 2), tag VARCHAR) WITH (partitioned_by = 'k', partitions = 6, sorted_by = 'd');
CREATE TABLE dim (k BIGINT NOT NULL, label VARCHAR(20)) WITH (replicated = true);
CREATE TABLE other (k BIGINT, qty INTEGER) WITH (partitioned_by = 'k', partitions = 6);
INSERT INTO fact VALUES
    (1, DATE '2024-03-05', 10.50, 'a'), (2, DATE '2024-01-17', 3.25, 'b'), (3, DATE '2024-02-01', 7.00, 'a'),
    (4, DATE '2024-05-30', 12.00, NULL), (5, DATE '2024-02-29', 0.99, 'b'), (6, NULL, 4.00, 'c'),
    (7, DATE '2024-04-01', NULL, 'a'), (8, DATE '2024-01-01', 100.00, 'c'), (1, DATE '2024-06-15', 2.50, 'b'),
    (2, DATE '2024-03-31', 8.75, 'a'), (9, DATE '2024-02-14', 15.10, 'b'), (10, DATE '2024-07-04', 6.60, 'c'),
    (11, DATE '2024-03-01', 9.99, 'a'), (12, DATE '2024-01-31', 1.00, NULL), (3, DATE '2024-04-20', 5.55, 'b');
INSERT INTO dim VALUES (1, 'one'), (2, 'two'), (3, 'three'), (5, 'five'), (8, 'eight'), (13, 'thirteen');
INSERT INTO other SELECT k, CAST(k * 2 AS INTEGER) FROM fact WHERE k < 8;
INSERT INTO other VALUES (NULL, 1), (20, 40);
SELECT f.k, label, amount FROM fact f JOIN dim USING (k) ORDER BY f.k, amount;
SELECT label, sum(amount), count(*) FROM fact JOIN dim USING (k) GROUP BY label ORDER BY label;
SELECT f.k, f.amount, o.qty FROM fact f LEFT JOIN other o ON f.k = o.k ORDER BY f.k, f.amount, o.qty;
SELECT count(*), sum(amount) FROM fact WHERE d BETWEEN DATE '2024-02-01' AND DATE '2024-03-31';
SELECT k, label FROM dim WHERE k NOT IN (SELECT k FROM fact) ORDER BY k;
SELECT k, amount FROM fact WHERE k IN (SELECT k FROM dim WHERE label LIKE 't%') ORDER BY k, amount;
-- rows that move to another partition, and changes to the replicated table
UPDATE fact SET k = k + 100 WHERE tag = 'b';
DELETE FROM dim WHERE k = 3;
UPDATE dim SET label = 'renamed' WHERE k = 2;
INSERT INTO dim VALUES (101, 'hundred and one'), (109, 'hundred and nine');
SELECT f.k, label, amount FROM fact f LEFT JOIN dim USING (k) ORDER BY f.k, amount;
SELECT k, count(*), sum(amount) FROM fact GROUP BY k ORDER BY k;
DELETE FROM fact WHERE amount < 2;
CREATE TABLE copy WITH (partitioned_by = 'k', partitions = 6) AS SELECT * FROM fact WHERE amount > 5;
SELECT count(*), sum(amount) FROM copy;
SELECT d.label, count(*), sum(c.amount) FROM copy c JOIN dim d ON c.k = d.k GROUP BY d.label ORDER BY d.label;
SELECT c.k, f.tag FROM copy c JOIN fact f ON c.k = f.k AND c.d = f.d ORDER BY c.k, f.tag;
CREATE TABLE spread AS SELECT k, tag FROM fact;
SELECT s.tag, count(*) FROM spread s JOIN dim USING (k) GROUP BY s.tag ORDER BY s.tag;
DROP TABLE copy;
ALTER TABLE dim RENAME TO dim2;
SELECT count(*), min(label) FROM dim2;
