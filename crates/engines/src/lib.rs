//! TEMPORARY SHIM of the facade contract, for the web front end's development only.
#![allow(missing_docs, clippy::all)]
use std::any::Any;
use std::path::Path;
use std::str::FromStr;
use std::sync::OnceLock;

use gamesolver_core::{Game, Outcome, Player, Wdl};
use gamesolver_games::{jungle, tictactoe, uttt};
use gamesolver_search::StopFlag;

#[derive(Debug, thiserror::Error)]
pub enum FacadeError {
    #[error("unknown game {name:?}; known: {}", known.join(", "))]
    UnknownGame {
        name: String,
        known: Vec<&'static str>,
    },
    #[error("unknown rules {rules:?} for {game}; known: {}", known.join(", "))]
    UnknownRules {
        game: &'static str,
        rules: String,
        known: Vec<&'static str>,
    },
    #[error("bad position: {0}")]
    BadPosition(String),
    #[error("illegal move {mv:?} in {position}: {reason}")]
    IllegalMove {
        mv: String,
        position: String,
        reason: String,
    },
    #[error("bad action {action}: {reason}")]
    BadAction { action: u32, reason: String },
    #[error("{game} has no {what}")]
    Unsupported {
        game: &'static str,
        what: &'static str,
    },
    #[error("bad limit: {0}")]
    BadLimit(String),
    #[error("tablebase: {0}")]
    Tablebase(String),
    #[error("io: {0}")]
    Io(String),
}

#[derive(Clone, Copy, Debug, serde::Serialize)]
pub struct Capabilities {
    pub solved_table: bool,
    pub tablebase: bool,
    pub search: bool,
    pub mdp: bool,
    pub perft: bool,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct GameInfo {
    pub name: &'static str,
    pub aliases: &'static [&'static str],
    pub title: &'static str,
    pub rules: &'static [&'static str],
    pub engines: &'static [&'static str],
    pub capabilities: Capabilities,
    pub action_space: u32,
    pub observation_shape: [usize; 3],
}

pub struct Observation {
    pub shape: [usize; 3],
    pub data: Vec<f32>,
}

#[derive(Clone, Debug, Default)]
pub struct EngineSpec {
    pub kind: Option<String>,
    pub rules: Option<String>,
    pub hash_mb: Option<usize>,
    pub seed: Option<u64>,
    pub tablebase: Option<std::path::PathBuf>,
}
#[derive(Clone, Copy, Debug, Default)]
pub struct SearchLimits {
    pub movetime_ms: Option<u64>,
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
}

#[derive(Clone, Debug, serde::Serialize)]
pub struct SearchReport {
    pub engine: &'static str,
    pub bestmove: Option<String>,
    pub score: String,
    pub score_cp: Option<i32>,
    pub mate_plies: Option<i32>,
    pub depth: u32,
    pub nodes: u64,
    pub nps: u64,
    pub time_ms: f64,
    pub pv: Vec<String>,
    pub source: &'static str,
}

#[derive(Clone, Copy, Debug, serde::Serialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Verdict {
    Win,
    Draw,
    Loss,
}
fn vd(w: Wdl) -> Verdict {
    match w {
        Wdl::Win => Verdict::Win,
        Wdl::Draw => Verdict::Draw,
        Wdl::Loss => Verdict::Loss,
    }
}
#[derive(Clone, Debug, serde::Serialize)]
pub struct MoveVerdictText {
    pub mv: String,
    pub value: Verdict,
    pub distance: u32,
}
#[derive(Clone, Debug, serde::Serialize)]
pub struct PositionReport {
    pub position: String,
    pub value: Verdict,
    pub distance: u32,
    pub moves: Vec<MoveVerdictText>,
    pub best: Vec<String>,
    pub main_line: Vec<String>,
}
#[derive(Clone, Debug, serde::Serialize)]
pub struct MaterialStatsReport {
    pub material: String,
    pub bottom_to_move: [u64; 3],
    pub top_to_move: [u64; 3],
    pub longest_win: u32,
    pub longest_win_example: Option<String>,
}

