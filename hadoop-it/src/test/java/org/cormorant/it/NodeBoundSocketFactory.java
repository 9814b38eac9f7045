package org.cormorant.it;

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
 * Hadoop's standard (channel-backed) sockets, bound to one loopback address before they connect,
 * so that the NameNode, which takes a DataNode's or a reader's address from its RPC connection,
 * sees each "host" of the one-machine cluster at its own 127.0.0.x. Set as
 * {@code hadoop.rpc.socket.factory.class.default}; the address is {@link #BIND_ADDRESS} if set (the
 * DataNodes), else the {@code NM_HOST} that a NodeManager puts into every container's environment
 * when it is a 127.x address (the job's ApplicationMaster and map tasks: they read HDFS from their
 * NodeManager's address). Anywhere else (the test JVM's job client) sockets are not bound.
 */
public class NodeBoundSocketFactory extends SocketFactory implements Configurable {
    public static final String BIND_ADDRESS = "cormorant.it.bind-address";

    private Configuration conf;
    private InetAddress bind;

    @Override
    public void setConf(Configuration configuration) {
        this.conf = configuration;
        String address = configuration.get(BIND_ADDRESS);
        if (address == null) {
            String nmHost = System.getenv("NM_HOST");
            if (nmHost != null && nmHost.startsWith("127.")) {
                address = nmHost;
            }
        }
        try {
            bind = address == null ? null : InetAddress.getByName(address);
        } catch (IOException e) {
            throw new IllegalArgumentException(BIND_ADDRESS + ": " + e.getMessage(), e);
        }
    }

    @Override
    public Configuration getConf() {
        return conf;
    }

    @Override
    public Socket createSocket() throws IOException {
        SocketChannel channel = SocketChannel.open();
        if (bind != null) {
            channel.bind(new InetSocketAddress(bind, 0));
        }
        return channel.socket();
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return createSocket(InetAddress.getByName(host), port);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) {
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
        return o instanceof NodeBoundSocketFactory other && Objects.equals(bind, other.bind);
    }

    @Override
    public int hashCode() {
        return Objects.hashCode(bind);
    }
}
