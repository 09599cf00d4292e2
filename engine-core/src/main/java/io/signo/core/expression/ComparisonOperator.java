package io.signo.core.expression;

public enum ComparisonOperator
{
    EQUAL,
    NOT_EQUAL,
    LESS_THAN,
    LESS_THAN_OR_EQUAL,
    GREATER_THAN,
    GREATER_THAN_OR_EQUAL,
    /** Null-safe inequality: never NULL; two NULLs are not distinct. */
    IS_DISTINCT_FROM,
    /** Null-safe equality: never NULL; two NULLs are not distinct. */
    IS_NOT_DISTINCT_FROM;

    /** The operator that gives the same answer with its operands swapped. */
    public ComparisonOperator flip()
    {
        return switch (this) {
            case LESS_THAN -> GREATER_THAN;
            case LESS_THAN_OR_EQUAL -> GREATER_THAN_OR_EQUAL;
            case GREATER_THAN -> LESS_THAN;
            case GREATER_THAN_OR_EQUAL -> LESS_THAN_OR_EQUAL;
            default -> this;
        };
    }

    /** Whether a three-way comparison result ({@code <0, 0, >0}) satisfies this operator. */
    boolean test(int comparison)
    {
        return switch (this) {
            case EQUAL, IS_NOT_DISTINCT_FROM -> comparison == 0;
            case NOT_EQUAL, IS_DISTINCT_FROM -> comparison != 0;
            case LESS_THAN -> comparison < 0;
            case LESS_THAN_OR_EQUAL -> comparison <= 0;
            case GREATER_THAN -> comparison > 0;
            case GREATER_THAN_OR_EQUAL -> comparison >= 0;
        };
    }
}
