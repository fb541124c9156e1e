//! Random jigsaw regions: start from the usual boxes and trade cells between neighbouring regions,
//! a cell each way, keeping every region connected and of `side` cells.

use crate::variant::layout::connected;
use crate::variant::{BoxShape, Layout, Pos};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Trades tried per cell of the board; measured: 4 a cell leaves few box edges on a 9x9 map.
const TRADES_PER_CELL: usize = 4;

/// A random jigsaw layout of `side` (a side with usual boxes).
pub(super) fn random(side: usize, rng: &mut ChaCha8Rng) -> Layout {
    let shape = BoxShape::usual(side).expect("jigsaw sides have usual boxes");
    let mut map: Vec<u8> = (0..side * side)
        .map(|i| shape.box_of(i / side, i % side) as u8)
        .collect();
    for _ in 0..TRADES_PER_CELL * side * side {
        trade(&mut map, side, rng);
    }
    let letters = map.iter().map(|&r| letter(r)).collect();
    Layout::jigsaw(side, letters).expect("trades keep regions connected and whole")
}

/// Region `r` (0-based) as the manifest writes it: `1`–`9`, then letters.
fn letter(r: u8) -> char {
    if r < 9 {
        (b'1' + r) as char
    } else {
        (b'A' + r - 9) as char
    }
}

/// One trade: a random cell `a` moves to a neighbouring region, which gives back a cell `b` that
/// touches `a`'s old region; undone unless both regions stay connected.
fn trade(map: &mut [u8], side: usize, rng: &mut ChaCha8Rng) {
    let a = Pos::from_index(rng.random_range(0..side * side), side);
    let from = map[a.index(side)];
    let borders: Vec<Pos> = a
        .neighbours(side)
        .filter(|q| map[q.index(side)] != from)
        .collect();
    if borders.is_empty() {
        return;
    }
    let to = map[borders[rng.random_range(0..borders.len())].index(side)];
    let givers: Vec<Pos> = (0..side * side)
        .map(|i| Pos::from_index(i, side))
        .filter(|&b| {
            map[b.index(side)] == to
                && b.neighbours(side)
                    .any(|q| q != a && map[q.index(side)] == from)
        })
        .collect();
    if givers.is_empty() {
        return;
    }
    let b = givers[rng.random_range(0..givers.len())];
    map[a.index(side)] = to;
    map[b.index(side)] = from;
    if !(whole(map, side, from) && whole(map, side, to)) {
        map[a.index(side)] = from;
        map[b.index(side)] = to;
    }
}

/// Whether region `r`'s cells are one piece.
fn whole(map: &[u8], side: usize, r: u8) -> bool {
    let cells: Vec<Pos> = (0..side * side)
        .filter(|&i| map[i] == r)
        .map(|i| Pos::from_index(i, side))
        .collect();
    connected(&cells, side)
}
