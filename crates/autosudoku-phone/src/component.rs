//! An Android component name (`package/.Class` or `package/full.Class`, Android's
//! `ComponentName`): what `dumpsys` prints for the activity in front and `cmd package
//! resolve-activity` for the one an intent opens. `--home-app` and `--activity` take them typed.

use std::fmt;
use std::str::FromStr;

/// A package and one of its classes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Component {
    pub package: String,
    /// As given: short (`.GameActivity`) or full.
    pub class: ClassName,
}

/// A Java class name, short (`.GameActivity`, relative to its package) or full.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClassName(String);

/// A component or class name that Android would not take.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is not a {1}; write it as Android does, e.g. {2}")]
pub struct BadName(pub String, &'static str, &'static str);

impl Component {
    /// `pkg/.Activity`, as ActivityRecords and `flattenToShortString` print it.
    pub fn short(&self) -> String {
        match self.class.0.strip_prefix(&self.package) {
            Some(rest) if rest.starts_with('.') => format!("{}/{rest}", self.package),
            _ => format!("{}/{}", self.package, self.class.0),
        }
    }

    /// `pkg/pkg.Activity`, as window titles print it.
    pub fn full(&self) -> String {
        format!("{}/{}", self.package, self.full_class())
    }

    /// The class's full name (`ComponentName.getClassName`).
    pub fn full_class(&self) -> String {
        match self.class.0.strip_prefix('.') {
            Some(_) => format!("{}{}", self.package, self.class.0),
            None => self.class.0.clone(),
        }
    }
}

impl fmt::Display for Component {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.short())
    }
}

impl FromStr for Component {
    type Err = BadName;
    fn from_str(text: &str) -> Result<Component, BadName> {
        let bad = || {
            BadName(
                text.to_owned(),
                "component",
                "com.example.home/.HomeActivity",
            )
        };
        let (package, class) = text.split_once('/').ok_or_else(bad)?;
        if !is_java_name(package) {
            return Err(bad());
        }
        Ok(Component {
            package: package.to_owned(),
            class: class.parse().map_err(|_| bad())?,
        })
    }
}

impl fmt::Display for ClassName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for ClassName {
    type Err = BadName;
    fn from_str(text: &str) -> Result<ClassName, BadName> {
        if is_java_name(text.strip_prefix('.').unwrap_or(text)) {
            Ok(ClassName(text.to_owned()))
        } else {
            Err(BadName(
                text.to_owned(),
                "class name",
                ".GameActivity or com.example.GameActivity",
            ))
        }
    }
}

/// Dot-separated Java identifiers (letters, digits, `_`, `$`; none starting with a digit).
fn is_java_name(name: &str) -> bool {
    !name.is_empty()
        && name.split('.').all(|part| {
            part.chars().next().is_some_and(|c| !c.is_ascii_digit())
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn short_and_full_forms_like_android() {
        let c: Component = "com.autosudoku.classic/.GameActivity".parse().unwrap();
        assert_eq!(c.short(), "com.autosudoku.classic/.GameActivity");
        assert_eq!(
            c.full(),
            "com.autosudoku.classic/com.autosudoku.classic.GameActivity"
        );
        let outside: Component = "com.sec.android.app.launcher/com.android.launcher3.Launcher"
            .parse()
            .unwrap();
        assert_eq!(outside.short(), outside.full());
        let inside: Component = "com.miui.home/com.miui.home.launcher.Launcher"
            .parse()
            .unwrap();
        assert_eq!(inside.short(), "com.miui.home/.launcher.Launcher");
    }

    #[test]
    fn names_android_would_not_take_are_refused() {
        for bad in [
            "",
            "com.x",
            "com.x/",
            "/.Main",
            "com..x/.Main",
            "com.x/.1Main",
            "a b/.C",
        ] {
            assert!(bad.parse::<Component>().is_err(), "{bad:?}");
        }
        assert!("..Main".parse::<ClassName>().is_err());
        assert!(".SudokuLauncher".parse::<ClassName>().is_ok());
    }
}
