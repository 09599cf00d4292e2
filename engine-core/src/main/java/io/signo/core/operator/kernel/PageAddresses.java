package io.signo.core.operator.kernel;

/** A row of a list of retained pages encoded in one long: page index in the high half, position in the low half. */
public final class PageAddresses
{
    private PageAddresses() {}

    public static long encode(int pageIndex, int position)
    {
        return ((long) pageIndex << 32) | (position & 0xFFFF_FFFFL);
    }

    public static int pageIndex(long address)
    {
        return (int) (address >>> 32);
    }

    public static int position(long address)
    {
        return (int) address;
    }
}
