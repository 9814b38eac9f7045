package org.cormorant.nim.client;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;
import java.util.function.LongSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.cormorant.nim.api.ApiTypes.ReservationView;
import org.cormorant.nim.path.Path;

/**
 * Sends path reservations to the NIM from one background thread (one instance per ResourceManager
 * or NameNode; the pair rule below holds across all its owners), for callers that must never wait:
 * the ResourceManager's scheduler thread and the NameNode's RPC handlers.
 *
 * <p>Two rules keep a busy caller cheap and the NIM unflooded. A host pair that already has a live
 * reservation sent from here is not reserved again until that one's TTL has run out: the flow
 * scheduler pins per host pair, so a second reservation of the pair could only re-pin the flows the
 * first one pinned (the live reservation stands for all of the pair's transfers, and its bandwidth is
 * the estimate for one of them). And the hand-off is a lock-free queue whose sender is woken
 * only when it has gone idle, so a caller never takes a lock or makes a system call while the sender
 * is busy; a full queue drops the request (the pair may be asked again at once).
 */
public final class PairReservations implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PairReservations.class.getName());
    private static final int MAX_REMEMBERED_PAIRS = 4096;

    /** What happened to requests, for the caller's metrics. Called on the caller's or the sender's thread. */
    public interface Events {
        /** Queued for sending. */
        default void queued() {
        }

        /** Not sent: the pair has a live reservation sent from here. */
        default void covered() {
        }

        /** Not sent: the queue was full. */
        default void dropped() {
        }

        default void made(ReservationView reservation) {
        }

        /** The NIM refused or did not answer in time. */
        default void failed() {
        }
    }

    private record Pair(String src, String dst) {
    }

    private record Request(String owner, Pair pair, Path path, double bandwidthBps) {
    }

    private final NimClient client;
    private final int capacity;
    private final long ttlMillis;
    private final LongSupplier clock;
    private final Events events;
    /** Pair -> until when a reservation of ours (queued, in flight or made) covers it. */
    private final Map<Pair, Long> covering = new ConcurrentHashMap<>();
    private final ConcurrentLinkedQueue<Request> queue = new ConcurrentLinkedQueue<>();
    private final AtomicInteger queued = new AtomicInteger();
    private final Thread sender;
    private volatile boolean senderIdle;
    private volatile boolean open = true;

    /**
     * @param capacity   requests that may wait; more are dropped
     * @param ttlMillis  each reservation's time to live, and how long it covers its pair here
     */
    public PairReservations(NimClient client, String threadName, int capacity, long ttlMillis,
                            LongSupplier clock, Events events) {
        if (capacity < 1 || ttlMillis < 1) {
            throw new IllegalArgumentException("capacity and ttlMillis must be positive: " + capacity + ", " + ttlMillis);
        }
        this.client = client;
        this.capacity = capacity;
        this.ttlMillis = ttlMillis;
        this.clock = clock;
        this.events = events;
        this.sender = new Thread(this::sendLoop, threadName);
        sender.setDaemon(true);
        sender.start();
    }

    /** Whether {@code src -> dst} has a live (or pending) reservation sent from here: asking again would add nothing. */
    public boolean covered(String src, String dst) {
        Long until = covering.get(new Pair(src, dst));
        return until != null && until > clock.getAsLong();
    }

    /**
     * Queues a reservation of {@code path} from {@code src} to {@code dst} for {@code owner} (the name the
     * NIM lists it under); never blocks, never throws.
     * Returns whether it was queued (false: covered by a live one, dropped, or closed).
     */
    public boolean request(String owner, String src, String dst, Path path, double bandwidthBps) {
        if (!open) {
            return false;
        }
        Pair pair = new Pair(src, dst);
        long now = clock.getAsLong();
        Long until = covering.get(pair);
        // Claim the pair; of racing callers only the first one through queues it.
        boolean claimed = until == null ? covering.putIfAbsent(pair, now + ttlMillis) == null
                : until <= now && covering.replace(pair, until, now + ttlMillis);
        if (!claimed) {
            events.covered();
            return false;
        }
        if (queued.incrementAndGet() > capacity) {
            queued.decrementAndGet();
            covering.remove(pair);
            events.dropped();
            return false;
        }
        if (covering.size() > MAX_REMEMBERED_PAIRS) {
            covering.values().removeIf(expiry -> expiry <= now);
        }
        queue.offer(new Request(owner, pair, path, bandwidthBps));
        events.queued();
        if (senderIdle) {
            LockSupport.unpark(sender);
        }
        return true;
    }

    /** Requests queued and not yet sent. */
    public int pending() {
        return queued.get();
    }

    private void sendLoop() {
        while (open) {
            Request request = queue.poll();
            if (request == null) {
                // Announce idleness, then look once more: a request queued in between is either seen
                // here or its caller saw the flag and unparks us.
                senderIdle = true;
                if (queue.isEmpty() && open) {
                    LockSupport.park(this);
                }
                senderIdle = false;
                continue;
            }
            queued.decrementAndGet();
            send(request);
        }
    }

    private void send(Request request) {
        Pair pair = request.pair();
        try {
            Optional<ReservationView> made = client.reserve(request.owner(), pair.src(), pair.dst(), request.path(),
                    request.bandwidthBps(), ttlMillis);
            if (made.isPresent()) {
                events.made(made.get());
                return;
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "reservation " + pair.src() + " -> " + pair.dst() + " failed", e);
        }
        covering.remove(pair);
        events.failed();
    }

    @Override
    public void close() {
        open = false;
        LockSupport.unpark(sender);
        sender.interrupt();
    }
}
