package io.signo.storage.serde;

/** How a serialized page body is compressed. */
public enum CompressionCodec
{
    NONE,
    /** LZ4 block compression; kept only when it saves at least 10% of the body. */
    LZ4
}