pub trait SolvedOracle: Send + Sync {
    fn query(&self, state: &dyn State) -> Result<PositionReport, FacadeError>;
    fn per_ply_counts(&self) -> serde_json::Value;
}
pub trait TablebaseOracle: Send + Sync {
    fn dir(&self) -> &Path;
    fn rules(&self) -> &'static str;
    fn max_pieces(&self) -> u32;
    fn covers(&self, state: &dyn State) -> bool;
    fn probe(&self, state: &dyn State) -> Result<Option<PositionReport>, FacadeError>;
    fn stats(&self) -> Result<Vec<MaterialStatsReport>, FacadeError>;
}

pub trait State: Send + Sync + std::fmt::Debug {
    fn game(&self) -> &'static str;
    fn rules(&self) -> &'static str;
    fn to_text(&self) -> String;
    fn turn(&self) -> Player;
    fn legal_moves(&self) -> Vec<String>;
    fn play(&mut self, mv: &str) -> Result<(), FacadeError>;
    fn outcome(&self) -> Option<Outcome>;
    fn is_terminal(&self) -> bool {
        self.outcome().is_some()
    }
    fn history(&self) -> Vec<String>;
    fn clone_box(&self) -> Box<dyn State>;
    fn as_any(&self) -> &dyn Any;
}

