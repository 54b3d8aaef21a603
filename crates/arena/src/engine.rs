//! The players of a match as `--engine` names them ([`EngineCommand`]): a
//! command line run with `sh -c` that speaks the UCI-style protocol
//! ([`crate::process::EngineProcess`]), or, with the prefix `FORMAT:`, a
//! bot in a turn format the game declares ([`BotFormat`]).

use gamesolver_api::match_player::{EngineError, MatchEngine};
use gamesolver_api::{BotFormat, GameDef, Registry};

use crate::process::EngineProcess;

/// An engine as given to `gamesolver match --engine`.
#[derive(Clone)]
pub enum EngineCommand {
    /// Speaks the UCI-style protocol.
    Uci(String),
    /// Speaks a bot format of the game.
    Bot {
        /// The format.
        format: &'static dyn BotFormat,
        /// The command line.
        command: String,
    },
}

impl std::fmt::Debug for EngineCommand {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EngineCommand::Uci(command) => write!(f, "Uci({command:?})"),
            EngineCommand::Bot { format, command } => {
                write!(f, "Bot({}, {command:?})", format.name())
            }
        }
    }
}

impl EngineCommand {
    /// Reads `--engine`'s text for a match of `game`: a prefix `FORMAT:`
    /// naming one of the game's bot formats selects it; the prefix of a
    /// format only another game of `registry` declares is refused (such a
    /// bot cannot play this game); an empty command is refused.
    pub fn parse(
        text: &str,
        game: &dyn GameDef,
        registry: &Registry,
    ) -> Result<EngineCommand, String> {
        let trimmed = text.trim_start();
        let command = |rest: &str| {
            let rest = rest.trim();
            if rest.is_empty() {
                Err(format!("the engine command {text:?} is empty"))
            } else {
                Ok(rest.to_string())
            }
        };
        for &format in formats(game) {
            if let Some(rest) = strip_format(trimmed, format) {
                return Ok(EngineCommand::Bot {
                    format,
                    command: command(rest)?,
                });
            }
        }
        for other in registry.games() {
            if let Some(format) = formats(other)
                .iter()
                .find(|&&f| strip_format(trimmed, f).is_some())
            {
                return Err(format!(
                    "{}: engines speak the {} format of {}; they cannot play {}",
                    format.name(),
                    format.name(),
                    other.info().name,
                    game.info().name
                ));
            }
        }
        command(text).map(EngineCommand::Uci)
    }

    /// The bot format it speaks, None for the UCI-style protocol.
    #[must_use]
    pub fn format(&self) -> Option<&'static dyn BotFormat> {
        match self {
            EngineCommand::Uci(_) => None,
            EngineCommand::Bot { format, .. } => Some(*format),
        }
    }

    /// The engine, ready for games: a UCI-style program is started and
    /// greeted; a bot is set up by its format.
    pub fn start(&self) -> Result<Box<dyn MatchEngine>, EngineError> {
        Ok(match self {
            EngineCommand::Uci(command) => Box::new(EngineProcess::start(command)?),
            EngineCommand::Bot { format, command } => format.player(command),
        })
    }
}

/// The bot formats `game` declares.
fn formats(game: &dyn GameDef) -> &[&'static dyn BotFormat] {
    game.arena().map_or(&[], |rules| rules.bot_formats())
}

/// `text` after the prefix `FORMAT:` of `format`, if it has it.
fn strip_format<'a>(text: &'a str, format: &dyn BotFormat) -> Option<&'a str> {
    text.strip_prefix(format.name())?.strip_prefix(':')
}

#[cfg(test)]
mod tests {
    use gamesolver_api::match_player::MoveLimit;
    use gamesolver_api::{
        AnyEngine, ArenaRules, EngineSpec, ErasedHost, FacadeError, GameInfo, State, text_game,
    };
    use gamesolver_games::tictactoe::Board;

    use super::*;

    /// A format whose bots never answer.
    struct Silent;

    impl MatchEngine for Silent {
        fn new_game(&mut self, _opening: &dyn State) -> Result<(), EngineError> {
            Ok(())
        }

        fn choose(
            &mut self,
            _opening: &dyn State,
            _moves: &[String],
            _limit: MoveLimit,
            _grace_ms: u64,
        ) -> Result<String, EngineError> {
            Err(EngineError::Crashed("silent".into()))
        }
    }

    impl BotFormat for Silent {
        fn name(&self) -> &'static str {
            "silent"
        }

        fn check_opening(&self, _opening: &dyn State) -> Result<(), String> {
            Ok(())
        }

        fn player(&self, _command: &str) -> Box<dyn MatchEngine> {
            Box::new(Silent)
        }

        fn host(&self, _: &EngineSpec, _: u64) -> Result<Box<dyn ErasedHost>, FacadeError> {
            Err(FacadeError::BadLimit("no host".into()))
        }
    }

    static SILENT: Silent = Silent;
    static FORMATS: [&dyn BotFormat; 1] = [&SILENT];

    /// Tic-tac-toe under another name, declaring the silent format.
    struct WithBots(Box<dyn GameDef>);

    impl ArenaRules for WithBots {
        fn bot_formats(&self) -> &[&'static dyn BotFormat] {
            &FORMATS
        }
    }

    impl GameDef for WithBots {
        fn info(&self) -> &GameInfo {
            self.0.info()
        }
        fn start(&self, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError> {
            self.0.start(rules)
        }
        fn parse(&self, text: &str, rules: Option<&str>) -> Result<Box<dyn State>, FacadeError> {
            self.0.parse(text, rules)
        }
        fn engine(&self, spec: &EngineSpec) -> Result<Box<dyn AnyEngine>, FacadeError> {
            self.0.engine(spec)
        }
        fn protocol_host(&self, spec: &EngineSpec) -> Result<Box<dyn ErasedHost>, FacadeError> {
            self.0.protocol_host(spec)
        }
        fn arena(&self) -> Option<&dyn ArenaRules> {
            Some(self)
        }
    }

    #[test]
    fn a_declared_prefix_selects_its_format_and_others_are_refused() {
        let registry = Registry::new()
            .with(text_game("plain", "Plain", Board::empty()))
            .with(Box::new(WithBots(text_game(
                "bots",
                "Bots",
                Board::empty(),
            ))));
        let (plain, bots) = (
            registry.get("plain").unwrap(),
            registry.get("bots").unwrap(),
        );
        let parse = |text: &str, game| EngineCommand::parse(text, game, &registry);
        let bot = parse("silent: ./bot 20", bots).unwrap();
        assert_eq!(bot.format().map(|f| f.name()), Some("silent"));
        assert!(matches!(&bot, EngineCommand::Bot { command, .. } if command == "./bot 20"));
        assert!(matches!(
            parse("gamesolver engine x", bots),
            Ok(EngineCommand::Uci(command)) if command == "gamesolver engine x"
        ));
        let refused = parse("silent:./bot", plain).unwrap_err();
        assert!(refused.contains("cannot play plain"), "{refused}");
        assert!(parse("silent:  ", bots).unwrap_err().contains("empty"));
        assert!(parse(" ", plain).unwrap_err().contains("empty"));
    }
}
