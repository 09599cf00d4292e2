package io.signo.sql.tpch;

import io.signo.sql.tpch.TpchFixture.Setup;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

import java.sql.SQLException;

import static java.util.Objects.requireNonNull;

/**
 * A {@link TpchFixture} with DuckDB that the test classes of one test JVM share, registered as
 * {@code @RegisterExtension static final SharedTpchFixture TPCH = SharedTpchFixture.withDuckDb(setup)}:
 * the first class that asks for a setup generates the data, loads DuckDB and starts the workers, every
 * later class asking for an equal setup gets the same fixture, and JUnit closes it when the whole run
 * ends (it lives in the root context's store, which closes what it holds). A class that shares one
 * only reads it: no writes, no DDL, nothing set on the engine that the next class would see.
 */
public final class SharedTpchFixture
        implements BeforeAllCallback
{
    private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(SharedTpchFixture.class);

    private final Setup setup;
    private TpchFixture fixture;

    private SharedTpchFixture(Setup setup)
    {
        this.setup = requireNonNull(setup, "setup is null");
    }

    /** The fixture of {@code setup}, with DuckDB holding the same rows. */
    public static SharedTpchFixture withDuckDb(Setup setup)
    {
        return new SharedTpchFixture(setup);
    }

    @Override
    public void beforeAll(ExtensionContext context)
    {
        // Setup is a record: equal setups share one fixture
        fixture = context.getRoot().getStore(NAMESPACE).getOrComputeIfAbsent(setup, SharedTpchFixture::create, TpchFixture.class);
    }

    /** The shared fixture; available from the class's {@code @BeforeAll} methods on. */
    public TpchFixture fixture()
    {
        if (fixture == null) {
            throw new IllegalStateException("the shared TPC-H fixture is made before the class's tests: register it with @RegisterExtension on a static field");
        }
        return fixture;
    }

    private static TpchFixture create(Setup setup)
    {
        try {
            return TpchFixture.withDuckDb(setup);
        }
        catch (SQLException e) {
            throw new IllegalStateException("DuckDB could not load TPC-H " + setup, e);
        }
    }
}
