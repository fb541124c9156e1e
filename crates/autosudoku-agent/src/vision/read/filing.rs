//! The name learned glyphs are filed under: the app they came from (its package, when the
//! screen is a phone's), else a fingerprint of the font, never the name of a font shipped with
//! autosudoku (whose folder would then collect the glyphs of every app that happens to look like
//! it).

use crate::vision::cell::Sample;

/// `app`, or `font-a<aspect>-w<weight>`: the digits' median height over width in tenths and
/// median stroke weight in hundredths, coarse enough that every board of one font gives the same.
pub fn filed_name(app: Option<&str>, samples: &[&Sample]) -> String {
    if let Some(app) = app.filter(|a| !a.is_empty()) {
        // A package name is letters, digits, `.` and `_`; anything else must not make a path.
        return app
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '.' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect();
    }
    let median = |mut v: Vec<f32>| {
        v.sort_by(f32::total_cmp);
        v.get(v.len() / 2).copied().unwrap_or_default()
    };
    let aspect = median(
        samples
            .iter()
            .map(|s| s.bbox.height as f32 / s.bbox.width.max(1) as f32)
            .collect(),
    );
    let weight = median(samples.iter().map(|s| s.weight).collect());
    format!(
        "font-a{:02}-w{:02}",
        (aspect * 10.0).round() as u32,
        (weight * 100.0).round() as u32
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_app_names_its_folder_and_cannot_climb_out_of_it() {
        assert_eq!(
            filed_name(Some("com.easybrain.sudoku"), &[]),
            "com.easybrain.sudoku"
        );
        assert_eq!(filed_name(Some("../x"), &[]), "..-x");
        assert_eq!(filed_name(None, &[]), "font-a00-w00");
    }
}
