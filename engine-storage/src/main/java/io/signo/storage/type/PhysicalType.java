package io.signo.storage.type;

/**
 * How a value is laid out in a vector. Hot loops switch once per vector on this, then run a loop
 * specialized to the layout.
 */
public enum PhysicalType
{
    /** One byte per value, 0 or 1. */
    BYTE(1),
    INT(4),
    LONG(8),
    DOUBLE(8),
    /** A byte region plus an array of positionCount + 1 int offsets. */
    BYTES(-1),
    /**
     * A signed 128-bit two's complement integer in two longs, the low one first: each value is 16
     * little-endian bytes (see {@link Int128Math}). Long DECIMALs (precision 19 to 38) use it.
     */
    INT128(16);

    private final int fixedWidth;

    PhysicalType(int fixedWidth)
    {
        this.fixedWidth = fixedWidth;
    }

    /** Bytes per value, or -1 for variable width. */
    public int fixedWidth()
    {
        return fixedWidth;
    }
}
