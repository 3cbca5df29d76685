//! `bench --plot FILE.svg`: the distribution of per-puzzle times of each solver as a
//! cumulative curve on a log time axis, written as plain SVG by hand (no plotting crate, no
//! fonts, no system library: the viewer draws the text).
//!
//! A point `(t, p)` of a solver's curve says that `p` % of its timed solves took at most
//! `t`. A curve further left is faster; a long flat tail on the right is a heavy tail.

use std::fmt::Write;

/// One curve: a solver's name (and the file, when there are several) and its times in
/// nanoseconds, one per timed solve.
pub struct Curve<'a> {
    pub label: String,
    pub times: &'a [u64],
}

/// Colours, one per curve in order (Okabe–Ito, readable by colour-blind people), reused
/// after eight.
const COLOURS: [&str; 8] = [
    "#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442",
];

/// Plot area, in SVG user units.
const WIDTH: f64 = 880.0;
const HEIGHT: f64 = 500.0;
const LEFT: f64 = 80.0;
const RIGHT: f64 = 240.0;
const TOP: f64 = 50.0;
const BOTTOM: f64 = 60.0;

/// Most points drawn per curve: quantiles beyond this are merged (the picture cannot show
/// more, and a million-puzzle file should not give a 50 MB SVG).
const MAX_POINTS: usize = 1000;

/// Text for SVG: `&`, `<`, `>` and quotes escaped.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c if (c as u32) < 0x20 => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// A time in nanoseconds as people read it: `1 µs`, `10 ms`, `1 s`.
fn time_label(ns: f64) -> String {
    let (value, unit) = if ns >= 1e9 {
        (ns / 1e9, "s")
    } else if ns >= 1e6 {
        (ns / 1e6, "ms")
    } else if ns >= 1e3 {
        (ns / 1e3, "µs")
    } else {
        (ns, "ns")
    };
    format!("{value} {unit}")
}

/// The SVG path of one curve: a step up at each time (sorted here), through at most
/// [`MAX_POINTS`] quantiles, drawn with the axes' `x` (time) and `y` (fraction solved).
fn step_path(times: &[u64], x: impl Fn(f64) -> f64, y: impl Fn(f64) -> f64) -> String {
    let mut times = times.to_vec();
    times.sort_unstable();
    let n = times.len();
    let mut d = String::new();
    if n > 0 {
        let _ = write!(d, "M{:.1},{:.1}", x(times[0] as f64), y(0.0));
        let step = n.div_ceil(MAX_POINTS);
        let mut i = 0;
        while i < n {
            let end = (i + step).min(n);
            let t = times[end - 1] as f64;
            let _ = write!(
                d,
                " L{:.1},{:.1} L{:.1},{:.1}",
                x(t),
                y(i as f64 / n as f64),
                x(t),
                y(end as f64 / n as f64)
            );
            i = end;
        }
    }
    d
}

/// The SVG document: `title` names the dataset; one curve per entry of `curves`.
pub fn svg(title: &str, curves: &[Curve<'_>]) -> String {
    // The time axis spans whole decades around every time (at least 1 ns).
    let all = curves.iter().flat_map(|c| c.times.iter().copied());
    let (lo, hi) = all.fold((u64::MAX, 0), |(lo, hi), t| (lo.min(t), hi.max(t)));
    let (lo, hi) = if lo > hi {
        (1, 10)
    } else {
        (lo.max(1), hi.max(1))
    };
    let first = (lo as f64).log10().floor();
    let last = ((hi as f64).log10().ceil()).max(first + 1.0);
    let plot_w = WIDTH - LEFT - RIGHT;
    let plot_h = HEIGHT - TOP - BOTTOM;
    let x = |ns: f64| LEFT + (ns.max(1.0).log10() - first) / (last - first) * plot_w;
    let y = |fraction: f64| TOP + (1.0 - fraction) * plot_h;

    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text class="title" x="{}" y="25" text-anchor="middle" font-size="15">{}</text>"#,
        LEFT + plot_w / 2.0,
        escape(title)
    );
    // Grid and ticks: every decade on x, every 25 % on y.
    let mut decade = first;
    while decade <= last {
        let ns = 10f64.powf(decade);
        let px = x(ns);
        let _ = writeln!(
            s,
            r##"<line x1="{px:.1}" y1="{TOP}" x2="{px:.1}" y2="{}" stroke="#ddd"/><text x="{px:.1}" y="{}" text-anchor="middle">{}</text>"##,
            TOP + plot_h,
            TOP + plot_h + 18.0,
            escape(&time_label(ns))
        );
        decade += 1.0;
    }
    for quarter in 0..=4 {
        let fraction = quarter as f64 / 4.0;
        let py = y(fraction);
        let _ = writeln!(
            s,
            r##"<line x1="{LEFT}" y1="{py:.1}" x2="{}" y2="{py:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{}%</text>"##,
            LEFT + plot_w,
            LEFT - 6.0,
            py + 4.0,
            quarter * 25
        );
    }
    let _ = writeln!(
        s,
        r#"<rect x="{LEFT}" y="{TOP}" width="{plot_w}" height="{plot_h}" fill="none" stroke="black"/>"#
    );
    let _ = writeln!(
        s,
        r#"<text class="x-label" x="{}" y="{}" text-anchor="middle">time per puzzle (log scale)</text>"#,
        LEFT + plot_w / 2.0,
        HEIGHT - 15.0
    );
    let _ = writeln!(
        s,
        r#"<text class="y-label" transform="translate(22 {}) rotate(-90)" text-anchor="middle">puzzles solved within that time</text>"#,
        TOP + plot_h / 2.0
    );
    // The curves: a step up at each time, through at most MAX_POINTS quantiles.
    for (k, curve) in curves.iter().enumerate() {
        let colour = COLOURS[k % COLOURS.len()];
        let d = step_path(curve.times, x, y);
        let label = escape(&curve.label);
        let _ = writeln!(
            s,
            r#"<path class="curve" data-solver="{label}" d="{d}" fill="none" stroke="{colour}" stroke-width="2"><title>{label}</title></path>"#
        );
        // The legend, to the right of the plot.
        let ly = TOP + 10.0 + 22.0 * k as f64;
        let lx = LEFT + plot_w + 15.0;
        let _ = writeln!(
            s,
            r#"<g class="legend"><line x1="{lx}" y1="{ly}" x2="{}" y2="{ly}" stroke="{colour}" stroke-width="3"/><text x="{}" y="{}">{label}</text></g>"#,
            lx + 25.0,
            lx + 32.0,
            ly + 4.0
        );
    }
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_and_escapes() {
        assert_eq!(time_label(1e3), "1 µs");
        assert_eq!(time_label(1e7), "10 ms");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }

    #[test]
    fn curves_step_up_to_one_hundred_percent() {
        let times = [5_000u64, 1_000, 3_000];
        let text = svg(
            "t",
            &[Curve {
                label: "dlx".into(),
                times: &times,
            }],
        );
        // Three steps: at 1 µs to a third, at 3 µs to two thirds, at 5 µs to all.
        let d = text
            .split(" d=\"")
            .nth(1)
            .unwrap()
            .split('"')
            .next()
            .unwrap();
        assert_eq!(d.matches(" L").count(), 6);
        assert!(d.ends_with(&format!(",{TOP:.1}")), "{d}");
        // Many times are merged into at most MAX_POINTS steps.
        let many: Vec<u64> = (1..=100_000).collect();
        let text = svg(
            "t",
            &[Curve {
                label: "x".into(),
                times: &many,
            }],
        );
        assert!(text.len() < 100_000, "{} bytes", text.len());
    }
}
