package org.cormorant.bench.report;

import javax.imageio.ImageIO;
import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.AffineTransform;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.DoubleFunction;

/**
 * A grouped bar chart drawn with Java2D (headless) into a PNG: one group per category along x, one bar per
 * series in each group, optional min-max whiskers, value labels and dashed reference lines, a legend
 * under the title, reference lines explained in a key. The shape of the chapter's Figures 4.6-4.11. A {@code NaN} value draws a cross on the
 * axis (no value: the query failed or the figure is unknown).
 */
public final class BarChart {

    /** One bar per category; {@code lows}/{@code highs} (may be null) give the whisker, drawn when low < high. */
    public record Series(String name, Color color, double[] values, double[] lows, double[] highs) {
    }

    public record ReferenceLine(double value, String label, Color color) {
    }

    private static final Color AXIS = new Color(0x22, 0x22, 0x22);
    private static final Color GRID = new Color(0xDD, 0xDD, 0xDD);
    private static final Color WHISKER = new Color(0x33, 0x33, 0x33);
    private static final Color MISSING = new Color(0xB0, 0x00, 0x20);
    private static final String FONT = Font.SANS_SERIF;

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final List<String> categories;
    private final List<Series> series = new ArrayList<>();
    private final List<ReferenceLine> lines = new ArrayList<>();
    private List<Color> categoryColors;
    private DoubleFunction<String> valueLabels;
    private List<String> barLabels;

