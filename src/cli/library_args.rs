//! Where app profiles and digit templates come from: the ones built into the program, the user's
//! own folders (`autosudoku_agent::home`: the platform's config and data folders, or
//! `AUTOSUDOKU_HOME`), and folders named with `--profiles` / `--templates` on top.

use autosudoku_agent::home::Home;
use autosudoku_agent::play::profile::ProfileSources;
use autosudoku_agent::vision::TemplateSources;
use clap::Args;
use std::path::PathBuf;

#[derive(Debug, Clone, Default, Args)]
pub struct LibraryArgs {
    /// A folder of app profiles read on top of the shipped ones and your own (repeatable; a
    /// profile in a later folder replaces one of the same name).
    #[arg(long, value_name = "DIR")]
    pub profiles: Vec<PathBuf>,
    /// A folder of digit templates read on top of the shipped ones and your own (repeatable;
    /// glyphs learned by reads are saved in the last one, else in your data folder).
    #[arg(long, value_name = "DIR")]
    pub templates: Vec<PathBuf>,
    /// Read without the digit templates built into the program: digits with Tesseract and the
    /// glyphs learned on this machine only (to see an app learned from its own screen). No
    /// toolbar icon is built in: buttons are found by the icons in your template folders'
    /// `icons/`, or by their labels.
    #[arg(long)]
    pub no_shipped_templates: bool,
}

impl LibraryArgs {
    pub fn profile_sources(&self, home: &Home) -> ProfileSources {
        home.profile_sources(&self.profiles)
    }

    pub fn template_sources(&self, home: &Home) -> TemplateSources {
        TemplateSources {
            shipped: !self.no_shipped_templates,
            ..home.template_sources(&self.templates)
        }
    }
}
