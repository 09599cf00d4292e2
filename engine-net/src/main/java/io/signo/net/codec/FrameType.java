package io.signo.net.codec;

/** The first byte of every frame: what its payload is. Codes are part of the wire format; never renumber. */
public enum FrameType
{
    /** Payload: the sender's server address ("host:port"); the first frame on a connection. */
    HELLO(1),
    PING(2),
    PONG(3),
    REQUEST(4),
    RESPONSE(5),
    ERROR_RESPONSE(6),
    /** Producer to consumer: a channel (sender to partition) will carry pages. */
    EXCHANGE_OPEN(10),
    /** Producer to consumer: pages with a sequence number and the sender's backlog; a bulk frame ({@link BulkFrame}, {@link SegmentFrame}). */
    EXCHANGE_DATA(11),
    /** Producer to consumer: the sender sent its last page to this partition. */
    EXCHANGE_END(12),
    /** Consumer to producer: bytes the sender may have sent in total, bytes consumed so far, and the consumer's idle time so far. */
    EXCHANGE_CREDIT(13),
    /** Consumer to producer: the consumer needs no more pages. */
    EXCHANGE_CLOSED(14);

    private static final FrameType[] BY_CODE = new FrameType[128];

    static {
        for (FrameType type : values()) {
            BY_CODE[type.code] = type;
        }
    }

    private final byte code;

    FrameType(int code)
    {
        this.code = (byte) code;
    }

    public byte code()
    {
        return code;
    }

    /** Frames whose payload goes into native memory as it arrives ({@link BulkFrame}, {@link SegmentFrame}), not to a heap array. */
    public boolean isBulk()
    {
        return this == EXCHANGE_DATA;
    }

    public static FrameType fromCode(byte code)
    {
        FrameType type = code >= 0 ? BY_CODE[code] : null;
        if (type == null) {
            throw new FrameFormatException("unknown frame type " + code);
        }
        return type;
    }
}
