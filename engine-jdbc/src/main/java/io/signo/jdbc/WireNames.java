package io.signo.jdbc;

import org.apache.calcite.avatica.proto.Common.WireMessage;
import org.apache.calcite.avatica.proto.Responses;
import org.apache.calcite.avatica.remote.ProtobufTranslation;
import org.apache.calcite.avatica.remote.ProtobufTranslationImpl;
import org.apache.calcite.avatica.remote.Service;

import java.io.IOException;

import static java.util.Objects.requireNonNull;

/**
 * Avatica's protobuf messages are named on the wire by their Java class names. In the driver jar
 * those classes are relocated under {@code io.signo.jdbc.shaded}, so this translation renames the
 * messages to Avatica's own names on the way out and back on the way in; unshaded (in the build's
 * own tests) the names already agree and nothing changes.
 */
final class WireNames
        implements ProtobufTranslation
{
    /** Built at run time: the shade plugin would relocate a constant that looks like the package. */
    private static final String WIRE_PACKAGE = String.join(".", "org", "apache", "calcite", "avatica", "proto") + ".";
    private static final String LOCAL_PACKAGE = Responses.class.getPackageName() + ".";

    private final ProtobufTranslation delegate;

    WireNames(ProtobufTranslation delegate)
    {
        this.delegate = requireNonNull(delegate, "delegate is null");
    }

    static ProtobufTranslation create()
    {
        ProtobufTranslation translation = new ProtobufTranslationImpl();
        return WIRE_PACKAGE.equals(LOCAL_PACKAGE) ? translation : new WireNames(translation);
    }

    @Override
    public byte[] serializeRequest(Service.Request request)
            throws IOException
    {
        return rename(delegate.serializeRequest(request), LOCAL_PACKAGE, WIRE_PACKAGE);
    }

    @Override
    public Service.Response parseResponse(byte[] bytes)
            throws IOException
    {
        return delegate.parseResponse(rename(bytes, WIRE_PACKAGE, LOCAL_PACKAGE));
    }

    @Override
    public byte[] serializeResponse(Service.Response response)
            throws IOException
    {
        return rename(delegate.serializeResponse(response), LOCAL_PACKAGE, WIRE_PACKAGE);
    }

    @Override
    public Service.Request parseRequest(byte[] bytes)
            throws IOException
    {
        return delegate.parseRequest(rename(bytes, WIRE_PACKAGE, LOCAL_PACKAGE));
    }

    private static byte[] rename(byte[] bytes, String from, String to)
            throws IOException
    {
        WireMessage message = WireMessage.parseFrom(bytes);
        String name = message.getName();
        if (!name.startsWith(from)) {
            return bytes;
        }
        return message.toBuilder().setName(to + name.substring(from.length())).build().toByteArray();
    }
}
