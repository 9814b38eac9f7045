package org.cormorant.bench.report;

/** A benchmark output directory or one of its CSV files is not what the report expects; the message names where. */
public final class ReportInputException extends RuntimeException {

    public ReportInputException(String message) {
        super(message);
    }
}
