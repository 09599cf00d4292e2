package io.signo.net.exchange;

import io.signo.net.codec.Frame;
import io.signo.net.codec.FrameFormatException;
import io.signo.net.codec.FrameType;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The frames of the exchange protocol. Every one names its channel: the exchange, the consumer
 * partition and the sender (the producing sink, {@code host:port#index}).
 *
 * <p>Protocol: a sink sends {@link Open} on each channel; the consumer answers {@link Credit} (its
 * initial window) or {@link Closed}. The sink sends {@link Data} while it has credit, then {@link End}.
 * The consumer sends {@link Credit} as it consumes, and {@link Closed} when it needs no more.
 */
sealed interface ExchangeMessage
{
    ExchangeId exchangeId();

    int partition();

    String sender();

    Frame toFrame();

    record Open(ExchangeId exchangeId, int partition, String sender)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_OPEN, header(this, 0).array());
        }
    }

    /** The last message of a sender to a partition; {@code messageCount} data messages came before it. */
    record End(ExchangeId exchangeId, int partition, String sender, long messageCount)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_END, header(this, Long.BYTES).putLong(messageCount).array());
        }
    }

    /** The sender may have sent up to {@code grantedBytes} in total; the consumer consumed {@code consumedBytes} so far. */
    record Credit(ExchangeId exchangeId, int partition, String sender, long grantedBytes, long consumedBytes)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_CREDIT, header(this, 2 * Long.BYTES).putLong(grantedBytes).putLong(consumedBytes).array());
        }
    }

    record Closed(ExchangeId exchangeId, int partition, String sender)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            return new Frame(FrameType.EXCHANGE_CLOSED, header(this, 0).array());
        }
    }

    /**
     * Encoded pages: {@code pages} holds {@code pageCount} times (int length, encoded page) in
     * {@code [pagesOffset, pagesOffset + pagesLength)}. {@code wireBytes} is the frame payload size,
     * the unit of credit.
     */
    record Data(ExchangeId exchangeId, int partition, String sender, long sequence, long backlogBytes, long rawBytes, int pageCount,
            byte[] pages, int pagesOffset, int pagesLength, int wireBytes)
            implements ExchangeMessage
    {
        @Override
        public Frame toFrame()
        {
            ByteBuffer buffer = header(this, 3 * Long.BYTES + Integer.BYTES + pagesLength);
            buffer.putLong(sequence).putLong(backlogBytes).putLong(rawBytes).putInt(pageCount).put(pages, pagesOffset, pagesLength);
            return new Frame(FrameType.EXCHANGE_DATA, buffer.array());
        }

        /** Payload size of the frame carrying {@code pagesLength} bytes of pages on this channel. */
        static int wireBytes(ExchangeId exchangeId, String sender, int pagesLength)
        {
            return headerBytes(exchangeId, sender) + 3 * Long.BYTES + Integer.BYTES + pagesLength;
        }
    }

    static ExchangeMessage parse(Frame frame)
    {
        ByteBuffer buffer = ByteBuffer.wrap(frame.payload());
        try {
            ExchangeId exchangeId = new ExchangeId(readString(buffer), buffer.getInt());
            int partition = buffer.getInt();
            String sender = readString(buffer);
            return switch (frame.type()) {
                case EXCHANGE_OPEN -> new Open(exchangeId, partition, sender);
                case EXCHANGE_END -> new End(exchangeId, partition, sender, buffer.getLong());
                case EXCHANGE_CREDIT -> new Credit(exchangeId, partition, sender, buffer.getLong(), buffer.getLong());
                case EXCHANGE_CLOSED -> new Closed(exchangeId, partition, sender);
                case EXCHANGE_DATA -> {
                    long sequence = buffer.getLong();
                    long backlog = buffer.getLong();
                    long rawBytes = buffer.getLong();
                    int pageCount = buffer.getInt();
                    // each page takes at least its 4-byte length: a count past that is corrupt, and must not size an array
                    if (pageCount < 1 || pageCount > buffer.remaining() / Integer.BYTES) {
                        throw new FrameFormatException("page count " + pageCount + " does not fit the " + buffer.remaining() + " bytes of pages");
                    }
                    yield new Data(exchangeId, partition, sender, sequence, backlog, rawBytes, pageCount,
                            frame.payload(), buffer.position(), buffer.remaining(), frame.payload().length);
                }
                default -> throw new FrameFormatException("not an exchange frame: " + frame.type());
            };
        }
        catch (RuntimeException e) {
            if (e instanceof FrameFormatException formatException) {
                throw formatException;
            }
            throw new FrameFormatException("malformed " + frame.type() + " frame of " + frame.payload().length + " bytes: " + e);
        }
    }

    private static int headerBytes(ExchangeId exchangeId, String sender)
    {
        return 4 * Integer.BYTES + utf8Length(exchangeId.queryId()) + utf8Length(sender);
    }

    private static ByteBuffer header(ExchangeMessage message, int bodyBytes)
    {
        byte[] query = message.exchangeId().queryId().getBytes(StandardCharsets.UTF_8);
        byte[] sender = message.sender().getBytes(StandardCharsets.UTF_8);
        ByteBuffer buffer = ByteBuffer.allocate(Integer.BYTES + query.length + 2 * Integer.BYTES + Integer.BYTES + sender.length + bodyBytes);
        buffer.putInt(query.length).put(query).putInt(message.exchangeId().exchangeNumber()).putInt(message.partition());
        buffer.putInt(sender.length).put(sender);
        return buffer;
    }

    private static int utf8Length(String value)
    {
        return value.getBytes(StandardCharsets.UTF_8).length;
    }

    private static String readString(ByteBuffer buffer)
    {
        int length = buffer.getInt();
        if (length < 0 || length > buffer.remaining()) {
            throw new FrameFormatException("string length " + length + " exceeds the " + buffer.remaining() + " bytes left");
        }
        String value = new String(buffer.array(), buffer.position(), length, StandardCharsets.UTF_8);
        buffer.position(buffer.position() + length);
        return value;
    }
}
