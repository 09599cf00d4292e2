package io.signo.storage.tpch;

import org.junit.jupiter.api.Test;

import java.time.LocalDate;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TpchQueriesTest
{
    private static final Set<String> NATIONS = Set.of("ALGERIA", "ARGENTINA", "BRAZIL", "CANADA", "EGYPT", "ETHIOPIA", "FRANCE",
            "GERMANY", "INDIA", "INDONESIA", "IRAN", "IRAQ", "JAPAN", "JORDAN", "KENYA", "MOROCCO", "MOZAMBIQUE", "PERU", "CHINA",
            "ROMANIA", "SAUDI ARABIA", "VIETNAM", "RUSSIA", "UNITED KINGDOM", "UNITED STATES");
    private static final Set<String> REGIONS = Set.of("AFRICA", "AMERICA", "ASIA", "EUROPE", "MIDDLE EAST");
    private static final Set<String> SHIP_MODES = Set.of("REG AIR", "AIR", "RAIL", "SHIP", "TRUCK", "MAIL", "FOB");
    private static final Set<String> SEGMENTS = Set.of("AUTOMOBILE", "BUILDING", "FURNITURE", "MACHINERY", "HOUSEHOLD");
    private static final Set<String> SYLLABLE_1 = Set.of("STANDARD", "SMALL", "MEDIUM", "LARGE", "ECONOMY", "PROMO");
    private static final Set<String> SYLLABLE_2 = Set.of("ANODIZED", "BURNISHED", "PLATED", "POLISHED", "BRUSHED");
    private static final Set<String> SYLLABLE_3 = Set.of("TIN", "NICKEL", "BRASS", "STEEL", "COPPER");
    private static final Set<String> CONTAINER_1 = Set.of("SM", "LG", "MED", "JUMBO", "WRAP");
    private static final Set<String> CONTAINER_2 = Set.of("CASE", "BOX", "BAG", "JAR", "PKG", "PACK", "CAN", "DRUM");
    private static final Map<String, String> NATION_REGION = Map.of("BRAZIL", "AMERICA", "FRANCE", "EUROPE", "CHINA", "ASIA",
            "KENYA", "AFRICA", "IRAQ", "MIDDLE EAST", "UNITED STATES", "AMERICA", "ROMANIA", "EUROPE", "ETHIOPIA", "AFRICA");

    @Test
    void everyQueryExistsWithoutPlaceholdersOrSemicolon()
    {
        for (int number = 1; number <= TpchQueries.QUERY_COUNT; number++) {
            String validation = TpchQueries.query(number);
            String drawn = TpchQueries.query(number, new SplittableRandom(number));
            for (String text : List.of(validation, drawn)) {
                assertTrue(text.startsWith("select") || text.startsWith("with"), "Q" + number);
                assertFalse(text.contains("${"), "Q" + number + " has an unreplaced placeholder");
                assertFalse(text.contains(":1"), "Q" + number);
                assertFalse(text.endsWith(";"), "Q" + number);
            }
            assertTrue(TpchQueries.template(number).contains("${"), "Q" + number + " has parameters");
        }
    }

    @Test
    void validationParametersAreTheSpecs()
    {
        assertTrue(TpchQueries.query(1).contains("date '1998-12-01' - interval '90' day"));
        assertTrue(TpchQueries.query(2).contains("p_size = 15") && TpchQueries.query(2).contains("like '%BRASS'") && TpchQueries.query(2).contains("r_name = 'EUROPE'"));
        assertTrue(TpchQueries.query(2).endsWith("limit 100"));
        assertTrue(TpchQueries.query(3).contains("c_mktsegment = 'BUILDING'") && TpchQueries.query(3).contains("date '1995-03-15'"));
        assertTrue(TpchQueries.query(3).endsWith("limit 10"));
        assertTrue(TpchQueries.query(4).contains("date '1993-07-01' + interval '3' month"));
        assertTrue(TpchQueries.query(6).contains("between 0.06 - 0.01 and 0.06 + 0.01") && TpchQueries.query(6).contains("l_quantity < 24"));
        assertTrue(TpchQueries.query(7).contains("n1.n_name = 'FRANCE' and n2.n_name = 'GERMANY'"));
        assertTrue(TpchQueries.query(8).contains("p_type = 'ECONOMY ANODIZED STEEL'"));
        assertTrue(TpchQueries.query(9).contains("like '%green%'"));
        assertTrue(TpchQueries.query(10).endsWith("limit 20"));
        assertTrue(TpchQueries.query(11).contains("* 0.0001"));
        assertTrue(TpchQueries.query(12).contains("in ('MAIL', 'SHIP')"));
        assertTrue(TpchQueries.query(13).contains("not like '%special%requests%'") && TpchQueries.query(13).contains("as c_orders (c_custkey, c_count)"));
        assertTrue(TpchQueries.query(15).startsWith("with revenue0 as (") && TpchQueries.query(15).contains("date '1996-01-01'"));
        assertTrue(TpchQueries.query(16).contains("p_size in (49, 14, 23, 45, 19, 3, 36, 9)") && TpchQueries.query(16).contains("not like 'MEDIUM POLISHED%'"));
        assertTrue(TpchQueries.query(17).contains("p_container = 'MED BOX'"));
        assertTrue(TpchQueries.query(18).contains("sum(l_quantity) > 300") && TpchQueries.query(18).endsWith("limit 100"));
        assertTrue(TpchQueries.query(19).contains("l_quantity >= 20 and l_quantity <= 20 + 10") && TpchQueries.query(19).contains("p_brand = 'Brand#34'"));
        assertTrue(TpchQueries.query(20).contains("like 'forest%'") && TpchQueries.query(20).contains("n_name = 'CANADA'"));
        assertTrue(TpchQueries.query(21).contains("n_name = 'SAUDI ARABIA'") && TpchQueries.query(21).endsWith("limit 100"));
        assertTrue(TpchQueries.query(22).contains("('13', '31', '23', '29', '30', '18', '17')"));
    }

    @Test
    void drawsAreReproducibleForASeed()
    {
        for (int number = 1; number <= TpchQueries.QUERY_COUNT; number++) {
            assertEquals(TpchQueries.query(number, new Random(42)), TpchQueries.query(number, new Random(42)), "Q" + number);
            assertEquals(TpchQueries.query(number, new SplittableRandom(7)), TpchQueries.query(number, new SplittableRandom(7)), "Q" + number);
        }
        // and different seeds do produce different queries
        Set<String> q16 = new HashSet<>();
        for (int seed = 0; seed < 10; seed++) {
            q16.add(TpchQueries.query(16, new SplittableRandom(seed)));
        }
        assertTrue(q16.size() > 5);
    }

    @Test
    void drawsStayWithinTheSpecDomains()
    {
        RandomGenerator random = new SplittableRandom(2024);
        Set<String> seenDiscounts = new HashSet<>();
        Set<Integer> seenDeltas = new HashSet<>();
        for (int draw = 0; draw < 500; draw++) {
            Map<String, String> q1 = TpchQueries.randomParameters(1, random, 1);
            int delta = Integer.parseInt(q1.get("delta"));
            assertTrue(delta >= 60 && delta <= 120);
            seenDeltas.add(delta);

            Map<String, String> q2 = TpchQueries.randomParameters(2, random, 1);
            assertInRange(Integer.parseInt(q2.get("size")), 1, 50);
            assertTrue(SYLLABLE_3.contains(q2.get("type")));
            assertTrue(REGIONS.contains(q2.get("region")));

            Map<String, String> q3 = TpchQueries.randomParameters(3, random, 1);
            assertTrue(SEGMENTS.contains(q3.get("segment")));
            assertDateIn(q3.get("date"), "1995-03-01", "1995-03-31");

            for (int number : List.of(4, 15)) {
                LocalDate date = LocalDate.parse(TpchQueries.randomParameters(number, random, 1).get("date"));
                assertEquals(1, date.getDayOfMonth());
                assertDateIn(date.toString(), "1993-01-01", "1997-10-01");
            }
            for (int number : List.of(5, 6, 12, 20)) {
                LocalDate date = LocalDate.parse(TpchQueries.randomParameters(number, random, 1).get("date"));
                assertEquals(1, date.getDayOfYear());
                assertInRange(date.getYear(), 1993, 1997);
            }

            Map<String, String> q6 = TpchQueries.randomParameters(6, random, 1);
            double discount = Double.parseDouble(q6.get("discount"));
            assertTrue(discount >= 0.02 && discount <= 0.09);
            seenDiscounts.add(q6.get("discount"));
            assertInRange(Integer.parseInt(q6.get("quantity")), 24, 25);

            Map<String, String> q7 = TpchQueries.randomParameters(7, random, 1);
            assertTrue(NATIONS.contains(q7.get("nation1")) && NATIONS.contains(q7.get("nation2")));
            assertNotEquals(q7.get("nation1"), q7.get("nation2"));

            Map<String, String> q8 = TpchQueries.randomParameters(8, random, 1);
            assertTrue(NATIONS.contains(q8.get("nation")));
            if (NATION_REGION.containsKey(q8.get("nation"))) {
                assertEquals(NATION_REGION.get(q8.get("nation")), q8.get("region"));
            }
            String[] type = q8.get("type").split(" ");
            assertTrue(SYLLABLE_1.contains(type[0]) && SYLLABLE_2.contains(type[1]) && SYLLABLE_3.contains(type[2]));

            assertTrue(TpchQueries.randomParameters(9, random, 1).get("color").matches("[a-z]+"));

            LocalDate q10 = LocalDate.parse(TpchQueries.randomParameters(10, random, 1).get("date"));
            assertEquals(1, q10.getDayOfMonth());
            assertDateIn(q10.toString(), "1993-02-01", "1995-01-01");

            Map<String, String> q12 = TpchQueries.randomParameters(12, random, 1);
            assertTrue(SHIP_MODES.contains(q12.get("shipmode1")) && SHIP_MODES.contains(q12.get("shipmode2")));
            assertNotEquals(q12.get("shipmode1"), q12.get("shipmode2"));

            Map<String, String> q13 = TpchQueries.randomParameters(13, random, 1);
            assertTrue(Set.of("special", "pending", "unusual", "express").contains(q13.get("word1")));
            assertTrue(Set.of("packages", "requests", "accounts", "deposits").contains(q13.get("word2")));

            LocalDate q14 = LocalDate.parse(TpchQueries.randomParameters(14, random, 1).get("date"));
            assertEquals(1, q14.getDayOfMonth());
            assertInRange(q14.getYear(), 1993, 1997);

            Map<String, String> q16 = TpchQueries.randomParameters(16, random, 1);
            assertBrand(q16.get("brand"));
            String[] q16Type = q16.get("type").split(" ");
            assertEquals(2, q16Type.length);
            assertTrue(SYLLABLE_1.contains(q16Type[0]) && SYLLABLE_2.contains(q16Type[1]));
            Set<String> sizes = new HashSet<>();
            for (int i = 1; i <= 8; i++) {
                int size = Integer.parseInt(q16.get("size" + i));
                assertInRange(size, 1, 50);
                sizes.add(q16.get("size" + i));
            }
            assertEquals(8, sizes.size(), "eight different sizes");

            Map<String, String> q17 = TpchQueries.randomParameters(17, random, 1);
            assertBrand(q17.get("brand"));
            String[] container = q17.get("container").split(" ");
            assertTrue(CONTAINER_1.contains(container[0]) && CONTAINER_2.contains(container[1]));

            assertInRange(Integer.parseInt(TpchQueries.randomParameters(18, random, 1).get("quantity")), 312, 315);

            Map<String, String> q19 = TpchQueries.randomParameters(19, random, 1);
            assertInRange(Integer.parseInt(q19.get("quantity1")), 1, 10);
            assertInRange(Integer.parseInt(q19.get("quantity2")), 10, 20);
            assertInRange(Integer.parseInt(q19.get("quantity3")), 20, 30);
            assertBrand(q19.get("brand1"));
            assertBrand(q19.get("brand2"));
            assertBrand(q19.get("brand3"));

            assertTrue(NATIONS.contains(TpchQueries.randomParameters(21, random, 1).get("nation")));

            Map<String, String> q22 = TpchQueries.randomParameters(22, random, 1);
            Set<String> codes = new HashSet<>(q22.values());
            assertEquals(7, codes.size(), "country codes without repetition");
            for (String code : codes) {
                assertInRange(Integer.parseInt(code), 10, 34);
            }
        }
        assertEquals(61, seenDeltas.size(), "every delta of [60, 120] is drawn");
        assertEquals(Set.of("0.02", "0.03", "0.04", "0.05", "0.06", "0.07", "0.08", "0.09"), seenDiscounts);
    }

    @Test
    void q11FractionDependsOnScaleFactor()
    {
        assertEquals("0.0001", TpchQueries.randomParameters(11, new SplittableRandom(1), 1).get("fraction"));
        assertEquals("0.01", TpchQueries.randomParameters(11, new SplittableRandom(1), 0.01).get("fraction"));
        assertEquals("0.00001", TpchQueries.randomParameters(11, new SplittableRandom(1), 10).get("fraction"));
        assertTrue(TpchQueries.query(11, new SplittableRandom(1), 0.1).contains("* 0.001"));
    }

    @Test
    void substitutionIsStrict()
    {
        assertEquals("a 1 b 1", TpchQueries.substitute("a ${x} b ${x}", Map.of("x", "1")));
        assertEquals("no placeholders", TpchQueries.substitute("no placeholders", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.substitute("a ${x}", Map.of()));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.substitute("a ${x}", Map.of("x", "1", "y", "2")));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.substitute("a ${x", Map.of("x", "1")));
    }

    @Test
    void rejectsUnknownQueryNumbers()
    {
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.query(0));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.query(23));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.query(23, new SplittableRandom(1)));
        assertThrows(IllegalArgumentException.class, () -> TpchQueries.query(1, new SplittableRandom(1), 0));
    }

    private static void assertInRange(int value, int low, int high)
    {
        assertTrue(value >= low && value <= high, value + " not in [" + low + ", " + high + "]");
    }

    private static void assertDateIn(String date, String first, String last)
    {
        LocalDate value = LocalDate.parse(date);
        assertFalse(value.isBefore(LocalDate.parse(first)) || value.isAfter(LocalDate.parse(last)), date + " not in [" + first + ", " + last + "]");
    }

    private static void assertBrand(String brand)
    {
        assertTrue(brand.matches("Brand#[1-5][1-5]"), brand);
    }
}
