package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.core.exchange.ExchangeSource;
import io.signo.storage.page.Page;
import io.signo.storage.type.Type;
import io.signo.storage.vector.VectorBuilder;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Timeout(value = 15, unit = TimeUnit.SECONDS)
class NetworkExchangeTest
{
    private static final ExchangeConfig SMALL_MESSAGES = new ExchangeConfig(8 << 10, 32 << 10, 0);

    private final ExchangeNodes nodes = new ExchangeNodes();
    private final ExecutorService threads = Executors.newCachedThreadPool();

    @AfterEach
    void tearDown()
    {
        threads.shutdownNow();
        nodes.close();
    }

    /** Rows (id, key, name): key = id % 50, NULL when id % 17 == 0; name = "row-" + id, NULL when id % 13 == 0. */
    private static Page page(long firstId, int rowCount)
    {
        VectorBuilder ids = new VectorBuilder(Type.BIGINT, rowCount);
        VectorBuilder keys = new VectorBuilder(Type.BIGINT, rowCount);
        VectorBuilder names = new VectorBuilder(Type.VARCHAR, rowCount);
        for (long id = firstId; id < firstId + rowCount; id++) {
            ids.appendLong(id);
            if (id % 17 == 0) {
                keys.appendNull();
            }
            else {
                keys.appendLong(id % 50);
            }
            if (id % 13 == 0) {
                names.appendNull();
            }
            else {
                names.appendString("row-" + id);
            }
        }
        return new Page(rowCount, ids.build(), keys.build(), names.build());
    }

    private static List<Page> pages(long firstId, int pageCount, int rowsPerPage)
    {
        List<Page> pages = new ArrayList<>();
        for (int i = 0; i < pageCount; i++) {
            pages.add(page(firstId + (long) i * rowsPerPage, rowsPerPage));
        }
        return pages;
    }

