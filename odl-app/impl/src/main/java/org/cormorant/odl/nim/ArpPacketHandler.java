package org.cormorant.odl.nim;

import com.google.common.util.concurrent.FutureCallback;
import com.google.common.util.concurrent.Futures;
import com.google.common.util.concurrent.MoreExecutors;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import org.opendaylight.mdsal.binding.api.NotificationService;
import org.opendaylight.mdsal.binding.api.RpcConsumerRegistry;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeConnectorRef;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.NodeRef;
import org.opendaylight.yang.gen.v1.urn.opendaylight.inventory.rev130819.nodes.Node;
import org.opendaylight.yang.gen.v1.urn.opendaylight.packet.service.rev130709.PacketReceived;
import org.opendaylight.yang.gen.v1.urn.opendaylight.packet.service.rev130709.TransmitPacket;
import org.opendaylight.yang.gen.v1.urn.opendaylight.packet.service.rev130709.TransmitPacketInputBuilder;
import org.opendaylight.yang.gen.v1.urn.opendaylight.packet.service.rev130709.TransmitPacketOutput;
import org.opendaylight.yangtools.concepts.Registration;
import org.opendaylight.yangtools.yang.binding.InstanceIdentifier;
import org.opendaylight.yangtools.yang.common.RpcResult;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The ARP responder's hands: packet-ins (openflowplugin's {@code PacketReceived} notifications) go
 * to {@link ArpResponder}; a reply is sent back out of the port the request arrived on with
 * openflowplugin's {@code transmit-packet} RPC (a packet-out). Every other packet-in (LLDP is
 * openflowplugin's own) is ignored.
 */
final class ArpPacketHandler implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ArpPacketHandler.class);

    private final ArpResponder responder;
    private final TransmitPacket transmit;
    private final Registration registration;
    private final AtomicLong replies = new AtomicLong();
    private volatile String lastFailure;

    ArpPacketHandler(final NotificationService notifications, final RpcConsumerRegistry rpcs,
            final ArpResponder responder) {
        this.responder = responder;
        this.transmit = rpcs.getRpc(TransmitPacket.class);
        this.registration = notifications.registerListener(PacketReceived.class, this::onPacket,
            MoreExecutors.directExecutor());
    }

    @SuppressWarnings("checkstyle:IllegalCatch")
    void onPacket(final PacketReceived packet) {
        try {
            Optional<byte[]> reply = responder.reply(packet.getPayload());
            NodeConnectorRef ingress = packet.getIngress();
            if (reply.isEmpty() || ingress == null) {
                return;
            }
            InstanceIdentifier<Node> node = ingress.getValue().firstIdentifierOf(Node.class);
            if (node == null) {
                return;
            }
            Futures.addCallback(transmit.invoke(new TransmitPacketInputBuilder()
                    .setNode(new NodeRef(node))
                    .setEgress(ingress)
                    .setPayload(reply.orElseThrow())
                    .build()), new FutureCallback<RpcResult<TransmitPacketOutput>>() {
                        @Override
                        public void onSuccess(final RpcResult<TransmitPacketOutput> result) {
                            if (result.isSuccessful()) {
                                replies.incrementAndGet();
                            } else {
                                failed(result.getErrors().toString());
                            }
                        }

                        @Override
                        public void onFailure(final Throwable cause) {
                            failed(cause.toString());
                        }
                    }, MoreExecutors.directExecutor());
        } catch (RuntimeException e) {
            // A malformed packet-in must not disturb the notification thread.
            failed(e.toString());
        }
    }

    private void failed(final String why) {
        if (!why.equals(lastFailure)) {
            LOG.warn("Cormorant NIM: ARP reply not sent: {}", why);
            lastFailure = why;
        }
    }

    /** Replies sent so far. */
    long replies() {
        return replies.get();
    }

    @Override
    public void close() {
        registration.close();
    }
}
