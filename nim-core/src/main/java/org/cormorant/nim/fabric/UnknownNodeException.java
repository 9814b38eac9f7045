package org.cormorant.nim.fabric;

/** A query named a host the fabric does not know. */
public class UnknownNodeException extends IllegalArgumentException {
    public UnknownNodeException(String nameOrAddress) {
        super("unknown host: " + nameOrAddress);
    }
}
