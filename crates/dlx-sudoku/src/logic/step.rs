//! Techniques, their weights, and the steps they make.

use std::fmt;
use std::str::FromStr;

use crate::{Shape, Unit};

/// The techniques of the ladder, in the order they are tried (cheapest first).
///
/// The order puts QQWing's own techniques (singles, pointing, claiming, naked and hidden
/// pairs) before the rest, so that the level of a puzzle means what QQWing's level means.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// A digit confined, inside a box, to one row or column: it leaves the rest of that line.
    Pointing,
    /// A digit confined, inside a row or column, to one box: it leaves the rest of the box.
    Claiming,
    /// Two cells of a unit with the same two candidates.
    NakedPair,
    /// Two digits with the same two places in a unit.
    HiddenPair,
    /// Three cells of a unit whose candidates are three digits between them.
    NakedTriple,
    /// Fish of size 2 on one digit.
    XWing,
    /// Three digits with the same three places in a unit.
    HiddenTriple,
    /// Fish of size 3.
    Swordfish,
    /// A bivalue pivot `xy` with pincers `xz` and `yz`.
    XyWing,
    /// A pivot `xyz` with pincers `xz` and `yz`.
    XyzWing,
    /// Two cells `xy` joined by a strong link on `x`.
    WWing,
    /// Four cells of a unit whose candidates are four digits between them.
    NakedQuad,
    /// Fish of size 4.
    Jellyfish,
    /// Four digits with the same four places in a unit.
    HiddenQuad,
    /// Two-colouring the conjugate pairs of one digit.
    SimpleColouring,
    /// Nothing above applies: a cell takes its digit from the fill found by search.
    Guess,
}

impl Technique {
    /// Every technique, in ladder order.
    pub const ALL: [Technique; 18] = [
        Technique::NakedSingle,
        Technique::HiddenSingle,
        Technique::Pointing,
        Technique::Claiming,
        Technique::NakedPair,
        Technique::HiddenPair,
        Technique::NakedTriple,
        Technique::XWing,
        Technique::HiddenTriple,
        Technique::Swordfish,
        Technique::XyWing,
        Technique::XyzWing,
        Technique::WWing,
        Technique::NakedQuad,
        Technique::Jellyfish,
        Technique::HiddenQuad,
        Technique::SimpleColouring,
        Technique::Guess,
    ];

    /// The name as players say it.
    pub fn name(self) -> &'static str {
        match self {
            Technique::NakedSingle => "naked single",
            Technique::HiddenSingle => "hidden single",
            Technique::Pointing => "pointing",
            Technique::Claiming => "claiming",
            Technique::NakedPair => "naked pair",
            Technique::HiddenPair => "hidden pair",
            Technique::NakedTriple => "naked triple",
            Technique::XWing => "X-wing",
            Technique::HiddenTriple => "hidden triple",
            Technique::Swordfish => "swordfish",
            Technique::XyWing => "XY-wing",
            Technique::XyzWing => "XYZ-wing",
            Technique::WWing => "W-wing",
            Technique::NakedQuad => "naked quad",
            Technique::Jellyfish => "jellyfish",
            Technique::HiddenQuad => "hidden quad",
            Technique::SimpleColouring => "simple colouring",
            Technique::Guess => "guess",
        }
    }

    /// The name as a column or key: lower case, `_` for spaces and hyphens.
    pub fn key(self) -> String {
        self.name().to_lowercase().replace([' ', '-'], "_")
    }

    /// The weight of the technique on a scale like Sudoku Explainer's (1.0 easiest; a
    /// puzzle's score is the weight of its hardest step). The weights of the techniques
    /// Sudoku Explainer has are its own (hidden single at its row/column value); W-wing and
    /// simple colouring sit where Sudoku Explainer's chains of the same length would; a
    /// guess is 9.0, above every pattern here.
    pub fn weight(self) -> f32 {
        match self {
            Technique::HiddenSingle => 1.5,
            Technique::NakedSingle => 2.3,
            Technique::Pointing => 2.6,
            Technique::Claiming => 2.8,
            Technique::NakedPair => 3.0,
            Technique::XWing => 3.2,
            Technique::HiddenPair => 3.4,
            Technique::NakedTriple => 3.6,
            Technique::Swordfish => 3.8,
            Technique::HiddenTriple => 4.0,
            Technique::XyWing => 4.2,
            Technique::XyzWing => 4.4,
            Technique::WWing => 4.6,
            Technique::NakedQuad => 5.0,
            Technique::Jellyfish => 5.2,
            Technique::HiddenQuad => 5.4,
            Technique::SimpleColouring => 6.0,
            Technique::Guess => 9.0,
        }
    }

    /// The level a puzzle has at least when it needs this technique.
    pub fn level(self) -> Level {
        match self {
            Technique::NakedSingle => Level::Simple,
            Technique::HiddenSingle => Level::Easy,
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::HiddenPair => Level::Intermediate,
            _ => Level::Expert,
        }
    }

    /// The position in [`Technique::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Technique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// QQWing's four levels, in its words.
