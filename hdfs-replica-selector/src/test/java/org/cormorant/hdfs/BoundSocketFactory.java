package org.cormorant.hdfs;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SocketChannel;
import java.util.Objects;
import javax.net.SocketFactory;
import org.apache.hadoop.conf.Configurable;
import org.apache.hadoop.conf.Configuration;

/**
 * Hadoop's standard (channel-backed) sockets, bound to one local loopback address before they
 * connect. Set as {@code hadoop.rpc.socket.factory.class.default} with {@link #BIND_ADDRESS} in a
 * DataNode's or client's configuration, it makes the NameNode see that process at its own
 * 127.0.0.x: the NameNode takes a DataNode's IP address, and a reader's, from the RPC connection,
 * so one JVM can hold DataNodes and readers on distinct "hosts".
 */
public class BoundSocketFactory extends SocketFactory implements Configurable {
    public static final String BIND_ADDRESS = "cormorant.test.bind-address";

    private Configuration conf;
    private InetAddress bind;

    /** A copy of {@code base} whose Hadoop RPC and data-transfer sockets leave from {@code address}. */
    static Configuration bound(Configuration base, String address) {
        Configuration conf = new Configuration(base);
        conf.set("hadoop.rpc.socket.factory.class.default", BoundSocketFactory.class.getName());
        conf.set(BIND_ADDRESS, address);
        return conf;
    }

    @Override
    public void setConf(Configuration configuration) {
        this.conf = configuration;
        try {
            bind = InetAddress.getByName(configuration.get(BIND_ADDRESS, "127.0.0.1"));
        } catch (IOException e) {
            throw new IllegalArgumentException(BIND_ADDRESS + ": " + e.getMessage());
        }
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public Socket createSocket() throws IOException {
        SocketChannel channel = SocketChannel.open();
        channel.bind(new InetSocketAddress(bind, 0));
        return channel.socket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return createSocket(InetAddress.getByName(host), port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        throw new UnsupportedOperationException("bound to " + bind);
    }

    @Override
    public Socket createSocket(InetAddress address, int port) throws IOException {
        Socket socket = createSocket();
        socket.connect(new InetSocketAddress(address, port));
        return socket;
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort) {
        throw new UnsupportedOperationException("bound to " + bind);
    }

    // Hadoop's IPC caches one client per socket factory: factories for different addresses must differ.
    @Override
    public boolean equals(Object o) {
        return o instanceof BoundSocketFactory other && Objects.equals(bind, other.bind);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(bind);
    }
}
