//! The phone's in-memory file system: a few standard directories, writable only under `/sdcard`
//! and `/data/local/tmp` like a shell user's. Paths are normalised lexically, so no path can name
//! anything outside this tree, and nothing here ever touches the host's disk.

use std::collections::BTreeMap;
use std::time::{SystemTime, UNIX_EPOCH};

/// `S_IFDIR` and `S_IFREG` as sync STAT and LIST report them.
pub const S_IFDIR: u32 = 0o040000;
pub const S_IFREG: u32 = 0o100000;

/// Directories a shell user may create files in.
const WRITABLE: [&str; 2] = ["/sdcard", "/data/local/tmp"];
const STANDARD_DIRS: [&str; 12] = [
    "/",
    "/sdcard",
    "/sdcard/Download",
    "/sdcard/Pictures",
    "/data",
    "/data/local",
    "/data/local/tmp",
    "/system",
    "/system/bin",
    "/dev",
    "/dev/input",
    "/proc",
];

/// Why a file operation failed, worded as toybox's `strerror` text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FsError {
    #[error("{0}: No such file or directory")]
    NotFound(String),
    #[error("{0}: Not a directory")]
    NotADirectory(String),
    #[error("{0}: Is a directory")]
    IsADirectory(String),
    #[error("{0}: Permission denied")]
    PermissionDenied(String),
    #[error("{0}: Directory not empty")]
    NotEmpty(String),
    #[error("{0}: No space left on device")]
    NoSpace(String),
}

/// The default size of the file system: far more than screen recordings and pushed test files
/// need, and a bound on the memory a host can make the phone hold.
pub const DEFAULT_STORAGE: u64 = 256 * 1024 * 1024;

#[derive(Debug, Clone)]
enum Node {
    Dir {
        mtime: u32,
    },
    File {
        data: Vec<u8>,
        mode: u32,
        mtime: u32,
    },
}

/// What `stat` reports about one entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stat {
    /// Type and permission bits (`S_IFDIR | 0771`, `S_IFREG | 0644`, ...).
    pub mode: u32,
    pub size: u32,
    /// Seconds since the Unix epoch.
    pub mtime: u32,
}

impl Stat {
    pub fn is_dir(&self) -> bool {
        self.mode & 0o170000 == S_IFDIR
    }
}

/// The whole tree, keyed by normalised absolute path, holding at most `capacity` bytes of files.
#[derive(Debug, Clone)]
pub struct Fs {
    nodes: BTreeMap<String, Node>,
    capacity: u64,
}

impl Default for Fs {
    fn default() -> Self {
        Fs::with_capacity(DEFAULT_STORAGE)
    }
}

/// Seconds since the epoch, for mtimes.
pub fn now() -> u32 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_secs() as u32)
        .unwrap_or(0)
}

/// `path` made absolute (relative to `/`, adbd's working directory) with `.`, `..` and repeated
/// slashes resolved; `..` stops at the root.
pub fn normalize(path: &str) -> String {
    let mut parts: Vec<&str> = Vec::new();
    for part in path.split('/') {
        match part {
            "" | "." => {}
            ".." => {
                parts.pop();
            }
            p => parts.push(p),
        }
    }
    format!("/{}", parts.join("/"))
}

fn parent(path: &str) -> &str {
    match path.rfind('/') {
        Some(0) | None => "/",
        Some(i) => &path[..i],
    }
}

fn writable(path: &str) -> bool {
    WRITABLE
        .iter()
        .any(|root| path.starts_with(&format!("{root}/")))
}

impl Fs {
    /// The standard directories, empty, with room for `capacity` bytes.
    pub fn with_capacity(capacity: u64) -> Fs {
        let mtime = now();
        Fs {
            nodes: STANDARD_DIRS
                .iter()
                .map(|d| (d.to_string(), Node::Dir { mtime }))
                .collect(),
            capacity,
        }
    }

    /// Bytes still free.
    pub fn free(&self) -> u64 {
        let used: u64 = self
            .nodes
            .values()
            .map(|n| match n {
                Node::File { data, .. } => data.len() as u64,
                Node::Dir { .. } => 0,
            })
            .sum();
        self.capacity.saturating_sub(used)
    }