///
/// A puzzle is `Simple` when naked singles solve it, `Easy` when it also needs hidden
/// singles, `Intermediate` when it needs pointing, claiming, naked or hidden pairs (QQWing's
/// remaining techniques), and `Expert` when it needs anything more: another pattern, or a
/// guess.
///
/// ```
/// use dlx_sudoku::logic::Level;
/// assert_eq!("intermediate".parse::<Level>(), Ok(Level::Intermediate));
/// assert_eq!(Level::Expert.to_string(), "expert");
/// assert!(Level::Easy < Level::Expert);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Naked singles only.
    Simple,
    /// Singles.
    Easy,
    /// Singles, pointing, claiming, naked and hidden pairs.
    Intermediate,
    /// Anything harder.
    Expert,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [
        Level::Simple,
        Level::Easy,
        Level::Intermediate,
        Level::Expert,
    ];

    /// The name in lower case, as QQWing's `--difficulty` takes it.
    pub fn name(self) -> &'static str {
        match self {
            Level::Simple => "simple",
            Level::Easy => "easy",
            Level::Intermediate => "intermediate",
            Level::Expert => "expert",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no level.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{0}' is not a level: simple, easy, intermediate or expert")]
pub struct UnknownLevel(pub String);

impl FromStr for Level {
    type Err = UnknownLevel;

    /// The level's name in any case.
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// One step of a solve: the technique, the pattern that proves it (cells, digits, units),
/// and what it does (digits placed, candidates eliminated). Cells are indices in reading
/// order (`row · n + column`, 0-based); digits are `1..=n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The cells of the pattern (for a guess: the cell guessed).
    pub cells: Vec<usize>,
    /// The digits of the pattern.
    pub digits: Vec<u8>,
    /// The units of the pattern: for fish, the base lines then the cover lines; for the
    /// others, the unit the pattern lives in.
    pub units: Vec<Unit>,
    /// `(cell, digit)` placed.
    pub place: Vec<(usize, u8)>,
    /// `(cell, digit)` candidates removed.
    pub eliminate: Vec<(usize, u8)>,
}

/// A cell's name, `r4c7` (1-based).
pub fn cell_name(shape: Shape, cell: usize) -> String {
    let n = shape.side();
    format!("r{}c{}", cell / n + 1, cell % n + 1)
}

/// A unit's name, `row 4`, `column 7`, `box 6` (1-based).
pub fn unit_name(unit: Unit) -> String {
    match unit {
        Unit::Row(r) => format!("row {}", r + 1),
        Unit::Column(c) => format!("column {}", c + 1),
        Unit::Box(b) => format!("box {}", b + 1),
    }
}

impl Step {
    /// The reason in words a player understands, e.g. "r4c7 is the only place for 5 in
    /// box 6".
    pub fn reason(&self, shape: Shape) -> String {
        let words = Words { step: self, shape };
        match self.technique {
            Technique::NakedSingle | Technique::HiddenSingle => words.singles(),
            Technique::Pointing
            | Technique::Claiming
            | Technique::NakedPair
            | Technique::NakedTriple
            | Technique::NakedQuad
            | Technique::HiddenPair
            | Technique::HiddenTriple
            | Technique::HiddenQuad => words.subsets(),
            Technique::XWing | Technique::Swordfish | Technique::Jellyfish => words.fish(),
            Technique::XyWing
            | Technique::XyzWing
            | Technique::WWing
            | Technique::SimpleColouring => words.wings(),
            Technique::Guess => words.guess(),
        }
    }

    /// "r1c2 ≠ 5, r1c3 ≠ 5, 7" style list of the eliminations.
    fn eliminated_text(&self, shape: Shape) -> String {
        let mut parts: Vec<String> = Vec::new();
        let mut i = 0;
        while i < self.eliminate.len() {
            let (c, _) = self.eliminate[i];
            let mut vs = Vec::new();
            while i < self.eliminate.len() && self.eliminate[i].0 == c {
                vs.push(shape.symbol(self.eliminate[i].1).to_string());
                i += 1;
            }
            parts.push(format!("{}≠{}", cell_name(shape, c), vs.join("/")));
        }
        parts.join(", ")
    }
}

/// A step's parts in words, for [`Step::reason`]: one helper per family of techniques.
struct Words<'a> {
    step: &'a Step,
    shape: Shape,
}

