//! Small encodings shared by features.

/// Lower-case hexadecimal, two digits per byte.
pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}
