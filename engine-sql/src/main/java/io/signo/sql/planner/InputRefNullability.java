package io.signo.sql.planner;

import org.apache.calcite.rel.RelHomogeneousShuttle;
import org.apache.calcite.rel.RelNode;
import org.apache.calcite.rel.logical.LogicalProject;
import org.apache.calcite.rel.type.RelDataType;
import org.apache.calcite.rel.type.RelDataTypeField;
import org.apache.calcite.rex.RexBuilder;
import org.apache.calcite.rex.RexInputRef;
import org.apache.calcite.rex.RexNode;
import org.apache.calcite.rex.RexShuttle;

import java.util.List;

/**
 * Gives a projection's column references the nullability of the column they read, right after the SQL
 * is converted. Calcite's converter writes an aggregation whose grouping sets repeat one set as a union
 * of aggregations, and refers to each branch's results with the types of the whole aggregation: a SUM
 * of a branch without the empty set is NOT NULL, its reference says nullable. The first rule that
 * rebuilds such a projection from its expressions then derives another row type and the planner fails
 * ("Cannot add expression of different type to set"). A reference that claims NULLs where its column
 * has none becomes a cast of the column to the nullable type, so the projection's row type stays.
 */
final class InputRefNullability
{
    private InputRefNullability() {}

    static RelNode repair(RelNode root)
    {
        return root.accept(new RelHomogeneousShuttle()
        {
            @Override
            public RelNode visit(RelNode other)
            {
                RelNode visited = super.visit(other);
                return visited instanceof LogicalProject project ? repaired(project) : visited;
            }
        });
    }

    private static RelNode repaired(LogicalProject project)
    {
        List<RelDataTypeField> inputFields = project.getInput().getRowType().getFieldList();
        RexBuilder rexBuilder = project.getCluster().getRexBuilder();
        RexShuttle references = new RexShuttle()
        {
            @Override
            public RexNode visitInputRef(RexInputRef reference)
            {
                RelDataType columnType = inputFields.get(reference.getIndex()).getType();
                RelDataType declared = reference.getType();
                if (declared.isNullable() && !columnType.isNullable()
                        && rexBuilder.getTypeFactory().createTypeWithNullability(columnType, true).equals(declared)) {
                    return rexBuilder.makeAbstractCast(declared, new RexInputRef(reference.getIndex(), columnType), false);
                }
                return reference;
            }
        };
        List<RexNode> projects = references.apply(project.getProjects());
        if (projects.equals(project.getProjects())) {
            return project;
        }
        return project.copy(project.getTraitSet(), project.getInput(), projects, project.getRowType());
    }
}
