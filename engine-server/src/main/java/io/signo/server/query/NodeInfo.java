package io.signo.server.query;

import java.time.Instant;

/**
 * One process of the cluster as the admin API shows it.
 *
 * @param role {@code coordinator} or {@code worker}
 * @param state {@code active} or {@code dead}
 * @param heapUsedBytes the JVM heap in use, or -1 when not known (a remote worker)
 * @param lastHeartbeat the last sign of life; the time of the call for this process
 */
public record NodeInfo(String address, String role, String state, long heapUsedBytes, long heapMaxBytes, Instant lastHeartbeat) {}
