package io.signo.sql.rule;

import org.apache.calcite.plan.RelOptRule;
import org.apache.calcite.plan.RelRule;
import org.apache.calcite.rel.core.RelFactories;
import org.apache.calcite.tools.RelBuilderFactory;

import java.util.function.Function;

import static java.util.Objects.requireNonNull;

/**
 * The immutable settings of a Signo rule, Calcite's {@link RelRule.Config} as a plain record: each
 * {@code with} returns a copy, and {@link #toRule()} makes the rule through its constructor. One
 * record serves every rule, so that a rule declares only its operands and its constructor.
 */
public record SignoRuleConfig(RelBuilderFactory relBuilderFactory, String description, RelRule.OperandTransform operandSupplier, Function<SignoRuleConfig, RelOptRule> constructor)
        implements RelRule.Config
{
    public SignoRuleConfig
    {
        requireNonNull(relBuilderFactory, "relBuilderFactory is null");
        requireNonNull(operandSupplier, "operandSupplier is null");
        requireNonNull(constructor, "constructor is null");
    }

    /** A rule named {@code description} that matches {@code operands}, with Calcite's logical builder. */
    public static SignoRuleConfig of(String description, RelRule.OperandTransform operands, Function<SignoRuleConfig, RelOptRule> constructor)
    {
        return new SignoRuleConfig(RelFactories.LOGICAL_BUILDER, description, operands, constructor);
    }

    @Override
    public SignoRuleConfig withRelBuilderFactory(RelBuilderFactory factory)
    {
        return new SignoRuleConfig(factory, description, operandSupplier, constructor);
    }

    @Override
    public SignoRuleConfig withDescription(String description)
    {
        return new SignoRuleConfig(relBuilderFactory, description, operandSupplier, constructor);
    }

    @Override
    public SignoRuleConfig withOperandSupplier(RelRule.OperandTransform transform)
    {
        return new SignoRuleConfig(relBuilderFactory, description, transform, constructor);
    }

    @Override
    public RelOptRule toRule()
    {
        return constructor.apply(this);
    }
}