    /** Drives a sink like an ExchangeSinkOperator: waits while blocked, stops early once done. Returns how often it was blocked. */
    private CompletableFuture<Integer> produce(ExchangeSink sink, List<Page> pages)
    {
        return CompletableFuture.supplyAsync(() -> {
            int blocked = 0;
            try {
                for (Page page : pages) {
                    CompletableFuture<?> future = sink.isBlocked();
                    if (!future.isDone()) {
                        blocked++;
                        future.get(10, TimeUnit.SECONDS);
                    }
                    if (sink.isDone()) {
                        break;
                    }
                    sink.add(page);
                }
                sink.finish();
                return blocked;
            }
            catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, threads);
    }

    /** Drives a source like an ExchangeSourceOperator, sleeping {@code delayMillis} after each page. */
    private CompletableFuture<List<Page>> consume(ExchangeSource source, long delayMillis)
    {
        return CompletableFuture.supplyAsync(() -> {
            List<Page> received = new ArrayList<>();
            try {
                while (!source.isFinished()) {
                    Page page = source.poll();
                    if (page == null) {
                        source.isBlocked().get(10, TimeUnit.SECONDS);
                        continue;
                    }
                    received.add(page);
                    if (delayMillis > 0) {
                        Thread.sleep(delayMillis);
                    }
                }
                return received;
            }
            catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, threads);
    }

    private static List<Long> ids(List<Page> pages)
    {
        List<Long> ids = new ArrayList<>();
        for (Page page : pages) {
            for (int position = 0; position < page.positionCount(); position++) {
                ids.add(page.column(0).getLong(position));
            }
        }
        return ids;
    }

    private static void assertRowsIntact(List<Page> pages)
    {
        for (Page page : pages) {
            for (int position = 0; position < page.positionCount(); position++) {
                long id = page.column(0).getLong(position);
                assertEquals(id % 17 == 0 ? null : id % 50, page.column(1).getObject(position), "key of row " + id);
                assertEquals(id % 13 == 0 ? null : "row-" + id, page.column(2).getObject(position), "name of row " + id);
            }
        }
    }

    @Test
    void hashExchangeAcrossThreeNodesDeliversEveryRowOnceWithEqualKeysTogether()
            throws Exception
    {
        nodes.start(3);
        List<String> owners = List.of(nodes.address(0), nodes.address(1), nodes.address(2), nodes.address(0), nodes.address(1), nodes.address(2));
        ExchangeId id = new ExchangeId("q1", 1);
        int producersPerNode = 2;
        int rowsPerProducer = 2_000;
        List<CompletableFuture<Integer>> producers = new ArrayList<>();
        Map<Integer, CompletableFuture<List<Page>>> consumers = new HashMap<>();
        List<NetworkExchange> exchanges = new ArrayList<>();
        for (int node = 0; node < 3; node++) {
            exchanges.add(new NetworkExchange(nodes.router(node), id, ExchangeKind.HASH, owners, new int[] {1}, producersPerNode, 3 * producersPerNode, SMALL_MESSAGES));
        }
        for (int partition = 0; partition < owners.size(); partition++) {
            consumers.put(partition, consume(exchanges.get(partition % 3).source(partition), 0));
        }
        int producer = 0;
        for (int node = 0; node < 3; node++) {
            for (int i = 0; i < producersPerNode; i++) {
                producers.add(produce(exchanges.get(node).createSink(), pages((long) producer * rowsPerProducer, 20, rowsPerProducer / 20)));
                producer++;
            }
        }
        CompletableFuture.allOf(producers.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);

        Set<Long> seen = new HashSet<>();
        Map<Object, Integer> partitionOfKey = new HashMap<>();
        for (Map.Entry<Integer, CompletableFuture<List<Page>>> entry : consumers.entrySet()) {
            List<Page> pages = entry.getValue().get(10, TimeUnit.SECONDS);
            assertRowsIntact(pages);
            for (Page page : pages) {
                for (int position = 0; position < page.positionCount(); position++) {
                    assertTrue(seen.add(page.column(0).getLong(position)), "row delivered twice: " + page.column(0).getLong(position));
                    Object key = page.column(1).isNull(position) ? "NULL" : page.column(1).getObject(position);
                    Integer previous = partitionOfKey.putIfAbsent(key, entry.getKey());
                    assertTrue(previous == null || previous.equals(entry.getKey()), "key " + key + " on partitions " + previous + " and " + entry.getKey());
                }
            }
        }
        assertEquals(3 * producersPerNode * rowsPerProducer, seen.size());
        assertEquals(51, partitionOfKey.size());

        ExchangeStats.Snapshot stats = exchanges.get(0).stats().snapshot();
        assertTrue(stats.messagesSent() > 0 && stats.wireBytesSent() > 0 && stats.rawBytesSent() > 0, stats.toString());
        assertTrue(stats.localPagesSent() > 0, "pages for local partitions bypass the network: " + stats);
        assertTrue(stats.messagesReceived() > 0 && stats.pagesReceived() > 0, stats.toString());
        assertEquals(0, stats.bufferedBytes());
        assertEquals(0, stats.senderQueuedMessages());
        assertEquals(0, stats.duplicateMessagesDropped());
    }

    @Test
    void broadcastSendsEveryRowOnceToEveryNode()
            throws Exception
    {
        nodes.start(2);
        // node 1 owns two partitions (two drivers): together they must see every row exactly once
        List<String> owners = List.of(nodes.address(0), nodes.address(1), nodes.address(1));
        ExchangeId id = new ExchangeId("q2", 3);
        NetworkExchange first = new NetworkExchange(nodes.router(0), id, ExchangeKind.BROADCAST, owners, null, 1, 2, SMALL_MESSAGES);
        NetworkExchange second = new NetworkExchange(nodes.router(1), id, ExchangeKind.BROADCAST, owners, null, 1, 2, SMALL_MESSAGES);
        List<CompletableFuture<List<Page>>> consumers = List.of(consume(first.source(0), 0), consume(second.source(1), 0), consume(second.source(2), 0));
        CompletableFuture<Integer> one = produce(first.createSink(), pages(0, 10, 300));
        CompletableFuture<Integer> two = produce(second.createSink(), pages(3_000, 10, 300));
        CompletableFuture.allOf(one, two).get(10, TimeUnit.SECONDS);

        List<Page> nodeZero = consumers.get(0).get(10, TimeUnit.SECONDS);
        assertRowsIntact(nodeZero);
        assertEquals(6_000, new HashSet<>(ids(nodeZero)).size());
        assertEquals(6_000, ids(nodeZero).size());

        List<Page> partitionOne = consumers.get(1).get(10, TimeUnit.SECONDS);
        List<Page> partitionTwo = consumers.get(2).get(10, TimeUnit.SECONDS);
        assertRowsIntact(partitionOne);
        assertRowsIntact(partitionTwo);
        List<Long> nodeOne = new ArrayList<>(ids(partitionOne));
        nodeOne.addAll(ids(partitionTwo));
        assertEquals(6_000, nodeOne.size());
        assertEquals(6_000, new HashSet<>(nodeOne).size());
        assertTrue(!partitionOne.isEmpty() && !partitionTwo.isEmpty(), "both of node 1's partitions should get pages");
    }

    @Test
    void gatherCollectsAllRowsOnOneNode()
            throws Exception
    {
        nodes.start(3);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("q3", 0);
        List<NetworkExchange> exchanges = new ArrayList<>();
        for (int node = 0; node < 3; node++) {
            exchanges.add(new NetworkExchange(nodes.router(node), id, ExchangeKind.GATHER, owners, null, 1, 3, ExchangeConfig.DEFAULT));
        }
        CompletableFuture<List<Page>> consumer = consume(exchanges.get(1).source(0), 0);
        List<CompletableFuture<Integer>> producers = new ArrayList<>();
        for (int node = 0; node < 3; node++) {
            // node 2 produces nothing: its end of stream alone must count
            producers.add(produce(exchanges.get(node).createSink(), node == 2 ? List.of() : pages(node * 1_000L, 4, 250)));
        }
        CompletableFuture.allOf(producers.toArray(new CompletableFuture<?>[0])).get(10, TimeUnit.SECONDS);
        List<Page> pages = consumer.get(10, TimeUnit.SECONDS);
        assertRowsIntact(pages);
        List<Long> ids = ids(pages);
        assertEquals(2_000, ids.size());
        assertEquals(2_000, new HashSet<>(ids).size());
        assertThrows(IllegalArgumentException.class, () -> exchanges.get(0).source(0));
    }

    @Test
    void slowConsumerBlocksTheProducerAndBoundsTheReceiverBuffer()
            throws Exception
    {
        nodes.start(2);
        long window = 24 << 10;
        ExchangeConfig config = new ExchangeConfig(8 << 10, window, 0);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("q4", 1);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, config);
        NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, config);

        // 120 pages of ~1.5 KB: about 180 KB, several times the window; the sink coalesces them into fewer pages
        CompletableFuture<Integer> producer = produce(producerSide.createSink(), pages(0, 120, 40));
        CompletableFuture<List<Page>> consumer = consume(consumerSide.source(0), 3);

        int blockedCount = producer.get(10, TimeUnit.SECONDS);
        List<Page> pages = consumer.get(10, TimeUnit.SECONDS);
        assertRowsIntact(pages);
        List<Long> ids = ids(pages);
        assertEquals(4_800, ids.size());
        for (int i = 0; i < ids.size(); i++) {
            assertEquals(i, ids.get(i), "one channel keeps its order");
        }

        assertTrue(blockedCount > 0, "the producer's sink must have blocked");
        ExchangeStats.Snapshot sent = producerSide.stats().snapshot();
        ExchangeStats.Snapshot received = consumerSide.stats().snapshot();
        assertTrue(sent.creditWaitNanos() > 0, sent.toString());
        assertTrue(received.peakBufferedBytes() > 0, received.toString());
        assertTrue(received.peakBufferedBytes() <= window, "peak buffered " + received.peakBufferedBytes() + " exceeds the window " + window);
        assertEquals(sent.wireBytesSent(), received.wireBytesReceived());
        assertEquals(sent.messagesSent(), received.messagesReceived());
        assertEquals(sent.pagesSent(), received.pagesReceived());
        assertTrue(received.pagesReceived() < 120, "pages of 40 rows are coalesced before they are sent: " + received.pagesReceived());
        assertEquals(0, received.bufferedBytes());
    }

