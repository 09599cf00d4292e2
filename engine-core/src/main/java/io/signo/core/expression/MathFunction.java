package io.signo.core.expression;

/**
 * The functions of {@link MathFunctionExpression}, computed in DOUBLE with IEEE 754's answers where
 * a value is outside the domain, as DuckDB gives them: SQRT(-1) and LN(-1) are NaN, LN(0) is
 * -Infinity, EXP(1000) is Infinity.
 */
public enum MathFunction
{
    SQRT(1),
    CBRT(1),
    LN(1),
    LOG10(1),
    EXP(1),
    /** POWER(base, exponent). */
    POWER(2),
    /** LOG(base, value): the logarithm of value to base, as log10(value) / log10(base). */
    LOG(2);

    private final int argumentCount;

    MathFunction(int argumentCount)
    {
        this.argumentCount = argumentCount;
    }

    public int argumentCount()
    {
        return argumentCount;
    }
}
