//! The variant rules a game is played by, from its layout: which cells see each other (rows,
//! columns, boxes or jigsaw regions, diagonals, windows, cages) and whether a full board keeps
//! every cage's sum. Classic games have the layout of 3x3 boxes, so one code path serves all.

use autosudoku_core::sudoku::{Board, Cell};
use autosudoku_core::variant::{check, BoxShape, Grid, Layout, Pos};

/// The classic board's layout: 9x9 in 3x3 boxes.
pub fn classic() -> Layout {
    Layout::boxed(9, BoxShape::new(3, 3)).expect("3x3 boxes tile a 9x9 board")
}

/// For every cell (by index), the cells sharing a unit or a cage with it.
pub fn peer_table(layout: &Layout) -> Vec<Vec<Cell>> {
    let mut peers: Vec<Vec<Cell>> = vec![Vec::new(); 81];
    let groups = layout
        .units()
        .into_iter()
        .map(|u| u.cells)
        .chain(layout.cages().iter().map(|c| c.cells.clone()));
    for group in groups {
        for &a in &group {
            let list = &mut peers[a.index(9)];
            list.extend(group.iter().filter(|&&b| b != a).map(|&b| cell(b)));
        }
    }
    for list in &mut peers {
        list.sort();
        list.dedup();
    }
    peers
}

/// Whether `board` breaks none of the layout's cage rules (sums and repeats); units are judged
/// cell by cell through the peer table.
pub fn cages_hold(layout: &Layout, board: &Board) -> bool {
    if layout.cages().is_empty() {
        return true;
    }
    check(layout, &grid(board)).is_ok()
}

/// A 9x9 variant grid as the classic board type the app keeps.
pub fn board(grid: &Grid) -> Board {
    let values: [u8; 81] = grid
        .values()
        .try_into()
        .expect("the phone's variant games are 9x9");
    Board::from_array(&values).expect("a 9x9 grid holds digits 1-9")
}

fn grid(board: &Board) -> Grid {
    Grid::from_values(9, board.to_array().to_vec()).expect("a board is 81 digits 0-9")
}

fn cell(p: Pos) -> Cell {
    Cell::new(p.row as usize, p.col as usize).expect("a 9x9 position")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn classic_peers_are_row_column_and_box() {
        let peers = peer_table(&classic());
        for a in Cell::all() {
            let want: Vec<Cell> = Cell::all().filter(|&b| a.sees(b)).collect();
            assert_eq!(peers[a.index()], want, "{a:?}");
        }
    }

    #[test]
    fn diagonals_make_corners_peers() {
        let peers = peer_table(&classic().with_diagonals());
        let (a, b) = (Cell::new(0, 0).unwrap(), Cell::new(8, 8).unwrap());
        assert!(peers[a.index()].contains(&b));
        assert_eq!(peers[a.index()].len(), 20 + 6);
    }
}