    @Test
    void batchBarrierWaitsForConsumersAndStillDeliversEverything()
            throws Exception
    {
        nodes.start(2);
        ExchangeConfig config = new ExchangeConfig(4 << 10, 1 << 20, 16 << 10);
        List<String> owners = List.of(nodes.address(1), nodes.address(0));
        ExchangeId id = new ExchangeId("q5", 1);
        NetworkExchange first = new NetworkExchange(nodes.router(0), id, ExchangeKind.ROUND_ROBIN, owners, null, 1, 1, config);
        NetworkExchange second = new NetworkExchange(nodes.router(1), id, ExchangeKind.ROUND_ROBIN, owners, null, 0, 1, config);
        CompletableFuture<Integer> producer = produce(first.createSink(), pages(0, 60, 40));
        CompletableFuture<List<Page>> remote = consume(second.source(0), 1);
        CompletableFuture<List<Page>> local = consume(first.source(1), 1);
        assertTrue(producer.get(10, TimeUnit.SECONDS) > 0, "the barrier must have paused the sink");
        List<Long> ids = new ArrayList<>(ids(remote.get(10, TimeUnit.SECONDS)));
        List<Long> localIds = ids(local.get(10, TimeUnit.SECONDS));
        assertEquals(1_200, localIds.size());
        ids.addAll(localIds);
        assertEquals(2_400, new HashSet<>(ids).size());
    }

