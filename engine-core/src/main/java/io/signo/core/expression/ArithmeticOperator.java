package io.signo.core.expression;

public enum ArithmeticOperator
{
    ADD,
    SUBTRACT,
    MULTIPLY,
    DIVIDE,
    MODULUS
}