impl Words<'_> {
    fn cell(&self, c: usize) -> String {
        cell_name(self.shape, c)
    }

    fn cells(&self, cs: &[usize]) -> String {
        cs.iter()
            .map(|&c| self.cell(c))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn sym(&self, v: u8) -> String {
        self.shape.symbol(v).to_string()
    }

    fn syms(&self, vs: &[u8]) -> String {
        vs.iter()
            .map(|&v| self.sym(v))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn unit(&self, i: usize) -> String {
        self.step
            .units
            .get(i)
            .map_or(String::new(), |&u| unit_name(u))
    }

    fn units(&self, us: &[Unit]) -> String {
        us.iter()
            .map(|&u| unit_name(u))
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn gone(&self) -> String {
        self.step.eliminated_text(self.shape)
    }

    /// The step's first digit (0 when it has none).
    fn digit(&self) -> u8 {
        self.step.digits.first().copied().unwrap_or(0)
    }

    /// The reason of a naked or hidden single.
    fn singles(&self) -> String {
        let d = self.digit();
        match self.step.technique {
            Technique::NakedSingle => format!(
                "{} can only be {}: every other digit is already in its row, column or box",
                self.cell(self.step.cells[0]),
                self.sym(d)
            ),
            Technique::HiddenSingle => format!(
                "{} is the only place for {} in {}",
                self.cell(self.step.cells[0]),
                self.sym(d),
                self.unit(0)
            ),
            _ => unreachable!("not a singles technique"),
        }
    }

    /// The reason of an intersection (pointing, claiming) or a naked or hidden subset.
    fn subsets(&self) -> String {
        let d = self.digit();
        match self.step.technique {
            Technique::Pointing | Technique::Claiming => format!(
                "in {}, {} can only go in {} ({}), so {} leaves the rest of {}: {}",
                self.unit(0),
                self.sym(d),
                self.unit(1),
                self.cells(&self.step.cells),
                self.sym(d),
                self.unit(1),
                self.gone()
            ),
            Technique::NakedPair | Technique::NakedTriple | Technique::NakedQuad => format!(
                "in {}, the cells {} hold only {} between them ({}), so those digits leave the \
                 other cells of {}: {}",
                self.unit(0),
                self.cells(&self.step.cells),
                self.syms(&self.step.digits),
                self.step.technique,
                self.unit(0),
                self.gone()
            ),
            Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad => format!(
                "in {}, the digits {} fit only in {} ({}), so those cells hold nothing else: {}",
                self.unit(0),
                self.syms(&self.step.digits),
                self.cells(&self.step.cells),
                self.step.technique,
                self.gone()
            ),
            _ => unreachable!("not a subsets technique"),
        }
    }

    /// The reason of a fish (X-wing, swordfish, jellyfish).
    fn fish(&self) -> String {
        let d = self.digit();
        let k = self.step.units.len() / 2;
        format!(
            "{} in {} fits only in {} ({}): each of those lines takes its {} there, so {} \
             leaves the rest of them: {}",
            self.sym(d),
            self.units(&self.step.units[..k]),
            self.units(&self.step.units[k..]),
            self.step.technique,
            self.sym(d),
            self.sym(d),
            self.gone()
        )
    }

    /// The reason of a wing (XY, XYZ, W) or of simple colouring.
    fn wings(&self) -> String {
        let d = self.digit();
        match self.step.technique {
            Technique::XyWing | Technique::XyzWing => {
                let z = self.step.digits.last().copied().unwrap_or(0);
                format!(
                    "{} with pivot {} and pincers {}, {}: whichever digit the pivot takes, one of \
                     the three is {}, so a cell that sees all of them cannot be {}: {}",
                    self.step.technique,
                    self.cell(self.step.cells[0]),
                    self.cell(self.step.cells[1]),
                    self.cell(self.step.cells[2]),
                    self.sym(z),
                    self.sym(z),
                    self.gone()
                )
            }
            Technique::WWing => format!(
                "W-wing: {} and {} both hold only {}, {}; {} in {} must be at {} or {}, each seen \
                 by one of the two, so one of them is {} and a cell seeing both cannot be {}: {}",
                self.cell(self.step.cells[0]),
                self.cell(self.step.cells[1]),
                self.sym(self.step.digits[0]),
                self.sym(self.step.digits[1]),
                self.sym(self.step.digits[0]),
                self.unit(0),
                self.cell(self.step.cells[2]),
                self.cell(self.step.cells[3]),
                self.sym(self.step.digits[1]),
                self.sym(self.step.digits[1]),
                self.gone()
            ),
            Technique::SimpleColouring => format!(
                "colouring the cells where {} has one other place in a unit ({}) splits them \
                 into two colours, one of which is all true; {}",
                self.sym(d),
                self.cells(&self.step.cells),
                self.gone()
            ),
            _ => unreachable!("not a wings technique"),
        }
    }

    /// The reason of a guess.
    fn guess(&self) -> String {
        let (c, v) = self.step.place[0];
        format!(
            "no technique applies; guess {} = {} (of {}), the digit it has in the \
             puzzle's fill",
            self.cell(c),
            self.sym(v),
            self.syms(&self.step.digits)
        )
    }
}
