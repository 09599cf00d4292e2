package io.signo.core.expression;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/** Byte-level operations on UTF-8 strings held in segments; no String is ever created. */
final class StringBytes
{
    private StringBytes() {}

    /** Strings up to this length are compared byte by byte: cheaper than a bulk mismatch call's checks. */
    private static final int SHORT_LENGTH = 16;

    static boolean equal(MemorySegment left, long leftStart, MemorySegment right, long rightStart, int length)
    {
        if (length <= SHORT_LENGTH) {
            for (int i = 0; i < length; i++) {
                if (left.get(ValueLayout.JAVA_BYTE, leftStart + i) != right.get(ValueLayout.JAVA_BYTE, rightStart + i)) {
                    return false;
                }
            }
            return true;
        }
        return MemorySegment.mismatch(left, leftStart, leftStart + length, right, rightStart, rightStart + length) == -1;
    }

    /** Three-way comparison by unsigned bytes, which for UTF-8 is code point order. */
    static int compare(MemorySegment left, long leftStart, int leftLength, MemorySegment right, long rightStart, int rightLength)
    {
        long mismatch = MemorySegment.mismatch(left, leftStart, leftStart + leftLength, right, rightStart, rightStart + rightLength);
        if (mismatch == -1) {
            return 0;
        }
        if (mismatch == leftLength || mismatch == rightLength) {
            return Integer.compare(leftLength, rightLength);
        }
        return Integer.compare(
                left.get(ValueLayout.JAVA_BYTE, leftStart + mismatch) & 0xFF,
                right.get(ValueLayout.JAVA_BYTE, rightStart + mismatch) & 0xFF);
    }

    static int lengthWithoutTrailingSpaces(MemorySegment bytes, long start, int length)
    {
        while (length > 0 && bytes.get(ValueLayout.JAVA_BYTE, start + length - 1) == ' ') {
            length--;
        }
        return length;
    }

    /** Bytes of the UTF-8 character whose lead byte is given (1 for a stray continuation byte). */
    static int characterLength(byte leadByte)
    {
        int unsigned = leadByte & 0xFF;
        if (unsigned < 0x80) {
            return 1;
        }
        if (unsigned >= 0xF0) {
            return 4;
        }
        if (unsigned >= 0xE0) {
            return 3;
        }
        if (unsigned >= 0xC0) {
            return 2;
        }
        return 1;
    }

    /** The characters of bytes [start, end): the bytes that are not UTF-8 continuation bytes (10xxxxxx). */
    static int characterCount(MemorySegment bytes, int start, int end)
    {
        int characters = 0;
        for (int position = start; position < end; position++) {
            characters += (bytes.get(ValueLayout.JAVA_BYTE, position) & 0xC0) != 0x80 ? 1 : 0;
        }
        return characters;
    }

    /** The byte offset {@code characters} characters after {@code position}, or {@code end} when the string ends first. */
    static int skipCharacters(MemorySegment bytes, int position, int end, long characters)
    {
        for (long skipped = 0; skipped < characters && position < end; skipped++) {
            position = Math.min(end, position + characterLength(bytes.get(ValueLayout.JAVA_BYTE, position)));
        }
        return position;
    }

    /** The first offset at or after {@code from} where bytes [needleStart, needleEnd) of {@code needle} occur before {@code end}, or -1. */
    static int indexOf(MemorySegment bytes, int from, int end, MemorySegment needle, int needleStart, int needleEnd)
    {
        int length = needleEnd - needleStart;
        if (length == 0) {
            return from;
        }
        byte first = needle.get(ValueLayout.JAVA_BYTE, needleStart);
        for (int position = from; position <= end - length; position++) {
            if (bytes.get(ValueLayout.JAVA_BYTE, position) == first && equal(bytes, position, needle, needleStart, length)) {
                return position;
            }
        }
        return -1;
    }

    static int hash(MemorySegment bytes, long start, int length)
    {
        int hash = 1;
        for (int i = 0; i < length; i++) {
            hash = hash * 31 + bytes.get(ValueLayout.JAVA_BYTE, start + i);
        }
        return hash ^ (hash >>> 16);
    }
}
