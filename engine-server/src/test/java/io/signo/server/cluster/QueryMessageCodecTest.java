package io.signo.server.cluster;

import io.signo.core.driver.OperatorStatistics;
import io.signo.net.exchange.ExchangeCompression;
import io.signo.server.cluster.ClusterMessages.CancelRequest;
import io.signo.server.cluster.ClusterMessages.ExecuteRequest;
import io.signo.server.cluster.ClusterMessages.NextSplitsRequest;
import io.signo.server.cluster.ClusterMessages.SplitBatch;
import io.signo.server.cluster.ClusterMessages.TaskDone;
import io.signo.sql.QuerySteps;
import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.serde.BinaryOutput;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.Function;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryMessageCodecTest
{
    private static final ExchangeSettings EXCHANGE = new ExchangeSettings(64 * 1024, 2 * 1024 * 1024, 8 * 1024 * 1024, 32 * 1024 * 1024, 0, ExchangeCompression.ADAPTIVE);

    @Test
    void aStartRequestEncodedOnceCarriesEachWorkerItsOwnIndex()
    {
        byte[] plan = {1, 2, 3, -1, 0, 42};
        List<String> workers = List.of("127.0.0.1:4001", "127.0.0.1:4002", "127.0.0.1:4003");
        QueryMessageCodec.EncodedExecuteRequest encoded = QueryMessageCodec.encodeExecute("q-ü-7", plan, workers, "127.0.0.1:4000", 2, EXCHANGE, 1L << 33);
        for (int node = 0; node < workers.size(); node++) {
            ExecuteRequest request = QueryMessageCodec.decodeExecute(encoded.forNode(node));
            assertEquals("q-ü-7", request.queryId());
            assertArrayEquals(plan, request.plan());
            assertEquals(node, request.nodeIndex());
            assertEquals(workers, request.workerAddresses());
            assertEquals("127.0.0.1:4000", request.coordinatorAddress());
            assertEquals(2, request.driversPerNode());
            assertEquals(EXCHANGE, request.exchange());
            assertEquals(1L << 33, request.queryMaxMemoryBytes());
        }
    }

    @Test
    void aReportRoundTrips()
    {
        TaskDone report = report();
        assertEquals(report, QueryMessageCodec.decodeTaskDone(QueryMessageCodec.encode(report)));
        TaskDone failed = new TaskDone("q2", 0, "node 127.0.0.1:1 died; the query was stopped", ErrorCode.NODE_FAILED.number(), List.of(), List.of(), 0, List.of());
        assertEquals(failed, QueryMessageCodec.decodeTaskDone(QueryMessageCodec.encode(failed)));
    }

    @Test
    void cancelAndSplitMessagesRoundTrip()
    {
        CancelRequest cancel = new CancelRequest("q3", "the client closed the result");
        assertEquals(cancel, QueryMessageCodec.decodeCancel(QueryMessageCodec.encode(cancel)));
        CancelRequest withoutReason = new CancelRequest("q3", null);
        assertEquals(withoutReason, QueryMessageCodec.decodeCancel(QueryMessageCodec.encode(withoutReason)));
        NextSplitsRequest ask = new NextSplitsRequest("q4", 3, 1, 2);
        assertEquals(ask, QueryMessageCodec.decodeNextSplits(QueryMessageCodec.encode(ask)));
        int[] splits = {0, 7, 65_535};
        assertArrayEquals(splits, QueryMessageCodec.decodeSplitBatch(QueryMessageCodec.encode(new SplitBatch(splits))).splits());
        assertArrayEquals(new int[0], QueryMessageCodec.decodeSplitBatch(QueryMessageCodec.encode(new SplitBatch(new int[0]))).splits());
    }

    @Test
    void everyTruncationFailsNamingTheMessage()
    {
        for (Message message : messages()) {
            for (int length = 0; length < message.bytes().length; length++) {
                byte[] truncated = Arrays.copyOf(message.bytes(), length);
                SignoException failure = assertThrows(SignoException.class, () -> message.decoder().apply(truncated), message.name() + " cut to " + truncated.length + " bytes");
                assertEquals(ErrorCode.CORRUPT_DATA, failure.errorCode());
                assertTrue(failure.getMessage().startsWith("malformed " + message.name() + " message: "), failure.getMessage());
            }
        }
    }

    @Test
    void anotherVersionOrKindOrTrailingBytesAreRejected()
    {
        for (Message message : messages()) {
            byte[] otherVersion = message.bytes().clone();
            otherVersion[1] = (byte) (QueryMessageCodec.VERSION + 1);
            assertContains(decodeFailure(message, otherVersion), "version " + (QueryMessageCodec.VERSION + 1) + " is not the version this build reads");
            byte[] otherKind = message.bytes().clone();
            otherKind[0] = 99;
            assertContains(decodeFailure(message, otherKind), "message kind 99");
            byte[] trailing = Arrays.copyOf(message.bytes(), message.bytes().length + 1);
            assertContains(decodeFailure(message, trailing), "1 bytes left after its last field");
        }
        // a start request's bytes are not a report, whatever their length
        byte[] start = QueryMessageCodec.encode(request());
        assertThrows(SignoException.class, () -> QueryMessageCodec.decodeTaskDone(start));
    }

    @Test
    void aHugeLengthFailsBeforeAnythingIsAllocated()
    {
        byte[] batch = QueryMessageCodec.encode(new SplitBatch(new int[] {1, 2}));
        // the count after the kind and version bytes
        BinaryOutput.putInt(batch, 2, Integer.MAX_VALUE);
        assertContains(decodeFailure(new Message("SplitBatch", batch, QueryMessageCodec::decodeSplitBatch), batch), "splits length 2147483647 exceeds the 8 bytes left");
        byte[] cancel = QueryMessageCodec.encode(new CancelRequest("q", "r"));
        BinaryOutput.putInt(cancel, 2, -5);
        assertContains(decodeFailure(new Message("CancelRequest", cancel, QueryMessageCodec::decodeCancel), cancel), "query id length -5");
    }

    @Test
    void valuesTheRecordsRejectAreMalformed()
    {
        ExchangeSettings tiny = EXCHANGE;
        byte[] start = QueryMessageCodec.encode(request());
        // the node index sits after the kind and version bytes
        BinaryOutput.putInt(start, 2, 2);
        assertContains(decodeFailure(new Message("ExecuteRequest", start, QueryMessageCodec::decodeExecute), start), "node index 2 is not one of its 2 workers");

        byte[] badCompression = QueryMessageCodec.encode(request());
        // compression is the byte before the last field, a long
        badCompression[badCompression.length - Long.BYTES - 1] = 7;
        assertContains(decodeFailure(new Message("ExecuteRequest", badCompression, QueryMessageCodec::decodeExecute), badCompression), "exchange compression 7 is not one of");

        byte[] smallMessages = QueryMessageCodec.encode(new ExecuteRequest("q", new byte[0], 0, List.of("a:1"), "c:2", 1, tiny, 0));
        // the message size is the first of the exchange's five longs, before the compression byte and the memory limit
        int messageBytesOffset = smallMessages.length - Long.BYTES - 1 - 5 * Long.BYTES;
        Arrays.fill(smallMessages, messageBytesOffset, messageBytesOffset + Long.BYTES, (byte) 0);
        assertContains(decodeFailure(new Message("ExecuteRequest", smallMessages, QueryMessageCodec::decodeExecute), smallMessages), "exchange message size must be at least 1024 bytes, not 0");
    }

    @Test
    void damagedBytesDecodeOrFailCleanly()
    {
        Random random = new Random(20);
        int decoded = 0;
        int failed = 0;
        for (Message message : messages()) {
            for (int trial = 0; trial < 2_000; trial++) {
                byte[] damaged = message.bytes().clone();
                int flips = 1 + random.nextInt(4);
                for (int flip = 0; flip < flips; flip++) {
                    damaged[random.nextInt(damaged.length)] = (byte) random.nextInt(256);
                }
                try {
                    assertNotNull(message.decoder().apply(damaged));
                    decoded++;
                }
                catch (SignoException e) {
                    assertEquals(ErrorCode.CORRUPT_DATA, e.errorCode(), e.getMessage());
                    failed++;
                }
            }
        }
        // both outcomes occur: the damage neither always lands in a free value nor always breaks the frame
        assertTrue(decoded > 0, "none decoded");
        assertTrue(failed > 0, "none failed");
    }

    private static String decodeFailure(Message message, byte[] bytes)
    {
        SignoException failure = assertThrows(SignoException.class, () -> message.decoder().apply(bytes));
        assertEquals(ErrorCode.CORRUPT_DATA, failure.errorCode());
        assertTrue(failure.getMessage().startsWith("malformed " + message.name() + " message: "), failure.getMessage());
        return failure.getMessage();
    }

    private static void assertContains(String actual, String expected)
    {
        assertTrue(actual.contains(expected), "expected \"" + expected + "\" in \"" + actual + "\"");
    }

    private record Message(String name, byte[] bytes, Function<byte[], ?> decoder) {}

    private static List<Message> messages()
    {
        List<Message> messages = new ArrayList<>();
        messages.add(new Message("ExecuteRequest", QueryMessageCodec.encode(request()), QueryMessageCodec::decodeExecute));
        messages.add(new Message("TaskDone", QueryMessageCodec.encode(report()), QueryMessageCodec::decodeTaskDone));
        messages.add(new Message("CancelRequest", QueryMessageCodec.encode(new CancelRequest("q5", "stopped")), QueryMessageCodec::decodeCancel));
        messages.add(new Message("NextSplitsRequest", QueryMessageCodec.encode(new NextSplitsRequest("q6", 0, 1, 2)), QueryMessageCodec::decodeNextSplits));
        messages.add(new Message("SplitBatch", QueryMessageCodec.encode(new SplitBatch(new int[] {4, 5, 6})), QueryMessageCodec::decodeSplitBatch));
        return messages;
    }

    private static ExecuteRequest request()
    {
        return new ExecuteRequest("q1", new byte[] {9, 8, 7, 6}, 1, List.of("127.0.0.1:4001", "127.0.0.1:4002"), "127.0.0.1:4000", 1, EXCHANGE, 0);
    }

    private static TaskDone report()
    {
        return new TaskDone("q1", 1, null, 0,
                List.of(new ExchangeCounters(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13), new ExchangeCounters(1, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 1100, 1200, 1300)),
                List.of(new OperatorStatistics(0, "TableScan", 1, 0, 0, 15_000, 4, 1_000_000, 900_000, 4096), new OperatorStatistics(-1, "ExchangeSink", 1, 15_000, 4, 0, 0, 10, 9, 0)),
                1L << 20,
                List.of(new QuerySteps.Step("worker 1", "request decoded", 0.25), new QuerySteps.Step("worker 1", "tasks ended", 3.5)));
    }
}
