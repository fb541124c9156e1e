//! glibc's libm, opened the first time one of its functions is called instead of at every start
//! (issue 16). The binary uses five of them (`expf` and `sinf` in image's blur and resize filters,
//! `sincosf` and `hypotf` in the virtual phone's drawing, `pow` in indicatif's rate estimate) and
//! `solve` none, yet linking them made the loader map libm.so.6 and bind its symbols at every
//! start: on famous (8 puzzles) 5 of its 95 page faults and 34k of its 2,410k instructions. Defining the five
//! here makes the link resolve them without libm (it is linked `--as-needed`), and each definition
//! calls glibc's own function, looked up once with `dlopen`, so results stay bit for bit what
//! they were (the pure-Rust `libm` crate differs from glibc in the last bit on ~1% of inputs).
//!
//! The linker exports the five from the binary (libm, in the link, defines them too), so a library
//! opened later that calls them, libtesseract, reaches glibc's through these as well. That is why
//! the first call opens libm without waiting on any other thread: a thread inside `dlopen` (the
//! loader's lock held) may call one from a library's constructor while another thread is opening
//! libm here, waiting for that lock.
//!
//! A function of libm not defined here brings libm.so.6 back at start; `tests/cli_solve.rs`
//! (`the_binary_loads_no_shared_library_but_libc`) checks that the binary does not load it.

use std::sync::atomic::{AtomicPtr, Ordering};

/// The five functions, as glibc defines them.
struct Libm {
    expf: extern "C" fn(f32) -> f32,
    sinf: extern "C" fn(f32) -> f32,
    sincosf: unsafe extern "C" fn(f32, *mut f32, *mut f32),
    hypotf: extern "C" fn(f32, f32) -> f32,
    pow: extern "C" fn(f64, f64) -> f64,
}

fn libm() -> &'static Libm {
    static LIBM: AtomicPtr<Libm> = AtomicPtr::new(std::ptr::null_mut());
    let known = LIBM.load(Ordering::Acquire);
    if !known.is_null() {
        // SAFETY: a non-null pointer here is a leaked Box, never freed.
        return unsafe { &*known };
    }
    // Threads that race here each open libm (dlopen counts) and the first to store wins; the
    // others' few bytes leak. No thread waits for another.
    let Ok(found) = open() else {
        // A panic cannot unwind out of these `extern "C"` functions; say why before stopping.
        eprintln!(
            "autosudoku: cannot open glibc's libm.so.6 (its math functions); reinstall libc6"
        );
        std::process::abort();
    };
    let fresh = Box::into_raw(Box::new(found));
    match LIBM.compare_exchange(
        std::ptr::null_mut(),
        fresh,
        Ordering::AcqRel,
        Ordering::Acquire,
    ) {
        // SAFETY: `fresh` is leaked from here on.
        Ok(_) => unsafe { &*fresh },
        // SAFETY: as above, for the pointer another thread stored.
        Err(stored) => unsafe { &*stored },
    }
}

fn open() -> Result<Libm, libloading::Error> {
    // SAFETY: libm.so.6 is glibc's own math library (its initialiser only registers it); each
    // symbol is read as the C prototype glibc declares for it.
    unsafe {
        let lib = libloading::Library::new("libm.so.6")?;
        let libm = Libm {
            expf: *lib.get(b"expf\0")?,
            sinf: *lib.get(b"sinf\0")?,
            sincosf: *lib.get(b"sincosf\0")?,
            hypotf: *lib.get(b"hypotf\0")?,
            pow: *lib.get(b"pow\0")?,
        };
        // The function pointers live as long as the process, so the library must too.
        std::mem::forget(lib);
        Ok(libm)
    }
}

// SAFETY (each `no_mangle` below): the signature is glibc's prototype for the name, and with
// libm dropped from the link these are the name's only definitions.
#[unsafe(no_mangle)]
extern "C" fn expf(x: f32) -> f32 {
    (libm().expf)(x)
}

#[unsafe(no_mangle)]
extern "C" fn sinf(x: f32) -> f32 {
    (libm().sinf)(x)
}

/// # Safety
/// `sin` and `cos` are valid for writes, as C's `sincosf` requires.
#[unsafe(no_mangle)]
unsafe extern "C" fn sincosf(x: f32, sin: *mut f32, cos: *mut f32) {
    // SAFETY: the caller's pointers go on unchanged to the function with the same contract.
    unsafe { (libm().sincosf)(x, sin, cos) }
}

#[unsafe(no_mangle)]
extern "C" fn hypotf(x: f32, y: f32) -> f32 {
    (libm().hypotf)(x, y)
}

#[unsafe(no_mangle)]
extern "C" fn pow(x: f64, y: f64) -> f64 {
    (libm().pow)(x, y)
}

#[cfg(test)]
mod tests {
    #[test]
    fn each_function_is_wired_to_libm() {
        use std::hint::black_box;
        assert_eq!(super::expf(black_box(0.0)), 1.0);
        assert_eq!(super::sinf(black_box(0.0)), 0.0);
        assert_eq!(super::hypotf(black_box(3.0), 4.0), 5.0);
        assert_eq!(super::pow(black_box(2.0), 10.0), 1024.0);
        let (mut sin, mut cos) = (f32::NAN, f32::NAN);
        // SAFETY: both pointers are to live locals.
        unsafe { super::sincosf(black_box(0.0), &mut sin, &mut cos) };
        assert_eq!((sin, cos), (0.0, 1.0));
        // Through std, which the linker binds to the definitions above.
        assert_eq!(black_box(0f32).exp(), 1.0);
    }
}