    public BarChart(String title, String xLabel, String yLabel, List<String> categories) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
        this.categories = List.copyOf(categories);
    }

    public BarChart add(Series s) {
        if (s.values().length != categories.size()) {
            throw new IllegalArgumentException(s.name() + ": " + s.values().length + " values for " + categories.size() + " categories");
        }
        series.add(s);
        return this;
    }

    public BarChart line(ReferenceLine l) {
        lines.add(l);
        return this;
    }

    /** With a single series: each bar in its category's colour, and no legend (the x labels name the bars). */
    public BarChart colourByCategory(List<Color> colours) {
        this.categoryColors = List.copyOf(colours);
        return this;
    }

    /** A label above each bar, from its value. */
    public BarChart valueLabels(DoubleFunction<String> f) {
        this.valueLabels = f;
        return this;
    }

    /** A label above each bar given per category (single series); wins over {@link #valueLabels}. */
    public BarChart barLabels(List<String> labels) {
        this.barLabels = List.copyOf(labels);
        return this;
    }

    public void writePng(Path file, int width, int height) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
        if (!ImageIO.write(render(width, height), "png", file.toFile())) {
            throw new IOException("no PNG writer in this JVM");
        }
    }

    public BufferedImage render(int width, int height) {
        BufferedImage img = new BufferedImage(width, height, BufferedImage.TYPE_INT_RGB);
        Graphics2D g = img.createGraphics();
        try {
            g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
            g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
            g.setColor(Color.WHITE);
            g.fillRect(0, 0, width, height);
            draw(g, width, height);
        } finally {
            g.dispose();
        }
        return img;
    }

    private boolean singleColoured() {
        return categoryColors != null && series.size() == 1;
    }

    private void draw(Graphics2D g, int width, int height) {
        Font titleFont = new Font(FONT, Font.BOLD, 17);
        Font labelFont = new Font(FONT, Font.PLAIN, 14);
        Font tickFont = new Font(FONT, Font.PLAIN, 12);
        Font smallFont = new Font(FONT, Font.PLAIN, 11);

        // Title, centred.
        g.setFont(titleFont);
        FontMetrics tm = g.getFontMetrics();
        int y = 10 + tm.getAscent();
        g.setColor(AXIS);
        g.drawString(title, Math.max(4, (width - tm.stringWidth(title)) / 2), y);
        y += tm.getDescent() + 8;

        // Legend rows under the title.
        if (!singleColoured() && !series.isEmpty()) {
            y = legend(g, smallFont.deriveFont(12f), width, y) + 6;
        }
        int top = y + 8;

        // Y scale.
        double max = 0;
        for (Series s : series) {
            for (int i = 0; i < categories.size(); i++) {
                max = Math.max(max, finite(s.values()[i]));
                if (s.highs() != null) {
                    max = Math.max(max, finite(s.highs()[i]));
                }
            }
        }
        for (ReferenceLine l : lines) {
            max = Math.max(max, finite(l.value()));
        }
        if (max <= 0) {
            max = 1;
        }
        boolean labelled = valueLabels != null || barLabels != null;
        double step = niceStep(max * (labelled ? 1.15 : 1.05) / 5);
        double yMax = Math.ceil(max * (labelled ? 1.15 : 1.05) / step) * step;

        g.setFont(tickFont);
        FontMetrics fm = g.getFontMetrics();
        int tickWidth = 0;
        for (double v = 0; v <= yMax + step / 2; v += step) {
            tickWidth = Math.max(tickWidth, fm.stringWidth(tick(v)));
        }
        int left = 14 + g.getFontMetrics(labelFont).getHeight() + tickWidth + 8;
        int right = width - 20;

        // Category labels: horizontal when they fit in a group, otherwise slanted.
        double groupW = (right - left) / (double) Math.max(1, categories.size());
        int catWidth = 0;
        for (String c : categories) {
            catWidth = Math.max(catWidth, fm.stringWidth(c));
        }
        boolean slanted = catWidth > groupW - 4;
        int catHeight = slanted ? (int) Math.ceil(catWidth * Math.sin(Math.PI / 4)) + fm.getHeight() : fm.getHeight();
        int bottom = height - 10 - g.getFontMetrics(labelFont).getHeight() - 6 - catHeight - 4;
        if (bottom - top < 40) {
            bottom = Math.min(height - 4, top + 40);
        }
        int plotH = bottom - top;

        // Grid and y ticks.
        for (double v = 0; v <= yMax + step / 2; v += step) {
            int yy = yPixel(v, yMax, top, plotH);
            g.setColor(GRID);
            g.setStroke(new BasicStroke(1f));
            g.drawLine(left, yy, right, yy);
            g.setColor(AXIS);
            String t = tick(v);
            g.drawString(t, left - 6 - fm.stringWidth(t), yy + fm.getAscent() / 2 - 1);
        }

        // Bars.
        int n = Math.max(1, series.size());
        double inner = groupW * 0.8;
        double barW = inner / n;
        for (int ci = 0; ci < categories.size(); ci++) {
            double gx = left + ci * groupW + (groupW - inner) / 2;
            for (int si = 0; si < series.size(); si++) {
                Series s = series.get(si);
                double v = s.values()[ci];
                int x0 = (int) Math.round(gx + si * barW);
                int x1 = (int) Math.round(gx + (si + 1) * barW) - (n > 1 ? 1 : 0);
                int cx = (x0 + x1) / 2;
                if (!Double.isFinite(v)) {
                    g.setColor(MISSING);
                    g.setStroke(new BasicStroke(1.5f));
                    int r = Math.max(2, Math.min(5, (x1 - x0) / 2));
                    g.drawLine(cx - r, bottom - 2 * r - 2, cx + r, bottom - 2);
                    g.drawLine(cx - r, bottom - 2, cx + r, bottom - 2 * r - 2);
                    continue;
                }
                int yy = yPixel(v, yMax, top, plotH);
                Color fill = singleColoured() ? categoryColors.get(ci) : s.color();
                g.setColor(fill);
                g.fillRect(x0, yy, Math.max(1, x1 - x0), Math.max(0, bottom - yy));
                g.setColor(fill.darker());
                g.setStroke(new BasicStroke(1f));
                g.drawRect(x0, yy, Math.max(1, x1 - x0), Math.max(0, bottom - yy));
                int labelY = yy;
                if (s.lows() != null && s.highs() != null && s.lows()[ci] < s.highs()[ci]) {
                    int ylo = yPixel(s.lows()[ci], yMax, top, plotH);
                    int yhi = yPixel(s.highs()[ci], yMax, top, plotH);
                    int cap = Math.max(2, Math.min(8, (x1 - x0) / 4));
                    g.setColor(WHISKER);
                    g.setStroke(new BasicStroke(1.3f));
                    g.drawLine(cx, ylo, cx, yhi);
                    g.drawLine(cx - cap, ylo, cx + cap, ylo);
                    g.drawLine(cx - cap, yhi, cx + cap, yhi);
                    labelY = Math.min(labelY, yhi);
                }
                String label = barLabels != null && series.size() == 1 ? barLabels.get(ci)
                        : valueLabels != null ? valueLabels.apply(v) : null;
                if (label != null && !label.isEmpty()) {
                    g.setFont(smallFont);
                    FontMetrics sm = g.getFontMetrics();
                    g.setColor(AXIS);
                    g.drawString(label, cx - sm.stringWidth(label) / 2, labelY - 4);
                    g.setFont(tickFont);
                }
            }
        }

        // Reference lines, dashed, explained in a key at the plot's top right (labels on the lines would
        // collide when two targets lie close together).
        List<ReferenceLine> drawn = new ArrayList<>();
        for (ReferenceLine l : lines) {
            if (!Double.isFinite(l.value())) {
                continue;
            }
            int yy = yPixel(l.value(), yMax, top, plotH);
            g.setColor(l.color());
            g.setStroke(dashed());
            g.drawLine(left, yy, right, yy);
            drawn.add(l);
        }
        if (!drawn.isEmpty()) {
            g.setFont(smallFont);
            FontMetrics sm = g.getFontMetrics();
            int keyW = 0;
            for (ReferenceLine l : drawn) {
                keyW = Math.max(keyW, 30 + sm.stringWidth(l.label()));
            }
            int lineH = sm.getHeight() + 2;
            int kx = right - keyW - 14;
            int ky = top + 4;
            g.setColor(new Color(255, 255, 255, 230));
            g.fillRect(kx - 6, ky - 2, keyW + 12, lineH * drawn.size() + 6);
            g.setColor(GRID);
            g.setStroke(new BasicStroke(1f));
            g.drawRect(kx - 6, ky - 2, keyW + 12, lineH * drawn.size() + 6);
            for (int i = 0; i < drawn.size(); i++) {
                ReferenceLine l = drawn.get(i);
                int yy = ky + 2 + i * lineH + lineH / 2;
                g.setColor(l.color());
                g.setStroke(dashed());
                g.drawLine(kx, yy, kx + 24, yy);
                g.drawString(l.label(), kx + 30, yy + sm.getAscent() / 2 - 1);
            }
            g.setFont(tickFont);
        }

        // Axes.
        g.setColor(AXIS);
        g.setStroke(new BasicStroke(1.2f));
        g.drawLine(left, top, left, bottom);
        g.drawLine(left, bottom, right, bottom);

        // Category labels.
        g.setFont(tickFont);
        for (int ci = 0; ci < categories.size(); ci++) {
            String c = categories.get(ci);
            int cx = (int) Math.round(left + (ci + 0.5) * groupW);
            if (slanted) {
                AffineTransform saved = g.getTransform();
                g.translate(cx, bottom + 6);
                g.rotate(-Math.PI / 4);
                g.drawString(c, -fm.stringWidth(c), fm.getAscent());
                g.setTransform(saved);
            } else {
                g.drawString(c, cx - fm.stringWidth(c) / 2, bottom + 4 + fm.getAscent());
            }
        }

        // Axis titles.
        g.setFont(labelFont);
        FontMetrics lm = g.getFontMetrics();
        g.drawString(xLabel, left + (right - left - lm.stringWidth(xLabel)) / 2, height - 10 - lm.getDescent());
        AffineTransform saved = g.getTransform();
        g.translate(10 + lm.getAscent(), top + (plotH + lm.stringWidth(yLabel)) / 2.0);
        g.rotate(-Math.PI / 2);
        g.drawString(yLabel, 0, 0);
        g.setTransform(saved);
    }

    /** Swatch and name per series, wrapped into centred rows; returns the y below the legend. */
    private int legend(Graphics2D g, Font font, int width, int y) {
        g.setFont(font);
        FontMetrics fm = g.getFontMetrics();
        int sw = 14;
        int gap = 18;
        List<List<Series>> rows = new ArrayList<>();
        List<Integer> rowWidths = new ArrayList<>();
        List<Series> row = new ArrayList<>();
        int rowW = 0;
        for (Series s : series) {
            int w = sw + 6 + fm.stringWidth(s.name());
            if (!row.isEmpty() && rowW + gap + w > width - 40) {
                rows.add(row);
                rowWidths.add(rowW);
                row = new ArrayList<>();
                rowW = 0;
            }
            rowW += (row.isEmpty() ? 0 : gap) + w;
            row.add(s);
        }
        rows.add(row);
        rowWidths.add(rowW);
        int lineH = Math.max(sw, fm.getHeight()) + 4;
        for (int r = 0; r < rows.size(); r++) {
            int x = (width - rowWidths.get(r)) / 2;
            for (Series s : rows.get(r)) {
                g.setColor(s.color());
                g.fillRect(x, y + (lineH - sw) / 2, sw, sw);
                g.setColor(s.color().darker());
                g.drawRect(x, y + (lineH - sw) / 2, sw, sw);
                g.setColor(AXIS);
                g.drawString(s.name(), x + sw + 6, y + (lineH + fm.getAscent() - fm.getDescent()) / 2);
                x += sw + 6 + fm.stringWidth(s.name()) + gap;
            }
            y += lineH;
        }
        return y;
    }

    private static BasicStroke dashed() {
        return new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {7f, 5f}, 0f);
    }

    private static int yPixel(double v, double yMax, int top, int plotH) {
        return top + (int) Math.round(plotH * (1 - Math.max(0, v) / yMax));
    }

    private static double finite(double v) {
        return Double.isFinite(v) ? v : 0;
    }

    /** 1, 2, 2.5 or 5 times a power of ten: tick steps a reader can add up. */
    static double niceStep(double raw) {
        if (!(raw > 0)) {
            return 1;
        }
        double mag = Math.pow(10, Math.floor(Math.log10(raw)));
        double norm = raw / mag;
        double nice = norm <= 1 ? 1 : norm <= 2 ? 2 : norm <= 2.5 ? 2.5 : norm <= 5 ? 5 : 10;
        return nice * mag;
    }

    private static String tick(double v) {
        return ReportFormat.plain(Math.abs(v) < 1e-9 ? 0 : v);
    }
}