    /// Fails with "No space left" unless `grow` more bytes fit.
    fn room(&self, path: &str, grow: u64) -> Result<(), FsError> {
        if grow > self.free() {
            return Err(FsError::NoSpace(path.into()));
        }
        Ok(())
    }

    pub fn stat(&self, path: &str) -> Option<Stat> {
        self.nodes.get(&normalize(path)).map(|node| match node {
            Node::Dir { mtime } => Stat {
                mode: S_IFDIR | 0o771,
                size: 4096,
                mtime: *mtime,
            },
            Node::File { data, mode, mtime } => Stat {
                mode: S_IFREG | mode,
                size: data.len() as u32,
                mtime: *mtime,
            },
        })
    }

    /// The entries directly inside directory `path`, by name.
    pub fn list(&self, path: &str) -> Result<Vec<(String, Stat)>, FsError> {
        let dir = normalize(path);
        match self.stat(&dir) {
            None => return Err(FsError::NotFound(path.into())),
            Some(s) if !s.is_dir() => return Err(FsError::NotADirectory(path.into())),
            Some(_) => {}
        }
        let prefix = if dir == "/" {
            "/".to_string()
        } else {
            format!("{dir}/")
        };
        Ok(self
            .nodes
            .range(prefix.clone()..)
            .take_while(|(p, _)| p.starts_with(&prefix))
            .filter(|(p, _)| p.len() > prefix.len() && !p[prefix.len()..].contains('/'))
            .filter_map(|(p, _)| Some((p[prefix.len()..].to_string(), self.stat(p)?)))
            .collect())
    }

    pub fn read(&self, path: &str) -> Result<&[u8], FsError> {
        match self.nodes.get(&normalize(path)) {
            None => Err(FsError::NotFound(path.into())),
            Some(Node::Dir { .. }) => Err(FsError::IsADirectory(path.into())),
            Some(Node::File { data, .. }) => Ok(data),
        }
    }

    /// Creates or replaces a file, creating missing parent directories (as adbd's sync SEND does).
    pub fn write(
        &mut self,
        path: &str,
        data: Vec<u8>,
        mode: u32,
        mtime: u32,
    ) -> Result<(), FsError> {
        let full = normalize(path);
        if !writable(&full) {
            return Err(FsError::PermissionDenied(path.into()));
        }
        let old = match self.nodes.get(&full) {
            Some(Node::Dir { .. }) => return Err(FsError::IsADirectory(path.into())),
            Some(Node::File { data, .. }) => data.len() as u64,
            None => 0,
        };
        self.room(path, (data.len() as u64).saturating_sub(old))?;
        self.mkdirs(parent(&full))
            .map_err(|_| FsError::NotADirectory(path.into()))?;
        self.nodes.insert(
            full,
            Node::File {
                data,
                mode: mode & 0o7777,
                mtime,
            },
        );
        Ok(())
    }

    /// Appends to an existing file, as a writer holding it open does (a recorder growing its MP4).
    pub fn append(&mut self, path: &str, bytes: &[u8]) -> Result<(), FsError> {
        self.room(path, bytes.len() as u64)?;
        self.file_mut(path)?.extend_from_slice(bytes);
        Ok(())
    }

    /// Overwrites bytes of an existing file at `offset` (a muxer patching a header), growing
    /// the file with zeros if it is shorter.
    pub fn patch(&mut self, path: &str, offset: usize, bytes: &[u8]) -> Result<(), FsError> {
        let end = offset.saturating_add(bytes.len());
        let size = self.stat(path).map_or(0, |s| s.size as usize);
        self.room(path, end.saturating_sub(size) as u64)?;
        let data = self.file_mut(path)?;
        if data.len() < end {
            data.resize(end, 0);
        }
        data[offset..end].copy_from_slice(bytes);
        Ok(())
    }

    fn file_mut(&mut self, path: &str) -> Result<&mut Vec<u8>, FsError> {
        let full = normalize(path);
        if !writable(&full) {
            return Err(FsError::PermissionDenied(path.into()));
        }
        match self.nodes.get_mut(&full) {
            None => Err(FsError::NotFound(path.into())),
            Some(Node::Dir { .. }) => Err(FsError::IsADirectory(path.into())),
            Some(Node::File { data, mtime, .. }) => {
                *mtime = now();
                Ok(data)
            }
        }
    }

