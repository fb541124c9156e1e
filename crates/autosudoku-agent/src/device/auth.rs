//! The host's adb key for direct connections (what the adb server does for us otherwise): load
//! `~/.android/adbkey` (PEM, PKCS#8 or PKCS#1) and its `adbkey.pub`, and sign a device's AUTH token
//! the way adb does (`RSA_sign(NID_sha1, token)`: PKCS#1 v1.5 with SHA-1's DigestInfo, the
//! 20-byte token taken as the digest).

use rsa::pkcs1::DecodeRsaPrivateKey;
use rsa::pkcs8::DecodePrivateKey;
use rsa::{Pkcs1v15Sign, RsaPrivateKey};
use std::path::{Path, PathBuf};

#[derive(Debug)]
pub struct HostKey {
    pub path: PathBuf,
    private: RsaPrivateKey,
    /// The `adbkey.pub` line (`BASE64 user@host`), offered when the device does not know the key.
    public: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    #[error("cannot read the adb key {path}: {reason}")]
    Read {
        path: PathBuf,
        reason: std::io::Error,
    },
    #[error("{0} is not a PEM RSA private key; recreate it with `adb keygen {0}`")]
    Parse(PathBuf),
}

impl HostKey {
    pub fn load(path: &Path) -> Result<HostKey, KeyError> {
        let pem = std::fs::read_to_string(path).map_err(|reason| KeyError::Read {
            path: path.into(),
            reason,
        })?;
        let private = RsaPrivateKey::from_pkcs8_pem(&pem)
            .or_else(|_| RsaPrivateKey::from_pkcs1_pem(&pem))
            .map_err(|_| KeyError::Parse(path.into()))?;
        let mut pub_path = path.as_os_str().to_owned();
        pub_path.push(".pub");
        let public = std::fs::read_to_string(PathBuf::from(pub_path))
            .ok()
            .map(|s| s.trim().to_owned())
            .filter(|s| !s.is_empty());
        Ok(HostKey {
            path: path.into(),
            private,
            public,
        })
    }

    /// The AUTH SIGNATURE payload for a device's token.
    pub fn sign(&self, token: &[u8]) -> Option<Vec<u8>> {
        self.private
            .sign(Pkcs1v15Sign::new::<sha1::Sha1>(), token)
            .ok()
    }

    /// The AUTH RSAPUBLICKEY payload (`BASE64 user@host\0`), if the .pub file exists.
    pub fn public_payload(&self) -> Option<Vec<u8>> {
        self.public.as_ref().map(|p| {
            let mut v = p.as_bytes().to_vec();
            v.push(0);
            v
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Signing itself is checked end to end against the virtual phone's verifier (tests/device.rs).
    #[test]
    fn unreadable_and_malformed_keys_are_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("adbkey");
        std::fs::write(&path, "not a key").unwrap();
        let err = HostKey::load(&path).unwrap_err();
        assert!(matches!(err, KeyError::Parse(_)));
        assert!(err.to_string().contains("adb keygen"), "{err}");
        assert!(matches!(
            HostKey::load(&dir.path().join("none")),
            Err(KeyError::Read { .. })
        ));
    }
}
