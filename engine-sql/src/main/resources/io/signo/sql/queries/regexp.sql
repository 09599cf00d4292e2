-- REGEXP_MATCHES matches anywhere, REGEXP_FULL_MATCH the whole value; NULL values and empty strings
SELECT n_nationkey, REGEXP_MATCHES(n_name, 'AN'), REGEXP_MATCHES(n_name, '^[A-E]'), REGEXP_FULL_MATCH(n_name, '[A-Z]+A'), REGEXP_MATCHES(n_comment, 'final\s+(deposits|packages)'),
       REGEXP_MATCHES(CASE WHEN n_nationkey % 3 = 0 THEN NULL ELSE n_name END, 'A'), REGEXP_MATCHES('', n_name), REGEXP_MATCHES(n_name, ''), REGEXP_FULL_MATCH(SUBSTRING(n_name, 1, 0), '')
FROM nation
ORDER BY n_nationkey;

-- PostgreSQL's operators: ~ and ~* (case insensitive) match anywhere, !~ and !~* are their negations
SELECT n_nationkey, n_name ~ 'IA$', n_name ~* 'ia$', n_name !~ '^[AEIOU]', n_name !~* 'a', n_comment ~ '\bfurious', CASE WHEN n_nationkey % 4 = 0 THEN NULL ELSE n_name END ~ 'N'
FROM nation
ORDER BY n_nationkey;

SELECT count(*) FROM part WHERE p_name ~ '^(almond|antique) .*(green|blue)' AND p_type !~ 'BRASS$';

SELECT p_brand, count(*) FROM part WHERE REGEXP_MATCHES(p_container, '^(SM|LG) (CASE|BOX)$') GROUP BY p_brand ORDER BY p_brand;

-- options: 'i' case insensitive, 'c' case sensitive, the last one wins; 's' lets a dot match a newline, 'l' a literal pattern
SELECT n_nationkey, REGEXP_MATCHES(n_name, 'an', 'i'), REGEXP_MATCHES(n_name, 'an', 'ic'), REGEXP_MATCHES(n_name, 'an', 'ci'), REGEXP_FULL_MATCH(n_comment, '.*', 's'),
       REGEXP_MATCHES(n_name || '.', 'A.', 'l'), REGEXP_MATCHES(n_comment, 'FURIOUSLY|Express', 'i')
FROM nation
ORDER BY n_nationkey;

