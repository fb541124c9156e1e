//! The variant rules a game is played by, from its layout: which cells see each other (rows,
//! columns, boxes or jigsaw regions, diagonals, windows, cages) and whether a full board keeps
//! every cage's sum. Classic games have the layout of 3x3 boxes, so one code path serves all; the
//! classic board type meets the game's grid only here.

use autosudoku_core::sudoku::Board;
use autosudoku_core::variant::{check, BoxShape, Grid, Layout, Pos, Regions};

/// The classic board's layout: 9x9 in 3x3 boxes.
pub fn classic() -> Layout {
    Layout::boxed(9, BoxShape::new(3, 3)).expect("3x3 boxes tile a 9x9 board")
}

/// For every cell (by row-major index), the cells sharing a unit or a cage with it.
pub fn peer_table(layout: &Layout) -> Vec<Vec<Pos>> {
    let side = layout.side();
    let mut peers: Vec<Vec<Pos>> = vec![Vec::new(); side * side];
    let groups = layout
        .units()
        .into_iter()
        .map(|u| u.cells)
        .chain(layout.cages().iter().map(|c| c.cells.clone()));
    for group in groups {
        for &a in &group {
            let list = &mut peers[a.index(side)];
            list.extend(group.iter().filter(|&&b| b != a));
        }
    }
    for list in &mut peers {
        list.sort();
        list.dedup();
    }
    peers
}

/// The box or jigsaw region `pos` lies in, by a number of its own.
pub fn region_of(layout: &Layout, pos: Pos) -> usize {
    match layout.regions() {
        Regions::Boxes(shape) => shape.box_of(pos.row as usize, pos.col as usize),
        Regions::Jigsaw(letters) => letters[pos.index(layout.side())] as usize,
    }
}

/// Whether `board` breaks none of the layout's cage rules (sums and repeats); units are judged
/// cell by cell through the peer table.
pub fn cages_hold(layout: &Layout, board: &Grid) -> bool {
    layout.cages().is_empty() || check(layout, board).is_ok()
}

/// A classic board as a 9x9 grid.
pub fn grid(board: &Board) -> Grid {
    Grid::from_values(9, board.to_array().to_vec()).expect("a board is 81 digits 0-9")
}

/// A 9x9 grid as the classic board type; `None` for other sides.
pub fn board(grid: &Grid) -> Option<Board> {
    let values: &[u8; 81] = grid.values().try_into().ok()?;
    Board::from_array(values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use autosudoku_core::sudoku::Cell;

    #[test]
    fn classic_peers_are_row_column_and_box() {
        let peers = peer_table(&classic());
        for a in Cell::all() {
            let want: Vec<Pos> = Cell::all().filter(|&b| a.sees(b)).map(Pos::from).collect();
            assert_eq!(peers[a.index()], want, "{a:?}");
        }
    }

    #[test]
    fn diagonals_make_corners_peers() {
        let peers = peer_table(&classic().with_diagonals());
        assert!(peers[0].contains(&Pos::new(8, 8)));
        assert_eq!(peers[0].len(), 20 + 6);
    }

    #[test]
    fn a_six_by_six_cell_sees_its_row_column_and_two_by_three_box() {
        let layout = Layout::boxed(6, BoxShape::new(2, 3)).unwrap();
        let peers = peer_table(&layout);
        // The row's 5, the column's 5, and the two box cells in neither (r2c2, r2c3).
        assert_eq!(peers[0].len(), 5 + 5 + 2);
        assert!(peers[0].contains(&Pos::new(1, 2)) && !peers[0].contains(&Pos::new(2, 1)));
    }

    #[test]
    fn boards_and_grids_convert_both_ways() {
        let mut b = Board::empty();
        b.set(
            Cell::new(4, 7).unwrap(),
            autosudoku_core::sudoku::Digit::new(3),
        );
        assert_eq!(board(&grid(&b)), Some(b));
        assert_eq!(board(&Grid::empty(6)), None);
    }
}
