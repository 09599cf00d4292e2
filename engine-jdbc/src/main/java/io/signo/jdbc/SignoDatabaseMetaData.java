package io.signo.jdbc;

import org.apache.calcite.avatica.AvaticaConnection;
import org.apache.calcite.avatica.AvaticaDatabaseMetaData;
import org.apache.calcite.avatica.AvaticaSpecificDatabaseMetaData;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * The connection's {@code DatabaseMetaData}: Avatica's, whose methods ask the server (the
 * listings, the database's properties) and let a failed request through unchecked. The driver
 * hands out a proxy of it that turns every failure of a method declared to throw
 * {@link SQLException} into one, with its SQLSTATE ({@link DriverErrors#translate}). A proxy
 * rather than an override of each of the interface's 170 methods: the translation is the same for
 * all of them.
 */
final class SignoDatabaseMetaData
        extends AvaticaDatabaseMetaData
{
    private SignoDatabaseMetaData(AvaticaConnection connection)
    {
        super(connection);
    }

    static AvaticaSpecificDatabaseMetaData create(AvaticaConnection connection)
    {
        AvaticaSpecificDatabaseMetaData metaData = new SignoDatabaseMetaData(connection);
        return (AvaticaSpecificDatabaseMetaData) Proxy.newProxyInstance(
                SignoDatabaseMetaData.class.getClassLoader(),
                new Class<?>[] {AvaticaSpecificDatabaseMetaData.class},
                new Translating(metaData));
    }

    private static final class Translating
            implements InvocationHandler
    {
        private final AvaticaSpecificDatabaseMetaData delegate;

        Translating(AvaticaSpecificDatabaseMetaData delegate)
        {
            this.delegate = delegate;
        }

        @Override
        public Object invoke(Object proxy, Method method, Object[] arguments)
                throws Throwable
        {
            if (method.getDeclaringClass() == Object.class && method.getName().equals("equals")) {
                return proxy == arguments[0];
            }
            if (method.getDeclaringClass() == Object.class && method.getName().equals("hashCode")) {
                return System.identityHashCode(proxy);
            }
            try {
                return method.invoke(delegate, arguments);
            }
            catch (InvocationTargetException e) {
                Throwable failure = e.getCause();
                if (Arrays.asList(method.getExceptionTypes()).contains(SQLException.class) && (failure instanceof RuntimeException || failure instanceof SQLException)) {
                    throw DriverErrors.translate(failure);
                }
                throw failure;
            }
        }
    }
}