    @Test
    void deadPeerFailsTheExchangePromptlyAndOthersKeepWorking()
            throws Exception
    {
        nodes.start(3);
        String dead = nodes.address(2);
        List<String> owners = List.of(nodes.address(0), nodes.address(1), dead);
        ExchangeId id = new ExchangeId("q6", 1);
        NetworkExchange first = new NetworkExchange(nodes.router(0), id, ExchangeKind.HASH, owners, new int[] {0}, 1, 3, SMALL_MESSAGES);
        new NetworkExchange(nodes.router(1), id, ExchangeKind.HASH, owners, new int[] {0}, 1, 3, SMALL_MESSAGES);
        new NetworkExchange(nodes.router(2), id, ExchangeKind.HASH, owners, new int[] {0}, 1, 3, SMALL_MESSAGES);
        ExchangeSink sink = first.createSink();
        sink.add(page(0, 100));
        ExchangeSource source = first.source(0);
        CompletableFuture<?> waiting = source.isBlocked();

        nodes.transport(2).close();

        waiting.get(5, TimeUnit.SECONDS);
        ExchangeFailedException failure = assertThrows(ExchangeFailedException.class, source::poll);
        assertTrue(failure.getMessage().contains(dead), failure.getMessage());
        assertThrows(ExchangeFailedException.class, () -> sink.add(page(100, 10)));
        assertTrue(sink.isBlocked().isDone(), "a failed sink must not keep its driver waiting");

        // the survivors run a new exchange between themselves
        List<String> survivors = List.of(nodes.address(0), nodes.address(1));
        ExchangeId next = new ExchangeId("q7", 1);
        NetworkExchange a = new NetworkExchange(nodes.router(0), next, ExchangeKind.HASH, survivors, new int[] {1}, 1, 2, SMALL_MESSAGES);
        NetworkExchange b = new NetworkExchange(nodes.router(1), next, ExchangeKind.HASH, survivors, new int[] {1}, 1, 2, SMALL_MESSAGES);
        CompletableFuture<List<Page>> zero = consume(a.source(0), 0);
        CompletableFuture<List<Page>> one = consume(b.source(1), 0);
        CompletableFuture.allOf(produce(a.createSink(), pages(0, 5, 100)), produce(b.createSink(), pages(500, 5, 100))).get(10, TimeUnit.SECONDS);
        List<Long> ids = new ArrayList<>(ids(zero.get(10, TimeUnit.SECONDS)));
        ids.addAll(ids(one.get(10, TimeUnit.SECONDS)));
        assertEquals(1_000, new HashSet<>(ids).size());
        assertEquals(1_000, ids.size());
    }

