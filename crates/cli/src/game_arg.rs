//! The one game argument of every command: a name resolved by the
//! registry the program serves, refused with the game's name when it lacks
//! what the command needs.
//!
//! The commands that need a capability take a [`GameName`] parsed by
//! [`registered`]. Clap's derive knows no registry, so [`with_registry`]
//! gives those arguments the registry's names and aliases as possible
//! values before the command line is parsed: an unknown name is then a
//! usage error (exit 2) that lists the games. Parsed without a registry (as
//! the tests do in process), any name is taken and resolved at run time.

use std::any::TypeId;
use std::fmt;
use std::ops::Deref;

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser, ValueParser};
use gamesolver_api::{Capabilities, FacadeError, GameDef, Registry};

/// A game's name as typed on the command line (after [`with_registry`]: the
/// game's registry name).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameName(pub String);

impl Deref for GameName {
    type Target = str;

    fn deref(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl From<&str> for GameName {
    fn from(name: &str) -> GameName {
        GameName(name.to_string())
    }
}

/// The parser of a game argument: any name (see [`with_registry`]).
pub fn registered() -> impl TypedValueParser<Value = GameName> {
    clap::builder::NonEmptyStringValueParser::new().map(GameName)
}

/// `command` with every [`GameName`] argument (of it and its subcommands)
/// taking the names and aliases of `registry`'s games (case-insensitive),
/// each read as the game's registry name.
#[must_use]
pub fn with_registry(command: clap::Command, registry: &Registry) -> clap::Command {
    let values: Vec<PossibleValue> = registry
        .games()
        .map(|game| {
            let info = game.info();
            PossibleValue::new(info.name)
                .aliases(info.aliases.iter().copied())
                .help(info.title)
        })
        .collect();
    let names: Vec<(&'static str, &'static [&'static str])> = registry
        .games()
        .map(|game| (game.info().name, game.info().aliases))
        .collect();
    let canonical = move |typed: String| {
        let found = names.iter().find(|(name, aliases)| {
            name.eq_ignore_ascii_case(&typed)
                || aliases.iter().any(|a| a.eq_ignore_ascii_case(&typed))
        });
        GameName(found.map_or(typed.clone(), |(name, _)| (*name).to_string()))
    };
    let parser: ValueParser = PossibleValuesParser::new(values).map(canonical).into();
    restrict(command, &parser)
}

/// `command` with `parser` on its [`GameName`] arguments, recursively.
fn restrict(mut command: clap::Command, parser: &ValueParser) -> clap::Command {
    // `mut_arg` moves an argument to the end of the list, which would move
    // a positional one: every positional's place is pinned first.
    let positionals: Vec<clap::Id> = command
        .get_positionals()
        .map(|arg| arg.get_id().clone())
        .collect();
    for (place, id) in positionals.into_iter().enumerate() {
        command = command.mut_arg(id, |arg| match arg.get_index() {
            Some(_) => arg,
            None => arg.index(place + 1),
        });
    }
    let games: Vec<clap::Id> = command
        .get_arguments()
        .filter(|arg| arg.get_value_parser().type_id() == TypeId::of::<GameName>())
        .map(|arg| arg.get_id().clone())
        .collect();
    for id in games {
        command = command.mut_arg(id, |arg| arg.value_parser(parser.clone()));
    }
    let names: Vec<String> = command
        .get_subcommands()
        .map(|sub| sub.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |sub| restrict(sub, parser));
    }
    command
}

/// The game `name` of `registry`, refused (naming the game and what it
/// lacks) unless `has(capabilities)` holds.
pub fn resolve<'r>(
    registry: &'r Registry,
    name: &str,
    what: &'static str,
    has: impl Fn(&Capabilities) -> bool,
) -> Result<&'r dyn GameDef, FacadeError> {
    let game = registry.get(name)?;
    if has(&game.capabilities()) {
        Ok(game)
    } else {
        Err(FacadeError::Unsupported {
            game: game.info().name,
            what,
        })
    }
}

/// The capability `member` of `game` returns, or the refusal that names the
/// game and the capability (`what`) it lacks.
pub fn require<'g, T: ?Sized>(
    game: &'g dyn GameDef,
    what: &'static str,
    member: impl FnOnce(&'g dyn GameDef) -> Option<&'g T>,
) -> Result<&'g T, FacadeError> {
    member(game).ok_or(FacadeError::Unsupported {
        game: game.info().name,
        what,
    })
}

#[cfg(test)]
mod tests {
    use clap::CommandFactory;

    use super::*;
    use crate::Cli;

    #[test]
    fn every_command_stays_valid_with_the_registry_and_games_are_canonical() {
        let registry = gamesolver_engines::builtin();
        with_registry(Cli::command(), &registry).debug_assert();
        let cli = Cli::try_parse_with(&registry, ["gamesolver", "query", "TTT", "O...X...."])
            .expect("a game alias and a position");
        let crate::commands::Command::Query(args) = cli.command else {
            unreachable!("the query command")
        };
        assert_eq!(
            (args.game.0.as_str(), args.position.as_str()),
            ("tictactoe", "O...X....")
        );
        let error = Cli::try_parse_with(&registry, ["gamesolver", "solve", "chess"]).unwrap_err();
        assert!(
            error.to_string().contains("tictactoe, uttt, jungle"),
            "{error}"
        );
    }
}