pub trait AnyEngine: Send {
    fn name(&self) -> &'static str;
    fn new_game(&mut self);
    fn search(
        &mut self,
        state: &dyn State,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, FacadeError>;
    fn stop_flag(&self) -> StopFlag;
}

pub trait GameDef: Send + Sync {
    fn info(&self) -> &GameInfo;
    fn start(&self, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError>;
    fn parse(&self, text: &str, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError>;
    fn engine(&self, spec: &EngineSpec) -> Result<Box<dyn AnyEngine>, FacadeError>;
    fn solved(&self) -> Option<&dyn SolvedOracle> {
        None
    }
    fn tablebase(
        &self,
        dir: &Path,
        rules: Option<&str>,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError>;
}

trait ShimGame: Game + Send + Sync + 'static {
    fn parse_text(text: &str, rules: &'static str) -> Result<Self, String>;
    fn text(&self) -> String;
}
impl ShimGame for tictactoe::Board {
    fn parse_text(t: &str, _: &'static str) -> Result<Self, String> {
        if t == "start" {
            return Ok(Self::default());
        }
        t.parse()
            .map_err(|e: tictactoe::ParseBoardError| e.to_string())
    }
    fn text(&self) -> String {
        self.to_string()
    }
}
impl ShimGame for uttt::Board {
    fn parse_text(t: &str, r: &'static str) -> Result<Self, String> {
        let v: uttt::Variant = r
            .parse()
            .map_err(|e: uttt::ParseVariantError| e.to_string())?;
        let t = if t == "start" {
            format!("{} *", ".".repeat(81))
        } else {
            t.to_string()
        };
        uttt::Board::parse_variant(&t, v).map_err(|e| e.to_string())
    }
    fn text(&self) -> String {
        self.to_string()
    }
}
impl ShimGame for jungle::JungleGame {
    fn parse_text(t: &str, r: &'static str) -> Result<Self, String> {
        let v = jungle::Variant::ALL
            .into_iter()
            .find(|v| v.name() == r)
            .unwrap_or_default();
        let t = if t == "startpos" || t == "start" {
            jungle::START_FEN
        } else {
            t
        };
        jungle::Position::from_fen(t, v)
            .map(jungle::JungleGame::new)
            .map_err(|e| e.to_string())
    }
    fn text(&self) -> String {
        self.position().fen()
    }
}

#[derive(Debug, Clone)]
struct Shim<G: ShimGame> {
    g: G,
    name: &'static str,
    rules: &'static str,
    hist: Vec<String>,
}
impl<G: ShimGame> State for Shim<G> {
    fn game(&self) -> &'static str {
        self.name
    }
    fn rules(&self) -> &'static str {
        self.rules
    }
    fn to_text(&self) -> String {
        self.g.text()
    }
    fn turn(&self) -> Player {
        self.g.turn()
    }
    fn legal_moves(&self) -> Vec<String> {
        self.g.moves().iter().map(|m| m.to_string()).collect()
    }
    fn play(&mut self, mv: &str) -> Result<(), FacadeError> {
        let err = |reason: String| FacadeError::IllegalMove {
            mv: mv.into(),
            position: self.g.text(),
            reason,
        };
        let m: G::Move = mv
            .parse()
            .map_err(|e: gamesolver_core::ParseMoveError| err(e.to_string()))?;
        self.g = self.g.play(m).map_err(|e| err(e.to_string()))?;
        self.hist.push(mv.into());
        Ok(())
    }
    fn outcome(&self) -> Option<Outcome> {
        self.g.outcome()
    }
    fn history(&self) -> Vec<String> {
        self.hist.clone()
    }
    fn clone_box(&self) -> Box<dyn State> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
}

struct Def<G> {
    info: GameInfo,
    _g: std::marker::PhantomData<fn() -> G>,
}
impl<G: ShimGame> GameDef for Def<G> {
    fn info(&self) -> &GameInfo {
        &self.info
    }
    fn start(&self, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError> {
        self.parse("start", rules)
    }
    fn parse(&self, text: &str, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError> {
        let rules = match rules {
            None => self.info.rules[0],
            Some(r) => *self.info.rules.iter().find(|k| **k == r).ok_or_else(|| {
                FacadeError::UnknownRules {
                    game: self.info.name,
                    rules: r.into(),
                    known: self.info.rules.to_vec(),
                }
            })?,
        };
        if text.trim().is_empty() {
            return Err(FacadeError::BadPosition("empty position".into()));
        }
        let g = G::parse_text(text.trim(), rules).map_err(FacadeError::BadPosition)?;
        Ok(Box::new(Shim {
            g,
            name: self.info.name,
            rules,
            hist: vec![],
        }))
    }
    fn engine(&self, spec: &EngineSpec) -> Result<Box<dyn AnyEngine>, FacadeError> {
        if let Some(k) = &spec.kind {
            if !self.info.engines.contains(&k.as_str()) {
                return Err(FacadeError::Unsupported {
                    game: self.info.name,
                    what: "such an engine",
                });
            }
        }
        Ok(Box::new(FirstMove(StopFlag::new())))
    }
    fn solved(&self) -> Option<&dyn SolvedOracle> {
        if self.info.name == "tictactoe" {
            Some(&TttOracle)
        } else {
            None
        }
    }
    fn tablebase(
        &self,
        _: &Path,
        _: Option<&str>,
    ) -> Result<Box<dyn TablebaseOracle>, FacadeError> {
        Err(FacadeError::Unsupported {
            game: self.info.name,
            what: "a tablebase (shim)",
        })
    }
}

struct FirstMove(StopFlag);
impl AnyEngine for FirstMove {
    fn name(&self) -> &'static str {
        "shim"
    }
    fn new_game(&mut self) {}
    fn search(
        &mut self,
        state: &dyn State,
        limits: &SearchLimits,
        progress: &mut dyn FnMut(&SearchReport),
    ) -> Result<SearchReport, FacadeError> {
        let ms = limits.movetime_ms.unwrap_or(20);
        if ms == 0 {
            return Err(FacadeError::BadLimit("zero movetime".into()));
        }
        let moves = state.legal_moves();
        let mut r = SearchReport {
            engine: "shim",
            bestmove: moves.first().cloned(),
            score: "cp 0".into(),
            score_cp: Some(0),
            mate_plies: None,
            depth: 0,
            nodes: 0,
            nps: 0,
            time_ms: 0.0,
            pv: moves.iter().take(3).cloned().collect(),
            source: "search",
        };
        let t = std::time::Instant::now();
        for d in 1..=5 {
            if self.0.is_raised() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(ms / 5));
            r.depth = d;
            r.nodes = 1000 * d as u64;
            r.score = format!("cp {}", d * 7);
            r.score_cp = Some(d as i32 * 7);
            r.time_ms = t.elapsed().as_secs_f64() * 1e3;
            progress(&r);
        }
        Ok(r)
    }
    fn stop_flag(&self) -> StopFlag {
        self.0.clone()
    }
}

struct TttOracle;
fn solve(b: &tictactoe::Board) -> (Wdl, u32) {
    if let Some(o) = b.outcome() {
        return (o.value_for(b.turn()), 0);
    }
    b.moves()
        .iter()
        .map(|m| {
            let (v, d) = solve(&b.after(*m));
            (v.negate(), d + 1)
        })
        .max_by_key(|(v, d)| match v {
            Wdl::Win => 1000 - *d as i32,
            Wdl::Draw => -(*d as i32),
            Wdl::Loss => -1000 + *d as i32,
        })
        .unwrap_or((Wdl::Draw, 0))
}
fn key(v: Wdl, d: u32) -> i32 {
    match v {
        Wdl::Win => 1000 - d as i32,
        Wdl::Draw => -(d as i32),
        Wdl::Loss => -1000 + d as i32,
    }
}
fn key2(v: Verdict, d: u32) -> i32 {
    key(
        match v {
            Verdict::Win => Wdl::Win,
            Verdict::Draw => Wdl::Draw,
            Verdict::Loss => Wdl::Loss,
        },
        d,
    )
}
impl SolvedOracle for TttOracle {
    fn query(&self, state: &dyn State) -> Result<PositionReport, FacadeError> {
        let s = state
            .as_any()
            .downcast_ref::<Shim<tictactoe::Board>>()
            .ok_or(FacadeError::BadPosition("not ttt".into()))?;
        let b = s.g;
        let (value, distance) = solve(&b);
        let mut moves: Vec<MoveVerdictText> = b
            .moves()
            .iter()
            .map(|m| {
                let (v, d) = solve(&b.after(*m));
                MoveVerdictText {
                    mv: m.to_string(),
                    value: vd(v.negate()),
                    distance: d + 1,
                }
            })
            .collect();
        moves.sort_by_key(|m| -key2(m.value, m.distance));
        let best = moves
            .iter()
            .filter(|m| key2(m.value, m.distance) == key(value, distance))
            .map(|m| m.mv.clone())
            .collect::<Vec<_>>();
        let mut main_line = vec![];
        let mut c = b;
        while !c.is_finished() {
            let mv = c
                .moves()
                .into_iter()
                .max_by_key(|m| {
                    let (v, d) = solve(&c.after(*m));
                    key(v.negate(), d + 1)
                })
                .unwrap();
            main_line.push(mv.to_string());
            c = c.after(mv);
        }
        Ok(PositionReport {
            position: b.to_string(),
            value: vd(value),
            distance,
            moves,
            best,
            main_line,
        })
    }
    fn per_ply_counts(&self) -> serde_json::Value {
        serde_json::json!([{"ply":0,"win":0,"draw":1,"loss":0}])
    }
}

pub struct Registry {
    games: Vec<Box<dyn GameDef>>,
}
const CAP: Capabilities = Capabilities {
    solved_table: false,
    tablebase: false,
    search: true,
    mdp: false,
    perft: true,
};
impl Registry {
    pub fn builtin() -> Registry {
        Registry {
            games: vec![
                Box::new(Def::<tictactoe::Board> {
                    info: GameInfo {
                        name: "tictactoe",
                        aliases: &["ttt"],
                        title: "Tic-tac-toe",
                        rules: &["standard"],
                        engines: &["alphabeta"],
                        capabilities: Capabilities {
                            solved_table: true,
                            mdp: true,
                            ..CAP
                        },
                        action_space: 9,
                        observation_shape: [3, 3, 3],
                    },
                    _g: Default::default(),
                }),
                Box::new(Def::<uttt::Board> {
                    info: GameInfo {
                        name: "uttt",
                        aliases: &["ultimate"],
                        title: "Ultimate tic-tac-toe",
                        rules: &["standard", "codingame"],
                        engines: &["alphabeta", "mcts"],
                        capabilities: CAP,
                        action_space: 81,
                        observation_shape: [4, 9, 9],
                    },
                    _g: Default::default(),
                }),
                Box::new(Def::<jungle::JungleGame> {
                    info: GameInfo {
                        name: "jungle",
                        aliases: &["doushouqi"],
                        title: "Jungle",
                        rules: &["standard", "dog-over-wolf", "rat-across-water"],
                        engines: &["alphabeta", "mcts"],
                        capabilities: Capabilities {
                            tablebase: true,
                            ..CAP
                        },
                        action_space: 3969,
                        observation_shape: [16, 9, 7],
                    },
                    _g: Default::default(),
                }),
            ],
        }
    }
    pub fn global() -> &'static Registry {
        static R: OnceLock<Registry> = OnceLock::new();
        R.get_or_init(Registry::builtin)
    }
    pub fn get(&self, name: &str) -> Result<&dyn GameDef, FacadeError> {
        let n = name.to_ascii_lowercase();
        self.games
            .iter()
            .map(|g| g.as_ref())
            .find(|g| g.info().name == n || g.info().aliases.contains(&n.as_str()))
            .ok_or_else(|| FacadeError::UnknownGame {
                name: name.into(),
                known: self.games.iter().map(|g| g.info().name).collect(),
            })
    }
    pub fn games(&self) -> impl Iterator<Item = &dyn GameDef> {
        self.games.iter().map(|g| g.as_ref())
    }
}

pub mod mdp_service {
    use super::FacadeError;
    #[derive(Clone, Debug)]
    pub struct MdpRequest {
        pub opponent: String,
        pub side: String,
        pub method: String,
        pub gamma: Option<String>,
        pub exact: bool,
        pub episodes: u64,
        pub seed: u64,
    }
    impl Default for MdpRequest {
        fn default() -> Self {
            MdpRequest {
                opponent: "random".into(),
                side: "x".into(),
                method: "policy-iteration".into(),
                gamma: None,
                exact: false,
                episodes: 200_000,
                seed: 1,
            }
        }
    }
    pub type ActionValue = (String, f64, Option<String>);
    pub struct OutcomeOdds {
        pub win: f64,
        pub draw: f64,
        pub loss: f64,
        pub win_exact: String,
        pub draw_exact: String,
        pub loss_exact: String,
    }
    pub struct MdpReport {
        pub optimum: f64,
        pub optimum_exact: Option<String>,
        pub trace: Vec<f64>,
        pub first_moves: Vec<ActionValue>,
        pub first_position: String,
        pub outcome_probabilities: OutcomeOdds,
    }
    pub struct MdpSession(MdpReport);
    impl MdpSession {
        pub fn new(_: &MdpRequest) -> Result<MdpSession, FacadeError> {
            Ok(MdpSession(MdpReport {
                optimum: 191.0 / 192.0,
                optimum_exact: Some("191/192".into()),
                trace: vec![0.2, 0.7, 0.95, 0.99, 191.0 / 192.0],
                first_moves: (0..9)
                    .map(|c| {
                        (
                            c.to_string(),
                            0.9 + c as f64 / 100.0,
                            Some(format!("{}/100", 90 + c)),
                        )
                    })
                    .collect(),
                first_position: ".........".into(),
                outcome_probabilities: OutcomeOdds {
                    win: 0.99,
                    draw: 0.01,
                    loss: 0.0,
                    win_exact: "99/100".into(),
                    draw_exact: "1/100".into(),
                    loss_exact: "0".into(),
                },
            }))
        }
        pub fn report(&self) -> &MdpReport {
            &self.0
        }
        pub fn action_values(&self, position: &str) -> Result<Vec<ActionValue>, FacadeError> {
            if position.len() != 9 {
                return Err(FacadeError::BadPosition("need 9 cells".into()));
            }
            Ok(position
                .chars()
                .enumerate()
                .filter(|(_, c)| *c == '.')
                .map(|(i, _)| (i.to_string(), i as f64 / 10.0, Some(format!("{i}/10"))))
                .collect())
        }
    }
}
#[allow(dead_code)]
fn _unused(_: &str) -> Result<(), <u8 as FromStr>::Err> {
    Ok(())
}
