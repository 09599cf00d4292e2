package io.signo.storage.file.csv;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/** Whether bytes are well-formed UTF-8 (RFC 3629: no overlong forms, surrogates or code points past U+10FFFF). */
final class Utf8
{
    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
    private static final long HIGH_BITS = 0x8080_8080_8080_8080L;

    private Utf8() {}

    static boolean isValid(byte[] bytes, int from, int to)
    {
        int i = from;
        while (i < to) {
            // ASCII, the common case, eight bytes at a time
            while (i + Long.BYTES <= to && ((long) LONGS.get(bytes, i) & HIGH_BITS) == 0) {
                i += Long.BYTES;
            }
            if (i == to) {
                break;
            }
            int b = bytes[i];
            if (b >= 0) {
                i++;
                continue;
            }
            int lead = b & 0xff;
            int length;
            int minimum;
            if (lead >= 0xC2 && lead <= 0xDF) {
                length = 2;
                minimum = 0x80;
            }
            else if (lead >= 0xE0 && lead <= 0xEF) {
                length = 3;
                minimum = 0x800;
            }
            else if (lead >= 0xF0 && lead <= 0xF4) {
                length = 4;
                minimum = 0x10000;
            }
            else {
                return false;
            }
            if (i + length > to) {
                return false;
            }
            int codePoint = lead & (0x7F >> length);
            for (int k = 1; k < length; k++) {
                int next = bytes[i + k] & 0xff;
                if ((next & 0xC0) != 0x80) {
                    return false;
                }
                codePoint = (codePoint << 6) | (next & 0x3F);
            }
            if (codePoint < minimum || codePoint > 0x10FFFF || (codePoint >= 0xD800 && codePoint <= 0xDFFF)) {
                return false;
            }
            i += length;
        }
        return true;
    }
}
