//! The one way vision spreads work over threads: two jobs at once, or a map over two halves.

/// `items.iter().map(f)` on two threads, results in order: the per-cell and per-mark work of a
/// read is independent, and the target phones and hosts have at least two cores.
pub(crate) fn map_halves<T: Sync, R: Send>(items: &[T], f: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let (a, b) = items.split_at(items.len() / 2);
    std::thread::scope(|s| {
        let second = s.spawn(|| b.iter().map(&f).collect::<Vec<R>>());
        let mut out: Vec<R> = a.iter().map(&f).collect();
        out.extend(
            second
                .join()
                .unwrap_or_else(|e| std::panic::resume_unwind(e)),
        );
        out
    })
}

/// `a` and `b` at once, `b` on a second thread.
pub(crate) fn join<A: Send, B: Send>(
    a: impl FnOnce() -> A + Send,
    b: impl FnOnce() -> B + Send,
) -> (A, B) {
    std::thread::scope(|s| {
        let second = s.spawn(b);
        let first = a();
        let second = second
            .join()
            .unwrap_or_else(|e| std::panic::resume_unwind(e));
        (first, second)
    })
}
