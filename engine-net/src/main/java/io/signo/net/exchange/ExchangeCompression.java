package io.signo.net.exchange;

/** Whether a sink compresses the messages it sends to another process. */
public enum ExchangeCompression
{
    /** Never: where the CPU, not the network, is the limit. */
    NONE,
    /** Always LZ4 (a message that does not shrink by 10% is still sent raw). */
    LZ4,
    /** LZ4 for a destination while its link, measured as the query runs, is slower than compressing (see {@link LinkCompression}). */
    ADAPTIVE
}
