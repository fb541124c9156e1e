//! What became of one puzzle: solved, unsolvable, invalid or given up, with the counts a request
//! asked for; its error line, its notes for a person and its JSON object.

use super::solvable::{Count, Solvable};
use super::Request;
use crate::solve::{Outcome, Report, Strategy};
use crate::sudoku::Board;
use serde_json::{json, Value};

/// How one puzzle ended; `S` is its solution's type (a classic board, a variant grid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status<S = Board> {
    Solved(S),
    Unsolvable,
    /// The reason; `numbered` when it already names the line (a line of the wrong length).
    Invalid {
        msg: String,
        numbered: bool,
    },
    GaveUp(u64),
    /// Counting (`--count-solutions`) found more than one solution: not an answer.
    Ambiguous,
}

/// The exit code the binary gives a puzzle that was not solved (its README's table: a failure),
/// carried in that puzzle's JSON `error` so that a script reading one object knows it.
pub const FAILED_EXIT: i32 = 1;

/// One puzzle's result; `P` is the puzzle's type (a classic board, a variant puzzle).
#[derive(Debug, Clone)]
pub struct Record<P: Solvable = Board> {
    pub status: Status<P::Solution>,
    /// Placements and removals of the traced search that solved it.
    pub counts: Option<(u64, u64)>,
    pub solutions: Option<Count<P::Solution>>,
    pub steps: Vec<(Strategy, Report<P::Solution>)>,
}

impl<P: Solvable> Record<P> {
    /// A puzzle that could not be read, or whose givens break the rules.
    pub fn invalid(msg: String, numbered: bool) -> Record<P> {
        Record {
            status: Status::Invalid { msg, numbered },
            counts: None,
            solutions: None,
            steps: Vec::new(),
        }
    }

    /// The record for givens that break the rules, naming the conflicts; `None` if they keep them.
    pub fn broken_rules(board: &P) -> Option<Record<P>> {
        let broken = board.broken_rules()?;
        Some(Self::invalid(format!("invalid puzzle: {broken}"), false))
    }

    /// `board` solved as `request` asks (a traced search only counted, not written anywhere).
    pub fn solve(board: &P, request: &Request) -> Record<P> {
        // The fast solver finds no solution for givens that break the rules, so it validates only
        // to explain a failure: checking every line first cost as much as solving an easy puzzle.
        // The traced searches check first, so that no trace is written for such givens.
        if request.traced.is_some() || request.steps {
            if let Some(record) = Record::broken_rules(board) {
                return record;
            }
        }
        if let Some(strategy) = request.traced {
            let report = board.count_steps(strategy, request.max_steps);
            return Record::traced(board, request, report);
        }
        let solutions = count(board, request);
        let status = match fast_answer(board, &solutions) {
            Some(solution) => Status::Solved(solution),
            None => match Record::broken_rules(board) {
                Some(record) => return record,
                None => Status::Unsolvable,
            },
        };
        Record {
            status,
            counts: None,
            solutions,
            steps: step_counts(board, request),
        }
        .judged()
    }

    /// `board` as `request` asks, solved by the traced search that gave `report` (run by the
    /// caller, which may have written its steps somewhere; its givens checked first).
    pub fn traced(board: &P, request: &Request, report: Report<P::Solution>) -> Record<P> {
        Record {
            status: traced_status(&report),
            counts: Some((report.placements, report.removals)),
            solutions: count(board, request),
            steps: step_counts(board, request),
        }
        .judged()
    }

    /// A solution found among several is no answer: the puzzle is ambiguous, not solved.
    fn judged(mut self) -> Record<P> {
        if matches!(self.solutions, Some(Count::Many)) {
            self.status = Status::Ambiguous;
        }
        self
    }

    /// The error line for a puzzle that was not solved.
    pub fn failure(&self) -> Option<String> {
        match &self.status {
            Status::Solved(_) => None,
            Status::Unsolvable => Some("the puzzle has no solution".into()),
            Status::Invalid { msg, .. } => Some(msg.clone()),
            Status::GaveUp(n) => Some(format!(
                "gave up after {n} steps (raise --max-steps, or use --strategy fast)"
            )),
            Status::Ambiguous => Some("the puzzle has more than one solution".into()),
        }
    }

