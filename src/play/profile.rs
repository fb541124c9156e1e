//! App profiles (`config/*.toml`): what the user or `autosudoku calibrate` knows about one Sudoku
//! app — its name, how to recognise its screen, input style, mistake limit, where buttons are when
//! they cannot be found on screen, which dialogs to dismiss and how, and its digit template set.
//! Optional: with no profile everything is detected from the screen.

use super::moves::InputStyle;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// One app's profile.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Profile {
    pub name: String,
    /// Template set under `templates/` (default: the profile's name).
    #[serde(default)]
    pub font: Option<String>,
    /// How to tell this app's screen from another's.
    #[serde(default)]
    pub recognise: Recognise,
    /// Input styles the app takes, preferred first (default: detected).
    #[serde(default)]
    pub input: Vec<InputStyle>,
    /// Mistakes that end a game (`None`: no limit or unknown).
    #[serde(default)]
    pub mistake_limit: Option<u32>,
    /// Buttons at fixed screen points, for apps where they cannot be found.
    #[serde(default)]
    pub buttons: Buttons,
    /// Dialogs to dismiss, and how.
    #[serde(default)]
    pub dialogs: Vec<DialogRule>,
}

/// Screen traits of the app.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recognise {
    /// Text shown on the game screen (a title), matched case-insensitively.
    #[serde(default)]
    pub title: Option<String>,
    /// Screen size `[width, height]` in pixels the button points were taken on.
    #[serde(default)]
    pub screen: Option<[u32; 2]>,
}

/// Button points `[x, y]` in screenshot pixels.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Buttons {
    pub erase: Option<[u32; 2]>,
    pub notes: Option<[u32; 2]>,
    pub undo: Option<[u32; 2]>,
}

/// A dialog, known by some text on it, and what dismisses it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DialogRule {
    /// Text on the dialog, matched case-insensitively.
    pub text: String,
    /// The label of the button to tap ("Not now").
    #[serde(default)]
    pub tap_text: Option<String>,
    /// Or a fixed point `[x, y]` to tap.
    #[serde(default)]
    pub tap_at: Option<[u32; 2]>,
}

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("cannot read the profile {path}: {reason}")]
    Read { path: PathBuf, reason: String },
    #[error("the profile {path} is not valid: {reason}")]
    Invalid { path: PathBuf, reason: String },
    #[error("no profile named '{name}' in {dir}; give a path to a .toml file, or one of: {known}")]
    Unknown {
        name: String,
        dir: PathBuf,
        known: String,
    },
}

impl Profile {
    /// Reads and checks one profile file.
    pub fn load(path: &Path) -> Result<Profile, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|e| ProfileError::Read {
            path: path.into(),
            reason: e.to_string(),
        })?;
        let profile: Profile = toml::from_str(&text).map_err(|e| ProfileError::Invalid {
            path: path.into(),
            reason: e.to_string(),
        })?;
        for rule in &profile.dialogs {
            if rule.tap_text.is_none() && rule.tap_at.is_none() {
                return Err(ProfileError::Invalid {
                    path: path.into(),
                    reason: format!(
                        "the dialog rule for '{}' needs tap_text or tap_at",
                        rule.text
                    ),
                });
            }
        }
        Ok(profile)
    }

    /// A profile by file path, or by name from `dir` (`dir/<name>.toml`).
    pub fn find(name_or_path: &str, dir: &Path) -> Result<Profile, ProfileError> {
        let as_path = Path::new(name_or_path);
        if as_path.extension().is_some_and(|e| e == "toml") || as_path.is_file() {
            return Profile::load(as_path);
        }
        let path = dir.join(format!("{name_or_path}.toml"));
        if path.is_file() {
            return Profile::load(&path);
        }
        Err(ProfileError::Unknown {
            name: name_or_path.into(),
            dir: dir.into(),
            known: Profile::names(dir).join(", "),
        })
    }

    /// Names of the profiles in `dir`.
    pub fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .into_iter()
            .flatten()
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .collect();
        names.sort();
        names
    }

    /// The template set this app's digits are stored under.
    pub fn font(&self) -> &str {
        self.font.as_deref().unwrap_or(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_shipped_profile_loads() {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("config");
        let names = Profile::names(&dir);
        assert!(names.len() >= 6, "{names:?}");
        for n in names {
            let p = Profile::find(&n, &dir).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.name, n);
        }
    }

    #[test]
    fn a_dialog_rule_without_an_action_is_refused_with_its_text() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, "name = \"bad\"\n[[dialogs]]\ntext = \"Rate us\"\n").expect("write");
        let err = Profile::load(&path).expect_err("no action");
        assert!(err.to_string().contains("Rate us"), "{err}");
        let err = Profile::find("nope", dir.path()).expect_err("unknown");
        assert!(err.to_string().contains("bad"), "{err}");
    }
}
