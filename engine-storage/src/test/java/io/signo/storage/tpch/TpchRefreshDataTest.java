package io.signo.storage.tpch;

import io.trino.tpch.Order;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.Part;
import io.trino.tpch.PartGenerator;
import io.trino.tpch.PartSupplier;
import io.trino.tpch.PartSupplierGenerator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.time.LocalDate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The refresh data follows TPC-H clause 2.5 and 4.2.3 against the rows io.trino.tpch loads: SF * 1500
 * orders of 1 to 7 line items, keys in the sparse ranges no loaded order uses, every customer, part and
 * (part, supplier) pair one the database holds, prices and statuses computed from the line items; RF2
 * deletes loaded orders first and then exactly what the previous pair's RF1 inserted.
 */
class TpchRefreshDataTest
{
    private static final LocalDate CURRENT_DATE = LocalDate.of(1995, 6, 17);

    @Test
    void orderKeysAreSparseAsDbgenMakesThem()
    {
        // 8 keys used, 24 skipped: the loaded data's keys are 1-7, 32-39, 64-71, ...
        assertEquals(1, TpchRefreshData.orderKey(1, 0));
        assertEquals(7, TpchRefreshData.orderKey(7, 0));
        assertEquals(32, TpchRefreshData.orderKey(8, 0));
        assertEquals(39, TpchRefreshData.orderKey(15, 0));
        assertEquals(64, TpchRefreshData.orderKey(16, 0));
        // the refresh sets put 1 in the two bits above: 9-15, 40-47, ...
        assertEquals(9, TpchRefreshData.orderKey(1, 1));
        assertEquals(40, TpchRefreshData.orderKey(8, 1));
        assertThrows(IllegalArgumentException.class, () -> TpchRefreshData.orderKey(1, 4));
        assertThrows(IllegalArgumentException.class, () -> TpchRefreshData.generate(0.01, 0, 1));
        assertThrows(IllegalArgumentException.class, () -> TpchRefreshData.generate(0, 1, 1));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.01, 0.1})
    void refreshDataFollowsTheSpecificationAndJoinsTheLoadedRows(double scaleFactor)
    {
        Set<Long> loadedOrders = new HashSet<>();
        for (Order order : new OrderGenerator(scaleFactor, 1, 1)) {
            loadedOrders.add(order.orderKey());
        }
        Map<Long, Long> retailPrice = new HashMap<>();
        for (Part part : new PartGenerator(scaleFactor, 1, 1)) {
            retailPrice.put(part.partKey(), part.retailPriceInCents());
        }
        Set<List<Long>> partSuppliers = new HashSet<>();
        for (PartSupplier partSupplier : new PartSupplierGenerator(scaleFactor, 1, 1)) {
            partSuppliers.add(List.of(partSupplier.partKey(), partSupplier.supplierKey()));
        }
        long customers = (long) (150_000 * scaleFactor);
        int perRefresh = (int) Math.round(scaleFactor * 1500);
        assertEquals(perRefresh, TpchRefreshData.ordersPerRefresh(scaleFactor));

        Set<Long> insertedBefore = new HashSet<>();
        long[] previousInserted = null;
        for (int pair = 1; pair <= 3; pair++) {
            TpchRefreshData data = TpchRefreshData.generate(scaleFactor, pair, 42);
            assertEquals(perRefresh, data.orders().size(), "orders of pair " + pair);
            long[] inserted = data.orders().stream().mapToLong(TpchRefreshData.Order::orderKey).toArray();
            assertArrayEquals(TpchRefreshData.insertedOrderKeys(scaleFactor, pair), inserted);
            Map<Long, Integer> lines = new HashMap<>();
            Map<Long, Long> totals = new HashMap<>();
            Map<Long, Set<Character>> statuses = new HashMap<>();
            for (TpchRefreshData.LineItem line : data.lineItems()) {
                int count = lines.merge(line.orderKey(), 1, Integer::sum);
                assertEquals(count, line.lineNumber(), "line numbers count from 1 within an order");
                assertTrue(retailPrice.containsKey(line.partKey()), "part " + line.partKey());
                assertTrue(partSuppliers.contains(List.of(line.partKey(), line.supplierKey())), "partsupp " + line.partKey() + ", " + line.supplierKey());
                assertTrue(line.quantity() >= 1 && line.quantity() <= 50);
                assertEquals(line.quantity() * retailPrice.get(line.partKey()), line.extendedPriceCents(), "extendedprice = quantity * p_retailprice");
                assertTrue(line.discountPercent() >= 0 && line.discountPercent() <= 10);
                assertTrue(line.taxPercent() >= 0 && line.taxPercent() <= 8);
                TpchRefreshData.Order order = data.orders().get(Arrays.binarySearch(inserted, line.orderKey()));
                long shipDays = line.shipDate().toEpochDay() - order.orderDate().toEpochDay();
                long commitDays = line.commitDate().toEpochDay() - order.orderDate().toEpochDay();
                long receiptDays = line.receiptDate().toEpochDay() - line.shipDate().toEpochDay();
                assertTrue(shipDays >= 1 && shipDays <= 121 && commitDays >= 30 && commitDays <= 90 && receiptDays >= 1 && receiptDays <= 30, line.toString());
                assertEquals(line.shipDate().isAfter(CURRENT_DATE) ? 'O' : 'F', line.lineStatus());
                if (line.receiptDate().isAfter(CURRENT_DATE)) {
                    assertEquals('N', line.returnFlag());
                }
                else {
                    assertTrue(line.returnFlag() == 'R' || line.returnFlag() == 'A');
                }
                assertTrue(line.comment().length() <= 44);
                totals.merge(line.orderKey(), line.extendedPriceCents() * (100 + line.taxPercent()) / 100 * (100 - line.discountPercent()) / 100, Long::sum);
                statuses.computeIfAbsent(line.orderKey(), _ -> new HashSet<>()).add(line.lineStatus());
            }
            for (TpchRefreshData.Order order : data.orders()) {
                long key = order.orderKey();
                assertFalse(loadedOrders.contains(key), "key " + key + " is a loaded order's");
                assertTrue(insertedBefore.add(key), "key " + key + " inserted twice");
                assertEquals(1, (key >> 3) & 3, "key " + key + " lies in the sparse range of the refresh sets");
                int lineCount = lines.getOrDefault(key, 0);
                assertTrue(lineCount >= 1 && lineCount <= 7, "order " + key + " has " + lineCount + " lines");
                assertTrue(order.customerKey() >= 1 && order.customerKey() <= customers && order.customerKey() % 3 != 0, "customer " + order.customerKey());
                assertFalse(order.orderDate().isBefore(LocalDate.of(1992, 1, 1)));
                assertFalse(order.orderDate().isAfter(LocalDate.of(1998, 12, 31).minusDays(151)));
                assertEquals(totals.get(key), order.totalPriceCents());
                Set<Character> lineStatuses = statuses.get(key);
                assertEquals(lineStatuses.size() == 2 ? 'P' : lineStatuses.contains('F') ? 'F' : 'O', order.status());
                assertTrue(order.comment().length() <= 79 && !order.comment().contains("'"));
            }

            long[] deleted = data.deletedOrderKeys();
            assertEquals(perRefresh, deleted.length);
            if (pair == 1) {
                // the lowest loaded orders, as dbgen's delete.1
                long[] lowest = new TreeSet<>(loadedOrders).stream().limit(perRefresh).mapToLong(Long::longValue).toArray();
                assertArrayEquals(lowest, deleted);
            }
            else {
                assertArrayEquals(previousInserted, deleted, "RF2 of pair " + pair + " deletes what RF1 of pair " + (pair - 1) + " inserted");
            }
            previousInserted = inserted;
        }
    }

    @Test
    void sameSeedSameDataOtherSeedOtherData()
    {
        TpchRefreshData first = TpchRefreshData.generate(0.01, 2, 7);
        TpchRefreshData again = TpchRefreshData.generate(0.01, 2, 7);
        TpchRefreshData other = TpchRefreshData.generate(0.01, 2, 8);
        assertEquals(first.orders(), again.orders());
        assertEquals(first.lineItems(), again.lineItems());
        assertEquals(first.refreshFunction1(100), again.refreshFunction1(100));
        assertNotEquals(first.lineItems(), other.lineItems());
        // the keys depend on the pair alone
        assertEquals(first.orders().stream().map(TpchRefreshData.Order::orderKey).toList(), other.orders().stream().map(TpchRefreshData.Order::orderKey).toList());
    }

    @Test
    void refreshFunctionsAreSqlStatementsOfBoundedSize()
    {
        TpchRefreshData data = TpchRefreshData.generate(0.1, 1, 3);
        List<String> rf1 = data.refreshFunction1(100);
        int lineStatements = (data.lineItems().size() + 99) / 100;
        assertEquals(2 + lineStatements, rf1.size());
        assertTrue(rf1.getFirst().startsWith("INSERT INTO orders VALUES ("));
        assertTrue(rf1.getLast().startsWith("INSERT INTO lineitem VALUES ("));
        List<String> rf2 = data.refreshFunction2();
        assertEquals(List.of("DELETE FROM lineitem WHERE l_orderkey IN (", "DELETE FROM orders WHERE o_orderkey IN ("),
                rf2.stream().map(sql -> sql.substring(0, sql.indexOf('(') + 1)).toList());
    }
}
