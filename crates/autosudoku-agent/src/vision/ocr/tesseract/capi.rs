//! libtesseract's C API (`tesseract/capi.h`), opened at run time on the first read of a screen and
//! kept for the rest of the process: linking it at build time cost every start of the binary
//! (`autosudoku solve` included) about 13 ms of CPU, so only the commands that read a screen
//! open it (docs/notes/vision.md, "Tesseract opened at run time"). Only the calls the wrapper
//! makes are bound; all the `unsafe` of OCR lives here, behind `BaseApi`'s safe methods.

use image::GrayImage;
use libloading::Library;
use std::ffi::{c_char, c_int, c_void, CStr};
use std::ptr::NonNull;
use std::sync::OnceLock;

/// The library's names, most wanted first: the soname of Tesseract 5 (whose C API we call), then
/// 4's (the same calls and the same page-segmentation numbers), then the unversioned development
/// link, in the places each platform's packages put them.
#[cfg(target_os = "macos")]
const CANDIDATES: &[&str] = &[
    "libtesseract.5.dylib",
    "/opt/homebrew/lib/libtesseract.5.dylib",
    "/usr/local/lib/libtesseract.5.dylib",
    "/opt/local/lib/libtesseract.5.dylib",
    "libtesseract.4.dylib",
    "libtesseract.dylib",
    "/opt/homebrew/lib/libtesseract.dylib",
];
#[cfg(not(target_os = "macos"))]
const CANDIDATES: &[&str] = &["libtesseract.so.5", "libtesseract.so.4", "libtesseract.so"];

/// The major versions whose C API matches the signatures below.
const MAJORS: [u32; 2] = [4, 5];

/// What to install when the library is missing or too old. (`tesseract-ocr` brings the
/// libtesseract of its Debian or Ubuntu release, 4 or 5, and the English data.)
pub const INSTALL: &str = "install Tesseract and its English data (Debian/Ubuntu: `apt install libtesseract5 tesseract-ocr-eng`, or `apt install tesseract-ocr`; Fedora: `dnf install tesseract tesseract-langpack-eng`; macOS: `brew install tesseract`)";

type Handle = *mut c_void;

/// The entry points, copied out of the library (which is never closed, so they stay valid).
struct Api {
    version: String,
    file: &'static str,
    create: unsafe extern "C" fn() -> Handle,
    delete: unsafe extern "C" fn(Handle),
    init3: unsafe extern "C" fn(Handle, *const c_char, *const c_char) -> c_int,
    set_variable: unsafe extern "C" fn(Handle, *const c_char, *const c_char) -> c_int,
    set_page_seg_mode: unsafe extern "C" fn(Handle, c_int),
    set_image: unsafe extern "C" fn(Handle, *const u8, c_int, c_int, c_int, c_int),
    set_source_resolution: unsafe extern "C" fn(Handle, c_int),
    recognize: unsafe extern "C" fn(Handle, *mut c_void) -> c_int,
    get_utf8_text: unsafe extern "C" fn(Handle) -> *mut c_char,
    get_tsv_text: unsafe extern "C" fn(Handle, c_int) -> *mut c_char,
    mean_text_conf: unsafe extern "C" fn(Handle) -> c_int,
    delete_text: unsafe extern "C" fn(*const c_char),
}

/// Which library was opened: its file name as asked of the loader and its `TessVersion()`.
#[derive(Debug, Clone, Copy)]
pub struct Loaded {
    pub file: &'static str,
    pub version: &'static str,
}

/// The library, opened once per process; the reason it could not be, kept likewise.
fn api() -> Result<&'static Api, String> {
    static API: OnceLock<Result<Api, String>> = OnceLock::new();
    API.get_or_init(|| open(CANDIDATES))
        .as_ref()
        .map_err(Clone::clone)
}

/// Opens libtesseract (see `CANDIDATES`) and checks its version: `Err` says what was tried and
/// what was wrong (`INSTALL` says what to do about it).
pub fn load() -> Result<Loaded, String> {
    let api = api()?;
    Ok(Loaded {
        file: api.file,
        version: &api.version,
    })
}

