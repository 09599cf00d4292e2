package io.signo.storage.tpcds;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The 99 TPC-DS queries with the specification's qualification substitution values, as 103
 * statements: the templates of queries 14, 23, 24 and 39 hold two statements each, run in order as
 * {@code q14a}, {@code q14b}, and so on. Each text is a resource {@code queries/<name>.sql}.
 *
 * <p>The texts are the qualification queries of CWI's tpcds-result-reproduction (the TPC-DS
 * templates with the qualification values substituted, checked against the kit's reference answers),
 * which differ from the kit's templates only for portability: the spec's alternative formulations
 * without {@code ROLLUP} and {@code GROUPING} (unions of the aggregation levels) for queries 5, 14a,
 * 18, 22, 27, 36, 67, 70, 77, 80 and 86; date arithmetic such as {@code + 30 days} replaced by the
 * computed literal date; {@code concat} for {@code ||}; and aliases with {@code AS}. Query 72
 * keeps the spec's {@code d1.d_date + 5} (a DATE plus a number of days); query 90 names its derived
 * table {@code at_} rather than {@code at}, a keyword in DuckDB. See {@code queries/README.md}.
 */
public final class TpcdsQueries
{
    private static final List<String> NAMES;

    static {
        List<String> names = new ArrayList<>();
        for (int number = 1; number <= 99; number++) {
            String name = String.format(Locale.ROOT, "q%02d", number);
            if (number == 14 || number == 23 || number == 24 || number == 39) {
                names.add(name + "a");
                names.add(name + "b");
            }
            else {
                names.add(name);
            }
        }
        NAMES = List.copyOf(names);
    }

    private TpcdsQueries() {}

    /** The 103 statement names in the order they run: q01 ... q13, q14a, q14b, q15 ... q99. */
    public static List<String> names()
    {
        return NAMES;
    }

    /** The text of statement {@code name} (see {@link #names()}), without a trailing semicolon. */
    public static String query(String name)
    {
        if (!NAMES.contains(name)) {
            throw new IllegalArgumentException("no TPC-DS query " + name + "; the names are q01 ... q99 with q14a, q14b, q23a, q23b, q24a, q24b, q39a, q39b");
        }
        String resource = "queries/" + name + ".sql";
        try (InputStream input = TpcdsQueries.class.getResourceAsStream(resource)) {
            if (input == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            String text = new String(input.readAllBytes(), StandardCharsets.UTF_8).strip();
            while (text.endsWith(";")) {
                text = text.substring(0, text.length() - 1).strip();
            }
            return text;
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }
}
