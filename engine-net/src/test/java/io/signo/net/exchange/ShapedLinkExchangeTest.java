package io.signo.net.exchange;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.TransportConfig;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The exchange over a link that is the limit: the consumer runs in a network namespace joined to
 * this one by a veth pair whose sending side a token bucket ({@code tc qdisc ... tbf}) holds to
 * 1 Gbit/s. Adaptive compression must compress there and not over loopback, and the bytes a query's
 * receivers buffer must stay under their bound. Needs root (network namespaces, tc); without it the
 * test fails saying so. It prints the raw throughput of each trial.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class ShapedLinkExchangeTest
{
    static final long MESSAGE_BYTES = 1 << 20;
    static final long WINDOW_BYTES = 2 << 20;
    static final long MAX_WINDOW_BYTES = 8 << 20;
    static final long QUERY_BUFFER_BYTES = 8 << 20;
    private static final double SECONDS_PER_TRIAL = 4;

    private static final String SUFFIX = Long.toString(ProcessHandle.current().pid());
    private static final String NAMESPACE = "sgx" + SUFFIX;
    private static final String OUTSIDE = "sgxa" + SUFFIX;
    private static final String INSIDE = "sgxb" + SUFFIX;
    private static final String SUBNET = "10.231." + (ProcessHandle.current().pid() % 250) + ".";
    private static final String PRODUCER_HOST = SUBNET + "1";
    private static final String CONSUMER_HOST = SUBNET + "2";

    private static List<Page> pages;

    @BeforeAll
    static void createShapedLink()
            throws Exception
    {
        String user = run(false, "id", "-u").strip();
        if (!user.equals("0")) {
            fail("ShapedLinkExchangeTest needs root to create a network namespace, a veth pair and a tc token bucket; it runs as user " + user);
        }
        run(true, "ip", "netns", "add", NAMESPACE);
        run(true, "ip", "link", "add", OUTSIDE, "type", "veth", "peer", "name", INSIDE);
        run(true, "ip", "link", "set", INSIDE, "netns", NAMESPACE);
        run(true, "ip", "addr", "add", PRODUCER_HOST + "/24", "dev", OUTSIDE);
        run(true, "ip", "link", "set", OUTSIDE, "up");
        run(true, "ip", "netns", "exec", NAMESPACE, "ip", "addr", "add", CONSUMER_HOST + "/24", "dev", INSIDE);
        run(true, "ip", "netns", "exec", NAMESPACE, "ip", "link", "set", INSIDE, "up");
        run(true, "ip", "netns", "exec", NAMESPACE, "ip", "link", "set", "lo", "up");
        // the producer's side sends through a 1 Gbit/s token bucket (netem is not available; tbf is)
        run(true, "tc", "qdisc", "add", "dev", OUTSIDE, "root", "tbf", "rate", "1gbit", "burst", "256kb", "latency", "20ms");
        pages = lineitemPages();
    }

    @AfterAll
    static void removeShapedLink()
            throws Exception
    {
        run(false, "ip", "link", "del", OUTSIDE);
        run(false, "ip", "netns", "del", NAMESPACE);
    }

    /** The exchange of trial {@code trial}: round robin to two partitions on the consumer, one producer. */
    static NetworkExchange exchange(ExchangeRouter router, String consumerAddress, int trial, ExchangeCompression compression, int localProducers, ReceiveBudget budget)
    {
        ExchangeConfig config = new ExchangeConfig(MESSAGE_BYTES, WINDOW_BYTES, 0, compression, MAX_WINDOW_BYTES, QUERY_BUFFER_BYTES);
        return new NetworkExchange(router, new ExchangeId("shaped", trial), ExchangeKind.ROUND_ROBIN, List.of(consumerAddress, consumerAddress), null, 0, localProducers, 1,
                config, budget);
    }

    private record Trial(ExchangeCompression compression, double rawBytesPerSecond, ExchangeStats.Snapshot sent, long peakBufferedBytes) {}

    @Test
    void compressionPaysOnAOneGigabitLinkNotOverLoopbackAndTheBufferBoundHolds()
            throws Exception
    {
        List<ExchangeCompression> shapedTrials = List.of(ExchangeCompression.NONE, ExchangeCompression.ADAPTIVE);
        List<Trial> shaped = new ArrayList<>();
        Process consumer = new ProcessBuilder("ip", "netns", "exec", NAMESPACE, Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx1g",
                "--enable-native-access=ALL-UNNAMED", "-cp", System.getProperty("java.class.path"), ShapedLinkConsumer.class.getName(), CONSUMER_HOST,
                String.join(",", shapedTrials.stream().map(Enum::name).toList()))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
        try (NodeTransport transport = NodeTransport.start(PRODUCER_HOST, 0, TransportConfig.DEFAULT)) {
            BufferedReader output = new BufferedReader(new InputStreamReader(consumer.getInputStream(), StandardCharsets.UTF_8));
            String consumerAddress = expectLine(output, "listening on ").strip();
            ExchangeRouter router = new ExchangeRouter(transport);
            for (int trial = 0; trial < shapedTrials.size(); trial++) {
                try (NetworkExchange exchange = exchange(router, consumerAddress, trial, shapedTrials.get(trial), 1, new ReceiveBudget(QUERY_BUFFER_BYTES))) {
                    long start = System.nanoTime();
                    produce(exchange.createSink());
                    String[] done = expectLine(output, "done ").split(" ");
                    double seconds = (System.nanoTime() - start) / 1e9;
                    assertEquals(trial, Integer.parseInt(done[0]));
                    ExchangeStats.Snapshot sent = exchange.stats().snapshot();
                    assertEquals(sent.pagesSent(), Long.parseLong(done[1]), "every page arrives");
                    assertEquals(sent.wireBytesSent(), Long.parseLong(done[2]));
                    shaped.add(new Trial(shapedTrials.get(trial), sent.rawBytesSent() / seconds, sent, Long.parseLong(done[3])));
                }
            }
        }
        finally {
            consumer.destroy();
            consumer.waitFor(10, TimeUnit.SECONDS);
        }

        Trial loopback;
        try (NodeTransport producerTransport = NodeTransport.start(0);
                NodeTransport consumerTransport = NodeTransport.start(0)) {
            ExchangeRouter producerRouter = new ExchangeRouter(producerTransport);
            ExchangeRouter consumerRouter = new ExchangeRouter(consumerTransport);
            ReceiveBudget budget = new ReceiveBudget(QUERY_BUFFER_BYTES);
            try (NetworkExchange producerSide = exchange(producerRouter, consumerTransport.localAddress(), 9, ExchangeCompression.ADAPTIVE, 1, new ReceiveBudget(QUERY_BUFFER_BYTES));
                    NetworkExchange consumerSide = exchange(consumerRouter, consumerTransport.localAddress(), 9, ExchangeCompression.ADAPTIVE, 0, budget)) {
                List<CompletableFuture<Void>> drains = new ArrayList<>();
                for (int partition = 0; partition < 2; partition++) {
                    var source = consumerSide.source(partition);
                    drains.add(CompletableFuture.runAsync(() -> {
                        while (!source.isFinished()) {
                            if (source.poll() == null) {
                                source.isBlocked().join();
                            }
                        }
                    }));
                }
                long start = System.nanoTime();
                produce(producerSide.createSink());
                CompletableFuture.allOf(drains.toArray(new CompletableFuture<?>[0])).get(1, TimeUnit.MINUTES);
                ExchangeStats.Snapshot sent = producerSide.stats().snapshot();
                loopback = new Trial(ExchangeCompression.ADAPTIVE, sent.rawBytesSent() / ((System.nanoTime() - start) / 1e9), sent, budget.peakBufferedBytes());
            }
        }

        for (Trial trial : shaped) {
            System.out.println(describe("1 Gbit/s", trial));
        }
        System.out.println(describe("loopback", loopback));
        Trial none = shaped.get(0);
        Trial adaptive = shaped.get(1);
        assertEquals(0, none.sent().compressedMessagesSent());
        assertTrue(adaptive.sent().compressedMessagesSent() >= 0.8 * adaptive.sent().messagesSent(),
                "on a 1 Gbit/s link adaptive compression compresses: " + describe("1 Gbit/s", adaptive));
        // the throughput each way is printed, not asserted: on a host shared with other work the CPU, not the link, often decides it
        // (bin/bench-cluster exchange --shaped-link measures it; docs/benchmarks/cluster.md)
        assertEquals(0, loopback.sent().compressedMessagesSent(), "over loopback adaptive compression sends raw pages: " + describe("loopback", loopback));
        assertTrue(ExchangeRouter.isThisHost("127.0.0.1:1") && ExchangeRouter.isThisHost(PRODUCER_HOST + ":1") && !ExchangeRouter.isThisHost(CONSUMER_HOST + ":1"),
                "the shaped link's far end is another host as this namespace sees it");
        long bound = 2 * WINDOW_BYTES + QUERY_BUFFER_BYTES + MESSAGE_BYTES;
        for (Trial trial : List.of(none, adaptive, loopback)) {
            assertTrue(trial.peakBufferedBytes() > 0 && trial.peakBufferedBytes() <= bound, "peak buffered " + trial.peakBufferedBytes() + " above the bound " + bound);
        }
    }

    private static String describe(String link, Trial trial)
    {
        ExchangeStats.Snapshot sent = trial.sent();
        return String.format(Locale.ROOT, "%s %s: %.0f MB/s raw, %d of %d messages compressed (ratio %.2f), waiting for credit %d ms, blocked on write %d ms, peak buffered %.1f MiB",
                link, trial.compression(), trial.rawBytesPerSecond() / 1e6, sent.compressedMessagesSent(), sent.messagesSent(), sent.compressionRatio(),
                sent.creditWaitNanos() / 1_000_000, sent.writeBlockedNanos() / 1_000_000, trial.peakBufferedBytes() / (double) (1 << 20));
    }

    private static void produce(ExchangeSink sink)
    {
        long deadline = System.nanoTime() + (long) (SECONDS_PER_TRIAL * 1e9);
        int next = 0;
        while (System.nanoTime() < deadline) {
            CompletableFuture<?> blocked = sink.isBlocked();
            if (!blocked.isDone()) {
                blocked.join();
            }
            sink.add(pages.get(next));
            next = (next + 1) % pages.size();
        }
        sink.finish();
    }

    /** TPC-H SF 0.05 lineitem in pages of 4096 rows: data that compresses as real tables do (LZ4 about 2x). */
    private static List<Page> lineitemPages()
    {
        List<Page> pages = new ArrayList<>();
        try (TpchDataSet data = TpchData.generateDataSet(0.05, 2, MemoryPool.unbounded("shaped-link-lineitem"))) {
            for (Partition partition : data.catalog().table("lineitem").partitions()) {
                for (Segment segment : partition.segments()) {
                    Page page = segment.readAll();
                    for (int first = 0; first < page.positionCount(); first += 4096) {
                        Page region = page.region(first, Math.min(4096, page.positionCount() - first), PageAllocator.transientPages());
                        // own memory: the data set's memory goes when it closes
                        pages.add(io.signo.storage.serde.SegmentRegionOutput.copyOf(region, PageAllocator.transientPages()));
                    }
                }
            }
        }
        return pages;
    }

    private static String expectLine(BufferedReader output, String prefix)
            throws IOException
    {
        String line;
        while ((line = output.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length());
            }
        }
        throw new IllegalStateException("the consumer process ended before printing '" + prefix + "'");
    }

    private static String run(boolean check, String... command)
            throws IOException, InterruptedException
    {
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        if (check && exit != 0) {
            throw new IllegalStateException(String.join(" ", command) + " failed (exit " + exit + "): " + output.strip());
        }
        return output;
    }
}
