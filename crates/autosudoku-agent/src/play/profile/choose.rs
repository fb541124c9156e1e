//! Choosing the profile for a game: the one the user names, else the one whose package the phone
//! says is in front, else the one whose title the screen shows, else the only one made for the
//! screen's size; always with the reason, shown at -v and in `--summary`.

use super::{Profile, ProfileError, ProfileSources};
use crate::device::{Foreground, Phone, Size};
use crate::vision::screen::words::WordReader;
use serde::Serialize;

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
    let found = match front {
        None => by_title(&profiles, &title()),
        Some(front) => by_package(&profiles, front),
    };
    found.unwrap_or_else(|| by_screen(profiles, front, screen))
}

/// The profile whose title the screen shows; of several, the longest ("Night Sudoku" on screen
/// also shows "Sudoku").
fn by_title(profiles: &[Profile], text: &str) -> Option<(Option<Profile>, Choice)> {
    let (p, t) = profiles
        .iter()
        .filter_map(|p| Some((p, p.recognise.title.as_deref()?)))
        .filter(|(_, t)| title_shown(text, t))
        .max_by_key(|(_, t)| t.len())?;
    let reason =
        format!("the phone did not say which app is in front; the screen shows its title '{t}'");
    Some((Some(p.clone()), chosen(p, reason)))
}

/// The one profile with the package of the app in front; the user's own profile for an app
/// replaces a shipped (or less specific) one.
fn by_package(profiles: &[Profile], front: &Foreground) -> Option<(Option<Profile>, Choice)> {
    let mut by_package: Vec<&Profile> = profiles
        .iter()
        .filter(|p| p.recognise.package.as_deref() == Some(front.package.as_str()))
        .collect();
    let top = by_package.iter().map(|p| p.rank).max().unwrap_or(0);
    let replaced: Vec<&str> = by_package
        .iter()
        .filter(|p| p.rank < top)
        .map(|p| p.name.as_str())
        .collect();
    let mut reason = format!("the app in front is {front}, this profile's package");
    if !replaced.is_empty() {
        reason.push_str(&format!(" (it replaces {})", replaced.join(", ")));
    }
    by_package.retain(|p| p.rank == top);
    match by_package[..] {
        [p] => Some((Some(p.clone()), chosen(p, reason))),
        _ => None,
    }
}

/// The only profile made for this screen size, among those not made for another app; else none,
/// with why.
fn by_screen(
    profiles: Vec<Profile>,
    front: Option<&Foreground>,
    screen: Size,
) -> (Option<Profile>, Choice) {
    let size = [screen.width, screen.height];
    let fits: Vec<Profile> = profiles
        .into_iter()
        .filter(|p| p.recognise.screen == Some(size))
        // A profile made for another app never fits, whatever its screen.
        .filter(|p| match (front, &p.recognise.package) {
            (Some(f), Some(pkg)) => *pkg == f.package,
            _ => true,
        })
        .collect();
    let front_text = match front {
        Some(f) if f.home => format!("the home screen ({f}) is in front"),
        Some(f) => format!("no profile has the package of the app in front, {f}"),
        None => "the phone did not say which app is in front".to_owned(),
    };
    match <[Profile; 1]>::try_from(fits) {
        Ok([p]) => {
            let reason = format!("{front_text}; the only profile made for a {screen} screen");
            let choice = chosen(&p, reason);
            (Some(p), choice)
        }
        Err(fits) => {
            let why = if fits.is_empty() {
                format!("none is made for a {screen} screen")
            } else {
                let names: Vec<&str> = fits.iter().map(|p| p.name.as_str()).collect();
                format!(
                    "several are made for a {screen} screen ({}); choose with --profile",
                    names.join(", ")
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

/// Which profile the user asked for (`--profile`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Wanted {
    /// Play without one (`none`).
    Without,
    /// A name (shipped, the user's, or in a profiles folder) or a `.toml` path.
    Named(String),
    /// The one [`choose`] finds for the phone.
    Detect,
}

/// The profile `wanted` names, else the one of the app in front of `phone`, else the only one
/// made for its screen size; with the reason (logged at -v, kept for `--summary`).
pub fn for_phone(
    wanted: &Wanted,
    sources: &ProfileSources,
    phone: &mut Phone,
) -> Result<(Option<Profile>, Choice), ProfileError> {
    let named = |name: Option<String>| Choice {
        name,
        reason: "named with --profile".into(),
    };
    let (profile, choice) = match wanted {
        Wanted::Without => (None, named(None)),
        Wanted::Named(name) => {
            let p = Profile::find(name, sources)?;
            let choice = named(Some(p.name.clone()));
            (Some(p), choice)
        }
        Wanted::Detect => {
            // A phone that cannot say (no dumpsys) leaves the screen size to decide.
            let front = phone.foreground().unwrap_or_else(|e| {
                tracing::debug!("which app is in front: {e}");
                None
            });
            let screen = phone.screen_map().screenshot;
            let title = || screen_title(phone);
            choose(Profile::all(sources), front.as_ref(), title, screen)
        }
    };
    match &choice.name {
        Some(name) => tracing::info!("profile {name}: {}", choice.reason),
        None => tracing::info!("no profile: {}", choice.reason),
    }
    Ok((profile, choice))
}

/// The text at the top of the screen (where apps show their title), for a phone that does not
/// say which app is in front: one capture and Tesseract on the top fifth; empty if either fails.
fn screen_title(phone: &mut Phone) -> String {
    let Ok(shot) = phone.capture() else {
        return String::new();
    };
    let (w, h) = (shot.image.width(), shot.image.height());
    let top = image::imageops::crop_imm(&shot.image, 0, 0, w, (h / 5).max(1)).to_image();
    let words = WordReader::new().words(&top);
    let text: Vec<&str> = words.iter().map(|w| w.text.as_str()).collect();
    tracing::debug!("top of the screen reads: {}", text.join(" "));
    text.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::profile::{Buttons, Recognise};

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
            home: false,
            display: 0,
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
            Some(&Foreground {
                home: true,
                display: 0,
                ..front("com.android.launcher3", ".Launcher")
            }),
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
}