    @Test
    void failingTheExchangeWakesBlockedDrivers()
            throws Exception
    {
        nodes.start(1);
        NetworkExchange exchange = new NetworkExchange(nodes.router(0), new ExchangeId("q8", 1), ExchangeKind.GATHER, List.of(nodes.address(0)), null, 1, 1, SMALL_MESSAGES);
        CompletableFuture<?> waiting = exchange.source(0).isBlocked();
        exchange.fail(new IllegalStateException("query cancelled by user"));
        waiting.get(5, TimeUnit.SECONDS);
        ExchangeFailedException failure = assertThrows(ExchangeFailedException.class, () -> exchange.source(0).poll());
        assertTrue(failure.getMessage().contains("query cancelled by user"), failure.getMessage());
    }

    @Test
    void closingConsumersEarlyReleasesRemoteAndLocalProducers()
            throws Exception
    {
        nodes.start(2);
        ExchangeConfig config = new ExchangeConfig(4 << 10, 8 << 10, 0);
        List<String> owners = List.of(nodes.address(1), nodes.address(0));
        ExchangeId id = new ExchangeId("q9", 1);
        NetworkExchange first = new NetworkExchange(nodes.router(0), id, ExchangeKind.BROADCAST, owners, null, 1, 1, config);
        NetworkExchange second = new NetworkExchange(nodes.router(1), id, ExchangeKind.BROADCAST, owners, null, 0, 1, config);
        ExchangeSink sink = first.createSink();
        AtomicInteger added = new AtomicInteger();
        // an endless producer: only the consumers closing can stop it
        CompletableFuture<Void> producer = CompletableFuture.runAsync(() -> {
            try {
                while (!sink.isDone()) {
                    sink.isBlocked().get(10, TimeUnit.SECONDS);
                    if (!sink.isDone()) {
                        sink.add(page(added.getAndIncrement() * 40L, 40));
                    }
                }
                sink.finish();
            }
            catch (Exception e) {
                throw new RuntimeException(e);
            }
        }, threads);

        CountDownLatch firstPages = new CountDownLatch(2);
        for (ExchangeSource source : List.of(second.source(0), first.source(1))) {
            CompletableFuture.runAsync(() -> {
                try {
                    while (source.poll() == null) {
                        source.isBlocked().get(10, TimeUnit.SECONDS);
                    }
                    firstPages.countDown();
                    source.close();
                    assertTrue(source.isFinished());
                }
                catch (Exception e) {
                    throw new RuntimeException(e);
                }
            }, threads);
        }
        assertTrue(firstPages.await(5, TimeUnit.SECONDS));
        producer.get(5, TimeUnit.SECONDS);
        assertTrue(sink.isDone());
        assertTrue(added.get() > 0);
    }

