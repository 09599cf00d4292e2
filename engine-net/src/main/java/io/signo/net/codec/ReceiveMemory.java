package io.signo.net.codec;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * Native memory for received messages, taken from {@code malloc} without being zeroed and given
 * back to {@code free} when the collector finds it unreachable (the pages read from a message keep
 * it alive as long as any of them lives).
 *
 * <p>Why not {@code Arena.ofAuto().allocate}: it zeroes what it hands out, and a message is about to
 * be overwritten whole by the bytes from the socket; measured with JFR on the exchange benchmark, the
 * zeroing cost the receiving event loop three times what the copy did. glibc's {@code malloc}
 * aligns to 16 bytes, which the aligned page layout needs (8).
 */
public final class ReceiveMemory
{
    private static final Linker LINKER = Linker.nativeLinker();
    private static final MethodHandle MALLOC = LINKER.downcallHandle(
            LINKER.defaultLookup().find("malloc").orElseThrow(), FunctionDescriptor.of(ValueLayout.ADDRESS, ValueLayout.JAVA_LONG));
    private static final MethodHandle FREE = LINKER.downcallHandle(
            LINKER.defaultLookup().find("free").orElseThrow(), FunctionDescriptor.ofVoid(ValueLayout.ADDRESS));

    private ReceiveMemory() {}

    /** {@code byteSize} bytes of uninitialized native memory, 8-byte aligned, freed once unreachable. */
    public static MemorySegment allocate(long byteSize)
    {
        MemorySegment raw;
        try {
            raw = (MemorySegment) MALLOC.invokeExact(Math.max(byteSize, 8L));
        }
        catch (Throwable e) {
            throw new IllegalStateException("malloc failed: " + e.getMessage(), e);
        }
        if (raw.equals(MemorySegment.NULL)) {
            throw new OutOfMemoryError("cannot allocate " + byteSize + " bytes of native memory for a received message");
        }
        if (raw.address() % 8 != 0) {
            free(raw);
            throw new IllegalStateException("malloc returned an address aligned to less than 8 bytes: " + raw.address());
        }
        return raw.reinterpret(byteSize, Arena.ofAuto(), ReceiveMemory::free);
    }

    private static void free(MemorySegment segment)
    {
        try {
            FREE.invokeExact(segment);
        }
        catch (Throwable e) {
            throw new IllegalStateException("free failed: " + e.getMessage(), e);
        }
    }
}
