package io.signo.storage.serde;

/**
 * Counters of one serializer or deserializer, for the exchange statistics.
 *
 * @param pages pages serialized (or deserialized)
 * @param uncompressedBytes header plus body bytes before compression
 * @param wireBytes bytes actually produced (or consumed), header included
 */
public record SerializationStats(long pages, long uncompressedBytes, long wireBytes)
{
    /** Uncompressed over wire bytes; 1.0 when nothing was serialized. */
    public double compressionRatio()
    {
        return wireBytes == 0 ? 1.0 : (double) uncompressedBytes / wireBytes;
    }
}
