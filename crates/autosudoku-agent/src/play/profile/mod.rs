//! App profiles (`config/*.toml`): what the user or `autosudoku calibrate` knows about one Sudoku
//! app — its name, how to recognise its screen, input style, mistake limit, where buttons are when
//! they cannot be found on screen, which dialogs to dismiss and how, and its digit template set.
//! Optional: with no profile everything is detected from the screen. `choose` picks the profile of
//! the app in front (by its package), else by the title on screen, else the one made for the
//! screen's size.

mod choose;

pub use choose::{choose, for_phone, Choice, Wanted};

use crate::play::moves::InputStyle;
pub use crate::vision::screen::dialog::DialogRule;
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
    /// Where it was found: 0 shipped (or a file named directly), then 1.. for each folder of
    /// `ProfileSources` in order. Of two profiles for one app, the higher is the user's later word.
    #[serde(skip)]
    pub rank: usize,
}

/// How to tell the app: its package, then its screen.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Recognise {
    /// The app id (`com.example.sudoku`) the phone reports in front (`dumpsys window`).
    #[serde(default)]
    pub package: Option<String>,
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

#[derive(Debug, thiserror::Error)]
pub enum ProfileError {
    #[error("cannot read the profile {path}: {reason}")]
    Read { path: PathBuf, reason: String },
    #[error("the profile {path} is not valid: {reason}")]
    Invalid { path: PathBuf, reason: String },
    #[error("no profile named '{name}' in {dir}; give a path to a .toml file, or one of: {known}")]
    Unknown {
        name: String,
        /// Where it was looked for.
        dir: String,
        known: String,
    },
}

/// Where profiles are looked up: the shipped ones, then each folder in order; a profile in a later
/// folder replaces one of the same name before it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ProfileSources {
    /// The profiles built into the program (`crate::shipped`).
    pub shipped: bool,
    pub folders: Vec<PathBuf>,
}

impl ProfileSources {
    /// One folder, nothing shipped.
    pub fn folder(dir: PathBuf) -> ProfileSources {
        ProfileSources {
            shipped: false,
            folders: vec![dir],
        }
    }

    /// The files named `<name>.toml` in the folders with their rank, the one that wins first.
    fn files(&self, name: &str) -> impl Iterator<Item = (usize, PathBuf)> + '_ {
        let file = format!("{name}.toml");
        self.folders
            .iter()
            .enumerate()
            .rev()
            .map(move |(i, d)| (i + 1, d.join(&file)))
            .filter(|(_, p)| p.is_file())
    }

    /// Where the lookup went, for an error message.
    fn describe(&self) -> String {
        let mut places: Vec<String> = self
            .folders
            .iter()
            .map(|d| d.display().to_string())
            .collect();
        if self.shipped {
            places.insert(0, "the shipped profiles".into());
        }
        places.join(", ")
    }
}

impl Profile {
    /// Reads and checks one profile file.
    pub fn load(path: &Path) -> Result<Profile, ProfileError> {
        let text = std::fs::read_to_string(path).map_err(|e| ProfileError::Read {
            path: path.into(),
            reason: e.to_string(),
        })?;
        Profile::parse(&text, path)
    }

    /// Parses and checks a profile's TOML text; `path` only names it in errors.
    pub fn parse(text: &str, path: &Path) -> Result<Profile, ProfileError> {
        let profile: Profile = toml::from_str(text).map_err(|e| ProfileError::Invalid {
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

    /// A profile by file path, or by name from `sources`.
    pub fn find(name_or_path: &str, sources: &ProfileSources) -> Result<Profile, ProfileError> {
        let as_path = Path::new(name_or_path);
        if as_path.extension().is_some_and(|e| e == "toml") || as_path.is_file() {
            return Profile::load(as_path);
        }
        if let Some((rank, path)) = sources.files(name_or_path).next() {
            return Profile::load(&path).map(|p| Profile { rank, ..p });
        }
        match crate::shipped::profile(name_or_path).filter(|_| sources.shipped) {
            Some(text) => Profile::parse(text, &Path::new("(shipped)").join(name_or_path)),
            None => Err(ProfileError::Unknown {
                name: name_or_path.into(),
                dir: sources.describe(),
                known: Profile::names(sources).join(", "),
            }),
        }
    }

    /// Names of the profiles `sources` has, sorted.
    pub fn names(sources: &ProfileSources) -> Vec<String> {
        let shipped = crate::shipped::profile_names()
            .filter(|_| sources.shipped)
            .map(String::from);
        let mut names: Vec<String> = sources
            .folders
            .iter()
            .flat_map(|d| std::fs::read_dir(d).into_iter().flatten())
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|e| e == "toml"))
            .filter_map(|p| p.file_stem().map(|s| s.to_string_lossy().into_owned()))
            .chain(shipped)
            .collect();
        names.sort();
        names.dedup();
        names
    }

    /// Every profile `sources` has that loads (a broken file is skipped with a warning at -v).
    pub fn all(sources: &ProfileSources) -> Vec<Profile> {
        Profile::names(sources)
            .iter()
            .filter_map(|n| match Profile::find(n, sources) {
                Ok(p) => Some(p),
                Err(e) => {
                    tracing::warn!("skipping profile {n}: {e}");
                    None
                }
            })
            .collect()
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
        let shipped = ProfileSources {
            shipped: true,
            folders: Vec::new(),
        };
        let names = Profile::names(&shipped);
        assert!(names.len() >= 6, "{names:?}");
        for n in names {
            let p = Profile::find(&n, &shipped).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(p.name, n);
        }
    }

    #[test]
    fn a_folder_profile_shadows_the_shipped_one_of_its_name() {
        let dir = tempfile::tempdir().expect("tempdir");
        std::fs::write(
            dir.path().join("classic.toml"),
            "name = \"classic\"\nmistake_limit = 9\n",
        )
        .expect("write");
        let sources = ProfileSources {
            shipped: true,
            folders: vec![dir.path().into()],
        };
        let p = Profile::find("classic", &sources).expect("found");
        assert_eq!((p.mistake_limit, p.rank), (Some(9), 1));
        assert!(Profile::names(&sources).contains(&"paper".to_string()));
    }

    #[test]
    fn shipped_profiles_name_each_skin_app() {
        let shipped = ProfileSources {
            shipped: true,
            folders: Vec::new(),
        };
        for p in Profile::all(&shipped) {
            assert_eq!(
                p.recognise.package.as_deref(),
                Some(format!("com.autosudoku.{}", p.name).as_str())
            );
        }
    }

    #[test]
    fn a_dialog_rule_without_an_action_is_refused_with_its_text() {
        let dir = tempfile::tempdir().expect("tempdir");
        let path = dir.path().join("bad.toml");
        std::fs::write(&path, "name = \"bad\"\n[[dialogs]]\ntext = \"Rate us\"\n").expect("write");
        let err = Profile::load(&path).expect_err("no action");
        assert!(err.to_string().contains("Rate us"), "{err}");
        let sources = ProfileSources::folder(dir.path().into());
        let err = Profile::find("nope", &sources).expect_err("unknown");
        assert!(err.to_string().contains("bad"), "{err}");
    }
}