    /// Lines for a person: how the traced search went, the solution count, the step counts.
    pub fn notes(&self, traced: Option<Strategy>) -> Vec<String> {
        let mut notes = Vec::new();
        if let (Some((p, r)), Some(s), Status::Solved(_)) = (self.counts, traced, &self.status) {
            notes.push(format!(
                "solved by {} backtracking: {p} placements, {r} removals ({} steps)",
                s.name(),
                p + r
            ));
        }
        match &self.solutions {
            Some(Count::Zero) => notes.push("solutions: 0".into()),
            Some(Count::One(_)) => notes.push("solutions: exactly 1".into()),
            Some(Count::Many) => notes.push("solutions: more than one".into()),
            None => {}
        }
        for (s, report) in &self.steps {
            notes.push(format!("{:>5}: {}", s.name(), report_text(report)));
        }
        notes
    }

    /// The record as one JSON object: the puzzle (as given), its line number when from a file,
    /// the status, what the request asked for and, when not solved, `error` (kind, message and
    /// exit code, as every command's failed result carries it).
    pub fn to_json(&self, line: Option<usize>, puzzle: &str) -> Value {
        let mut v = json!({ "puzzle": puzzle });
        if let Some(n) = line {
            v["line"] = json!(n);
        }
        let (status, detail) = match &self.status {
            Status::Solved(b) => ("solved", json!({ "solution": P::line(b) })),
            Status::Unsolvable => ("unsolvable", json!({})),
            Status::Invalid { .. } => ("invalid", json!({})),
            // Not `steps`, which holds the step counts `--steps` asks for.
            Status::GaveUp(n) => ("gave_up", json!({ "gave_up_after": n })),
            Status::Ambiguous => ("ambiguous", json!({})),
        };
        v["status"] = json!(status);
        for (k, val) in detail.as_object().into_iter().flatten() {
            v[k.as_str()] = val.clone();
        }
        if let Some((p, r)) = self.counts {
            v["placements"] = json!(p);
            v["removals"] = json!(r);
        }
        if let Some(s) = &self.solutions {
            v["solutions"] = json!(match s {
                Count::Zero => "zero",
                Count::One(_) => "one",
                Count::Many => "many",
            });
        }
        for (s, report) in &self.steps {
            v["steps"][s.name()] = step_json(report);
        }
        if let Some(message) = self.failure() {
            v["error"] = json!({ "kind": "failure", "message": message, "exit": FAILED_EXIT });
        }
        v
    }
}

/// The solution count, when the request asks for it.
fn count<P: Solvable>(board: &P, request: &Request) -> Option<Count<P::Solution>> {
    request.count_solutions.then(|| board.count())
}

/// The fast solver's answer, taken from the count when one was made.
fn fast_answer<P: Solvable>(
    board: &P,
    solutions: &Option<Count<P::Solution>>,
) -> Option<P::Solution> {
    match solutions {
        Some(Count::One(b)) => Some(b.clone()),
        Some(Count::Zero) => None,
        _ => board.solve_fast(),
    }
}

fn traced_status<S: Clone>(report: &Report<S>) -> Status<S> {
    match &report.outcome {
        Outcome::Solved(b) => Status::Solved(b.clone()),
        Outcome::Unsolvable => Status::Unsolvable,
        Outcome::GaveUp { steps } | Outcome::Stopped { steps } => Status::GaveUp(*steps),
    }
}

/// Both traced searches' step counts, when the request asks for them.
fn step_counts<P: Solvable>(board: &P, request: &Request) -> Vec<(Strategy, Report<P::Solution>)> {
    if !request.steps {
        return Vec::new();
    }
    [Strategy::Naive, Strategy::Mrv]
        .into_iter()
        .map(|s| (s, board.count_steps(s, request.max_steps)))
        .collect()
}

fn step_json<S>(report: &Report<S>) -> Value {
    let outcome = match report.outcome {
        Outcome::Solved(_) => "solved",
        Outcome::Unsolvable => "unsolvable",
        Outcome::GaveUp { .. } | Outcome::Stopped { .. } => "gave_up",
    };
    json!({
        "outcome": outcome,
        "placements": report.placements,
        "removals": report.removals,
    })
}

fn report_text<S>(report: &Report<S>) -> String {
    match report.outcome {
        Outcome::GaveUp { steps } => format!("gave up after {steps} steps"),
        Outcome::Unsolvable => format!(
            "no solution after {} placements, {} removals",
            report.placements, report.removals
        ),
        _ => format!(
            "{} placements, {} removals ({} steps)",
            report.placements,
            report.removals,
            report.steps()
        ),
    }
}
