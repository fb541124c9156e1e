//! The one injector behind every input backend: it turns taps and keys into device commands with
//! an `Encoding` (`input tap`, `sendevent` triples, Monkey lines, `input keyevent` batches), sends
//! them through a `Transport` (a process per command, one long shell session, the Monkey's
//! socket), and owns what all backends share: the pacing of taps, the stats and the command log.
//! Taps arrive in screenshot pixels with the mapping of the screenshot they were read on.

use super::super::error::DeviceError;
use super::super::geometry::{Point, ScreenMap};
use super::command::Command;
use super::encoding::Encoding;
use super::log::{Batch, SentLog};
use super::transport::Transport;
use super::{text_command, Input, InputKind, InputStats, Key, Sent, Stroke};
use std::time::{Duration, Instant};

pub struct Injector {
    kind: InputKind,
    transport: Box<dyn Transport>,
    encoding: Box<dyn Encoding>,
    /// The least time between two taps (`--tap-gap`).
    gap: Duration,
    last_tap: Option<Instant>,
    stats: InputStats,
    /// Round trips made outside the transport (`input text` on its own stream).
    extra_round_trips: usize,
    log: SentLog,
}

impl Injector {
    pub(super) fn new(
        kind: InputKind,
        transport: Box<dyn Transport>,
        encoding: Box<dyn Encoding>,
        gap: Duration,
    ) -> Injector {
        Injector {
            kind,
            transport,
            encoding,
            gap,
            last_tap: None,
            stats: InputStats::default(),
            extra_round_trips: 0,
            log: SentLog::default(),
        }
    }

    /// Sends `commands` and returns how many the phone confirmed (a `Partial` error says how
    /// many before it failed). Paced (`gap` between commands, and since the last tap of an earlier
    /// call): a transport that paces on the phone gets the whole batch and the gap; any other gets
    /// one command at a time, the host waiting out the gap.
    fn send(&mut self, commands: &[Command], paced: bool) -> Result<usize, DeviceError> {
        let gap = if paced { self.gap } else { Duration::ZERO };
        let one_by_one = !gap.is_zero() && !self.transport.paces_on_phone();
        let step = if one_by_one { 1 } else { commands.len().max(1) };
        let mut confirmed = 0;
        for chunk in commands.chunks(step) {
            if let (true, Some(last)) = (paced, self.last_tap) {
                std::thread::sleep(gap.saturating_sub(last.elapsed()));
            }
            let mut batch = Batch::new(&mut self.log, self.kind, chunk);
            let result = self.transport.send(&mut batch, gap);
            if paced {
                self.last_tap = Some(Instant::now());
            }
            match result {
                Ok(n) => confirmed += n,
                Err(e) => {
                    let (done, source) = match e {
                        DeviceError::Partial {
                            confirmed, source, ..
                        } => (confirmed, source),
                        other => (0, Box::new(other)),
                    };
                    return Err(DeviceError::Partial {
                        confirmed: confirmed + done,
                        total: commands.len(),
                        source,
                    });
                }
            }
        }
        Ok(confirmed)
    }

    /// Sends encoded commands (each marked whether it is a tap) in one go, paced when any is a
    /// tap, counts the taps and keys the phone confirmed, and returns how many inputs that was
    /// (a `Partial` error counts inputs too).
    fn deliver(&mut self, commands: Vec<(Command, bool)>) -> Result<usize, DeviceError> {
        let paced = commands.iter().any(|&(_, tap)| tap);
        let (commands, taps): (Vec<Command>, Vec<bool>) = commands.into_iter().unzip();
        let result = self.send(&commands, paced);
        let confirmed = match &result {
            Ok(n) => *n,
            Err(e) => e.confirmed_taps(),
        };
        let (mut inputs, mut tapped) = (0, 0);
        for (command, &tap) in commands.iter().zip(&taps).take(confirmed) {
            inputs += command.inputs;
            tapped += usize::from(tap);
        }
        self.stats.taps += tapped;
        self.stats.keys += inputs - tapped;
        self.count_round_trips();
        result.map(|_| inputs).map_err(|e| match e {
            DeviceError::Partial { source, .. } => DeviceError::Partial {
                confirmed: inputs,
                total: commands.iter().map(|c| c.inputs).sum(),
                source,
            },
            other => other,
        })
    }

    fn count_round_trips(&mut self) {
        self.stats.round_trips = self.transport.round_trips() + self.extra_round_trips;
    }
}

impl Input for Injector {
    fn kind(&self) -> InputKind {
        self.kind
    }

    fn taps(&mut self, map: &ScreenMap, points: &[Point]) -> Result<usize, DeviceError> {
        let strokes: Vec<Stroke> = points.iter().map(|&p| Stroke::Tap(p)).collect();
        self.strokes(map, &strokes)
    }

    fn keys(&mut self, keys: &[Key]) -> Result<(), DeviceError> {
        let commands = self.encoding.keys(keys).into_iter().map(|c| (c, false));
        self.deliver(commands.collect()).map(drop)
    }

    fn strokes(&mut self, map: &ScreenMap, strokes: &[Stroke]) -> Result<usize, DeviceError> {
        let mut commands = Vec::with_capacity(strokes.len());
        for run in strokes.chunk_by(|a, b| matches!((a, b), (Stroke::Key(_), Stroke::Key(_)))) {
            if let Stroke::Tap(p) = run[0] {
                commands.push((self.encoding.tap(map, p)?, true));
            } else {
                let keys: Vec<Key> = run.iter().filter_map(Stroke::key).collect();
                commands.extend(self.encoding.keys(&keys).into_iter().map(|c| (c, false)));
            }
        }
        self.deliver(commands)
    }

