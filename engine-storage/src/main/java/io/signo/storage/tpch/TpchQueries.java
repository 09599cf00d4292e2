package io.signo.storage.tpch;

import io.trino.tpch.Distribution;
import io.trino.tpch.Distributions;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.charset.StandardCharsets;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.random.RandomGenerator;

import static java.util.Objects.requireNonNull;

/**
 * The 22 TPC-H queries. Each text is a resource {@code queries/qNN.sql} with {@code ${name}}
 * placeholders for the spec's substitution parameters; this class fills them either with the
 * spec's validation values (TPC-H 2.18, clause 2.4.x.3 "Query Validation") or with values drawn
 * as clause 2.4.x.3 defines for each query. The value lists (nations, regions, types, containers,
 * segments, ship modes, colors) are the generator's own distributions, so they match the data.
 *
 * <p>Differences from the spec text, so that Calcite and DuckDB both parse every query: Q15 uses
 * {@code with revenue0 as (...)} instead of a view, row limits are {@code limit n}, intervals have
 * no precision suffix, and Q11's output column {@code value} is quoted (a reserved word).
 */
public final class TpchQueries
{
    public static final int QUERY_COUNT = 22;

    private static final LocalDate FIRST_YEAR = LocalDate.of(1993, 1, 1);
    private static final int YEARS = 5;
    private static final List<String> Q13_WORD1 = List.of("special", "pending", "unusual", "express");
    private static final List<String> Q13_WORD2 = List.of("packages", "requests", "accounts", "deposits");

    private static final Distribution NATIONS;
    private static final List<String> REGIONS;
    private static final List<String> TYPES;
    private static final List<String> TYPE_SYLLABLE_3;
    private static final List<String> CONTAINERS;
    private static final List<String> SEGMENTS;
    private static final List<String> SHIP_MODES;
    private static final List<String> COLORS;

    static {
        Distributions distributions = Distributions.getDefaultDistributions();
        NATIONS = distributions.getNations();
        REGIONS = distributions.getRegions().getValues();
        TYPES = distributions.getPartTypes().getValues();
        Set<String> lastSyllables = new LinkedHashSet<>();
        for (String type : TYPES) {
            lastSyllables.add(type.substring(type.lastIndexOf(' ') + 1));
        }
        TYPE_SYLLABLE_3 = List.copyOf(lastSyllables);
        CONTAINERS = distributions.getPartContainers().getValues();
        SEGMENTS = distributions.getMarketSegments().getValues();
        SHIP_MODES = distributions.getShipModes().getValues();
        COLORS = distributions.getPartColors().getValues();
    }

    private TpchQueries() {}

    /** Query {@code number} (1 to 22) with the spec's validation parameters. */
    public static String query(int number)
    {
        return substitute(template(number), validationParameters(number));
    }

    /** Query {@code number} with parameters drawn from {@code random} as the spec defines, for scale factor 1. */
    public static String query(int number, RandomGenerator random)
    {
        return query(number, random, 1);
    }

    /**
     * Query {@code number} with parameters drawn from {@code random} as the spec defines; the scale
     * factor matters only to Q11, whose FRACTION is 0.0001 / SF.
     */
    public static String query(int number, RandomGenerator random, double scaleFactor)
    {
        return substitute(template(number), randomParameters(number, random, scaleFactor));
    }

    /** The query text with its {@code ${name}} placeholders. */
    public static String template(int number)
    {
        checkNumber(number);
        String resource = String.format("queries/q%02d.sql", number);
        try (InputStream input = TpchQueries.class.getResourceAsStream(resource)) {
            if (input == null) {
                throw new IllegalStateException("missing resource " + resource);
            }
            return new String(input.readAllBytes(), StandardCharsets.UTF_8).strip();
        }
        catch (IOException e) {
            throw new UncheckedIOException("cannot read " + resource, e);
        }
    }

