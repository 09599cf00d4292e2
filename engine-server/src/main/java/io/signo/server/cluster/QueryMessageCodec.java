package io.signo.server.cluster;

import io.signo.core.driver.OperatorStatistics;
import io.signo.net.exchange.ExchangeCompression;
import io.signo.server.cluster.ClusterMessages.CancelRequest;
import io.signo.server.cluster.ClusterMessages.ExecuteRequest;
import io.signo.server.cluster.ClusterMessages.NextSplitsRequest;
import io.signo.server.cluster.ClusterMessages.RuntimeFilterKeysMessage;
import io.signo.server.cluster.ClusterMessages.RuntimeFilterMessage;
import io.signo.server.cluster.ClusterMessages.SplitBatch;
import io.signo.server.cluster.ClusterMessages.TaskDone;
import io.signo.sql.QuerySteps;
import io.signo.storage.serde.BinaryInput;
import io.signo.storage.serde.BinaryOutput;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * The messages every query sends between the coordinator and its workers (its start, a worker's
 * report of its end, a cancel, a worker's ask for more splits and the answer) in a compact binary
 * form: a kind byte, a version byte, then the fields in a fixed order. They are encoded and decoded
 * a few times per query, so they avoid Java serialization's class descriptors and reflection; the
 * plan inside a start request is {@link io.signo.sql.fragment.PlanCodec}'s bytes, carried as they
 * are. Decoding checks every length against the bytes left and every value the records check, and
 * fails with {@link io.signo.storage.error.ErrorCode#CORRUPT_DATA} naming the message and the field.
 */
final class QueryMessageCodec
{
    static final int VERSION = 1;

    private static final int EXECUTE = 1;
    private static final int TASK_DONE = 2;
    private static final int CANCEL = 3;
    private static final int NEXT_SPLITS = 4;
    private static final int SPLIT_BATCH = 5;
    private static final int RUNTIME_FILTER_KEYS = 6;
    private static final int RUNTIME_FILTER = 7;

    /** Where a start request's node index sits: after the kind and version bytes. */
    private static final int NODE_INDEX_OFFSET = 2;
    private static final int EXCHANGE_COUNTERS_BYTES = Integer.BYTES + 13 * Long.BYTES;
    private static final int MINIMUM_OPERATOR_BYTES = 2 * Integer.BYTES + 8 * Long.BYTES;
    private static final int MINIMUM_STEP_BYTES = 2 * Integer.BYTES + Double.BYTES;
    private static final ExchangeCompression[] COMPRESSIONS = ExchangeCompression.values();

    private QueryMessageCodec() {}

    /**
     * A query's start request, encoded once for all its workers: only the node index differs, which
     * {@link #forNode} writes into a copy.
     */
    static final class EncodedExecuteRequest
    {
        private final byte[] bytes;

        private EncodedExecuteRequest(byte[] bytes)
        {
            this.bytes = bytes;
        }

        byte[] forNode(int nodeIndex)
        {
            byte[] copy = bytes.clone();
            BinaryOutput.putInt(copy, NODE_INDEX_OFFSET, nodeIndex);
            return copy;
        }
    }

    static EncodedExecuteRequest encodeExecute(String queryId, byte[] plan, List<String> workerAddresses, String coordinatorAddress, int driversPerNode,
            ExchangeSettings exchange, long queryMaxMemoryBytes)
    {
        BinaryOutput out = new BinaryOutput(plan.length + 256);
        out.writeByte(EXECUTE).writeByte(VERSION).writeInt(-1);
        out.writeString(queryId).writeBytes(plan);
        out.writeInt(workerAddresses.size());
        for (String address : workerAddresses) {
            out.writeString(address);
        }
        out.writeString(coordinatorAddress).writeInt(driversPerNode);
        out.writeLong(exchange.messageBytes()).writeLong(exchange.windowBytes()).writeLong(exchange.maxWindowBytes()).writeLong(exchange.queryBufferBytes())
                .writeLong(exchange.batchBarrierBytes()).writeByte(exchange.compression().ordinal());
        out.writeLong(queryMaxMemoryBytes);
        return new EncodedExecuteRequest(out.toByteArray());
    }

    static byte[] encode(ExecuteRequest request)
    {
        return encodeExecute(request.queryId(), request.plan(), request.workerAddresses(), request.coordinatorAddress(), request.driversPerNode(), request.exchange(),
                request.queryMaxMemoryBytes()).forNode(request.nodeIndex());
    }

    static ExecuteRequest decodeExecute(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "ExecuteRequest message").expectHeader(EXECUTE, VERSION);
        int nodeIndex = in.readInt("node index");
        String queryId = in.readString("query id");
        byte[] plan = in.readBytes("plan");
        int workerCount = in.readCount("worker addresses", Integer.BYTES);
        if (nodeIndex < 0 || nodeIndex >= workerCount) {
            throw in.malformed("node index " + nodeIndex + " is not one of its " + workerCount + " workers");
        }
        List<String> workers = new ArrayList<>(workerCount);
        for (int i = 0; i < workerCount; i++) {
            workers.add(in.readString("worker address"));
        }
        String coordinator = in.readString("coordinator address");
        int driversPerNode = in.readInt("drivers per node", 1, 4096);
        long messageBytes = in.readLong("exchange message bytes");
        long windowBytes = in.readLong("exchange window bytes");
        long maxWindowBytes = in.readLong("exchange largest window bytes");
        long queryBufferBytes = in.readLong("exchange query buffer bytes");
        long batchBarrierBytes = in.readLong("batch barrier bytes");
        int compression = in.readByte("exchange compression");
        if (compression >= COMPRESSIONS.length) {
            throw in.malformed("exchange compression " + compression + " is not one of " + List.of(COMPRESSIONS));
        }
        long queryMaxMemoryBytes = in.readLong("query max memory bytes");
        in.expectEnd();
        ExchangeSettings exchange = checked(in, () -> new ExchangeSettings(messageBytes, windowBytes, maxWindowBytes, queryBufferBytes, batchBarrierBytes, COMPRESSIONS[compression]));
        return new ExecuteRequest(queryId, plan, nodeIndex, List.copyOf(workers), coordinator, driversPerNode, exchange, queryMaxMemoryBytes);
    }

    static byte[] encode(TaskDone report)
    {
        BinaryOutput out = new BinaryOutput(256 + report.exchanges().size() * EXCHANGE_COUNTERS_BYTES + report.operators().size() * 96 + report.steps().size() * 48);
        out.writeByte(TASK_DONE).writeByte(VERSION);
        out.writeString(report.queryId()).writeInt(report.nodeIndex()).writeNullableString(report.error()).writeInt(report.errorNumber());
        out.writeInt(report.exchanges().size());
        for (ExchangeCounters counters : report.exchanges()) {
            out.writeInt(counters.exchange())
                    .writeLong(counters.bytesSent()).writeLong(counters.pagesSent()).writeLong(counters.bytesReceived()).writeLong(counters.pagesReceived())
                    .writeLong(counters.rawBytesSent()).writeLong(counters.blockedOnWriteNanos()).writeLong(counters.waitingForCreditNanos()).writeLong(counters.peakBufferedBytes())
                    .writeLong(counters.messagesSent()).writeLong(counters.compressedMessagesSent()).writeLong(counters.consumerIdleNanos()).writeLong(counters.creditWaitWhileIdleNanos())
                    .writeLong(counters.largestWindowBytes());
        }
        out.writeInt(report.operators().size());
        for (OperatorStatistics operator : report.operators()) {
            out.writeInt(operator.planNodeId()).writeString(operator.operator())
                    .writeLong(operator.instances()).writeLong(operator.inputRows()).writeLong(operator.inputPages()).writeLong(operator.outputRows())
                    .writeLong(operator.outputPages()).writeLong(operator.wallNanos()).writeLong(operator.cpuNanos()).writeLong(operator.peakMemoryBytes());
        }
        out.writeLong(report.peakMemoryBytes());
        out.writeInt(report.steps().size());
        for (QuerySteps.Step step : report.steps()) {
            out.writeString(step.node()).writeString(step.name()).writeDouble(step.millis());
        }
        return out.toByteArray();
    }

    static TaskDone decodeTaskDone(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "TaskDone message").expectHeader(TASK_DONE, VERSION);
        String queryId = in.readString("query id");
        int nodeIndex = in.readInt("node index", 0, Integer.MAX_VALUE);
        String error = in.readNullableString("error");
        int errorNumber = in.readInt("error number");
        int exchangeCount = in.readCount("exchange counters", EXCHANGE_COUNTERS_BYTES);
        List<ExchangeCounters> exchanges = new ArrayList<>(exchangeCount);
        for (int i = 0; i < exchangeCount; i++) {
            exchanges.add(new ExchangeCounters(in.readInt("exchange"),
                    in.readLong("bytes sent"), in.readLong("pages sent"), in.readLong("bytes received"), in.readLong("pages received"),
                    in.readLong("raw bytes sent"), in.readLong("blocked on write"), in.readLong("waiting for credit"), in.readLong("peak buffered bytes"),
                    in.readLong("messages sent"), in.readLong("compressed messages sent"), in.readLong("consumer idle"), in.readLong("credit wait while idle"),
                    in.readLong("largest window")));
        }
        int operatorCount = in.readCount("operator statistics", MINIMUM_OPERATOR_BYTES);
        List<OperatorStatistics> operators = new ArrayList<>(operatorCount);
        for (int i = 0; i < operatorCount; i++) {
            operators.add(new OperatorStatistics(in.readInt("plan node id"), in.readString("operator"),
                    in.readLong("instances"), in.readLong("input rows"), in.readLong("input pages"), in.readLong("output rows"),
                    in.readLong("output pages"), in.readLong("wall time"), in.readLong("cpu time"), in.readLong("peak memory bytes")));
        }
        long peakMemoryBytes = in.readLong("peak memory bytes");
        int stepCount = in.readCount("steps", MINIMUM_STEP_BYTES);
        List<QuerySteps.Step> steps = new ArrayList<>(stepCount);
        for (int i = 0; i < stepCount; i++) {
            steps.add(new QuerySteps.Step(in.readString("step node"), in.readString("step name"), in.readDouble("step time")));
        }
        in.expectEnd();
        return new TaskDone(queryId, nodeIndex, error, errorNumber, exchanges, operators, peakMemoryBytes, steps);
    }

    static byte[] encode(CancelRequest request)
    {
        return new BinaryOutput(64).writeByte(CANCEL).writeByte(VERSION).writeString(request.queryId()).writeNullableString(request.reason()).toByteArray();
    }

    static CancelRequest decodeCancel(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "CancelRequest message").expectHeader(CANCEL, VERSION);
        CancelRequest request = new CancelRequest(in.readString("query id"), in.readNullableString("reason"));
        in.expectEnd();
        return request;
    }

    static byte[] encode(NextSplitsRequest request)
    {
        return new BinaryOutput(48).writeByte(NEXT_SPLITS).writeByte(VERSION).writeString(request.queryId())
                .writeInt(request.scanIndex()).writeInt(request.workerIndex()).writeInt(request.maxSplits()).toByteArray();
    }

    static NextSplitsRequest decodeNextSplits(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "NextSplitsRequest message").expectHeader(NEXT_SPLITS, VERSION);
        NextSplitsRequest request = new NextSplitsRequest(in.readString("query id"), in.readInt("scan index", 0, Integer.MAX_VALUE),
                in.readInt("worker index", 0, Integer.MAX_VALUE), in.readInt("max splits", 1, Integer.MAX_VALUE));
        in.expectEnd();
        return request;
    }

    static byte[] encode(SplitBatch batch)
    {
        BinaryOutput out = new BinaryOutput(8 + batch.splits().length * Integer.BYTES).writeByte(SPLIT_BATCH).writeByte(VERSION);
        out.writeInt(batch.splits().length);
        for (int split : batch.splits()) {
            out.writeInt(split);
        }
        return out.toByteArray();
    }

    static SplitBatch decodeSplitBatch(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "SplitBatch message").expectHeader(SPLIT_BATCH, VERSION);
        int[] splits = new int[in.readCount("splits", Integer.BYTES)];
        for (int i = 0; i < splits.length; i++) {
            splits[i] = in.readInt("split", 0, Integer.MAX_VALUE);
        }
        in.expectEnd();
        return new SplitBatch(splits);
    }

    static byte[] encode(RuntimeFilterKeysMessage message)
    {
        return new BinaryOutput(32 + message.queryId().length() + message.keys().length).writeByte(RUNTIME_FILTER_KEYS).writeByte(VERSION).writeString(message.queryId())
                .writeInt(message.joinNumber()).writeInt(message.expectedPartials()).writeBytes(message.keys()).toByteArray();
    }

    static RuntimeFilterKeysMessage decodeRuntimeFilterKeys(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "RuntimeFilterKeys message").expectHeader(RUNTIME_FILTER_KEYS, VERSION);
        RuntimeFilterKeysMessage message = new RuntimeFilterKeysMessage(in.readString("query id"), in.readInt("join number", 1, Integer.MAX_VALUE),
                in.readInt("expected partials", 1, Integer.MAX_VALUE), in.readBytes("keys"));
        in.expectEnd();
        return message;
    }

    static byte[] encode(RuntimeFilterMessage message)
    {
        int size = 32 + message.queryId().length();
        for (byte[] partial : message.partials()) {
            size += Integer.BYTES + partial.length;
        }
        BinaryOutput out = new BinaryOutput(size).writeByte(RUNTIME_FILTER).writeByte(VERSION).writeString(message.queryId()).writeInt(message.joinNumber());
        out.writeInt(message.partials().size());
        for (byte[] partial : message.partials()) {
            out.writeBytes(partial);
        }
        return out.toByteArray();
    }

    static RuntimeFilterMessage decodeRuntimeFilter(byte[] bytes)
    {
        BinaryInput in = new BinaryInput(bytes, "RuntimeFilter message").expectHeader(RUNTIME_FILTER, VERSION);
        String queryId = in.readString("query id");
        int joinNumber = in.readInt("join number", 1, Integer.MAX_VALUE);
        int count = in.readCount("partials", Integer.BYTES);
        List<byte[]> partials = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            partials.add(in.readBytes("partial"));
        }
        in.expectEnd();
        return new RuntimeFilterMessage(queryId, joinNumber, partials);
    }

    /** Builds a value whose constructor checks its fields, turning a rejected field into a malformed message. */
    private static <T> T checked(BinaryInput in, Supplier<T> constructor)
    {
        try {
            return constructor.get();
        }
        catch (IllegalArgumentException | NullPointerException e) {
            throw in.malformed(e.getMessage());
        }
    }
}
