-- views: created, read, joined, replaced and dropped

CREATE TABLE sales AS SELECT * FROM (VALUES (1, 'east', 10.00), (2, 'west', 20.50), (3, 'east', 5.25), (4, 'north', NULL)) AS v(id, region, amount);

-- signo: CREATE VIEW
CREATE VIEW by_region AS SELECT region, sum(amount) AS total, count(*) AS n FROM sales GROUP BY region;

SELECT * FROM by_region ORDER BY region;

SELECT r.region, r.total, s.id FROM by_region r JOIN sales s ON s.region = r.region WHERE r.n > 1 ORDER BY s.id;

INSERT INTO sales VALUES (5, 'west', 1.00);

SELECT * FROM by_region WHERE region = 'west';

-- signo: CREATE VIEW
CREATE OR REPLACE VIEW by_region AS SELECT region, max(amount) AS top FROM sales GROUP BY region;

SELECT * FROM by_region ORDER BY region;

-- signo: CREATE VIEW
CREATE VIEW named (r, t) AS SELECT region, amount FROM sales WHERE amount > 5;

SELECT r, t FROM named ORDER BY t;

CREATE TABLE from_view AS SELECT * FROM named;

SELECT count(*), sum(t) FROM from_view;

-- signo: DROP VIEW
DROP VIEW named;

-- signo: DROP VIEW
DROP VIEW IF EXISTS named;
