//! App profiles (`config/*.toml`): what the user or `autosudoku calibrate` knows about one Sudoku
//! app — its name, how to recognise its screen, input style, mistake limit, where buttons are when
//! they cannot be found on screen, which dialogs to dismiss and how, and its digit template set.
//! Optional: with no profile everything is detected from the screen. `choose` picks the profile of
//! the app in front (by its package), else the one made for the screen's size.

use super::moves::InputStyle;
use crate::device::{Foreground, Size};
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

/// Which profile was chosen, and why (shown at -v, in `--summary` and its JSON).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice {
    /// The profile's name; `None` for playing without one.
    pub name: Option<String>,
    pub reason: String,
}

/// The profile for the app on screen: the one whose package is in front; when the phone does not
/// say which app that is, the one whose title the screen shows (`title` reads the screen's text,
/// asked only then); else the only one made for this screen size among those not made for
/// another app.
pub fn choose(
    profiles: Vec<Profile>,
    front: Option<&Foreground>,
    title: impl FnOnce() -> String,
    screen: Size,
) -> (Option<Profile>, Choice) {
    let package = |p: &Profile| p.recognise.package.clone();
    if front.is_none() {
        let text = title();
        // "Night Sudoku" on screen also shows "Sudoku": the longest title that matches wins.
        let best = profiles
            .iter()
            .filter_map(|p| Some((p, p.recognise.title.as_deref()?)))
            .filter(|(_, t)| title_shown(&text, t))
            .max_by_key(|(_, t)| t.len());
        if let Some((p, t)) = best {
            let reason = format!(
                "the phone did not say which app is in front; the screen shows its title '{t}'"
            );
            return (Some(p.clone()), chosen(p, reason));
        }
    }
    if let Some(front) = front {
        let mut by_package: Vec<Profile> = profiles
            .iter()
            .filter(|p| package(p).as_deref() == Some(front.package.as_str()))
            .cloned()
            .collect();
        // The user's own profile for an app replaces a shipped (or less specific) one.
        let top = by_package.iter().map(|p| p.rank).max().unwrap_or(0);
        let replaced: Vec<String> = by_package
            .iter()
            .filter(|p| p.rank < top)
            .map(|p| p.name.clone())
            .collect();
        by_package.retain(|p| p.rank == top);
        if by_package.len() == 1 {
            let p = by_package.remove(0);
            let mut reason = format!("the app in front is {front}, this profile's package");
            if !replaced.is_empty() {
                reason.push_str(&format!(" (it replaces {})", replaced.join(", ")));
            }
            return (Some(p.clone()), chosen(&p, reason));
        }
    }
    let size = [screen.width, screen.height];
    let fits: Vec<Profile> = profiles
        .into_iter()
        .filter(|p| p.recognise.screen == Some(size))
        // A profile made for another app never fits, whatever its screen.
        .filter(|p| match (front, package(p)) {
            (Some(f), Some(pkg)) => pkg == f.package,
            _ => true,
        })
        .collect();
    let front_text = match front {
        Some(f) if f.is_launcher() => format!("the home screen ({f}) is in front"),
        Some(f) => format!("no profile has the package of the app in front, {f}"),
        None => "the phone did not say which app is in front".to_owned(),
    };
    match <[Profile; 1]>::try_from(fits) {
        Ok([p]) => {
            let reason = format!("{front_text}; the only profile made for a {screen} screen");
            (Some(p.clone()), chosen(&p, reason))
        }
        Err(fits) => {
            let why = if fits.is_empty() {
                format!("none is made for a {screen} screen")
            } else {
                format!(
                    "several are made for a {screen} screen ({}); choose with --profile",
                    fits.iter()
                        .map(|p| p.name.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            };
            let choice = Choice {
                name: None,
                reason: format!("{front_text}; {why}"),
            };
            (None, choice)
        }
    }
}

/// Whether every word of `title` is among the words of `text`, case-insensitively and allowing
/// one misread letter in words of five letters or more (OCR reads "Sudoku" as "Sudeku").
fn title_shown(text: &str, title: &str) -> bool {
    let words = |s: &str| -> Vec<Vec<char>> {
        s.split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty())
            .map(|w| w.to_lowercase().chars().collect())
            .collect()
    };
    let (seen, wanted) = (words(text), words(title));
    !wanted.is_empty()
        && wanted.iter().all(|w| {
            let slack = usize::from(w.len() >= 5);
            seen.iter().any(|s| {
                s.len() == w.len() && s.iter().zip(w).filter(|(a, b)| a != b).count() <= slack
            })
        })
}

fn chosen(p: &Profile, reason: String) -> Choice {
    Choice {
        name: Some(p.name.clone()),
        reason,
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

    fn profile(name: &str, package: Option<&str>, screen: [u32; 2]) -> Profile {
        Profile {
            rank: 0,
            name: name.into(),
            font: None,
            recognise: Recognise {
                package: package.map(Into::into),
                title: None,
                screen: Some(screen),
            },
            input: Vec::new(),
            mistake_limit: None,
            buttons: Buttons::default(),
            dialogs: Vec::new(),
        }
    }

    fn front(package: &str, activity: &str) -> Foreground {
        Foreground {
            package: package.into(),
            activity: activity.into(),
        }
    }

    /// The title is read only when the phone does not say which app is in front.
    fn no_title() -> String {
        panic!("the title was read although the package was known")
    }

    #[test]
    fn the_package_in_front_wins_over_the_screen_size() {
        let all = vec![
            profile("a", Some("com.a"), [1080, 2400]),
            profile("b", Some("com.b"), [720, 1280]),
        ];
        let (p, why) = choose(
            all.clone(),
            Some(&front("com.b", ".Main")),
            no_title,
            Size::new(1080, 2400),
        );
        assert_eq!(p.map(|p| p.name), Some("b".into()));
        assert!(why.reason.contains("com.b/.Main"), "{why:?}");
        // An app without a profile never gets another app's profile by size.
        let (p, why) = choose(
            all.clone(),
            Some(&front("com.c", ".Main")),
            no_title,
            Size::new(1080, 2400),
        );
        assert_eq!(p, None);
        assert!(why.reason.contains("no profile has the package"), "{why:?}");
        // Without a package from the phone, the size decides as before.
        let (p, why) = choose(all.clone(), None, String::new, Size::new(720, 1280));
        assert_eq!(p.map(|p| p.name), Some("b".into()));
        assert!(
            why.reason.contains("only profile made for a 720x1280"),
            "{why:?}"
        );
        // A profile without a package still matches by size.
        let loose = vec![
            profile("c", None, [1080, 2400]),
            profile("a", Some("com.a"), [1, 1]),
        ];
        let (p, _) = choose(
            loose,
            Some(&front("com.c", ".Main")),
            no_title,
            Size::new(1080, 2400),
        );
        assert_eq!(p.map(|p| p.name), Some("c".into()));
        let (p, why) = choose(
            all,
            Some(&front("com.android.launcher3", ".Launcher")),
            no_title,
            Size::new(1, 1),
        );
        assert_eq!(p, None);
        assert!(why.reason.contains("home screen"), "{why:?}");
    }

    #[test]
    fn the_users_profile_for_an_app_replaces_the_shipped_one() {
        let shipped = profile("paper", Some("com.p"), [1080, 2340]);
        let mine = Profile {
            rank: 1,
            ..profile("mypaper", Some("com.p"), [1080, 2340])
        };
        let (p, why) = choose(
            vec![shipped, mine],
            Some(&front("com.p", ".Game")),
            String::new,
            Size::new(1080, 2340),
        );
        assert_eq!(p.map(|p| p.name), Some("mypaper".into()));
        assert!(why.reason.contains("replaces paper"), "{why:?}");
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
    fn without_a_package_the_longest_title_on_screen_wins_over_the_size() {
        let mut night = profile("night", Some("com.n"), [1440, 3200]);
        night.recognise.title = Some("Night Sudoku".into());
        let mut classic = profile("classic", Some("com.c"), [1080, 2400]);
        classic.recognise.title = Some("Sudoku".into());
        let all = vec![night, classic];
        let screen = Size::new(1080, 2400);
        let (p, why) = choose(
            all.clone(),
            None,
            || "12:00 NIGHT SUDOKU Easy".into(),
            screen,
        );
        assert_eq!(p.map(|p| p.name), Some("night".into()));
        assert!(why.reason.contains("'Night Sudoku'"), "{why:?}");
        let (p, _) = choose(all.clone(), None, || "$:41 Night Sudeku I".into(), screen);
        assert_eq!(p.map(|p| p.name), Some("night".into()));
        let (p, why) = choose(all, None, || "no words here, Sudokus".into(), screen);
        assert_eq!(p.map(|p| p.name), Some("classic".into()));
        assert!(why.reason.contains("only profile made for"), "{why:?}");
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
