package io.signo.bench;

import io.signo.core.exchange.ExchangeKind;
import io.signo.core.exchange.ExchangeSink;
import io.signo.net.exchange.ExchangeRouter;
import io.signo.net.exchange.NetworkExchange;
import io.signo.net.transport.NodeTransport;
import io.signo.net.transport.SocketTransport;
import io.signo.net.transport.TransportConfig;
import io.signo.server.cluster.JitOptions;
import io.signo.storage.memory.MemoryPool;
import io.signo.storage.memory.PageAllocator;
import io.signo.storage.page.Page;
import io.signo.storage.table.Partition;
import io.signo.storage.table.Segment;
import io.signo.storage.table.Table;
import io.signo.storage.tpch.TpchData;
import io.signo.storage.tpch.TpchDataSet;
import io.signo.storage.vector.ColumnVector;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

/**
 * Network exchange throughput over loopback between two processes: this one produces, sending
 * TPC-H lineitem pages through one sink for {@code --seconds} per trial; an
 * {@link ExchangeConsumerProcess} hosts every partition and drains them. A trial ends when the
 * consumer has decoded the last page; raw bytes are the pages' size before encoding, wire bytes
 * what crossed the socket; the sending thread's CPU time (it hashes, scatters and builds the messages)
 * and this process's (with the event loop that writes to the socket, the JIT and the collector) are
 * what a crowded machine does not distort. Two first trials (LZ4 and none) warm both JVMs up and are not reported.
 *
 * <p>With {@code --shaped-link RATE} (root only) the consumer runs in a network namespace behind a veth
 * pair shaped to RATE ({@link ShapedLink}), so that a link, not loopback, is the limit.
 *
 * <pre>{@code bin/bench-cluster exchange [--sf 0.1] [--seconds 5] [--kind ROUND_ROBIN|HASH] [--partitions 2] [--rows-per-page 256] [--shaped-link 1gbit]
 *         [--trials NONE:1048576,ADAPTIVE:1048576,LZ4:1048576,NONE:1048576:adaptive,...] [--out benchmarks/target/results]}</pre>
 */
public final class ExchangeThroughputBenchmark
{
    static final String MARKDOWN_FILE = "exchange-throughput.md";
    static final String CSV_FILE = "exchange-throughput.csv";

    private static final String WARM_UP = "LZ4:1048576,NONE:1048576";

    private ExchangeThroughputBenchmark() {}

