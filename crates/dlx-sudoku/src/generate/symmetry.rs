//! Symmetries of the givens' pattern: a group of geometric maps of the n×n grid, and its
//! orbits of cells. A puzzle has a symmetry when each orbit is all givens or all blanks.

use std::fmt;
use std::str::FromStr;

/// A map of cells: `(row, col, side) -> (row, col)`.
type CellMap = fn(usize, usize, usize) -> (usize, usize);

/// The symmetry asked of a puzzle's givens.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Symmetry {
    /// No constraint.
    None,
    /// A quarter turn (and so the half turn too).
    Rot90,
    /// A half turn about the centre.
    Rot180,
    /// Left and right mirror each other (a vertical axis).
    Mirror,
    /// Top and bottom mirror each other (a horizontal axis).
    Flip,
    /// Reflection in the main diagonal (top left to bottom right).
    Diagonal,
    /// Reflection in the anti-diagonal (top right to bottom left).
    Antidiagonal,
    /// All eight symmetries of the square.
    Dihedral,
}

impl Symmetry {
    /// Every symmetry, in the order of the table above.
    pub const ALL: [Symmetry; 8] = [
        Symmetry::None,
        Symmetry::Rot90,
        Symmetry::Rot180,
        Symmetry::Mirror,
        Symmetry::Flip,
        Symmetry::Diagonal,
        Symmetry::Antidiagonal,
        Symmetry::Dihedral,
    ];

    /// The name `--symmetry` takes.
    pub fn name(self) -> &'static str {
        match self {
            Symmetry::None => "none",
            Symmetry::Rot90 => "rot90",
            Symmetry::Rot180 => "rot180",
            Symmetry::Mirror => "mirror",
            Symmetry::Flip => "flip",
            Symmetry::Diagonal => "diagonal",
            Symmetry::Antidiagonal => "antidiagonal",
            Symmetry::Dihedral => "dihedral",
        }
    }

    /// The maps of the group, as functions of `(row, col)` in an `n × n` grid (the
    /// identity included).
    fn maps(self) -> &'static [CellMap] {
        const ID: CellMap = |r, c, _| (r, c);
        const R90: CellMap = |r, c, n| (c, n - 1 - r);
        const R180: CellMap = |r, c, n| (n - 1 - r, n - 1 - c);
        const R270: CellMap = |r, c, n| (n - 1 - c, r);
        const MIRROR: CellMap = |r, c, n| (r, n - 1 - c);
        const FLIP: CellMap = |r, c, n| (n - 1 - r, c);
        const DIAG: CellMap = |r, c, _| (c, r);
        const ANTI: CellMap = |r, c, n| (n - 1 - c, n - 1 - r);
        match self {
            Symmetry::None => &[ID],
            Symmetry::Rot90 => &[ID, R90, R180, R270],
            Symmetry::Rot180 => &[ID, R180],
            Symmetry::Mirror => &[ID, MIRROR],
            Symmetry::Flip => &[ID, FLIP],
            Symmetry::Diagonal => &[ID, DIAG],
            Symmetry::Antidiagonal => &[ID, ANTI],
            Symmetry::Dihedral => &[ID, R90, R180, R270, MIRROR, FLIP, DIAG, ANTI],
        }
    }

    /// The orbits of the cells of an `n × n` grid (row-major cell numbers), each sorted,
    /// in order of their smallest cell.
    pub fn orbits(self, n: usize) -> Vec<Vec<usize>> {
        let mut seen = vec![false; n * n];
        let mut out = Vec::new();
        for cell in 0..n * n {
            if seen[cell] {
                continue;
            }
            let (r, c) = (cell / n, cell % n);
            let mut orbit: Vec<usize> = self
                .maps()
                .iter()
                .map(|m| {
                    let (r2, c2) = m(r, c, n);
                    r2 * n + c2
                })
                .collect();
            orbit.sort_unstable();
            orbit.dedup();
            for &o in &orbit {
                seen[o] = true;
            }
            out.push(orbit);
        }
        out
    }
}

impl fmt::Display for Symmetry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that names no symmetry.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{0}' is not a symmetry: none, rot90, rot180, mirror, flip, diagonal, antidiagonal or dihedral (QQWing's rotate90 and rotate180 also work)"
)]
pub struct UnknownSymmetry(pub String);

impl FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// Our names, and QQWing's (`rotate90`, `rotate180`, `mirror`, `flip`), in any case.
    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        let word = s.trim().to_ascii_lowercase();
        let alias = match word.as_str() {
            "rotate90" => "rot90",
            "rotate180" => "rot180",
            "diag" => "diagonal",
            "anti-diagonal" | "antidiag" => "antidiagonal",
            w => w,
        };
        Symmetry::ALL
            .into_iter()
            .find(|sym| sym.name() == alias)
            .ok_or(UnknownSymmetry(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orbits_partition_the_grid_and_have_the_group_sizes() {
        for n in [4, 6, 9, 16, 25] {
            for sym in Symmetry::ALL {
                let orbits = sym.orbits(n);
                let mut all: Vec<usize> = orbits.iter().flatten().copied().collect();
                all.sort_unstable();
                assert_eq!(all, (0..n * n).collect::<Vec<_>>(), "{sym} {n}");
                let group = sym.maps().len();
                assert!(orbits.iter().all(|o| group % o.len() == 0));
            }
        }
        assert_eq!(Symmetry::Rot180.orbits(9).len(), 41);
        assert_eq!(Symmetry::Rot90.orbits(9).len(), 21);
        assert_eq!(Symmetry::Dihedral.orbits(9).len(), 15);
    }

    #[test]
    fn names_and_qqwing_aliases_parse() {
        for sym in Symmetry::ALL {
            assert_eq!(sym.name().parse::<Symmetry>(), Ok(sym));
        }
        assert_eq!("ROTATE90".parse::<Symmetry>(), Ok(Symmetry::Rot90));
        assert_eq!("rotate180".parse::<Symmetry>(), Ok(Symmetry::Rot180));
        assert!("spiral".parse::<Symmetry>().is_err());
    }
}
