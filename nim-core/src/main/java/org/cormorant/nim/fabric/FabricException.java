package org.cormorant.nim.fabric;

/** A fabric description that cannot be used: the message names the offending node, link, field or line. */
public class FabricException extends IllegalArgumentException {
    public FabricException(String message) {
        super(message);
    }

    public FabricException(String message, Throwable cause) {
        super(message, cause);
    }
}