    public static void main(String[] args)
            throws IOException
    {
        BenchmarkArguments arguments = new BenchmarkArguments(args);
        double scaleFactor = arguments.doubleValue("--sf", 0.1);
        double seconds = arguments.doubleValue("--seconds", 5);
        String kind = arguments.string("--kind", "ROUND_ROBIN");
        int partitions = arguments.intValue("--partitions", 2);
        int rowsPerPage = arguments.intValue("--rows-per-page", 256);
        String trialSpecification = WARM_UP + "," + arguments.string("--trials", "NONE:1048576,ADAPTIVE:1048576,LZ4:1048576,NONE:1048576:adaptive,ADAPTIVE:1048576:adaptive");
        Path output = arguments.path("--out", Path.of("benchmarks/target/results"));
        String shapedRate = arguments.string("--shaped-link", "");

        List<TrialResult> results = new ArrayList<>();
        try (TpchDataSet data = TpchData.generateDataSet(scaleFactor, 2, MemoryPool.unbounded("benchmark-lineitem"))) {
            Table lineitem = data.catalog().table("lineitem");
            List<Page> pages = pages(lineitem, rowsPerPage);
            long rawBytes = 0;
            for (Page page : pages) {
                rawBytes += page.retainedBytes();
            }
            String setup = String.format(Locale.ROOT, "%s exchange of TPC-H SF %s lineitem (%d pages of %d rows, %.0f KiB each on average), "
                    + "1 producer process to %d partitions in 1 consumer process over %s, socket transport %s; GB = 10^9 bytes.%n%n",
                    kind, scaleFactor, pages.size(), rowsPerPage, rawBytes / 1024.0 / pages.size(), partitions,
                    shapedRate.isEmpty() ? "loopback" : "a veth pair into a network namespace shaped to " + shapedRate + " (tc tbf)",
                    TransportConfig.DEFAULT.socketTransport().displayName());
            System.out.print(setup + TrialResult.MARKDOWN_HEADER);
            int hashChannel = lineitem.columnIndex("l_orderkey");
            List<ThroughputTrial> trials = ThroughputTrial.parse(trialSpecification, ExchangeKind.valueOf(kind), new int[] {hashChannel}, partitions);
            ShapedLink link = shapedRate.isEmpty() ? null : ShapedLink.create(shapedRate);
            Process consumer = startConsumer(trialSpecification, kind, hashChannel, partitions, link);
            try (NodeTransport transport = link == null ? NodeTransport.start(0) : NodeTransport.start(link.producerHost(), 0, TransportConfig.DEFAULT)) {
                BufferedReader consumerOutput = new BufferedReader(new InputStreamReader(consumer.getInputStream(), StandardCharsets.UTF_8));
                String consumerAddress = expectLine(consumerOutput, ExchangeConsumerProcess.LISTENING_PREFIX).strip();
                ExchangeRouter router = new ExchangeRouter(transport);
                for (ThroughputTrial trial : trials) {
                    boolean warmUp = trial.number() < WARM_UP.split(",").length;
                    TrialResult result = produce(trial, router, consumerAddress, pages, warmUp ? Math.min(2, seconds) : seconds, consumerOutput);
                    if (!warmUp) {
                        System.out.print(result.markdownRow());
                        results.add(result);
                    }
                }
            }
            finally {
                consumer.destroy();
                if (!consumer.waitFor(5, TimeUnit.SECONDS)) {
                    consumer.destroyForcibly();
                }
                if (link != null) {
                    link.close();
                }
            }
            write(output, setup, results);
        }
        catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private static TrialResult produce(ThroughputTrial trial, ExchangeRouter router, String consumerAddress, List<Page> pages, double seconds, BufferedReader consumerOutput)
            throws IOException
    {
        try (NetworkExchange exchange = trial.exchange(router, consumerAddress, 1)) {
            ExchangeSink sink = exchange.createSink();
            // CPU time, not wall time, is what a crowded machine does not distort: the sending thread's and the whole process's
            ThreadMXBean threads = ManagementFactory.getThreadMXBean();
            long threadCpuStart = threads.getCurrentThreadCpuTime();
            long processCpuStart = ProcessCpuTime.nanos();
            long start = System.nanoTime();
            long deadline = start + (long) (seconds * 1e9);
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
            long threadCpu = threads.getCurrentThreadCpuTime() - threadCpuStart;
            String[] done = expectLine(consumerOutput, ExchangeConsumerProcess.DONE_PREFIX).split(" ");
            double elapsed = (System.nanoTime() - start) / 1e9;
            long processCpu = ProcessCpuTime.nanos() - processCpuStart;
            if (Integer.parseInt(done[0]) != trial.number()) {
                throw new IllegalStateException("consumer finished trial " + done[0] + ", expected " + trial.number());
            }
            return new TrialResult(trial, elapsed, exchange.stats().snapshot(), Long.parseLong(done[1]), Long.parseLong(done[2]), Long.parseLong(done[3]),
                    Long.parseLong(done[4]), Long.parseLong(done[5]), Long.parseLong(done[6]), threadCpu, processCpu);
        }
    }

    /** The table's pages cut into pages of {@code rowsPerPage} rows, so that several fit in one message. */
    private static List<Page> pages(Table table, int rowsPerPage)
    {
        List<Page> pages = new ArrayList<>();
        int[] positions = new int[rowsPerPage];
        for (Partition partition : table.partitions()) {
            for (Segment segment : partition.segments()) {
                Page page = segment.readAll();
                for (int first = 0; first < page.positionCount(); first += rowsPerPage) {
                    int count = Math.min(rowsPerPage, page.positionCount() - first);
                    for (int i = 0; i < count; i++) {
                        positions[i] = first + i;
                    }
                    ColumnVector[] columns = new ColumnVector[page.columnCount()];
                    for (int channel = 0; channel < columns.length; channel++) {
                        columns[channel] = page.column(channel).copyPositions(positions, count, PageAllocator.transientPages());
                    }
                    pages.add(new Page(count, columns));
                }
            }
        }
        return pages;
    }

    private static Process startConsumer(String trials, String kind, int hashChannel, int partitions, ShapedLink link)
            throws IOException
    {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> arguments = new ArrayList<>(List.of(java, "-Xmx2g", "-XX:+UseParallelGC", "--enable-native-access=ALL-UNNAMED"));
        // compiled as a worker process is, so that the consumer's CPU figures are a worker's
        arguments.addAll(JitOptions.options());
        // the same socket transport at both ends
        arguments.add("-D" + SocketTransport.PROPERTY + "=" + System.getProperty(SocketTransport.PROPERTY, "auto"));
        arguments.addAll(List.of("-cp", System.getProperty("java.class.path"),
                ExchangeConsumerProcess.class.getName(), "--trials", trials, "--kind", kind, "--hash-channel", Integer.toString(hashChannel), "--partitions", Integer.toString(partitions),
                "--host", link == null ? "127.0.0.1" : link.consumerHost()));
        String[] command = arguments.toArray(String[]::new);
        return new ProcessBuilder(link == null ? command : link.inNamespace(command))
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .start();
    }

    /** The rest of the consumer's next line that starts with {@code prefix}; fails if the consumer ended first. */
    private static String expectLine(BufferedReader consumerOutput, String prefix)
            throws IOException
    {
        String line;
        while ((line = consumerOutput.readLine()) != null) {
            if (line.startsWith(prefix)) {
                return line.substring(prefix.length());
            }
        }
        throw new IllegalStateException("the consumer process ended before printing '" + prefix + "'");
    }

    private static void write(Path directory, String setup, List<TrialResult> results)
            throws IOException
    {
        StringBuilder markdown = new StringBuilder(setup);
        markdown.append(TrialResult.MARKDOWN_HEADER);
        StringBuilder csv = new StringBuilder(TrialResult.CSV_HEADER);
        for (TrialResult result : results) {
            markdown.append(result.markdownRow());
            csv.append(result.csvRow());
        }
        Files.createDirectories(directory);
        Files.writeString(directory.resolve(MARKDOWN_FILE), markdown, StandardCharsets.UTF_8);
        Files.writeString(directory.resolve(CSV_FILE), csv, StandardCharsets.UTF_8);
        System.out.println();
        System.out.print(markdown);
        System.out.println("wrote " + directory.resolve(MARKDOWN_FILE) + " and " + directory.resolve(CSV_FILE));
    }
}
