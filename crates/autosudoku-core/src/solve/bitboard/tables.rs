//! The fast solver's band tables, all built at compile time: row, box and column masks of a band,
//! the triad permutations `update` looks up, the columns locked in a box or claimed by a band,
//! and a bit count that needs no `popcnt`. Bit p of a band mask is `(row % 3) * 9 + col` (see
//! the parent module's drawing).

pub(super) const ALL: u32 = (1 << 27) - 1;
pub(super) const ROW: [u32; 3] = [0x1FF, 0x1FF << 9, 0x1FF << 18];
pub(super) const BOX: [u32; 3] = [0x1C0E07, 0x1C0E07 << 3, 0x1C0E07 << 6];

/// For each bit p: the other cells of its row and box inside the band.
pub(super) const PEERS: [u32; 27] = {
    let mut t = [0; 27];
    let mut p = 0;
    while p < 27 {
        t[p] = (ROW[p / 9] | BOX[p % 9 / 3]) & !(1 << p);
        p += 1;
    }
    t
};

/// For each column: its three cells in a band.
pub(super) const COLUMN: [u32; 9] = {
    let mut t = [0; 9];
    let mut c = 0;
    while c < 9 {
        t[c] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18));
        c += 1;
    }
    t
};

/// Row r's 9 cells → 3 bits at 3r..3r+3: which of its triads are non-empty (shifted in the table,
/// so that `update` only ORs the three rows' bits).
pub(super) const TRIADS_OF_ROW: [[u16; 512]; 3] = {
    let mut t = [[0; 512]; 3];
    let mut v = 0;
    while v < 512 {
        let mut k = 0;
        while k < 3 {
            if (v >> (3 * k)) & 7 != 0 {
                let mut r = 0;
                while r < 3 {
                    t[r][v] |= 1 << (3 * r + k);
                    r += 1;
                }
            }
            k += 1;
        }
        v += 1;
    }
    t
};

/// The 6 ways a digit's three rows of a band can take its three boxes (or a stack's three bands
/// its three columns): `PERMS[i][r]` is the box of row r.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A permutation's three triad bits (bit 3r+k: row r, box k).
const fn perm_bits(p: [usize; 3]) -> u32 {
    (1 << p[0]) | (1 << (3 + p[1])) | (1 << (6 + p[2]))
}

/// How many of the 6 permutations have all three triads among `triads`.
const fn perm_count(triads: u32) -> u32 {
    let (mut n, mut i) = (0, 0);
    while i < 6 {
        if triads & perm_bits(PERMS[i]) == perm_bits(PERMS[i]) {
            n += 1;
        }
        i += 1;
    }
    n
}

/// Bits 27 and up of `TRIADS`' `keep` and of `STACKS`: how many permutations are left (the search
/// picks its guess by them); below, 27 bits of cells.
pub(super) const COUNT_SHIFT: u32 = 27;

/// 9 triad bits (bit 3r+k: row r, box k) → `keep`: the cells of the triads that lie on a row→box
/// permutation whose three triads are all present (0 when none is: a contradiction), and above
/// them the number of such permutations; `locked`: the cells of the triads on every such
/// permutation (the digit's only triad in its row and box).
pub(super) const TRIADS: [Triads; 512] = {
    let mut t = [Triads { keep: 0, locked: 0 }; 512];
    let mut triads = 0;
    while triads < 512 {
        let (mut keep, mut locked) = (0, ALL);
        let mut i = 0;
        while i < 6 {
            let p = PERMS[i];
            if triads as u32 & perm_bits(p) == perm_bits(p) {
                let cells = (7 << (3 * p[0])) | (7 << (9 + 3 * p[1])) | (7 << (18 + 3 * p[2]));
                keep |= cells;
                locked &= cells;
            }
            i += 1;
        }
        t[triads] = Triads {
            keep: keep | perm_count(triads as u32) << COUNT_SHIFT,
            locked: locked & keep,
        };
        triads += 1;
    }
    t
};

/// 9 triad bits holding exactly two permutations → the triad bits of each; zeros otherwise.
pub(super) const TWO_PERMS: [[u32; 2]; 512] = {
    let mut t = [[0; 2]; 512];
    let mut triads = 0;
    while triads < 512 {
        if perm_count(triads as u32) == 2 {
            let (mut n, mut i) = (0, 0);
            while i < 6 {
                if triads as u32 & perm_bits(PERMS[i]) == perm_bits(PERMS[i]) {
                    t[triads][n] = perm_bits(PERMS[i]);
                    n += 1;
                }
                i += 1;
            }
        }
        triads += 1;
    }
    t
};

/// 9 bits of a stack's column parts for one digit (bit 3b+j: band b, column j of the stack) → as
/// `TRIADS`, in column bits: `keep`, the parts on a band→column permutation whose three parts are
/// all present, spread to bit 9b+j (so that shifted by 3 times the stack they are the column bits
/// of each band at 9b), and above them the number of such permutations; `locked`, the parts on
/// every such permutation, at the same bits. A digit sits once in each column and once in each box
/// of a stack, as it does in the rows and boxes of a band.
pub(super) const STACKS: [Triads; 512] = {
    let mut t = [Triads { keep: 0, locked: 0 }; 512];
    let mut parts = 0;
    while parts < 512 {
        let Triads { keep, locked } = TRIADS[parts];
        t[parts] = Triads {
            keep: keep >> COUNT_SHIFT << COUNT_SHIFT | column_bits(keep),
            locked: column_bits(locked),
        };
        parts += 1;
    }
    t
};

/// The triads present in band cells `x` (bit 9r+3k for row r, box k), as bit 9r+k.
const fn column_bits(x: u32) -> u32 {
    let mut bits = 0;
    let mut r = 0;
    while r < 3 {
        let mut k = 0;
        while k < 3 {
            if x & (1 << (9 * r + 3 * k)) != 0 {
                bits |= 1 << (9 * r + k);
            }
            k += 1;
        }
        r += 1;
    }
    bits
}

/// One entry of `TRIADS` (or of `STACKS`): both masks of a pattern, found with one index.
#[derive(Clone, Copy)]
pub(super) struct Triads {
    pub(super) keep: u32,
    pub(super) locked: u32,
}

/// 9 bits of column presence in a band → the cells (of any band) of the columns that are the only
/// column of their box holding the digit: the digit is locked there, the other bands lose them.
pub(super) const LOCKED_COLUMNS: [u32; 512] = {
    let mut t = [0; 512];
    let mut cols = 0;
    while cols < 512 {
        let mut k = 0;
        while k < 3 {
            let three = (cols >> (3 * k)) & 7;
            if three == 1 || three == 2 || three == 4 {
                t[cols] |= COLUMN[3 * k + three.trailing_zeros() as usize];
            }
            k += 1;
        }
        cols += 1;
    }
    t
};

/// The number of cells in a band mask, by table: the baseline x86-64 target has no `popcnt`, and
/// `count_ones` without it is a dozen instructions.
pub(super) fn count27(cells: u32) -> u32 {
    const ONES: [u8; 512] = {
        let mut t = [0; 512];
        let mut v = 0;
        while v < 512 {
            t[v] = (v as u32).count_ones() as u8;
            v += 1;
        }
        t
    };
    (ONES[(cells & 0x1FF) as usize]
        + ONES[(cells >> 9 & 0x1FF) as usize]
        + ONES[(cells >> 18 & 0x1FF) as usize]) as u32
}
