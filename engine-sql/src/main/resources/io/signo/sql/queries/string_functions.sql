-- CONCAT skips NULLs (never NULL itself), unlike ||; numbers are written out
SELECT n_nationkey, CONCAT(n_name, ' in ', r_name), CONCAT(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END, '-', CASE WHEN n_nationkey % 2 = 0 THEN NULL ELSE r_name END),
       CONCAT(CAST(NULL AS VARCHAR), CAST(NULL AS VARCHAR)), CONCAT('a', 1, 2.5), CONCAT(n_name)
FROM nation JOIN region ON n_regionkey = r_regionkey
ORDER BY n_nationkey;

-- POSITION and STRPOS count characters, also after characters of several bytes
SELECT n_nationkey, POSITION('a' IN n_comment), STRPOS(n_comment, 'the'), STRPOS(REPLACE(n_comment, 'e', 'é'), 'a'), POSITION('ä' IN REPLACE(n_comment, 'a', 'ä')),
       STRPOS(n_name, ''), STRPOS(n_name, 'ZZ'), STRPOS(CASE WHEN n_nationkey % 4 = 0 THEN NULL ELSE n_name END, 'A')
FROM nation
ORDER BY n_nationkey;

SELECT p_type, count(*) FROM part WHERE STRPOS(p_type, 'BRASS') > 0 AND POSITION('STANDARD' IN p_type) = 1 GROUP BY p_type ORDER BY p_type;

-- LTRIM and RTRIM of spaces and of a set of characters, STARTS_WITH
SELECT n_nationkey, LTRIM(n_comment, 'abcdefghijklm '), RTRIM(n_comment, '.s '), LTRIM(CONCAT('  ', n_name, '  ')), RTRIM(CONCAT('  ', n_name, '  ')),
       LTRIM(REPLACE(n_name, 'A', 'é'), 'é'), STARTS_WITH(n_name, 'I'), STARTS_WITH(n_comment, ''), STARTS_WITH(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END, 'C')
FROM nation
ORDER BY n_nationkey;

SELECT count(*) FROM customer WHERE STARTS_WITH(c_phone, '1') OR STARTS_WITH(c_phone, '25-');

-- LPAD and RPAD pad with a fill repeated, or cut a longer value to the length; the length may come from a column
SELECT n_nationkey, LPAD(n_name, 12, '.'), RPAD(n_name, 12, 'xé'), LPAD(n_name, 3, '*'), RPAD(n_name, CAST(n_regionkey + 4 AS INTEGER), '-'), LPAD(REPLACE(n_name, 'A', 'ä'), 10, '~'),
       LPAD(n_name, -1, 'x'), RPAD(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END, 9, '+'), LPAD(n_name, 2, '')
FROM nation
ORDER BY n_nationkey;

-- LEFT and RIGHT, negative counts dropping characters from the other end
SELECT p_partkey, LEFT(p_name, 5), RIGHT(p_name, 6), LEFT(p_name, -10), RIGHT(p_name, -20), LEFT(p_container, 0), RIGHT(REPLACE(p_name, 'e', 'ê'), 4),
       LEFT(p_name, p_size), LEFT(CASE WHEN p_partkey % 3 = 0 THEN NULL ELSE p_type END, 3)
FROM part
WHERE p_partkey < 30
ORDER BY p_partkey;

-- SPLIT_PART from the start and from the end, past the last part, with a delimiter of several characters and an empty one
SELECT c_custkey, SPLIT_PART(c_phone, '-', 1), SPLIT_PART(c_phone, '-', 4), SPLIT_PART(c_phone, '-', -1), SPLIT_PART(c_phone, '-', 5), SPLIT_PART(c_phone, '-', -5),
       SPLIT_PART(c_phone, '-', 0), SPLIT_PART(c_name, '#0000', 2), SPLIT_PART(c_name, '', 3), SPLIT_PART(c_name, '', -2), SPLIT_PART(c_address, ',', 2),
       SPLIT_PART(REPLACE(c_mktsegment, 'U', 'ü'), 'ü', 1)
FROM customer
WHERE c_custkey < 30
ORDER BY c_custkey;

SELECT SPLIT_PART(o_clerk, '#', 2), count(*) FROM orders WHERE SPLIT_PART(o_orderpriority, '-', 2) = 'URGENT' GROUP BY SPLIT_PART(o_clerk, '#', 2) ORDER BY 2 DESC, 1 LIMIT 10;

-- REVERSE by characters
SELECT n_nationkey, REVERSE(n_name), REVERSE(REPLACE(n_comment, 'a', 'ä')), REVERSE(''), REVERSE(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END)
FROM nation
ORDER BY n_nationkey;

-- ILIKE compares in lower case, non-ASCII letters included; NOT ILIKE
SELECT n_nationkey, n_name ILIKE 'a%', n_name ILIKE '%AN%', n_name NOT ILIKE '%a%', REPLACE(n_name, 'A', 'É') ILIKE '%é%', n_comment ILIKE '%THE%'
FROM nation
ORDER BY n_nationkey;

SELECT count(*) FROM part WHERE p_name ILIKE '%GREEN%' AND p_type NOT ILIKE '%brass';

-- constants and NULLs
SELECT CONCAT('a', NULL, 'b'), STRPOS('xéé', 'é'), POSITION('' IN ''), LTRIM('xxaxx', 'x'), RTRIM('  a  '), LPAD('abc', 5, 'xy'), RPAD('ab', 6, 'é'),
       SPLIT_PART('a,b,c', ',', -1), SPLIT_PART('abc', '', 2), REVERSE('héllo'), LEFT('héllo', 2), RIGHT('héllo', -1), STARTS_WITH('héllo', 'hé'),
       LPAD(NULL, 3, 'x'), LEFT(CAST(NULL AS VARCHAR), 1), SPLIT_PART('a', NULL, 1), 'ÉTÉ' ILIKE 'été', 'a_c' ILIKE 'A\_C' ESCAPE '\';

-- a string literal is a VARCHAR that keeps its trailing spaces (the fuzzer's LENGTH(' x ') was 2), also through CASE, COALESCE, IN, UNION and
-- a CHAR column it is compared with or mixed into
SELECT LENGTH(' x '), POSITION(' x ' IN ' y x z'), ' x ' || '|', 'a ' = 'a', 'a ' IN ('a', 'b'), 'a' IN ('a ', 'b'), COALESCE(NULL, 'x ') || '|',
       CHAR_LENGTH('  '), REVERSE('ab '), LENGTH(CAST(NULL AS VARCHAR)), LENGTH('');

SELECT n_nationkey, CASE WHEN n_nationkey > 3 THEN 'a' ELSE 'abc' END || 'x', CASE WHEN n_nationkey > 2 THEN 'a ' ELSE n_name END || '|',
       POSITION(' x ' IN n_comment), STRPOS(n_comment, 'the '), n_name = 'GERMANY', n_name IN ('FRANCE', 'PERU'), n_name || '|'
FROM nation
ORDER BY n_nationkey;

SELECT x || '|', LENGTH(x) FROM (SELECT 'a ' AS x UNION ALL SELECT 'abc' UNION ALL SELECT '' UNION ALL SELECT NULL) t ORDER BY 1;

SELECT c_custkey, c_mktsegment FROM customer WHERE c_mktsegment IN ('BUILDING', 'MACHINERY') AND c_custkey < 40 AND c_phone > '2' ORDER BY c_custkey;
