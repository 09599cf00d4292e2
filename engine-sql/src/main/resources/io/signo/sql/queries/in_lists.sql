-- IN lists of 20 or more number literals are converted straight into one point set (LiteralInLists);
-- these compare them with DuckDB on columns of every numeric type, negated, with NULLs and in every clause

-- a BIGINT key against integer literals
SELECT count(*), sum(l_quantity) FROM lineitem WHERE l_orderkey IN (1, 8, 15, 22, 29, 36, 43, 50, 57, 64, 71, 78, 85, 92, 99, 106, 113, 120, 127, 134, 141, 148, 155, 162, 169, 176, 183, 190, 197, 204, 211, 218, 225, 232, 239, 246, 253, 260, 267, 274, 281, 288, 295, 302, 309, 316, 323, 330, 337, 344, 351, 358, 365, 372, 379, 386, 393, 400, 407, 414, 421, 428, 435, 442, 449, 456, 463, 470, 477, 484, 491, 498, 505, 512, 519, 526, 533, 540, 547, 554, 561, 568, 575, 582, 589, 596);

-- NOT IN of the same list
SELECT count(*), sum(l_quantity) FROM lineitem WHERE l_orderkey NOT IN (1, 8, 15, 22, 29, 36, 43, 50, 57, 64, 71, 78, 85, 92, 99, 106, 113, 120, 127, 134, 141, 148, 155, 162, 169, 176, 183, 190, 197, 204, 211, 218, 225, 232, 239, 246, 253, 260, 267, 274, 281, 288, 295, 302, 309, 316, 323, 330, 337, 344, 351, 358, 365, 372, 379, 386, 393, 400, 407, 414, 421, 428, 435, 442, 449, 456, 463, 470, 477, 484, 491, 498, 505, 512, 519, 526, 533, 540, 547, 554, 561, 568, 575, 582, 589, 596);

-- an INTEGER column, with literals beyond its range and duplicates
SELECT p_size, count(*) FROM part
WHERE p_size IN (1, 3, 5, 7, 9, 11, 13, 15, 17, 19, 21, 23, 25, 27, 29, 31, 33, 35, 37, 39, 41, 43, 45, 47, 49, 3, 5, 3000000000, 9223372036854775807)
GROUP BY p_size ORDER BY p_size;

-- a DECIMAL column against integer and decimal literals (1.50 equals 1.5; 2.25 matches no quantity)
SELECT l_quantity, count(*) FROM lineitem
WHERE l_quantity IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 1.50, 2.25, 30.0, 31.00)
GROUP BY l_quantity ORDER BY l_quantity;

-- a DECIMAL price against decimals of more scale than the column
SELECT count(*) FROM lineitem
WHERE l_discount IN (0.01, 0.02, 0.03, 0.04, 0.041, 0.05, 0.051, 0.06, 0.07, 0.08, 0.09, 0.1, 0.101, 0.11, 0.111, 0.12, 0.13, 0.131, 0.14, 0.15, 0.151);

-- a DOUBLE value
SELECT count(*) FROM part
WHERE CAST(p_size AS DOUBLE) IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 2.5, 1e1, 4.0e0);

-- a nullable value: NULL IN (...) is NULL, NULL NOT IN (...) is NULL
SELECT o_orderkey, x IN (1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190, 193, 196, 199) AS is_in, x NOT IN (1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190, 193, 196, 199) AS is_not_in
FROM (SELECT o_orderkey, CASE WHEN o_orderkey % 3 = 0 THEN NULL ELSE o_orderkey END AS x FROM orders WHERE o_orderkey < 100) AS t
ORDER BY o_orderkey;

-- in the select list, a CASE, an OR and a HAVING
SELECT c_nationkey,
       count(CASE WHEN c_custkey IN (1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190, 193, 196, 199) THEN 1 END) AS listed,
       sum(CASE WHEN c_custkey NOT IN (1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190, 193, 196, 199) OR c_acctbal < 0 THEN 1 ELSE 0 END) AS others
FROM customer
GROUP BY c_nationkey
HAVING c_nationkey IN (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22)
ORDER BY c_nationkey;

-- NOT around the list, and a list inside a sub-query
SELECT count(*) FROM orders
WHERE NOT (o_orderkey IN (1, 4, 7, 10, 13, 16, 19, 22, 25, 28, 31, 34, 37, 40, 43, 46, 49, 52, 55, 58, 61, 64, 67, 70, 73, 76, 79, 82, 85, 88, 91, 94, 97, 100, 103, 106, 109, 112, 115, 118, 121, 124, 127, 130, 133, 136, 139, 142, 145, 148, 151, 154, 157, 160, 163, 166, 169, 172, 175, 178, 181, 184, 187, 190, 193, 196, 199))
  AND o_custkey IN (SELECT c_custkey FROM customer WHERE c_custkey IN (1, 8, 15, 22, 29, 36, 43, 50, 57, 64, 71, 78, 85, 92, 99, 106, 113, 120, 127, 134, 141, 148, 155, 162, 169, 176, 183, 190, 197, 204, 211, 218, 225, 232, 239, 246, 253, 260, 267, 274, 281, 288, 295, 302, 309, 316, 323, 330, 337, 344, 351, 358, 365, 372, 379, 386, 393, 400, 407, 414, 421, 428, 435, 442, 449, 456, 463, 470, 477, 484, 491, 498, 505, 512, 519, 526, 533, 540, 547, 554, 561, 568, 575, 582, 589, 596));

-- nothing matches: an empty result and a count of zero
SELECT o_orderkey FROM orders WHERE o_orderkey IN (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62);

SELECT count(*) FROM orders WHERE o_orderkey IN (2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62);

-- a list with a NULL stays Calcite's: x NOT IN (..., NULL) is never true
SELECT count(*) FROM orders
WHERE o_orderkey NOT IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, NULL);

-- a list with an expression among the literals stays Calcite's too
SELECT count(*) FROM orders
WHERE o_orderkey IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32 + 1, -34);

-- two IN lists of the same column grouped by: each keeps its own values
SELECT o_orderkey IN (1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 64, 65, 66, 67, 68, 69) AS first_list,
       o_orderkey IN (1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 64, 65, 66, 67, 68, 70) AS second_list,
       count(*)
FROM orders
GROUP BY o_orderkey IN (1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 64, 65, 66, 67, 68, 69),
         o_orderkey IN (1, 2, 3, 4, 5, 6, 7, 32, 33, 34, 35, 36, 37, 38, 39, 64, 65, 66, 67, 68, 70)
ORDER BY 1, 2;


-- a string value is cast to the literals' type, as DuckDB compares it
SELECT count(*), sum(o_totalprice) FROM orders WHERE CAST(o_orderkey AS VARCHAR) IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32, 33, -5, -6);

-- fails: INVALID_CAST
SELECT count(*) FROM orders WHERE o_orderstatus IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32, 33, -5, -6);

-- in a join's condition and in ORDER BY, with negative literals
SELECT c.c_custkey, count(*) FROM orders o JOIN customer c ON o.o_custkey = c.c_custkey AND c.c_custkey IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32, 33, -5, -6)
GROUP BY c.c_custkey ORDER BY c.c_custkey;

SELECT o_orderkey, o_orderkey IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32, 33, -5, -6) AS listed FROM orders WHERE o_orderkey < 40
ORDER BY o_orderkey NOT IN (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 32, 33, -5, -6), o_orderkey;
