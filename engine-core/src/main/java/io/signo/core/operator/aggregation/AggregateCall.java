package io.signo.core.operator.aggregation;

import io.signo.storage.error.ErrorCode;
import io.signo.storage.error.SignoException;
import io.signo.storage.type.Type;

import java.io.Serializable;
import java.util.List;

import static java.util.Objects.requireNonNull;

/**
 * One aggregate of a GROUP BY, described the same way for every {@link AggregationStep}: FINAL
 * ignores {@code inputChannel} and reads this call's intermediate columns instead.
 *
 * @param inputChannel the raw input column, -1 for COUNT(*)
 * @param inputType the type of the raw input column (BIGINT for COUNT(*))
 * @param outputType the final result type: BIGINT for COUNT and APPROX_COUNT_DISTINCT; BIGINT, DOUBLE or DECIMAL for SUM;
 * DOUBLE, DECIMAL (rounded half up) or an integer type (truncated) for AVG; the input type for MIN and MAX;
 * DOUBLE for the variances and standard deviations; a string type for STRING_AGG
 * @param separator what STRING_AGG puts between two values; null for every other kind
 * @param fraction the PERCENTILE_CONT's or PERCENTILE_DISC's fraction, 0 to 1 (MEDIAN's is 0.5); 0 for every other kind
 */
public record AggregateCall(AggregateKind kind, int inputChannel, Type inputType, Type outputType, String separator, double fraction)
        implements Serializable
{
    public AggregateCall(AggregateKind kind, int inputChannel, Type inputType, Type outputType)
    {
        this(kind, inputChannel, inputType, outputType, null, 0);
    }

    public AggregateCall(AggregateKind kind, int inputChannel, Type inputType, Type outputType, String separator)
    {
        this(kind, inputChannel, inputType, outputType, separator, 0);
    }

    public static AggregateCall percentile(AggregateKind kind, int inputChannel, Type inputType, Type outputType, double fraction)
    {
        return new AggregateCall(kind, inputChannel, inputType, outputType, null, fraction);
    }

    public AggregateCall
    {
        requireNonNull(kind, "kind is null");
        requireNonNull(inputType, "inputType is null");
        requireNonNull(outputType, "outputType is null");
        if (kind == AggregateKind.COUNT_STAR) {
            if (inputChannel != -1) {
                throw new IllegalArgumentException("COUNT(*) takes no input channel: " + inputChannel);
            }
        }
        else if (inputChannel < 0) {
            throw new IllegalArgumentException(kind + " needs an input channel: " + inputChannel);
        }
        if (kind.takesNumbers() && !inputType.isNumeric()) {
            throw new IllegalArgumentException(kind + " of a non-numeric type: " + inputType);
        }
        if (kind == AggregateKind.STRING_AGG && (!inputType.isString() || !outputType.isString() || separator == null)) {
            throw new IllegalArgumentException("STRING_AGG takes a string and a separator and returns a string: " + inputType + ", " + separator + ", " + outputType);
        }
        boolean percentile = kind == AggregateKind.PERCENTILE_CONT || kind == AggregateKind.PERCENTILE_DISC;
        if (percentile ? !(fraction >= 0 && fraction <= 1) : fraction != 0) {
            throw new IllegalArgumentException(kind + " takes " + (percentile ? "a fraction from 0 to 1: " : "no fraction: ") + fraction);
        }
        if (percentile && inputType.isLongDecimal()) {
            throw new SignoException(ErrorCode.NOT_SUPPORTED, kind + " of " + inputType + " is not supported: a percentile of a DECIMAL of more than "
                    + Type.MAX_SHORT_DECIMAL_PRECISION + " digits");
        }
        if (kind != AggregateKind.STRING_AGG && separator != null) {
            throw new IllegalArgumentException(kind + " takes no separator");
        }
    }

    public static AggregateCall countStar()
    {
        return new AggregateCall(AggregateKind.COUNT_STAR, -1, Type.BIGINT, Type.BIGINT);
    }

    /**
     * The columns a PARTIAL step emits for this call and a FINAL step reads, in order:
     * COUNT and COUNT(*) -> [BIGINT count]; SUM of DOUBLE -> [DOUBLE sum]; SUM of an exact type
     * (INTEGER, BIGINT, DECIMAL) -> [BIGINT high, BIGINT low], the 128-bit unscaled sum, NULL when
     * no value was added; AVG of DOUBLE -> [DOUBLE sum, BIGINT count]; AVG of an exact type ->
     * [BIGINT high, BIGINT low, BIGINT count]; MIN and MAX -> [input type]; the variances and standard
     * deviations -> [BIGINT count, DOUBLE mean, DOUBLE sum of squared differences from the mean];
     * APPROX_COUNT_DISTINCT -> [VARCHAR], a HyperLogLog sketch's registers as bytes, NULL when no value was added;
     * STRING_AGG -> [VARCHAR], the values concatenated so far, NULL when none was added; SINGLE_VALUE ->
     * [input type, BIGINT rows], the value as MIN keeps it and the rows counted; PERCENTILE_CONT and
     * PERCENTILE_DISC -> [VARCHAR], the group's values as eight-byte doubles, NULL when none was added.
     */
    public List<Type> intermediateTypes()
    {
        return switch (kind) {
            case COUNT_STAR, COUNT -> List.of(Type.BIGINT);
            case SUM -> inputType.isFloatingPoint() ? List.of(Type.DOUBLE) : List.of(Type.BIGINT, Type.BIGINT);
            case AVG -> inputType.isFloatingPoint() ? List.of(Type.DOUBLE, Type.BIGINT) : List.of(Type.BIGINT, Type.BIGINT, Type.BIGINT);
            case MIN, MAX -> List.of(inputType);
            case VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP -> List.of(Type.BIGINT, Type.DOUBLE, Type.DOUBLE);
            case APPROX_COUNT_DISTINCT -> List.of(ApproxCountDistinctAccumulator.SKETCH_TYPE);
            case STRING_AGG -> List.of(Type.VARCHAR);
            case SINGLE_VALUE -> List.of(inputType, Type.BIGINT);
            case PERCENTILE_CONT, PERCENTILE_DISC -> List.of(PercentileAccumulator.VALUES_TYPE);
        };
    }

    Accumulator createAccumulator()
    {
        return switch (kind) {
            case COUNT_STAR, COUNT -> new CountAccumulator(this);
            case SUM, AVG -> inputType.isFloatingPoint() ? new DoubleSumAccumulator(this) : new ExactSumAccumulator(this);
            case MIN, MAX -> switch (inputType.physicalType()) {
                case DOUBLE -> new DoubleMinMaxAccumulator(this);
                case BYTES -> new StringMinMaxAccumulator(this);
                case BYTE, INT, LONG -> new LongMinMaxAccumulator(this);
                case INT128 -> new Int128MinMaxAccumulator(this);
            };
            case VAR_SAMP, VAR_POP, STDDEV_SAMP, STDDEV_POP -> new VarianceAccumulator(this);
            case APPROX_COUNT_DISTINCT -> new ApproxCountDistinctAccumulator(this);
            case STRING_AGG -> new StringAggAccumulator(this);
            case SINGLE_VALUE -> new SingleValueAccumulator(this);
            case PERCENTILE_CONT, PERCENTILE_DISC -> new PercentileAccumulator(this);
        };
    }
}
