package io.signo.storage.db.encoding;

/** How a column chunk's values are stored; the first byte of every encoded chunk is its tag. */
public enum ChunkEncoding
{
    /** Values as they are in memory; strings as packed lengths plus their bytes, maybe compressed. */
    PLAIN(0),
    /** Every non-null value is one value, stored once. */
    CONSTANT(1),
    /** Runs of equal values: the run values and the run lengths, each packed. */
    RUN_LENGTH(2),
    /** The smallest value as reference, each value minus it in the fewest bits. */
    FRAME_OF_REFERENCE(3),
    /** Frame of reference over the differences of consecutive values, for sorted keys. */
    DELTA(4),
    /** Distinct strings once, and per position a packed code into them. */
    DICTIONARY(5);

    private static final ChunkEncoding[] BY_TAG = values();

    private final int tag;

    ChunkEncoding(int tag)
    {
        this.tag = tag;
    }

    int tag()
    {
        return tag;
    }

    /** The encoding of a tag, or null for a tag no encoding has. */
    static ChunkEncoding fromTag(int tag)
    {
        return tag >= 0 && tag < BY_TAG.length ? BY_TAG[tag] : null;
    }
}
