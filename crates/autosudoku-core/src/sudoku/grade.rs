//! How hard a puzzle is for a human: solve it with pencil-and-paper techniques, easiest first, and
//! report the hardest one it needed. The generator's difficulty levels are defined on this scale.
//! Plain candidate masks, one per cell: this is about clarity, not speed (tens of µs per puzzle).

use super::{Board, Cell};

/// Human techniques, easiest first.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Technique {
    /// A cell with one candidate left.
    NakedSingle,
    /// A digit with one place left in a row, column or box.
    HiddenSingle,
    /// Locked candidates: a digit confined to one line inside a box (pointing), or to one box
    /// inside a line (claiming), is removed from the rest of that line or box.
    Intersection,
    /// Naked and hidden pairs and triples inside a row, column or box.
    Subset,
}

/// The result of grading.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    /// Solved using techniques up to this one (and it was needed).
    Logic(Technique),
    /// Those techniques get stuck: a solve needs search (or techniques we do not model).
    Beyond,
}

/// The 27 units as cell indices: rows, columns, boxes.
const UNITS: [[u8; 9]; 27] = {
    let mut t = [[0; 9]; 27];
    let mut u = 0;
    while u < 9 {
        let mut i = 0;
        while i < 9 {
            t[u][i] = (u * 9 + i) as u8;
            t[9 + u][i] = (i * 9 + u) as u8;
            t[18 + u][i] = ((u / 3 * 3 + i / 3) * 9 + u % 3 * 3 + i % 3) as u8;
            i += 1;
        }
        u += 1;
    }
    t
};

/// Grades `board` (which should have a unique solution; otherwise the grade is `Beyond`).
pub fn grade(board: &Board) -> Grade {
    let mut grid = match Pencil::new(board) {
        Some(g) => g,
        None => return Grade::Beyond,
    };
    let mut hardest = Technique::NakedSingle;
    loop {
        if grid.open == 0 {
            return Grade::Logic(hardest);
        }
        let step = [
            Technique::NakedSingle,
            Technique::HiddenSingle,
            Technique::Intersection,
            Technique::Subset,
        ]
        .into_iter()
        .find(|&t| grid.apply(t));
        match step {
            Some(t) if !grid.broken => hardest = hardest.max(t),
            _ => return Grade::Beyond,
        }
    }
}

/// A pencil-marked grid: candidates of every open cell.
struct Pencil {
    cand: [u16; 81],
    value: [u8; 81],
    open: usize,
    broken: bool,
}

impl Pencil {
    fn new(board: &Board) -> Option<Pencil> {
        let mut g = Pencil {
            cand: [0x1FF; 81],
            value: [0; 81],
            open: 81,
            broken: false,
        };
        for (cell, digit) in board.filled() {
            if g.cand[cell.index()] & (1 << digit.index()) == 0 {
                return None;
            }
            g.place(cell.index(), digit.index());
        }
        (!g.broken).then_some(g)
    }

    fn place(&mut self, i: usize, d: usize) {
        self.value[i] = d as u8 + 1;
        self.cand[i] = 0;
        self.open -= 1;
        let cell = Cell::from_index(i).expect("index below 81");
        for j in 0..81 {
            if self.value[j] == 0 && cell.sees(Cell::from_index(j).expect("below 81")) {
                self.cand[j] &= !(1 << d);
                self.broken |= self.cand[j] == 0;
            }
        }
    }

    /// One round of technique `t`; true if it made progress.
    fn apply(&mut self, t: Technique) -> bool {
        match t {
            Technique::NakedSingle => self.naked_singles(),
            Technique::HiddenSingle => self.hidden_singles(),
            Technique::Intersection => self.intersections(),
            Technique::Subset => (2..=3).any(|n| self.naked_subsets(n) || self.hidden_subsets(n)),
        }
    }

    fn naked_singles(&mut self) -> bool {
        let mut progress = false;
        for i in 0..81 {
            if self.value[i] == 0 && self.cand[i].count_ones() == 1 {
                self.place(i, self.cand[i].trailing_zeros() as usize);
                progress = true;
            }
        }
        progress
    }

    /// The cells of `unit` where digit `d` is still a candidate, as a 9-bit mask of positions.
    fn places(&self, unit: &[u8; 9], d: usize) -> u16 {
        let mut m = 0;
        for (k, &i) in unit.iter().enumerate() {
            if self.cand[i as usize] & (1 << d) != 0 {
                m |= 1 << k;
            }
        }
        m
    }

