package org.cormorant.nim.service;

/** A request the API refuses, with the HTTP status and a message that names the problem. */
public class ApiException extends RuntimeException {
    private final int status;
    private final String error;

    public ApiException(int status, String error, String message) {
        super(message);
        this.status = status;
        this.error = error;
    }

    public int status() {
        return status;
    }

    public String error() {
        return error;
    }

    public static ApiException badRequest(String message) {
        return new ApiException(400, "bad-request", message);
    }

    public static ApiException notFound(String message) {
        return new ApiException(404, "not-found", message);
    }
}
