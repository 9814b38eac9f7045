package org.cormorant.bench.hive;

/** A statement Hive refused or failed to run, with Hive's message. */
public final class HiveQueryException extends Exception {

    public HiveQueryException(String what, Throwable cause) {
        super(what + ": " + cause.getMessage(), cause);
    }
}