    fn hidden_singles(&mut self) -> bool {
        let mut progress = false;
        for unit in &UNITS {
            for d in 0..9 {
                let placed = unit.iter().any(|&i| self.value[i as usize] == d as u8 + 1);
                let places = self.places(unit, d);
                if !placed && places.count_ones() == 1 {
                    self.place(unit[places.trailing_zeros() as usize] as usize, d);
                    progress = true;
                } else if !placed && places == 0 {
                    self.broken = true;
                    return true;
                }
            }
        }
        progress
    }

    /// Removes `digits` from the cells of `unit` outside `keep` (mask of positions); true if any went.
    fn eliminate(&mut self, unit: &[u8; 9], keep: u16, digits: u16) -> bool {
        let mut progress = false;
        for (k, &i) in unit.iter().enumerate() {
            let i = i as usize;
            if keep & (1 << k) == 0 && self.cand[i] & digits != 0 {
                self.cand[i] &= !digits;
                self.broken |= self.value[i] == 0 && self.cand[i] == 0;
                progress = true;
            }
        }
        progress
    }

    fn intersections(&mut self) -> bool {
        // Every box meets three rows and three columns; a digit confined to the intersection in
        // one of the two units is removed from the rest of the other.
        for b in 0..9 {
            let bx = &UNITS[18 + b];
            for k in 0..3 {
                let lines = [
                    (b / 3 * 3 + k, 0o7 << (3 * k)),
                    (9 + b % 3 * 3 + k, 0o111 << k),
                ];
                for (line, in_box) in lines {
                    let line_unit = &UNITS[line];
                    let in_line: u16 = line_unit
                        .iter()
                        .enumerate()
                        .filter(|(_, &i)| bx.contains(&i))
                        .fold(0, |m, (p, _)| m | 1 << p);
                    for d in 0..9 {
                        let bit = 1 << d;
                        let box_places = self.places(bx, d);
                        let line_places = self.places(line_unit, d);
                        if box_places != 0
                            && box_places & !in_box == 0
                            && self.eliminate(line_unit, in_line, bit)
                        {
                            return true;
                        }
                        if line_places != 0
                            && line_places & !in_line == 0
                            && self.eliminate(bx, in_box, bit)
                        {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// n open cells of a unit whose candidates together are n digits: those digits leave the rest.
    fn naked_subsets(&mut self, n: u32) -> bool {
        for unit in &UNITS {
            for cells in subsets(open_positions(unit, &self.value), n) {
                let digits = unit
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| cells & (1 << k) != 0)
                    .fold(0, |m, (_, &i)| m | self.cand[i as usize]);
                if digits.count_ones() == n && self.eliminate(unit, cells, digits) {
                    return true;
                }
            }
        }
        false
    }

    /// n digits of a unit that fit only in the same n cells: those cells lose every other digit.
    fn hidden_subsets(&mut self, n: u32) -> bool {
        for unit in &UNITS {
            let mut missing = 0x1FF;
            for &i in unit {
                if self.value[i as usize] != 0 {
                    missing &= !(1 << (self.value[i as usize] - 1));
                }
            }
            for digits in subsets(missing, n) {
                let cells = (0..9)
                    .filter(|d| digits & (1 << d) != 0)
                    .fold(0, |m, d| m | self.places(unit, d));
                if cells.count_ones() == n {
                    let others = 0x1FF & !digits;
                    let mut progress = false;
                    for (k, &i) in unit.iter().enumerate() {
                        if cells & (1 << k) != 0 && self.cand[i as usize] & others != 0 {
                            self.cand[i as usize] &= digits;
                            progress = true;
                        }
                    }
                    if progress {
                        return true;
                    }
                }
            }
        }
        false
    }
}

/// Positions (bit k for `unit[k]`) of the open cells of a unit.
fn open_positions(unit: &[u8; 9], value: &[u8; 81]) -> u16 {
    (0..9)
        .filter(|&k| value[unit[k] as usize] == 0)
        .fold(0, |m, k| m | 1 << k)
}

/// All n-element subsets of the bits of `set`.
fn subsets(set: u16, n: u32) -> impl Iterator<Item = u16> {
    (0u16..0x200).filter(move |&s| s & !set == 0 && s.count_ones() == n)
}
