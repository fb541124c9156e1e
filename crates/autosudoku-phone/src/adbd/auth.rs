//! Device-side RSA authentication as adbd does it (adb_auth.h, adbd_auth.cpp): a 20-byte random
//! token, the host's PKCS#1 v1.5 signature of it checked with SHA-1's DigestInfo (the host calls
//! `RSA_sign(NID_sha1, token)`, treating the token as the digest), and a public key in Android's
//! `RSAPublicKey` struct layout accepted only if it is listed in the `--auth` key file.

use base64::Engine;
use rsa::{BigUint, Pkcs1v15Sign, RsaPublicKey};
use std::path::{Path, PathBuf};

/// Length of the AUTH token (adb.h `TOKEN_SIZE`).
pub const TOKEN_SIZE: usize = 20;

/// Why an `--auth` key file cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum AuthError {
    #[error("cannot read the --auth key file {path}: {reason}")]
    Read {
        path: PathBuf,
        reason: std::io::Error,
    },
    #[error("{path}, line {line}: not an adb public key ({why}); expected lines as in ~/.android/adbkey.pub")]
    BadKey {
        path: PathBuf,
        line: usize,
        why: String,
    },
    #[error("the --auth key file {0} lists no keys; add the host's ~/.android/adbkey.pub line")]
    Empty(PathBuf),
}

/// The public keys this phone accepts (adbd's `/data/misc/adb/adb_keys`).
#[derive(Debug, Clone)]
pub struct AuthKeys {
    keys: Vec<RsaPublicKey>,
}

/// A fresh random token for an AUTH TOKEN message.
pub fn new_token() -> [u8; TOKEN_SIZE] {
    rand::random()
}

impl AuthKeys {
    /// Loads a key file: one `BASE64 [user@host]` per line, blank lines and `#` comments allowed.
    pub fn load(path: &Path) -> Result<AuthKeys, AuthError> {
        let text = std::fs::read_to_string(path).map_err(|reason| AuthError::Read {
            path: path.into(),
            reason,
        })?;
        let mut keys = Vec::new();
        for (i, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let key = parse_public_key(line).map_err(|why| AuthError::BadKey {
                path: path.into(),
                line: i + 1,
                why,
            })?;
            keys.push(key);
        }
        if keys.is_empty() {
            return Err(AuthError::Empty(path.into()));
        }
        Ok(AuthKeys { keys })
    }

    /// Whether `signature` is a listed key's signature of `token`.
    pub fn verify(&self, token: &[u8], signature: &[u8]) -> bool {
        self.keys.iter().any(|key| {
            key.verify(Pkcs1v15Sign::new::<sha1::Sha1>(), token, signature)
                .is_ok()
        })
    }

    /// Whether an AUTH RSAPUBLICKEY payload (`BASE64 user@host\0`) names a listed key.
    pub fn accepts_public_key(&self, payload: &[u8]) -> bool {
        let text = String::from_utf8_lossy(payload);
        match parse_public_key(text.trim_end_matches('\0').trim()) {
            Ok(key) => self.keys.contains(&key),
            Err(why) => {
                tracing::warn!("AUTH RSAPUBLICKEY payload is not a key: {why}");
                false
            }
        }
    }
}

/// Decodes `BASE64 [comment]` where BASE64 holds Android's `RSAPublicKey` struct:
/// u32 len (in words), u32 n0inv, u32 n[len] (little-endian), u32 rr[len], u32 exponent.
fn parse_public_key(line: &str) -> Result<RsaPublicKey, String> {
    let b64 = line.split_whitespace().next().ok_or("empty line")?;
    let bytes = base64::engine::general_purpose::STANDARD
        .decode(b64)
        .map_err(|e| format!("bad base64: {e}"))?;
    let word = |i: usize| -> Result<u32, String> {
        bytes
            .get(i * 4..i * 4 + 4)
            .map(|w| u32::from_le_bytes(w.try_into().expect("4 bytes")))
            .ok_or_else(|| format!("truncated at word {i}"))
    };
    let len = word(0)? as usize;
    if !(16..=1024).contains(&len) || bytes.len() != (3 + 2 * len) * 4 {
        return Err(format!("{} bytes for a {len}-word modulus", bytes.len()));
    }
    let modulus = BigUint::from_bytes_le(&bytes[8..8 + len * 4]);
    let exponent = BigUint::from(word(2 + 2 * len)?);
    RsaPublicKey::new(modulus, exponent).map_err(|e| format!("not a usable RSA key: {e}"))
}