    /** The spec's validation parameters of query {@code number}, by placeholder name. */
    public static Map<String, String> validationParameters(int number)
    {
        checkNumber(number);
        Map<String, String> parameters = new LinkedHashMap<>();
        switch (number) {
            case 1 -> parameters.put("delta", "90");
            case 2 -> {
                parameters.put("size", "15");
                parameters.put("type", "BRASS");
                parameters.put("region", "EUROPE");
            }
            case 3 -> {
                parameters.put("segment", "BUILDING");
                parameters.put("date", "1995-03-15");
            }
            case 4 -> parameters.put("date", "1993-07-01");
            case 5 -> {
                parameters.put("region", "ASIA");
                parameters.put("date", "1994-01-01");
            }
            case 6 -> {
                parameters.put("date", "1994-01-01");
                parameters.put("discount", "0.06");
                parameters.put("quantity", "24");
            }
            case 7 -> {
                parameters.put("nation1", "FRANCE");
                parameters.put("nation2", "GERMANY");
            }
            case 8 -> {
                parameters.put("nation", "BRAZIL");
                parameters.put("region", "AMERICA");
                parameters.put("type", "ECONOMY ANODIZED STEEL");
            }
            case 9 -> parameters.put("color", "green");
            case 10 -> parameters.put("date", "1993-10-01");
            case 11 -> {
                parameters.put("nation", "GERMANY");
                parameters.put("fraction", "0.0001");
            }
            case 12 -> {
                parameters.put("shipmode1", "MAIL");
                parameters.put("shipmode2", "SHIP");
                parameters.put("date", "1994-01-01");
            }
            case 13 -> {
                parameters.put("word1", "special");
                parameters.put("word2", "requests");
            }
            case 14 -> parameters.put("date", "1995-09-01");
            case 15 -> parameters.put("date", "1996-01-01");
            case 16 -> {
                parameters.put("brand", "Brand#45");
                parameters.put("type", "MEDIUM POLISHED");
                putAll(parameters, "size", List.of("49", "14", "23", "45", "19", "3", "36", "9"));
            }
            case 17 -> {
                parameters.put("brand", "Brand#23");
                parameters.put("container", "MED BOX");
            }
            case 18 -> parameters.put("quantity", "300");
            case 19 -> {
                parameters.put("quantity1", "1");
                parameters.put("quantity2", "10");
                parameters.put("quantity3", "20");
                parameters.put("brand1", "Brand#12");
                parameters.put("brand2", "Brand#23");
                parameters.put("brand3", "Brand#34");
            }
            case 20 -> {
                parameters.put("color", "forest");
                parameters.put("date", "1994-01-01");
                parameters.put("nation", "CANADA");
            }
            case 21 -> parameters.put("nation", "SAUDI ARABIA");
            case 22 -> putAll(parameters, "i", List.of("13", "31", "23", "29", "30", "18", "17"));
            default -> throw new IllegalStateException("unreachable");
        }
        return parameters;
    }

    /** Parameters of query {@code number} drawn from {@code random} within the spec's domains, by placeholder name. */
    public static Map<String, String> randomParameters(int number, RandomGenerator random, double scaleFactor)
    {
        checkNumber(number);
        requireNonNull(random, "random is null");
        if (!(scaleFactor > 0)) {
            throw new IllegalArgumentException("scaleFactor must be positive: " + scaleFactor);
        }
        Map<String, String> parameters = new LinkedHashMap<>();
        switch (number) {
            case 1 -> parameters.put("delta", Integer.toString(random.nextInt(60, 121)));
            case 2 -> {
                parameters.put("size", Integer.toString(random.nextInt(1, 51)));
                parameters.put("type", pick(TYPE_SYLLABLE_3, random));
                parameters.put("region", pick(REGIONS, random));
            }
            case 3 -> {
                parameters.put("segment", pick(SEGMENTS, random));
                parameters.put("date", LocalDate.of(1995, 3, 1).plusDays(random.nextInt(31)).toString());
            }
            // first day of a month between January 1993 and October 1997
            case 4, 15 -> parameters.put("date", FIRST_YEAR.plusMonths(random.nextInt(58)).toString());
            case 5 -> {
                parameters.put("region", pick(REGIONS, random));
                parameters.put("date", randomYear(random));
            }
            case 6 -> {
                parameters.put("date", randomYear(random));
                parameters.put("discount", "0.0" + random.nextInt(2, 10));
                parameters.put("quantity", Integer.toString(random.nextInt(24, 26)));
            }
            case 7 -> {
                List<String> nations = distinct(NATIONS.getValues(), 2, random);
                parameters.put("nation1", nations.get(0));
                parameters.put("nation2", nations.get(1));
            }
            case 8 -> {
                int nation = random.nextInt(NATIONS.size());
                parameters.put("nation", NATIONS.getValue(nation));
                // the nations distribution's weight is the nation's region key
                parameters.put("region", REGIONS.get(NATIONS.getWeight(nation)));
                parameters.put("type", pick(TYPES, random));
            }
            case 9 -> parameters.put("color", pick(COLORS, random));
            // first day of a month between February 1993 and January 1995
            case 10 -> parameters.put("date", LocalDate.of(1993, 2, 1).plusMonths(random.nextInt(24)).toString());
            case 11 -> {
                parameters.put("nation", pick(NATIONS.getValues(), random));
                BigDecimal fraction = new BigDecimal("0.0001").divide(BigDecimal.valueOf(scaleFactor), MathContext.DECIMAL64);
                parameters.put("fraction", fraction.stripTrailingZeros().toPlainString());
            }
            case 12 -> {
                List<String> modes = distinct(SHIP_MODES, 2, random);
                parameters.put("shipmode1", modes.get(0));
                parameters.put("shipmode2", modes.get(1));
                parameters.put("date", randomYear(random));
            }
            case 13 -> {
                parameters.put("word1", pick(Q13_WORD1, random));
                parameters.put("word2", pick(Q13_WORD2, random));
            }
            // first day of a month of a year within 1993 to 1997
            case 14 -> parameters.put("date", FIRST_YEAR.plusMonths(random.nextInt(YEARS * 12)).toString());
            case 16 -> {
                parameters.put("brand", randomBrand(random));
                String type = pick(TYPES, random);
                parameters.put("type", type.substring(0, type.lastIndexOf(' ')));
                putAll(parameters, "size", distinct(range(1, 50), 8, random));
            }
            case 17 -> {
                parameters.put("brand", randomBrand(random));
                parameters.put("container", pick(CONTAINERS, random));
            }
            case 18 -> parameters.put("quantity", Integer.toString(random.nextInt(312, 316)));
            case 19 -> {
                parameters.put("quantity1", Integer.toString(random.nextInt(1, 11)));
                parameters.put("quantity2", Integer.toString(random.nextInt(10, 21)));
                parameters.put("quantity3", Integer.toString(random.nextInt(20, 31)));
                parameters.put("brand1", randomBrand(random));
                parameters.put("brand2", randomBrand(random));
                parameters.put("brand3", randomBrand(random));
            }
            case 20 -> {
                parameters.put("color", pick(COLORS, random));
                parameters.put("date", randomYear(random));
                parameters.put("nation", pick(NATIONS.getValues(), random));
            }
            case 21 -> parameters.put("nation", pick(NATIONS.getValues(), random));
            // country codes are nation keys plus 10
            case 22 -> putAll(parameters, "i", distinct(range(10, 34), 7, random));
            default -> throw new IllegalStateException("unreachable");
        }
        return parameters;
    }

