package io.signo.storage.db;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * The rows of one segment file deleted since it was written, as an immutable bitmap over the
 * file's row numbers. A delete makes a new vector (the union with the rows it deletes), so a query
 * that pinned an older manifest keeps seeing the rows it started with.
 */
public final class DeleteVector
        implements java.io.Serializable
{
    public static final DeleteVector NONE = new DeleteVector(new long[0], 0);

    /** Bit r of word r / 64 is set when row r is deleted; trailing zero words are trimmed. */
    private final long[] words;
    private final int count;

    private DeleteVector(long[] words, int count)
    {
        this.words = words;
        this.count = count;
    }

    public int count()
    {
        return count;
    }

    public boolean isEmpty()
    {
        return count == 0;
    }

    public boolean isDeleted(int row)
    {
        int word = row >>> 6;
        return word < words.length && (words[word] & (1L << row)) != 0;
    }

    /** How many of the rows in [start, end) are deleted. */
    public int countIn(int start, int end)
    {
        if (count == 0 || start >= end) {
            return 0;
        }
        // a word at a time: every commit counts the deleted rows of every block of the tables it changes
        int last = Math.min(end, words.length << 6);
        if (start >= last) {
            return 0;
        }
        int firstWord = start >>> 6;
        int lastWord = (last - 1) >>> 6;
        long firstMask = -1L << start;
        long lastMask = -1L >>> (63 - ((last - 1) & 63));
        if (firstWord == lastWord) {
            return Long.bitCount(words[firstWord] & firstMask & lastMask);
        }
        int deleted = Long.bitCount(words[firstWord] & firstMask);
        for (int word = firstWord + 1; word < lastWord; word++) {
            deleted += Long.bitCount(words[word]);
        }
        return deleted + Long.bitCount(words[lastWord] & lastMask);
    }

    /** This vector with the given rows deleted too; rows already deleted are not counted twice. */
    public DeleteVector with(int[] rows, int rowCount)
    {
        int maxRow = -1;
        for (int i = 0; i < rowCount; i++) {
            maxRow = Math.max(maxRow, rows[i]);
        }
        long[] merged = Arrays.copyOf(words, Math.max(words.length, (maxRow >>> 6) + 1));
        int mergedCount = count;
        for (int i = 0; i < rowCount; i++) {
            int row = rows[i];
            if (row < 0) {
                throw new IllegalArgumentException("negative row " + row);
            }
            long bit = 1L << row;
            if ((merged[row >>> 6] & bit) == 0) {
                merged[row >>> 6] |= bit;
                mergedCount++;
            }
        }
        return new DeleteVector(merged, mergedCount);
    }

    /** Written as the non-zero words with their indexes: small for the few deletes of a refresh, bounded for many. */
    void write(DataOutput out)
            throws IOException
    {
        int nonZero = 0;
        for (long word : words) {
            nonZero += word != 0 ? 1 : 0;
        }
        out.writeInt(nonZero);
        for (int i = 0; i < words.length; i++) {
            if (words[i] != 0) {
                out.writeInt(i);
                out.writeLong(words[i]);
            }
        }
    }

    static DeleteVector read(DataInput in, int fileRows)
            throws IOException
    {
        int nonZero = in.readInt();
        int wordCount = (fileRows + 63) >>> 6;
        if (nonZero < 0 || nonZero > wordCount) {
            throw new IOException("delete vector has " + nonZero + " words for " + fileRows + " rows");
        }
        if (nonZero == 0) {
            return NONE;
        }
        long[] words = new long[wordCount];
        int count = 0;
        for (int i = 0; i < nonZero; i++) {
            int index = in.readInt();
            if (index < 0 || index >= wordCount) {
                throw new IOException("delete vector word " + index + " is past the file's " + fileRows + " rows");
            }
            words[index] = in.readLong();
            count += Long.bitCount(words[index]);
        }
        return new DeleteVector(words, count);
    }

    @Override
    public boolean equals(Object other)
    {
        if (!(other instanceof DeleteVector that) || count != that.count) {
            return false;
        }
        int common = Math.min(words.length, that.words.length);
        return Arrays.equals(words, 0, common, that.words, 0, common);
    }

    @Override
    public int hashCode()
    {
        return count;
    }
}
