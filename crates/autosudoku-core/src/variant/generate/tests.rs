//! The generator: every kind at every side it offers gives a proper puzzle that keeps the rules,
//! whose solution is its only one, the same for the same seed.

use super::*;
use crate::variant::solve::count_solutions;
use crate::variant::Regions;

fn assert_proper(g: &Generated) {
    let p = &g.puzzle;
    assert_eq!(p.check(), Ok(()), "givens keep the rules");
    let solved = Puzzle::new(p.layout.clone(), g.solution.clone());
    assert!(g.solution.is_complete());
    assert_eq!(solved.check(), Ok(()), "the solution keeps the rules");
    assert_eq!(
        count_solutions(p),
        VariantSolutions::One(g.solution.clone())
    );
}

#[test]
fn every_kind_and_side_gives_a_proper_puzzle() {
    for kind in Kind::ALL {
        for &side in kind.sides() {
            let g = generate(kind, side, 7).unwrap();
            assert_proper(&g);
            assert_eq!(g.puzzle.layout.side(), side);
            assert!(g.puzzle.kind().contains(if kind == Kind::Classic {
                "classic"
            } else {
                kind.name()
            }));
        }
    }
}

#[test]
fn the_same_seed_gives_the_same_puzzle_and_another_seed_another() {
    for kind in Kind::ALL {
        let a = generate(kind, 9, 42).unwrap();
        assert_eq!(a, generate(kind, 9, 42).unwrap(), "{kind}");
        assert_ne!(a.puzzle, generate(kind, 9, 43).unwrap().puzzle, "{kind}");
    }
}

#[test]
fn killers_have_few_givens_and_cages_cover_the_board() {
    for seed in 0..4 {
        let g = generate(Kind::Killer, 9, seed).unwrap();
        let covered: usize = g.puzzle.layout.cages().iter().map(|c| c.cells.len()).sum();
        assert_eq!(covered, 81);
        assert!(
            g.puzzle.grid.filled_count() <= 10,
            "{} givens",
            g.puzzle.grid.filled_count()
        );
    }
}

#[test]
fn jigsaw_regions_are_not_the_boxes() {
    let g = generate(Kind::Jigsaw, 9, 3).unwrap();
    let Regions::Jigsaw(letters) = g.puzzle.layout.regions() else {
        panic!("a jigsaw has regions");
    };
    let boxes: Vec<char> = (0..81)
        .map(|i| (b'1' + BoxShape::new(3, 3).box_of(i / 9, i % 9) as u8) as char)
        .collect();
    assert_ne!(letters, &boxes);
}

#[test]
fn sides_a_kind_does_not_offer_are_refused() {
    let err = generate(Kind::Hyper, 6, 1).unwrap_err();
    assert_eq!(err.to_string(), "hyper puzzles are made 9x9, not 6x6");
    assert_eq!(
        "sandwich".parse::<Kind>().unwrap_err().to_string(),
        "no variant `sandwich`: choose classic, jigsaw, x, hyper or killer"
    );
}