    /**
     * Replaces every {@code ${name}} in {@code template}; fails on a placeholder without a value and
     * on a value without a placeholder, so a typo cannot leave a query half substituted.
     */
    public static String substitute(String template, Map<String, String> parameters)
    {
        StringBuilder result = new StringBuilder(template.length() + 64);
        Set<String> used = new LinkedHashSet<>();
        int position = 0;
        while (true) {
            int start = template.indexOf("${", position);
            if (start < 0) {
                break;
            }
            int end = template.indexOf('}', start);
            if (end < 0) {
                throw new IllegalArgumentException("unterminated placeholder at offset " + start);
            }
            String name = template.substring(start + 2, end);
            String value = parameters.get(name);
            if (value == null) {
                throw new IllegalArgumentException("no value for placeholder ${" + name + "}");
            }
            result.append(template, position, start).append(value);
            used.add(name);
            position = end + 1;
        }
        result.append(template, position, template.length());
        if (!used.equals(parameters.keySet())) {
            Set<String> unused = new LinkedHashSet<>(parameters.keySet());
            unused.removeAll(used);
            throw new IllegalArgumentException("parameters without a placeholder: " + unused);
        }
        return result.toString();
    }

    private static void checkNumber(int number)
    {
        if (number < 1 || number > QUERY_COUNT) {
            throw new IllegalArgumentException("TPC-H query number must be 1 to 22: " + number);
        }
    }

    private static void putAll(Map<String, String> parameters, String prefix, List<String> values)
    {
        for (int i = 0; i < values.size(); i++) {
            parameters.put(prefix + (i + 1), values.get(i));
        }
    }

    private static String pick(List<String> values, RandomGenerator random)
    {
        return values.get(random.nextInt(values.size()));
    }

    /** January 1st of a year within 1993 to 1997. */
    private static String randomYear(RandomGenerator random)
    {
        return FIRST_YEAR.plusYears(random.nextInt(YEARS)).toString();
    }

    /** 'Brand#MN' with M and N drawn independently within 1 to 5. */
    private static String randomBrand(RandomGenerator random)
    {
        return "Brand#" + random.nextInt(1, 6) + random.nextInt(1, 6);
    }

    private static List<String> range(int first, int last)
    {
        List<String> values = new ArrayList<>();
        for (int value = first; value <= last; value++) {
            values.add(Integer.toString(value));
        }
        return values;
    }

    /** {@code count} different values of {@code values}, in the order drawn. */
    private static List<String> distinct(List<String> values, int count, RandomGenerator random)
    {
        List<String> remaining = new ArrayList<>(values);
        List<String> chosen = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            chosen.add(remaining.remove(random.nextInt(remaining.size())));
        }
        return chosen;
    }
}