    fn text(&mut self, text: &str) -> Result<(), DeviceError> {
        // One quoted `input text` on its own stream for every transport: the Monkey's `type`
        // splits its line on spaces, and text is rare enough not to need a session.
        self.extra_round_trips += 1;
        self.count_round_trips();
        let command = text_command(text, self.encoding.display())?;
        super::run_input(self.transport.device(), &command)
    }

    fn stats(&self) -> InputStats {
        self.stats
    }

    fn keep_log(&mut self, on: bool) {
        self.log.set(on);
    }

    fn take_sent(&mut self) -> Vec<Sent> {
        self.log.take()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::device::geometry::{Rotation, Size};
    use crate::device::input::encoding::InputCommands;
    use std::sync::{Arc, Mutex};

    /// A transport that confirms the first `works` commands it is given, then fails, and records
    /// how commands were grouped into sends.
    struct Fake {
        works: usize,
        sends: Arc<Mutex<Vec<usize>>>,
        round_trips: usize,
        paces: bool,
    }

    impl Transport for Fake {
        fn send(&mut self, batch: &mut Batch, _gap: Duration) -> Result<usize, DeviceError> {
            self.sends.lock().unwrap().push(batch.len());
            self.round_trips += 1;
            for i in 0..batch.len() {
                batch.written(i, self.round_trips);
                if self.works == 0 {
                    return Err(DeviceError::Partial {
                        confirmed: i,
                        total: batch.len(),
                        source: Box::new(DeviceError::Lost {
                            serial: "fake".into(),
                            doing: "a test".into(),
                            reason: "cut".into(),
                        }),
                    });
                }
                self.works -= 1;
                batch.confirmed(i + 1);
            }
            Ok(batch.len())
        }
        fn paces_on_phone(&self) -> bool {
            self.paces
        }
        fn round_trips(&self) -> usize {
            self.round_trips
        }
        fn device(&mut self) -> &mut dyn crate::device::Device {
            panic!("the fake transport has no device")
        }
    }

    fn injector(works: usize, paces: bool, gap: Duration) -> (Injector, Arc<Mutex<Vec<usize>>>) {
        let sends = Arc::new(Mutex::new(Vec::new()));
        let fake = Fake {
            works,
            sends: sends.clone(),
            round_trips: 0,
            paces,
        };
        let encoding = Box::new(InputCommands::on(0));
        let injector = Injector::new(InputKind::Shell, Box::new(fake), encoding, gap);
        (injector, sends)
    }

    const MAP: ScreenMap = ScreenMap {
        screenshot: Size::new(100, 100),
        display: Size::new(100, 100),
        rotation: Rotation::R0,
    };

    #[test]
    fn a_cut_batch_counts_and_logs_exactly_the_confirmed_taps() {
        let (mut input, sends) = injector(3, true, Duration::ZERO);
        input.keep_log(true);
        let points = [Point::new(1, 1); 5];
        let err = input.taps(&MAP, &points).unwrap_err();
        assert_eq!(err.confirmed_taps(), 3);
        assert_eq!(input.stats().taps, 3);
        assert_eq!(*sends.lock().unwrap(), [5], "no gap: one send");
        let sent = input.take_sent();
        // The fourth went out and was never confirmed; the fifth was never sent.
        assert_eq!(sent.len(), 4);
        assert_eq!(sent.iter().filter(|s| s.confirmed_at.is_some()).count(), 3);
        assert_eq!(&*sent[0].command, "input tap 1 1");
    }

    #[test]
    fn taps_and_keys_go_in_one_send_and_a_cut_counts_inputs() {
        let (mut input, sends) = injector(9, true, Duration::ZERO);
        let cell = Stroke::Tap(Point::new(1, 1));
        let keys = [Stroke::Key(Key::DEL), Stroke::Key(Key::BACK)];
        let strokes = [cell, keys[0], keys[1], cell];
        assert_eq!(input.strokes(&MAP, &strokes).unwrap(), 4);
        // The two keys share one `input keyevent`: three commands, one send.
        assert_eq!(*sends.lock().unwrap(), [3]);
        assert_eq!((input.stats().taps, input.stats().keys), (2, 2));
        // Cut after the tap and the key command: three inputs of four confirmed.
        let (mut cut, _) = injector(2, true, Duration::ZERO);
        let err = cut.strokes(&MAP, &strokes).unwrap_err();
        assert_eq!(err.confirmed_taps(), 3);
        assert!(err.to_string().contains("3 of 4 inputs"), "{err}");
        assert_eq!((cut.stats().taps, cut.stats().keys), (1, 2));
    }

    #[test]
    fn a_gap_is_waited_out_on_the_host_unless_the_transport_paces() {
        let gap = Duration::from_millis(30);
        let (mut host, sends) = injector(9, false, gap);
        let start = Instant::now();
        assert_eq!(host.taps(&MAP, &[Point::new(1, 1); 3]).unwrap(), 3);
        assert!(start.elapsed() >= gap * 2, "{:?}", start.elapsed());
        assert_eq!(*sends.lock().unwrap(), [1, 1, 1]);
        assert_eq!(host.stats().round_trips, 3);
        let (mut phone, sends) = injector(9, true, gap);
        assert_eq!(phone.taps(&MAP, &[Point::new(1, 1); 3]).unwrap(), 3);
        assert_eq!(*sends.lock().unwrap(), [3]);
        phone.keys(&[Key::DEL, Key::BACK]).unwrap();
        assert_eq!((phone.stats().keys, phone.stats().taps), (2, 3));
    }
}
