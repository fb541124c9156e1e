//! The profiles (`config/*.toml`) and digit glyphs (`templates/<set>/*.png`) built into the
//! binary, so an installed `autosudoku` plays the shipped apps from any folder. `build.rs` lists
//! them; the user's own folders (see `home`) are read on top of these.

include!(concat!(env!("OUT_DIR"), "/shipped.rs"));

/// The shipped profile called `name`, as TOML text.
pub fn profile(name: &str) -> Option<&'static str> {
    PROFILES
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// Names of the shipped profiles, sorted.
pub fn profile_names() -> impl Iterator<Item = &'static str> {
    PROFILES.iter().map(|(n, _)| *n)
}

/// The shipped template sets' files: (set, file stem such as `7` or `7-1`, PNG bytes).
pub fn templates() -> impl Iterator<Item = (&'static str, &'static str, &'static [u8])> {
    TEMPLATES.iter().copied()
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_shipped_profile_and_set_is_embedded() {
        assert!(super::profile("classic").is_some_and(|t| t.contains("name")));
        assert!(super::templates().any(|(set, stem, png)| set == "classic"
            && stem == "7"
            && png.starts_with(b"\x89PNG")));
    }
}
