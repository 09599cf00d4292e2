package io.signo.core.expression;

import io.signo.storage.memory.PageAllocator;
import io.signo.storage.type.Type;
import io.signo.storage.vector.ColumnVector;

import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Assembles one output vector from pieces that were each evaluated on a subset of the positions
 * (the branches of a CASE, the operands of COALESCE). Records which piece and index feed each
 * output position, then copies once per output type. Positions no piece fills are NULL.
 */
final class PiecewiseVectorBuilder
{
    private final Type type;
    private final int count;
    private final List<ColumnVector> pieces = new ArrayList<>();
    private final int[] pieceOf;
    private final int[] indexInPiece;

    PiecewiseVectorBuilder(Type type, int count)
    {
        this.type = type;
        this.count = count;
        this.pieceOf = new int[count];
        this.indexInPiece = new int[count];
        Arrays.fill(pieceOf, -1);
    }

    /** Output position {@code outputIndexes[j]} takes the value at {@code pieceIndexes[j]} (or j when null) of {@code piece}. */
    void add(ColumnVector piece, int[] pieceIndexes, int[] outputIndexes, int length)
    {
        if (!piece.type().physicalType().equals(type.physicalType())) {
            throw new IllegalArgumentException("piece of type " + piece.type() + " for a result of type " + type);
        }
        int pieceNumber = pieces.size();
        pieces.add(piece);
        for (int j = 0; j < length; j++) {
            int output = outputIndexes[j];
            pieceOf[output] = pieceNumber;
            indexInPiece[output] = pieceIndexes == null ? j : pieceIndexes[j];
        }
    }

    ColumnVector build(PageAllocator allocator)
    {
        ColumnVector[] sources = pieces.toArray(new ColumnVector[0]);
        MemorySegment nulls = null;
        for (int i = 0; i < count; i++) {
            int piece = pieceOf[i];
            if (piece < 0 || sources[piece].isNull(indexInPiece[i])) {
                if (nulls == null) {
                    nulls = NullBitmap.allocate(count, allocator);
                }
                NullBitmap.setNull(nulls, i);
                pieceOf[i] = -1;
            }
        }
        switch (type.physicalType()) {
            case BYTE -> {
                MemorySegment values = allocator.allocate(count);
                for (int i = 0; i < count; i++) {
                    if (pieceOf[i] >= 0) {
                        values.set(ValueLayout.JAVA_BYTE, i, sources[pieceOf[i]].values().get(ValueLayout.JAVA_BYTE, indexInPiece[i]));
                    }
                }
                return new ColumnVector(type, count, values, null, nulls);
            }
            case INT -> {
                MemorySegment values = allocator.allocate((long) count * Integer.BYTES);
                for (int i = 0; i < count; i++) {
                    if (pieceOf[i] >= 0) {
                        values.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i, sources[pieceOf[i]].getInt(indexInPiece[i]));
                    }
                }
                return new ColumnVector(type, count, values, null, nulls);
            }
            case LONG, DOUBLE -> {
                MemorySegment values = allocator.allocate((long) count * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    if (pieceOf[i] >= 0) {
                        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, i, sources[pieceOf[i]].getLong(indexInPiece[i]));
                    }
                }
                return new ColumnVector(type, count, values, null, nulls);
            }
            case INT128 -> {
                MemorySegment values = allocator.allocate((long) count * 2 * Long.BYTES);
                for (int i = 0; i < count; i++) {
                    if (pieceOf[i] >= 0) {
                        ColumnVector source = sources[pieceOf[i]];
                        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i, source.getInt128Low(indexInPiece[i]));
                        values.setAtIndex(ValueLayout.JAVA_LONG_UNALIGNED, 2L * i + 1, source.getInt128High(indexInPiece[i]));
                    }
                }
                return new ColumnVector(type, count, values, null, nulls);
            }
            case BYTES -> {
                long totalBytes = 0;
                for (int i = 0; i < count; i++) {
                    if (pieceOf[i] >= 0) {
                        totalBytes += sources[pieceOf[i]].stringLength(indexInPiece[i]);
                    }
                }
                MemorySegment values = allocator.allocate(totalBytes);
                MemorySegment offsets = allocator.allocate((long) (count + 1) * Integer.BYTES);
                int written = 0;
                for (int i = 0; i < count; i++) {
                    if (pieceOf[i] >= 0) {
                        ColumnVector source = sources[pieceOf[i]];
                        int index = indexInPiece[i];
                        int length = source.stringLength(index);
                        MemorySegment.copy(source.values(), source.stringStart(index), values, written, length);
                        written += length;
                    }
                    offsets.setAtIndex(ValueLayout.JAVA_INT_UNALIGNED, i + 1, written);
                }
                return new ColumnVector(type, count, values, offsets, nulls);
            }
        }
        throw new IllegalStateException("unreachable");
    }
}