fn open(candidates: &[&'static str]) -> Result<Api, String> {
    let mut reasons = Vec::new();
    for &file in candidates {
        // SAFETY: libtesseract's initialisers only set up its own globals.
        match unsafe { Library::new(file) } {
            Ok(lib) => return bind(lib, file),
            // The loader's message names the file and what was wrong with it.
            Err(e) => reasons.push(e.to_string()),
        }
    }
    Err(format!(
        "libtesseract could not be opened: {}",
        reasons.join("; ")
    ))
}

/// Reads the version, refuses one whose C API differs, and copies the entry points.
fn bind(lib: Library, file: &'static str) -> Result<Api, String> {
    let missing = |e: libloading::Error| {
        format!("{file} lacks a function autosudoku calls ({e}): it is not a usable libtesseract")
    };
    // SAFETY: each name is looked up with the signature capi.h declares for it (Tesseract 4 and 5).
    unsafe {
        let version_fn = *lib
            .get::<unsafe extern "C" fn() -> *const c_char>(b"TessVersion\0")
            .map_err(missing)?;
        let raw = version_fn();
        if raw.is_null() {
            return Err(format!("{file} reports no version"));
        }
        let version = CStr::from_ptr(raw).to_string_lossy().into_owned();
        if !supported(&version) {
            return Err(format!(
                "{file} is Tesseract {version}; autosudoku needs Tesseract 4 or 5"
            ));
        }
        macro_rules! bind {
            ($name:literal) => {
                *lib.get(concat!($name, "\0").as_bytes()).map_err(missing)?
            };
        }
        let api = Api {
            create: bind!("TessBaseAPICreate"),
            delete: bind!("TessBaseAPIDelete"),
            init3: bind!("TessBaseAPIInit3"),
            set_variable: bind!("TessBaseAPISetVariable"),
            set_page_seg_mode: bind!("TessBaseAPISetPageSegMode"),
            set_image: bind!("TessBaseAPISetImage"),
            set_source_resolution: bind!("TessBaseAPISetSourceResolution"),
            recognize: bind!("TessBaseAPIRecognize"),
            get_utf8_text: bind!("TessBaseAPIGetUTF8Text"),
            get_tsv_text: bind!("TessBaseAPIGetTsvText"),
            mean_text_conf: bind!("TessBaseAPIMeanTextConf"),
            delete_text: bind!("TessDeleteText"),
            version,
            file,
        };
        // Never closed: the entry points above must outlive every engine, and unloading a C++
        // library with live static objects is not safe anyway.
        std::mem::forget(lib);
        Ok(api)
    }
}

/// Whether `TessVersion()`'s answer ("5.3.0", "4.1.1", "5.0.0-alpha-20201231") is a major
/// version whose C API we bind.
fn supported(version: &str) -> bool {
    let major = version
        .split(['.', '-'])
        .next()
        .and_then(|m| m.parse::<u32>().ok());
    major.is_some_and(|m| MAJORS.contains(&m))
}

/// One `TessBaseAPI` instance.
pub struct BaseApi {
    handle: NonNull<c_void>,
    api: &'static Api,
}

// SAFETY: a TessBaseAPI may move between threads; it is only ever used by its owner (`&mut`).
unsafe impl Send for BaseApi {}

impl BaseApi {
    /// A new instance, opening the library first if this is the process's first; `Err` names
    /// the package to install.
    pub fn create() -> Result<BaseApi, String> {
        let api = api().map_err(|e| format!("{e}; {INSTALL}"))?;
        // SAFETY: TessBaseAPICreate takes nothing; a null answer is refused below.
        let handle = unsafe { (api.create)() };
        let handle = NonNull::new(handle).ok_or("TessBaseAPICreate failed (out of memory?)")?;
        Ok(BaseApi { handle, api })
    }

    /// Loads `language` from the system's tessdata (or `TESSDATA_PREFIX`); false if it could not.
    pub fn init(&mut self, language: &CStr) -> bool {
        // SAFETY: a live handle; a null datapath asks for the default one.
        unsafe { (self.api.init3)(self.handle.as_ptr(), std::ptr::null(), language.as_ptr()) == 0 }
    }

    /// False when Tesseract does not know the variable or refused the value.
    pub fn set_variable(&mut self, name: &CStr, value: &CStr) -> bool {
        // SAFETY: a live handle and two NUL-terminated strings Tesseract copies.
        unsafe { (self.api.set_variable)(self.handle.as_ptr(), name.as_ptr(), value.as_ptr()) != 0 }
    }

    /// `mode` is a `TessPageSegMode` number.
    pub fn set_page_seg_mode(&mut self, mode: c_int) {
        // SAFETY: a live handle; Tesseract stores the number.
        unsafe { (self.api.set_page_seg_mode)(self.handle.as_ptr(), mode) }
    }

    /// The page to read next (Tesseract copies the pixels); false for an empty or oversized one.
    pub fn set_image(&mut self, page: &GrayImage) -> bool {
        let (Ok(w), Ok(h)) = (
            c_int::try_from(page.width()),
            c_int::try_from(page.height()),
        ) else {
            return false;
        };
        if w == 0 || h == 0 {
            return false;
        }
        // SAFETY: a live handle; a GrayImage holds exactly w*h bytes, one per pixel, rows of w.
        unsafe { (self.api.set_image)(self.handle.as_ptr(), page.as_raw().as_ptr(), w, h, 1, w) };
        true
    }

    pub fn set_source_resolution(&mut self, ppi: c_int) {
        // SAFETY: a live handle; Tesseract stores the number.
        unsafe { (self.api.set_source_resolution)(self.handle.as_ptr(), ppi) }
    }

    /// Runs recognition on the page set; false when Tesseract failed.
    pub fn recognize(&mut self) -> bool {
        // SAFETY: a live handle; a null monitor means no progress callback or timeout.
        unsafe { (self.api.recognize)(self.handle.as_ptr(), std::ptr::null_mut()) == 0 }
    }

    /// The recognized text.
    pub fn utf8_text(&mut self) -> Option<String> {
        // SAFETY: a live handle; the answer is ours to free, which `take_text` does.
        unsafe { self.take_text((self.api.get_utf8_text)(self.handle.as_ptr())) }
    }

    /// The recognized words with their boxes, as TSV rows (`page` numbers the first column).
    pub fn tsv_text(&mut self, page: c_int) -> Option<String> {
        // SAFETY: as for `utf8_text`.
        unsafe { self.take_text((self.api.get_tsv_text)(self.handle.as_ptr(), page)) }
    }

    /// Mean confidence of the recognized words, 0..100.
    pub fn mean_text_conf(&mut self) -> c_int {
        // SAFETY: a live handle.
        unsafe { (self.api.mean_text_conf)(self.handle.as_ptr()) }
    }

    /// Copies a string Tesseract allocated and frees it with Tesseract's own `TessDeleteText`.
    unsafe fn take_text(&self, text: *mut c_char) -> Option<String> {
        if text.is_null() {
            return None;
        }
        let owned = CStr::from_ptr(text).to_string_lossy().into_owned();
        (self.api.delete_text)(text);
        Some(owned)
    }
}

impl Drop for BaseApi {
    fn drop(&mut self) {
        // SAFETY: the handle came from TessBaseAPICreate and is deleted once, here.
        unsafe { (self.api.delete)(self.handle.as_ptr()) }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tesseract_4_and_5_are_bound_and_others_refused() {
        for v in ["5.3.0", "4.1.1", "5.0.0-alpha-20201231", "5"] {
            assert!(supported(v), "{v}");
        }
        for v in ["3.05.02", "6.0.0", "", "v5.3", "unknown"] {
            assert!(!supported(v), "{v}");
        }
    }

    #[test]
    fn a_missing_library_names_what_was_tried() {
        let names = ["libtesseract-absent.so.5", "libtesseract-absent.so"];
        let err = open(&names).err().expect("no such library");
        assert!(
            err.starts_with("libtesseract could not be opened: "),
            "{err}"
        );
        for name in names {
            assert!(err.contains(name), "{err}");
        }
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_library_without_the_api_is_refused() {
        // libc opens fine but has no TessVersion.
        let err = open(&["libc.so.6"]).err().expect("not libtesseract");
        assert!(
            err.contains("libc.so.6 lacks a function autosudoku calls"),
            "{err}"
        );
    }
}
