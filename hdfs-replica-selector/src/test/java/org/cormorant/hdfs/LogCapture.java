package org.cormorant.hdfs;

import java.io.StringWriter;
import java.util.Arrays;
import org.apache.log4j.Logger;
import org.apache.log4j.PatternLayout;
import org.apache.log4j.WriterAppender;

/** Collects what one class logs (Hadoop's tests run slf4j over reload4j). */
final class LogCapture implements AutoCloseable {
    private final StringWriter out = new StringWriter();
    private final Logger logger;
    private final WriterAppender appender;

    LogCapture(Class<?> type) {
        logger = Logger.getLogger(type);
        appender = new WriterAppender(new PatternLayout("%p %m%n"), out);
        logger.addAppender(appender);
    }

    synchronized long count(String fragment) {
        return Arrays.stream(out.toString().split("\n")).filter(l -> l.contains(fragment)).count();
    }

    String text() {
        return out.toString();
    }

    @Override
    public void close() {
        logger.removeAppender(appender);
    }
}
