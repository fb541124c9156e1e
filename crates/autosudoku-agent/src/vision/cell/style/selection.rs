//! Whether the papers under one ink are a selection's highlight. Apps tint, each in a colour of
//! its own, the selected cell, the cells that see it (its row, column and box, or part of them)
//! and the cells holding one digit; two of these may share a colour. Papers laid out so are a
//! highlight, and the ink alone tells the givens. Papers that no one selection explains (a cell
//! tinted apart from both the selected cell and the same-digit cells) are a status the app draws:
//! which digits are the givens is then not shown by the ink alone.

use autosudoku_core::sudoku::{Cell, Digit};

/// What a highlight tints: the selected cell, the cells that see it, and one digit's cells.
const ROLES: [u8; 3] = [SELECTED, SEES, SAME_DIGIT];
const SELECTED: u8 = 1;
const SEES: u8 = 2;
const SAME_DIGIT: u8 = 4;

/// Whether one selected cell and one digit explain `tinted`: groups of digits, each on a paper
/// of its own (the plain paper's digits left out), each group tinted for one or more roles and
/// no role tinting two groups.
pub(super) fn one_selection(tinted: &[Vec<(Cell, Digit)>]) -> bool {
    Cell::all().any(|selected| {
        Digit::all().any(|digit| {
            let choices: Vec<Vec<u8>> = tinted
                .iter()
                .map(|group| roles_covering(group, selected, digit))
                .collect();
            disjoint_pick(&choices, 0)
        })
    })
}

/// The sets of roles (bit masks) that could have tinted every cell of `group`.
fn roles_covering(group: &[(Cell, Digit)], selected: Cell, digit: Digit) -> Vec<u8> {
    (1..8u8)
        .filter(|&mask| {
            group.iter().all(|&(cell, d)| {
                ROLES.iter().any(|&role| {
                    mask & role != 0
                        && match role {
                            SELECTED => cell == selected,
                            SEES => cell != selected && cell.sees(selected),
                            _ => d == digit,
                        }
                })
            })
        })
        .collect()
}

/// Whether each group can take one of its role sets with no role used twice.
fn disjoint_pick(choices: &[Vec<u8>], used: u8) -> bool {
    match choices.split_first() {
        None => true,
        Some((first, rest)) => first
            .iter()
            .any(|&mask| mask & used == 0 && disjoint_pick(rest, used | mask)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(r: usize, c: usize, d: u8) -> (Cell, Digit) {
        (
            Cell::from_index((r - 1) * 9 + c - 1).unwrap(),
            Digit::new(d).unwrap(),
        )
    }

    #[test]
    fn a_selected_cell_its_row_and_one_digits_cells_are_a_selection() {
        let selected = vec![at(4, 8, 4)];
        let row = vec![at(4, 1, 2), at(4, 5, 7), at(6, 9, 1)];
        let fours = vec![at(1, 4, 4), at(6, 6, 4), at(9, 1, 4)];
        assert!(one_selection(&[selected, row, fours]));
    }

    #[test]
    fn a_cell_tinted_apart_from_the_selection_and_the_digit_is_no_selection() {
        // The selected 4 in its own tint, every 4 in another, and a lone 5 far from both.
        let selected = vec![at(4, 8, 4)];
        let fours = vec![
            at(1, 4, 4),
            at(6, 6, 4),
            at(8, 9, 4),
            at(9, 1, 4),
            at(2, 7, 4),
        ];
        let lone = vec![at(9, 7, 5)];
        assert!(!one_selection(&[selected, fours, lone]));
    }
}
