//! Engine options set by name through an [`EngineSpec`]: the settings of
//! a game's option table beyond the spec's own fields, checked by the
//! table as `setoption` would check them.

use crate::protocol::OptionSpec;
use crate::protocol::options::{OptionKind, OptionTable};
use crate::{EngineSpec, ErasedHost, FacadeError, GameDef, GameInfo};

/// Whether the spec's own fields set `option` (kind, hash, seed, tablebase
/// or the rules preset: the option whose values are the game's presets).
fn set_by_a_field(option: &OptionSpec, info: &GameInfo) -> bool {
    let own = ["Engine", "Hash", "Seed", "TablebasePath"];
    own.iter()
        .any(|name| option.name.eq_ignore_ascii_case(name))
        || matches!(option.kind, OptionKind::Combo { vars } if vars == info.rules)
}

/// Checks the options `spec` sets by name against `host`, the game's
/// protocol host set up by the spec's fields: each must be an option of
/// its table that no field of the spec sets, with a value the table
/// accepts; the first that is not is a [`FacadeError::BadOption`].
pub(crate) fn check_options(
    host: &mut dyn ErasedHost,
    info: &GameInfo,
    spec: &EngineSpec,
) -> Result<(), FacadeError> {
    let offered = host.options();
    for (name, value) in &spec.options {
        let bad = |reason: String| FacadeError::BadOption {
            name: name.clone(),
            reason,
        };
        let Some(option) = offered.iter().find(|o| o.name.eq_ignore_ascii_case(name)) else {
            let names: Vec<&str> = offered
                .iter()
                .filter(|o| !set_by_a_field(o, info))
                .map(|o| o.name)
                .collect();
            return Err(bad(format!(
                "{} engines have no option {name:?}; the options are {}",
                info.name,
                if names.is_empty() {
                    "none beyond kind, hash, seed, rules and tablebase".to_string()
                } else {
                    names.join(", ")
                }
            )));
        };
        if set_by_a_field(option, info) {
            return Err(bad(format!(
                "option {:?} is the engine's own setting (kind, hash, seed, rules or tablebase), not an option",
                option.name
            )));
        }
        host.set_option(option.name, value).map_err(bad)?;
    }
    Ok(())
}

/// Checks `spec` for `game` as [`GameDef::engine`] would, without
/// building the engine (no table is allocated): its kind, rules and
/// tablebase, and every option it sets by name against the game's option
/// table ([`FacadeError::BadOption`]). For a front end that answers a bad
/// request before queueing its search.
///
/// # Errors
/// What [`GameDef::engine`] would refuse the spec with.
pub fn check_spec(game: &dyn GameDef, spec: &EngineSpec) -> Result<(), FacadeError> {
    let mut host = game.protocol_host(spec)?;
    check_options(host.as_mut(), game.info(), spec)
}

/// Sets the options `spec` names on `host`, a game's typed host whose
/// settings build its engines (the options were checked by
/// `check_options` before the game's builder runs).
///
/// # Errors
/// [`FacadeError::BadOption`] for a name or value the table refuses.
pub fn apply_options<H: OptionTable>(host: &mut H, spec: &EngineSpec) -> Result<(), FacadeError> {
    for (name, value) in &spec.options {
        host.set_by_table(name, value)
            .map_err(|reason| FacadeError::BadOption {
                name: name.clone(),
                reason,
            })?;
    }
    Ok(())
}
