package io.signo.sql.cost;

import org.apache.calcite.rel.core.Join;
import org.apache.calcite.rel.core.JoinRelType;
import org.apache.calcite.rel.metadata.BuiltInMetadata;
import org.apache.calcite.rel.metadata.MetadataDef;
import org.apache.calcite.rel.metadata.MetadataHandler;
import org.apache.calcite.rel.metadata.ReflectiveRelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMdMaxRowCount;
import org.apache.calcite.rel.metadata.RelMetadataProvider;
import org.apache.calcite.rel.metadata.RelMetadataQuery;

/**
 * The most rows a join can give, where an anti join gives at most its left side's rows. Calcite's default
 * multiplies the two sides' maxima for every join type, so an anti join with an empty right side (a
 * sub-query whose filter folds to false) could give no row, and a constant column above it counted as
 * unique: the field trimmer then dropped the DISTINCT of an INTERSECT's side and the INTERSECT answered
 * nothing.
 */
public final class AntiJoinMaxRowCount
        implements MetadataHandler<BuiltInMetadata.MaxRowCount>
{
    public static final RelMetadataProvider SOURCE = ReflectiveRelMetadataProvider.reflectiveSource(
            new AntiJoinMaxRowCount(), BuiltInMetadata.MaxRowCount.Handler.class);

    private static final RelMdMaxRowCount DEFAULT = new RelMdMaxRowCount();

    private AntiJoinMaxRowCount() {}

    @Override
    public MetadataDef<BuiltInMetadata.MaxRowCount> getDef()
    {
        return BuiltInMetadata.MaxRowCount.DEF;
    }

    public Double getMaxRowCount(Join join, RelMetadataQuery mq)
    {
        if (join.getJoinType() == JoinRelType.ANTI) {
            return mq.getMaxRowCount(join.getLeft());
        }
        return DEFAULT.getMaxRowCount(join, mq);
    }
}