SELECT REGEXP_MATCHES('a
b', 'a.b'), REGEXP_MATCHES('a
b', 'a.b', 's'), REGEXP_MATCHES('a
b', 'a.b', 'sm'), REGEXP_MATCHES('a
b', '^b'), REGEXP_MATCHES('a
b', '(?m)^b');

-- text of several bytes per character: a dot is one character, classes and case folding know accents
SELECT n_nationkey, REGEXP_MATCHES(REPLACE(n_name, 'A', 'Ä'), '^.L'), REGEXP_EXTRACT(REPLACE(n_comment, 'e', 'é'), 'é(..)', 1), REGEXP_REPLACE(REPLACE(n_name, 'A', 'Ä'), 'ä', 'ae', 'gi'),
       REGEXP_FULL_MATCH(REPLACE(n_name, 'E', 'É'), '\pL+'), REGEXP_REPLACE(REPLACE(n_name, 'I', '✓'), '.', '-', 'g')
FROM nation
ORDER BY n_nationkey;

-- REGEXP_REPLACE replaces the first match, or every one with 'g'; \0 is the match, \1 to \9 its groups, \\ a backslash
SELECT n_nationkey, REGEXP_REPLACE(n_name, 'A', 'a'), REGEXP_REPLACE(n_name, 'A', 'a', 'g'), REGEXP_REPLACE(n_name, '([AEIOU])([^AEIOU])', '\2\1', 'g'),
       REGEXP_REPLACE(n_name, '^(.)(.*)$', '\2-\1'), REGEXP_REPLACE(n_name, 'X|Y|Z', '[\0]', 'g'), REGEXP_REPLACE(n_name, '(A)|(E)', '<\1|\2>', 'g'),
       REGEXP_REPLACE(n_name, 'a', '\\', 'gi'), REGEXP_REPLACE(n_name, 'N', '$1')
FROM nation
ORDER BY n_nationkey;

-- empty matches: after a match, the next empty one is skipped, as RE2 does
SELECT n_nationkey, REGEXP_REPLACE(n_name, 'x*', '-', 'g'), REGEXP_REPLACE(n_name, 'x*', '-'), REGEXP_REPLACE(n_name, 'A*', '-', 'g'), REGEXP_REPLACE(n_name, '', '.', 'g'),
       REGEXP_REPLACE(SUBSTRING(n_name, 1, 0), 'x*', '-', 'g'), REGEXP_REPLACE(SUBSTRING(n_name, 1, 0), 'x', '-', 'g')
FROM nation
ORDER BY n_nationkey;

SELECT REGEXP_REPLACE(o_comment, '\s+', ' ', 'g') AS spaced, count(*) FROM orders WHERE o_orderkey < 200 GROUP BY spaced ORDER BY spaced LIMIT 20;

-- REGEXP_EXTRACT: the match or a group of it; '' when nothing matches or the group took no part
SELECT c_custkey, REGEXP_EXTRACT(c_phone, '^(\d+)-(\d+)', 2), REGEXP_EXTRACT(c_phone, '\d+'), REGEXP_EXTRACT(c_name, 'Customer#0*(\d+)', 1), REGEXP_EXTRACT(c_address, 'zzz'),
       REGEXP_EXTRACT(c_mktsegment, '(X)?(BUILDING|MACHINERY)', 1), REGEXP_EXTRACT(c_mktsegment, 'building', 0, 'i'), REGEXP_EXTRACT(c_mktsegment, 'building', 'i'),
       REGEXP_EXTRACT(CASE WHEN c_custkey % 3 = 0 THEN NULL ELSE c_comment END, '[a-z]+ly')
FROM customer
WHERE c_custkey < 30
ORDER BY c_custkey;

SELECT REGEXP_EXTRACT(o_clerk, '#0*(\d+)$', 1) AS clerk, count(*) FROM orders WHERE REGEXP_MATCHES(o_orderpriority, '^[12]-') GROUP BY clerk ORDER BY 2 DESC, 1 LIMIT 10;

-- patterns and replacements from a column
SELECT n_nationkey, REGEXP_MATCHES(n_comment, LOWER(SUBSTRING(n_name, 1, 2))), REGEXP_REPLACE(n_name, SUBSTRING(n_name, 2, 1), r_name), REGEXP_EXTRACT(n_comment, SUBSTRING(n_comment, 3, 4)),
       n_name ~ CASE WHEN n_nationkey % 2 = 0 THEN 'A' ELSE NULL END
FROM nation JOIN region ON n_regionkey = r_regionkey
ORDER BY n_nationkey;

-- SIMILAR TO matches the whole value; here with patterns that read the same as a regular expression
SELECT n_nationkey, n_name SIMILAR TO '(ALGERIA|BRAZIL|CHINA)', n_name SIMILAR TO '[A-F][A-Z]+', n_name NOT SIMILAR TO '[A-Z]*(IA|NA)', n_name SIMILAR TO 'A', n_name SIMILAR TO '(UNITED )?[A-Z]+'
FROM nation
ORDER BY n_nationkey;

-- constants and NULLs; a literal's trailing spaces count
SELECT REGEXP_REPLACE('a b', ' ', '  '), REGEXP_MATCHES('ab', 'b '), REGEXP_FULL_MATCH('b ', 'b '), 'a ' ~ ' $', 'a ' SIMILAR TO 'a ', REGEXP_EXTRACT('x  y', ' +'),
       REGEXP_MATCHES('abc', 'B', 'i'), REGEXP_FULL_MATCH('ab', 'a|ab'), REGEXP_REPLACE('abc', '(b)', '[\1\0\\]'), REGEXP_REPLACE('ééé', 'é', 'e', 'g'), REGEXP_REPLACE('aéb', '', '-', 'g'),
       REGEXP_EXTRACT('abc', 'b(c)', 2), REGEXP_EXTRACT('abc', '(?P<x>b)', 1), REGEXP_MATCHES(CAST(NULL AS VARCHAR), 'a'), REGEXP_MATCHES('a', CAST(NULL AS VARCHAR)),
       REGEXP_REPLACE('a', 'a', CAST(NULL AS VARCHAR)), 'abc' ~ CAST(NULL AS VARCHAR), REGEXP_EXTRACT(CAST(NULL AS VARCHAR), 'b'), '' ~ '', 'x' !~ '';
