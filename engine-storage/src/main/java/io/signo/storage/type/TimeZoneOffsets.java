package io.signo.storage.type;

import java.io.InvalidObjectException;
import java.io.ObjectInputStream;
import java.io.Serial;
import java.io.Serializable;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.zone.ZoneOffsetTransition;
import java.time.zone.ZoneRules;
import java.util.Arrays;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import static java.util.Objects.requireNonNull;

/**
 * A time zone's offsets from UTC as arrays, for converting whole vectors between instants (a
 * TIMESTAMP WITH TIME ZONE's microseconds since the epoch in UTC) and wall-clock times (a
 * TIMESTAMP's) without objects: the zone's transitions from 1800 to 2200 are looked up by binary
 * search; instants outside those years go through {@link ZoneRules}. A wall-clock time that a
 * transition skips (a spring-forward gap) or repeats (an autumn overlap) is read with the offset
 * before the transition, as {@link ZonedDateTime#ofLocal} reads it. Immutable and thread safe;
 * serialized as the zone's id (a plan ships it to workers), its tables rebuilt on read.
 */
public final class TimeZoneOffsets
        implements Serializable
{
    private static final long MICROS_PER_SECOND = CivilTimestamp.MICROS_PER_SECOND;
    private static final long FIRST_COVERED = LocalDateTime.of(1800, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC) * MICROS_PER_SECOND;
    private static final long LAST_COVERED = LocalDateTime.of(2200, 1, 1, 0, 0).toEpochSecond(ZoneOffset.UTC) * MICROS_PER_SECOND;
    private static final ConcurrentMap<ZoneId, TimeZoneOffsets> CACHE = new ConcurrentHashMap<>();

    private final ZoneId zone;
    /** The offset in seconds before the first transition (and everywhere, for a fixed offset). */
    private final int initialOffset;
    /** Instants of the transitions in microseconds since the epoch, ascending. */
    private final long[] transitions;
    /** The offset in seconds from each transition on. */
    private final int[] offsetsAfter;
    /** The first wall-clock time (microseconds) that each transition's later offset reads. */
    private final long[] localStarts;
    private final boolean fixed;

    private TimeZoneOffsets(ZoneId zone)
    {
        this.zone = requireNonNull(zone, "zone is null");
        ZoneRules rules = zone.getRules();
        Instant first = Instant.ofEpochSecond(FIRST_COVERED / MICROS_PER_SECOND);
        this.initialOffset = rules.getOffset(first).getTotalSeconds();
        this.fixed = rules.isFixedOffset();
        long[] instants = new long[64];
        int[] offsets = new int[64];
        long[] starts = new long[64];
        int count = 0;
        ZoneOffsetTransition transition = fixed ? null : rules.nextTransition(first);
        while (transition != null && transition.toEpochSecond() * MICROS_PER_SECOND < LAST_COVERED) {
            if (count == instants.length) {
                instants = Arrays.copyOf(instants, count * 2);
                offsets = Arrays.copyOf(offsets, count * 2);
                starts = Arrays.copyOf(starts, count * 2);
            }
            int before = transition.getOffsetBefore().getTotalSeconds();
            int after = transition.getOffsetAfter().getTotalSeconds();
            instants[count] = transition.toEpochSecond() * MICROS_PER_SECOND;
            offsets[count] = after;
            starts[count] = instants[count] + Math.max(before, after) * MICROS_PER_SECOND;
            count++;
            transition = rules.nextTransition(transition.getInstant());
        }
        this.transitions = Arrays.copyOf(instants, count);
        this.offsetsAfter = Arrays.copyOf(offsets, count);
        this.localStarts = Arrays.copyOf(starts, count);
    }

    /** The offsets of a zone (shared: each zone's tables are built once per process). */
    public static TimeZoneOffsets of(ZoneId zone)
    {
        return CACHE.computeIfAbsent(zone.normalized() instanceof ZoneOffset offset ? offset : zone, TimeZoneOffsets::new);
    }

    /**
     * The zone a name designates: a region ({@code 'Europe/Berlin'}), {@code 'UTC'}, or an offset
     * ({@code '+01:00'}, {@code 'UTC+1'}); null when it is none of them.
     */
    public static ZoneId zone(String name)
    {
        String trimmed = name.strip();
        try {
            if (trimmed.equalsIgnoreCase("utc") || trimmed.equalsIgnoreCase("gmt") || trimmed.equalsIgnoreCase("z")) {
                return ZoneOffset.UTC;
            }
            return ZoneId.of(trimmed, ZoneId.SHORT_IDS);
        }
        catch (DateTimeException e) {
            // the IANA names in other cases: 'europe/berlin'
            for (String id : ZoneId.getAvailableZoneIds()) {
                if (id.equalsIgnoreCase(trimmed)) {
                    return ZoneId.of(id);
                }
            }
            return null;
        }
    }

    public ZoneId zone()
    {
        return zone;
    }

    /** The zone's name as {@code %Z} writes it and error messages show it. */
    public String name()
    {
        return zone.equals(ZoneOffset.UTC) ? "UTC" : zone.getId();
    }

    /** The offset from UTC in seconds at an instant (microseconds since the epoch). */
    public int offsetSeconds(long instant)
    {
        if (fixed) {
            return initialOffset;
        }
        if (instant < FIRST_COVERED || instant >= LAST_COVERED) {
            return zone.getRules().getOffset(Instant.ofEpochSecond(Math.floorDiv(instant, MICROS_PER_SECOND))).getTotalSeconds();
        }
        int index = Arrays.binarySearch(transitions, instant);
        if (index < 0) {
            index = -index - 2;
        }
        return index < 0 ? initialOffset : offsetsAfter[index];
    }

    /** The wall-clock time in the zone (a TIMESTAMP's microseconds) at an instant. */
    public long toLocal(long instant)
    {
        return instant + offsetSeconds(instant) * MICROS_PER_SECOND;
    }

    /** The instant at which the zone's clocks show a wall-clock time (a TIMESTAMP's microseconds). */
    public long toInstant(long local)
    {
        if (fixed) {
            return local - initialOffset * MICROS_PER_SECOND;
        }
        if (local < FIRST_COVERED || local >= LAST_COVERED) {
            LocalDateTime time = CivilTimestamp.toLocalDateTime(local);
            return CivilTimestamp.fromLocalDateTime(ZonedDateTime.ofLocal(time, zone, null).withZoneSameInstant(ZoneOffset.UTC).toLocalDateTime());
        }
        int index = Arrays.binarySearch(localStarts, local);
        if (index < 0) {
            index = -index - 2;
        }
        int offset = index < 0 ? initialOffset : offsetsAfter[index];
        return local - offset * MICROS_PER_SECOND;
    }

    @Override
    public String toString()
    {
        return zone.getId();
    }

    @Serial
    private Object writeReplace()
    {
        return new SerializedForm(zone.getId());
    }

    @Serial
    private void readObject(ObjectInputStream in)
            throws InvalidObjectException
    {
        throw new InvalidObjectException("time zone offsets are read through their serialized form");
    }

    private record SerializedForm(String zoneId)
            implements Serializable
    {
        @Serial
        private Object readResolve()
        {
            return TimeZoneOffsets.of(ZoneId.of(zoneId));
        }
    }
}
