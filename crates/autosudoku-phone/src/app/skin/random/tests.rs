//! The generator's promises: one seed, one app, the same every time; every choice named; and
//! over a few hundred seeds, every value of every dimension drawn (the sizes real phones have,
//! desktop windows that fit their screen).

use super::generate;
use std::collections::{BTreeMap, BTreeSet};

const DIMENSIONS: [&str; 14] = [
    "banner",
    "conflict",
    "cue",
    "cursor",
    "digit-size",
    "entries",
    "font",
    "highlight",
    "jpeg",
    "lines",
    "notes",
    "scale",
    "screen",
    "theme",
];

#[test]
fn a_seed_draws_the_same_app_every_time_and_names_every_choice() {
    for seed in [0, 1, 1_000_000, u64::MAX] {
        let (a, b) = (generate(seed), generate(seed));
        assert_eq!(a.style, b.style, "seed {seed}");
        assert_eq!((a.skin.size, a.desk), (b.skin.size, b.desk), "seed {seed}");
        let keys: Vec<&str> = a.style.keys().map(String::as_str).collect();
        assert_eq!(keys, DIMENSIONS, "seed {seed}");
    }
    assert_ne!(generate(1).style, generate(2).style);
}

#[test]
fn a_few_hundred_seeds_draw_every_value_of_every_dimension() {
    let mut seen: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut sizes = BTreeSet::new();
    for seed in 0..400 {
        let g = generate(seed);
        for (k, v) in &g.style {
            seen.entry(k.clone()).or_default().insert(v.to_string());
        }
        sizes.insert(g.skin.size);
        if let Some(d) = g.desk {
            let (w, h) = g.skin.size;
            assert!(
                d.at.0 + w <= d.size.0 && d.at.1 + h <= d.size.1,
                "seed {seed}: {d:?}"
            );
            assert!(
                d.at.1 >= d.title_h,
                "seed {seed}: the title bar is off the screen"
            );
        }
    }
    let expect = [
        ("screen", 4),
        ("theme", 2),
        ("lines", 5),
        ("cue", 6),
        ("highlight", 4),
        ("jpeg", 4),
        ("scale", 3),
        ("digit-size", 3),
        ("entries", 3),
    ];
    for (dim, values) in expect {
        assert_eq!(seen[dim].len(), values, "{dim}: {:?}", seen[dim]);
    }
    assert!(seen["font"].len() >= 10, "fonts: {:?}", seen["font"]);
    for bool_dim in ["banner", "conflict", "cursor", "notes"] {
        assert_eq!(seen[bool_dim].len(), 2, "{bool_dim}");
    }
    assert!(sizes.contains(&(1344, 2992)) && sizes.contains(&(720, 1280)));
}
