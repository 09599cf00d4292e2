package io.signo.core.operator.join;

/**
 * A blocked Bloom filter over 64-bit key hashes (those of {@link io.signo.core.operator.kernel.KeyHashing}):
 * every key sets one bit in each of the eight longs of one 512-bit block, so adding or testing a key
 * touches one cache line. The high bits of the hash pick the block, six bits each of its low 48
 * the bit of each word (no further multiplication: the hash is already well mixed; the block
 * index takes the top bits, which overlap the low 48 only beyond 65,536 blocks, 2 Mi keys).
 *
 * <p>With {@link #BITS_PER_KEY} bits per key the false-positive rate is about 0.1 % (eight words of
 * 64 bits each holding ~32 keys' bits in an average block: (1 - (63/64)^32)^8 ≈ 0.06 %, more in the
 * fuller blocks); {@link #FALSE_POSITIVE_BOUND} is the bound the tests hold it to.
 *
 * <p>The bits are a heap {@code long[]}, not a native segment: the filter is scratch state of one
 * join, built once and then only read by the probe-side scans of the same task; a heap array keeps
 * every access a plain array load on one kind of memory (no segment liveness or bounds checks
 * through a var handle, no second segment kind at the call site), and it is freed with the join.
 */
public final class BloomFilter
{
    public static final int BITS_PER_KEY = 16;
    public static final double FALSE_POSITIVE_BOUND = 0.005;
    private static final int WORDS_PER_BLOCK = 8;

    private final long[] words;
    private final long blockCount;

    private BloomFilter(int blockCount)
    {
        this.blockCount = blockCount;
        this.words = new long[blockCount * WORDS_PER_BLOCK];
    }

    /** An empty filter sized for {@code expectedKeys} keys at {@link #BITS_PER_KEY} bits each. */
    public static BloomFilter forKeys(long expectedKeys)
    {
        long blocks = Math.max(1, (expectedKeys * BITS_PER_KEY + 511) / 512);
        if (blocks > Integer.MAX_VALUE / WORDS_PER_BLOCK) {
            throw new IllegalArgumentException("too many keys for a Bloom filter: " + expectedKeys);
        }
        return new BloomFilter((int) blocks);
    }

    public void add(long hash)
    {
        long[] words = this.words;
        int base = blockBase(hash);
        words[base] |= 1L << hash;
        words[base + 1] |= 1L << (hash >>> 6);
        words[base + 2] |= 1L << (hash >>> 12);
        words[base + 3] |= 1L << (hash >>> 18);
        words[base + 4] |= 1L << (hash >>> 24);
        words[base + 5] |= 1L << (hash >>> 30);
        words[base + 6] |= 1L << (hash >>> 36);
        words[base + 7] |= 1L << (hash >>> 42);
    }

    /** False when no added key has this hash; true for every added one and for a few others. */
    public boolean mightContain(long hash)
    {
        long[] words = this.words;
        int base = blockBase(hash);
        // all eight words tested without branches: a miss in any word leaves a bit in `missing`
        // (a long shift uses the low six bits of its distance: hash >>> 6k picks bits 6k .. 6k + 5)
        long missing = ~words[base] & (1L << hash);
        missing |= ~words[base + 1] & (1L << (hash >>> 6));
        missing |= ~words[base + 2] & (1L << (hash >>> 12));
        missing |= ~words[base + 3] & (1L << (hash >>> 18));
        missing |= ~words[base + 4] & (1L << (hash >>> 24));
        missing |= ~words[base + 5] & (1L << (hash >>> 30));
        missing |= ~words[base + 6] & (1L << (hash >>> 36));
        missing |= ~words[base + 7] & (1L << (hash >>> 42));
        return missing == 0;
    }

    private int blockBase(long hash)
    {
        // multiply-shift maps the high 32 bits onto [0, blockCount) without a division or a power-of-two size
        return (int) (((hash >>> 32) * blockCount) >>> 32) * WORDS_PER_BLOCK;
    }

    public long retainedBytes()
    {
        return (long) words.length * Long.BYTES;
    }
}
