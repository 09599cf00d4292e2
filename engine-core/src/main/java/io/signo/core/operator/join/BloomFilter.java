package io.signo.core.operator.join;

/**
 * A register-blocked Bloom filter over 64-bit key hashes (those of {@link io.signo.core.operator.kernel.KeyHashing}):
 * every key sets {@link #BITS_PER_WORD} bits in one 64-bit word, so adding or testing a key is one
 * load, one mask and one compare. The high 32 bits of the hash pick the word (multiply-shift), four
 * six-bit fields of its low 24 bits the bits within it (the hash is already well mixed).
 *
 * <p>Why one word, not a cache-line block of eight: the probe-side scan tests every row it reads
 * against the filter, so the test's cost per row decides whether the filter pays at all. One word
 * per key halves the instructions of the eight-word block, and {@link #BITS_PER_KEY} bits per key
 * (a build of 750 k keys makes a 750 KiB filter) keeps the filters of TPC-H's order-key builds at
 * SF 1 inside a core's L2, where a twice larger filter spilled to L3. The price is a higher
 * false-positive rate, about 3 % (eight keys with four bits each in an average word:
 * (1 - e^(-1/2))^4 ≈ 2.4 %, more in the fuller words); a false positive only costs the hash probe the
 * filter would have saved. {@link #FALSE_POSITIVE_BOUND} is the bound the tests hold it to.
 *
 * <p>The bits are a heap {@code long[]}, not a native segment: the filter is scratch state of one
 * join, built once and then only read by the probe-side scans of the same task; a heap array keeps
 * every access a plain array load on one kind of memory (no segment liveness or bounds checks
 * through a var handle, no second segment kind at the call site), and it is freed with the join.
 */
public final class BloomFilter
{
    public static final int BITS_PER_KEY = 8;
    public static final int BITS_PER_WORD = 4;
    public static final double FALSE_POSITIVE_BOUND = 0.04;

    private final long[] words;
    private final long wordCount;

    private BloomFilter(int wordCount)
    {
        this.wordCount = wordCount;
        this.words = new long[wordCount];
    }

    /** An empty filter sized for {@code expectedKeys} keys at {@link #BITS_PER_KEY} bits each. */
    public static BloomFilter forKeys(long expectedKeys)
    {
        long words = Math.max(1, (expectedKeys * BITS_PER_KEY + 63) / 64);
        if (words > Integer.MAX_VALUE - 8) {
            throw new IllegalArgumentException("too many keys for a Bloom filter: " + expectedKeys);
        }
        return new BloomFilter((int) words);
    }

    public void add(long hash)
    {
        words[wordIndex(hash)] |= mask(hash);
    }

    /** False when no added key has this hash; true for every added one and for a few others. */
    public boolean mightContain(long hash)
    {
        long mask = mask(hash);
        return (words[wordIndex(hash)] & mask) == mask;
    }

    private int wordIndex(long hash)
    {
        // multiply-shift maps the high 32 bits onto [0, wordCount) without a division or a power-of-two size
        return (int) (((hash >>> 32) * wordCount) >>> 32);
    }

    private static long mask(long hash)
    {
        // a long shift uses the low six bits of its distance: hash >>> 6k picks bits 6k .. 6k + 5
        return (1L << hash) | (1L << (hash >>> 6)) | (1L << (hash >>> 12)) | (1L << (hash >>> 18));
    }

    public long retainedBytes()
    {
        return (long) words.length * Long.BYTES;
    }
}
