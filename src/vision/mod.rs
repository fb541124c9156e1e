//! Reading the screen: grid geometry, digits, keypad and buttons, from a screenshot.
