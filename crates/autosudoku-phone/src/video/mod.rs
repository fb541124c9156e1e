//! The phone's own video encoding, for `screenrecord`: display frames fitted to the video size and
//! encoded as PNG samples (`frames`), muxed into an MP4 file written while recording (`mp4`).
//! Everything is pure Rust: the phone never runs a host encoder.

pub mod frames;
pub mod mp4;

#[cfg(test)]
mod tests;
