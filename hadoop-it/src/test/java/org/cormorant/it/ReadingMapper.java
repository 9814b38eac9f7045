package org.cormorant.it;

import org.apache.hadoop.io.LongWritable;
import org.apache.hadoop.io.NullWritable;
import org.apache.hadoop.io.Text;
import org.apache.hadoop.mapreduce.Mapper;

/** Reads its split and writes nothing (the job's output is NullOutputFormat), so HDFS serves only input reads. */
public class ReadingMapper extends Mapper<LongWritable, Text, NullWritable, NullWritable> {
    public enum Counts { LINES, BYTES }

    @Override
    protected void map(LongWritable key, Text value, Context context) {
        context.getCounter(Counts.LINES).increment(1);
        context.getCounter(Counts.BYTES).increment(value.getLength() + 1L);
    }
}
