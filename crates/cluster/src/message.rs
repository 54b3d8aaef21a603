//! The messages between the coordinator and its workers, and their bytes
//! on the wire (little-endian, one tag byte first).
//!
//! Tiers travel as their position in the build's plan ([`crate::Plan`]),
//! which every process computes from the same arguments; the processes
//! compare the plan's fingerprint before the first job.

use std::time::Duration;

use thiserror::Error;

/// From the coordinator to a worker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Job {
    /// Build the tier at this position of the plan (its successors are
    /// all finished).
    Build(u32),
    /// No more work: leave.
    Stop,
}

/// What a worker did with a tier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TierDone {
    /// The tier's position in the plan.
    pub tier: u32,
    /// Whether a valid file was already there (and reused).
    pub skipped: bool,
    /// Why a damaged file of the tier was replaced, if one was.
    pub replaced: Option<String>,
    /// Time spent solving and writing (zero when reused).
    pub elapsed: Duration,
    /// Size of the tier's file in bytes.
    pub file_bytes: u64,
    /// The worker's whole time on the job: reading successors, checking
    /// an existing file, solving, writing.
    pub busy: Duration,
}

/// From a worker to the coordinator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Report {
    /// The tier's file is written (or a valid one was there).
    Done(TierDone),
    /// The tier could not be built.
    Failed {
        /// The tier's position in the plan.
        tier: u32,
        /// Why, with every cause.
        message: String,
    },
}

/// Why bytes are no message.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MessageError {
    /// The message ends early.
    #[error("a message of {0} bytes ends early")]
    Truncated(usize),
    /// The first byte is no known kind of message.
    #[error("unknown message kind {0}")]
    UnknownKind(u8),
    /// Bytes are left over after the message.
    #[error("{0} bytes left over after a message")]
    TrailingBytes(usize),
    /// A text field is not UTF-8.
    #[error("a text field of a message is not UTF-8")]
    NotUtf8,
}

const BUILD: u8 = 1;
const STOP: u8 = 2;
const DONE: u8 = 3;
const FAILED: u8 = 4;

impl Job {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        match self {
            Job::Build(tier) => [&[BUILD][..], &tier.to_le_bytes()].concat(),
            Job::Stop => vec![STOP],
        }
    }

    /// The message in `bytes`.
    pub fn decode(bytes: &[u8]) -> Result<Job, MessageError> {
        let mut reader = Reader::new(bytes);
        let job = match reader.u8()? {
            BUILD => Job::Build(reader.u32()?),
            STOP => Job::Stop,
            kind => return Err(MessageError::UnknownKind(kind)),
        };
        reader.finish()?;
        Ok(job)
    }
}

impl Report {
    /// The message's bytes.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::new();
        match self {
            Report::Done(done) => {
                out.push(DONE);
                out.extend(done.tier.to_le_bytes());
                out.push(u8::from(done.skipped));
                put_duration(&mut out, done.elapsed);
                out.extend(done.file_bytes.to_le_bytes());
                put_duration(&mut out, done.busy);
                match &done.replaced {
                    None => out.push(0),
                    Some(why) => {
                        out.push(1);
                        put_text(&mut out, why);
                    }
                }
            }
            Report::Failed { tier, message } => {
                out.push(FAILED);
                out.extend(tier.to_le_bytes());
                put_text(&mut out, message);
            }
        }
        out
    }

    /// The message in `bytes`.
    pub fn decode(bytes: &[u8]) -> Result<Report, MessageError> {
        let mut reader = Reader::new(bytes);
        let report = match reader.u8()? {
            DONE => Report::Done(TierDone {
                tier: reader.u32()?,
                skipped: reader.u8()? != 0,
                elapsed: reader.duration()?,
                file_bytes: reader.u64()?,
                busy: reader.duration()?,
                replaced: match reader.u8()? {
                    0 => None,
                    _ => Some(reader.text()?),
                },
            }),
            FAILED => Report::Failed {
                tier: reader.u32()?,
                message: reader.text()?,
            },
            kind => return Err(MessageError::UnknownKind(kind)),
        };
        reader.finish()?;
        Ok(report)
    }
}

fn put_duration(out: &mut Vec<u8>, duration: Duration) {
    let nanos = u64::try_from(duration.as_nanos()).unwrap_or(u64::MAX);
    out.extend(nanos.to_le_bytes());
}

fn put_text(out: &mut Vec<u8>, text: &str) {
    let len = u32::try_from(text.len()).unwrap_or(u32::MAX);
    out.extend(len.to_le_bytes());
    out.extend(&text.as_bytes()[..len as usize]);
}

/// Reads fields off the front of a message.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Reader { bytes, at: 0 }
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], MessageError> {
        let end = self
            .at
            .checked_add(n)
            .filter(|&end| end <= self.bytes.len())
            .ok_or(MessageError::Truncated(self.bytes.len()))?;
        let field = &self.bytes[self.at..end];
        self.at = end;
        Ok(field)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], MessageError> {
        let mut field = [0; N];
        field.copy_from_slice(self.take(N)?);
        Ok(field)
    }

    fn u8(&mut self) -> Result<u8, MessageError> {
        Ok(self.array::<1>()?[0])
    }

    fn u32(&mut self) -> Result<u32, MessageError> {
        Ok(u32::from_le_bytes(self.array()?))
    }

    fn u64(&mut self) -> Result<u64, MessageError> {
        Ok(u64::from_le_bytes(self.array()?))
    }

    fn duration(&mut self) -> Result<Duration, MessageError> {
        Ok(Duration::from_nanos(self.u64()?))
    }

    fn text(&mut self) -> Result<String, MessageError> {
        let len = self.u32()? as usize;
        let bytes = self.take(len)?;
        String::from_utf8(bytes.to_vec()).map_err(|_| MessageError::NotUtf8)
    }

    fn finish(&self) -> Result<(), MessageError> {
        match self.bytes.len() - self.at {
            0 => Ok(()),
            left => Err(MessageError::TrailingBytes(left)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn done(replaced: Option<&str>) -> Report {
        Report::Done(TierDone {
            tier: 7,
            skipped: replaced.is_none(),
            replaced: replaced.map(str::to_string),
            elapsed: Duration::from_micros(1234),
            file_bytes: 99,
            busy: Duration::from_millis(2),
        })
    }

    #[test]
    fn every_message_round_trips() {
        for job in [Job::Build(0), Job::Build(u32::MAX), Job::Stop] {
            assert_eq!(Job::decode(&job.encode()), Ok(job));
        }
        let failed = Report::Failed {
            tier: 3,
            message: "disk full: écrit".into(),
        };
        for report in [done(None), done(Some("cut short")), failed] {
            assert_eq!(Report::decode(&report.encode()), Ok(report));
        }
    }

    #[test]
    fn damaged_messages_are_refused() {
        let bytes = done(Some("why")).encode();
        for cut in 0..bytes.len() {
            assert!(Report::decode(&bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = Job::Build(1).encode();
        longer.push(0);
        assert_eq!(Job::decode(&longer), Err(MessageError::TrailingBytes(1)));
        assert_eq!(Job::decode(&[9]), Err(MessageError::UnknownKind(9)));
        assert_eq!(
            Report::decode(&[STOP]),
            Err(MessageError::UnknownKind(STOP))
        );
        let mut bad_text = Report::Failed {
            tier: 0,
            message: "ab".into(),
        }
        .encode();
        let last = bad_text.len() - 1;
        bad_text[last] = 0xff;
        assert_eq!(Report::decode(&bad_text), Err(MessageError::NotUtf8));
    }
}