    /// `mkdir -p`: creates `path` and its missing parents.
    pub fn mkdirs(&mut self, path: &str) -> Result<(), FsError> {
        let full = normalize(path);
        match self.nodes.get(&full) {
            Some(Node::Dir { .. }) => return Ok(()),
            Some(Node::File { .. }) => return Err(FsError::NotADirectory(path.into())),
            None => {}
        }
        if !writable(&full) {
            return Err(FsError::PermissionDenied(path.into()));
        }
        self.mkdirs(parent(&full))?;
        self.nodes.insert(full, Node::Dir { mtime: now() });
        Ok(())
    }

    /// Removes a file, or a directory with `recursive` (`rm -r`).
    pub fn remove(&mut self, path: &str, recursive: bool) -> Result<(), FsError> {
        let full = normalize(path);
        let is_dir = match self.nodes.get(&full) {
            None => return Err(FsError::NotFound(path.into())),
            Some(node) => matches!(node, Node::Dir { .. }),
        };
        if !writable(&full) {
            return Err(FsError::PermissionDenied(path.into()));
        }
        if is_dir {
            if !recursive {
                return Err(FsError::IsADirectory(path.into()));
            }
            let prefix = format!("{full}/");
            self.nodes.retain(|p, _| !p.starts_with(&prefix));
        }
        self.nodes.remove(&full);
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_never_leave_the_tree() {
        assert_eq!(normalize("../../etc/passwd"), "/etc/passwd");
        assert_eq!(normalize("/sdcard/../../x"), "/x");
        assert_eq!(normalize("//sdcard/./a//b/"), "/sdcard/a/b");
    }

    #[test]
    fn writes_only_where_a_shell_user_may() {
        let mut fs = Fs::default();
        assert_eq!(
            fs.write("/system/x", vec![1], 0o644, 0),
            Err(FsError::PermissionDenied("/system/x".into()))
        );
        fs.write("/sdcard/a/b.txt", b"hi".to_vec(), 0o644, 7)
            .unwrap();
        assert_eq!(fs.read("/sdcard/a/b.txt").unwrap(), b"hi");
        assert!(fs.stat("/sdcard/a").unwrap().is_dir());
        let names: Vec<String> = fs
            .list("/sdcard")
            .unwrap()
            .into_iter()
            .map(|(n, _)| n)
            .collect();
        assert!(names.contains(&"a".to_string()) && !names.contains(&"b.txt".to_string()));
        assert_eq!(
            fs.remove("/sdcard/a", false),
            Err(FsError::IsADirectory("/sdcard/a".into()))
        );
        fs.append("/sdcard/a/b.txt", b" there").unwrap();
        fs.patch("/sdcard/a/b.txt", 0, b"HI").unwrap();
        assert_eq!(fs.read("/sdcard/a/b.txt").unwrap(), b"HI there");
        assert!(fs.append("/sdcard/a/none", b"x").is_err());
        fs.remove("/sdcard/a", true).unwrap();
        assert!(fs.stat("/sdcard/a/b.txt").is_none());
    }

    #[test]
    fn writes_beyond_the_capacity_fail_with_no_space() {
        let mut fs = Fs::with_capacity(10);
        fs.write("/sdcard/a", vec![0; 6], 0o644, 0).unwrap();
        let full = Err(FsError::NoSpace("/sdcard/b".into()));
        assert_eq!(fs.write("/sdcard/b", vec![0; 5], 0o644, 0), full);
        // Replacing a file frees its old bytes first.
        fs.write("/sdcard/a", vec![0; 10], 0o644, 0).unwrap();
        assert_eq!(fs.free(), 0);
        assert!(matches!(
            fs.append("/sdcard/a", b"x"),
            Err(FsError::NoSpace(_))
        ));
        assert!(matches!(
            fs.patch("/sdcard/a", usize::MAX, b"x"),
            Err(FsError::NoSpace(_))
        ));
        fs.patch("/sdcard/a", 0, b"xy").unwrap();
    }
}