    @Test
    void producersThatStartBeforeTheConsumerExistsWaitForIt()
            throws Exception
    {
        nodes.start(2);
        List<String> owners = List.of(nodes.address(1));
        ExchangeId id = new ExchangeId("q10", 2);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, SMALL_MESSAGES);
        ExchangeSink sink = producerSide.createSink();
        List<Page> pages = pages(0, 30, 100);
        // no consumer means no credit: the sink must block before it has taken every page
        int added = 0;
        while (added < pages.size() && sink.isBlocked().isDone()) {
            sink.add(pages.get(added++));
        }
        assertTrue(added < pages.size(), "without credit the producer must wait");
        CompletableFuture<Integer> producer = produce(sink, pages.subList(added, pages.size()));
        NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, SMALL_MESSAGES);
        List<Page> received = consume(consumerSide.source(0), 0).get(10, TimeUnit.SECONDS);
        producer.get(5, TimeUnit.SECONDS);
        assertEquals(3_000, ids(received).size());
    }

    @Test
    void largePagesTravelFromTheirOwnMemoryOrCompressedAndArriveIntact()
            throws Exception
    {
        nodes.start(2);
        List<String> owners = List.of(nodes.address(1));
        int query = 0;
        for (ExchangeCompression compression : ExchangeCompression.values()) {
            ExchangeId id = new ExchangeId("large-" + compression, query++);
            ExchangeConfig config = ExchangeConfig.DEFAULT.withCompression(compression);
            NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.GATHER, owners, null, 1, 1, config);
            NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.GATHER, owners, null, 0, 1, config);
            // pages of 8192 rows: their id vectors (64 KiB) go to the socket from the vectors' own memory when uncompressed
            CompletableFuture<Integer> producer = produce(producerSide.createSink(), pages(0, 6, 8192));
            CompletableFuture<List<Page>> consumer = consume(consumerSide.source(0), 0);
            producer.get(10, TimeUnit.SECONDS);
            List<Page> pages = consumer.get(10, TimeUnit.SECONDS);
            assertRowsIntact(pages);
            List<Long> ids = ids(pages);
            assertEquals(6 * 8192, ids.size());
            for (int i = 0; i < ids.size(); i++) {
                assertEquals(i, ids.get(i), compression + ": one channel keeps its order");
            }
            ExchangeStats.Snapshot sent = producerSide.stats().snapshot();
            switch (compression) {
                case NONE, ADAPTIVE -> assertEquals(0, sent.compressedMessagesSent(), compression + " over loopback sends raw pages: " + sent);
                case LZ4 -> {
                    assertEquals(sent.messagesSent(), sent.compressedMessagesSent(), sent.toString());
                    assertTrue(sent.compressionRatio() > 1.5, "repetitive rows compress: " + sent.compressionRatio());
                }
            }
            assertEquals(sent.wireBytesSent(), consumerSide.stats().snapshot().wireBytesReceived());
            producerSide.close();
            consumerSide.close();
        }
    }

    @Test
    void hashedRowsSentFromTheAccumulatorsOwnMemoryArriveIntactWhileItGoesOn()
            throws Exception
    {
        nodes.start(2);
        // both partitions on the other node: every accumulated page leaves through the socket
        List<String> owners = List.of(nodes.address(1), nodes.address(1));
        ExchangeId id = new ExchangeId("hash-detached", 1);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.HASH, owners, new int[] {0}, 1, 1, ExchangeConfig.DEFAULT);
        NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.HASH, owners, new int[] {0}, 0, 1, ExchangeConfig.DEFAULT);
        // 8192 rows a destination before a page is sent: the id vectors (64 KiB) go to the socket from the accumulators' buffers,
        // which take the next rows only after the socket wrote them; slow consumers keep messages waiting for credit
        int rowCount = 120_000;
        CompletableFuture<Integer> producer = produce(producerSide.createSink(), pages(0, 120, rowCount / 120));
        CompletableFuture<List<Page>> first = consume(consumerSide.source(0), 2);
        CompletableFuture<List<Page>> second = consume(consumerSide.source(1), 2);
        producer.get(10, TimeUnit.SECONDS);
        Set<Long> seen = new HashSet<>();
        for (CompletableFuture<List<Page>> consumer : List.of(first, second)) {
            List<Page> pages = consumer.get(10, TimeUnit.SECONDS);
            assertRowsIntact(pages);
            List<Long> ids = ids(pages);
            for (int i = 0; i < ids.size(); i++) {
                assertTrue(seen.add(ids.get(i)), "row delivered twice: " + ids.get(i));
                assertTrue(i == 0 || ids.get(i) > ids.get(i - 1), "one producer's rows keep their order on a channel");
            }
        }
        assertEquals(rowCount, seen.size());
        ExchangeStats.Snapshot sent = producerSide.stats().snapshot();
        assertEquals(0, sent.compressedMessagesSent(), sent.toString());
        assertEquals(sent.wireBytesSent(), consumerSide.stats().snapshot().wireBytesReceived());
        producerSide.close();
        consumerSide.close();
    }

    @Test
    void windowsGrowWhenAnIdleConsumerWaitedForACreditStarvedSenderAndStayWithinTheQueryBudget()
            throws Exception
    {
        nodes.start(2);
        long window = 8 << 10;
        long budgetBytes = 64 << 10;
        ExchangeConfig config = new ExchangeConfig(4 << 10, window, 0, ExchangeCompression.NONE, 1 << 20, budgetBytes);
        List<String> owners = List.of(nodes.address(1), nodes.address(1));
        ExchangeId id = new ExchangeId("q-windows", 1);
        ReceiveBudget budget = new ReceiveBudget(budgetBytes);
        NetworkExchange producerSide = new NetworkExchange(nodes.router(0), id, ExchangeKind.ROUND_ROBIN, owners, null, 0, 1, 1, config, new ReceiveBudget(budgetBytes));
        NetworkExchange consumerSide = new NetworkExchange(nodes.router(1), id, ExchangeKind.ROUND_ROBIN, owners, null, 0, 0, 1, config, budget);
        // pages of ~20 KiB, each bigger than the first window: the sender waits for credit after every one
        CompletableFuture<Integer> producer = produce(producerSide.createSink(), pages(0, 400, 500));
        CompletableFuture<List<Page>> first = consume(consumerSide.source(0), 0);
        CompletableFuture<List<Page>> second = consume(consumerSide.source(1), 0);
        producer.get(10, TimeUnit.SECONDS);
        List<Long> ids = new ArrayList<>(ids(first.get(10, TimeUnit.SECONDS)));
        ids.addAll(ids(second.get(10, TimeUnit.SECONDS)));
        assertEquals(200_000, ids.size());
        assertEquals(200_000, new HashSet<>(ids).size());

        ExchangeStats.Snapshot sent = producerSide.stats().snapshot();
        ExchangeStats.Snapshot received = consumerSide.stats().snapshot();
        assertTrue(sent.creditWaitNanos() > 0, sent.toString());
        assertTrue(received.consumerIdleNanos() > 0, received.toString());
        assertTrue(received.creditWaitWhileIdleNanos() > 0, "the consumers sat idle while the sender waited for credit: " + received);
        assertTrue(received.creditWaitWhileIdleNanos() <= received.consumerIdleNanos(), received.toString());
        assertTrue(received.windowGrowths() > 0, "windows grow after a starved consumer: " + received);
        assertTrue(received.largestWindowBytes() > window && received.largestWindowBytes() <= window + budgetBytes, received.toString());
        // the bound: each channel's first window plus the budget, and one page past a window (a page never waits behind an empty channel)
        long pageBytes = 24 << 10;
        assertTrue(budget.peakBufferedBytes() <= 2 * window + budgetBytes + 2 * pageBytes, "peak buffered " + budget.peakBufferedBytes());
        assertTrue(budget.reservedBytes() <= budgetBytes, "reserved " + budget.reservedBytes());
        consumerSide.close();
        assertEquals(0, budget.reservedBytes(), "closing the sources gives back what their windows reserved");
    }
}
