//! The agent's only door to a phone: connecting through the adb server or directly, capture, input.
