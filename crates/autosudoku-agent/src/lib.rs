//! The autosudoku agent: the only door to a phone, and everything that looks at one.
//!
//! Data flows one way: screen bytes (`device`) → image → grid geometry → board (`vision`)
//! → solution or trace (`autosudoku_core::solve`) → moves → device commands (`play`);
//! `regress` runs play sessions on many phones. The agent knows a phone only through what a real
//! phone offers; this crate cannot depend on the virtual phone (tests/architecture.rs checks it).

pub mod device;
pub mod doctor;
pub mod fuzzing;
pub mod geometry;
pub mod home;
pub mod play;
pub mod record;
pub mod regress;
pub mod shipped;
pub mod vision;
