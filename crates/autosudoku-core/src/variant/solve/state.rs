//! The constraint state every variant solver shares: for each unit and cage the digits it holds
//! (bit `d-1`), and for each cage the sum placed and its cells still empty. Cages count as units
//! for "no digit twice".

use crate::solve::backtrack;
use crate::variant::{Grid, Layout};

/// Index tables of a layout plus the masks of what is placed.
#[derive(Debug, Clone)]
pub(crate) struct State {
    pub side: usize,
    pub full: u16,
    /// Per cell: the units (cages last) it belongs to, as indices into `used`.
    units_of: Vec<Vec<u16>>,
    /// Per cell: its cage, an index into the cage arrays.
    cage_of: Vec<Option<u16>>,
    used: Vec<u16>,
    cage_target: Vec<u16>,
    cage_sum: Vec<u16>,
    cage_empty: Vec<u8>,
    /// Per cage: its index into `used`.
    cage_unit: Vec<u16>,
}

impl State {
    /// The state of `grid`'s digits on `layout`; `None` when they break a rule.
    pub fn new(layout: &Layout, grid: &Grid) -> Option<State> {
        backtrack::with_values(State::empty(layout), grid.values())
    }

    fn empty(layout: &Layout) -> State {
        let side = layout.side();
        let mut units_of = vec![Vec::new(); side * side];
        let units = layout.units();
        for (u, unit) in units.iter().enumerate() {
            for p in &unit.cells {
                units_of[p.index(side)].push(u as u16);
            }
        }
        let mut cage_of = vec![None; side * side];
        let cages = layout.cages();
        for (k, cage) in cages.iter().enumerate() {
            for p in &cage.cells {
                units_of[p.index(side)].push((units.len() + k) as u16);
                cage_of[p.index(side)] = Some(k as u16);
            }
        }
        State {
            side,
            full: ((1u32 << side) - 1) as u16,
            units_of,
            cage_of,
            used: vec![0; units.len() + cages.len()],
            cage_target: cages.iter().map(|c| c.sum).collect(),
            cage_sum: vec![0; cages.len()],
            cage_empty: cages.iter().map(|c| c.cells.len() as u8).collect(),
            cage_unit: (0..cages.len()).map(|k| (units.len() + k) as u16).collect(),
        }
    }

    /// The digits no unit or cage of cell `i` holds.
    #[inline]
    fn free(&self, i: usize) -> u16 {
        let taken = self.units_of[i]
            .iter()
            .fold(0, |m, &u| m | self.used[u as usize]);
        !taken & self.full
    }

    /// The digits placing which breaks no rule now (the rule check's view): not in a unit or cage
    /// of the cell, not over the cage's sum, and the cage's sum exactly when it fills the cage.
    pub fn allowed(&self, i: usize) -> u16 {
        let free = self.free(i);
        let Some(k) = self.cage_of[i].map(usize::from) else {
            return free;
        };
        let room = self.cage_target[k] - self.cage_sum[k];
        let last = self.cage_empty[k] == 1;
        keep(free, |d| d <= room && (!last || d == room))
    }

    /// The digits that can still complete the cell's cage: the rest of the cage's sum must be
    /// reachable by its other empty cells with different unused digits (between the smallest
    /// and the largest sum they can make). Stronger than `allowed`; the fast solver's view.
    pub fn candidates(&self, i: usize) -> u16 {
        let free = self.free(i);
        let Some(k) = self.cage_of[i].map(usize::from) else {
            return free;
        };
        let room = self.cage_target[k] - self.cage_sum[k];
        let others = self.cage_empty[k] as usize - 1;
        let unused = !self.used[self.cage_unit[k] as usize] & self.full;
        keep(free, |d| {
            let rest = unused & !(1 << (d - 1));
            d <= room && reachable(rest, others, room - d)
        })
    }

    #[inline]
    pub fn place(&mut self, i: usize, bit: u16) {
        self.toggle(i, bit);
        if let Some(k) = self.cage_of[i].map(usize::from) {
            self.cage_sum[k] += bit.trailing_zeros() as u16 + 1;
            self.cage_empty[k] -= 1;
        }
    }

    #[inline]
    pub fn unplace(&mut self, i: usize, bit: u16) {
        self.toggle(i, bit);
        if let Some(k) = self.cage_of[i].map(usize::from) {
            self.cage_sum[k] -= bit.trailing_zeros() as u16 + 1;
            self.cage_empty[k] += 1;
        }
    }

    #[inline]
    fn toggle(&mut self, i: usize, bit: u16) {
        for &u in &self.units_of[i] {
            self.used[u as usize] ^= bit;
        }
    }
}

/// The digits of `mask` (numbers 1..=16) that `test` keeps.
#[inline]
fn keep(mask: u16, test: impl Fn(u16) -> bool) -> u16 {
    let mut out = 0;
    let mut m = mask;
    while m != 0 {
        let bit = m & m.wrapping_neg();
        m ^= bit;
        if test(bit.trailing_zeros() as u16 + 1) {
            out |= bit;
        }
    }
    out
}

/// Whether `count` different digits of `mask` can add up to `sum`: any sum between the smallest
/// `count` and the largest `count` is taken as reachable (a bound, not an exact subset sum).
fn reachable(mask: u16, count: usize, sum: u16) -> bool {
    if count == 0 {
        return sum == 0;
    }
    if (mask.count_ones() as usize) < count {
        return false;
    }
    let (mut low, mut high, mut m, mut h) = (0u16, 0u16, mask, mask);
    for _ in 0..count {
        let bit = m & m.wrapping_neg();
        m ^= bit;
        low += bit.trailing_zeros() as u16 + 1;
        let top = 15 - h.leading_zeros() as u16;
        h ^= 1 << top;
        high += top + 1;
    }
    (low..=high).contains(&sum)
}
