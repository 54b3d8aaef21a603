//! `#[derive(thiserror::Error)]` written out for a file that may use the
//! standard library only: the derive and its `#[error("…", args)]` become
//! a `Display` impl and an empty `std::error::Error` impl, with thiserror's
//! meaning (the fields are named in the message as local variables, `{0}`
//! is the first field of a tuple struct). Structs only, without generics,
//! `transparent`, `#[source]` or `#[from]`: anything else is refused.

use super::rust_text::Text;

/// `item` with the error derive written out, or `None` when it derives no
/// `Error`.
pub(super) fn expand(item: &str) -> Result<Option<String>, String> {
    let text = Text::parse(item)?;
    let mut attributes = Vec::new();
    let mut i = 0;
    loop {
        while i < text.len() && text.slice(i..i + 1).trim().is_empty() {
            i += 1;
        }
        if !text.code_starts(i, "#[") {
            break;
        }
        let end = text.closing(i + 1)?;
        attributes.push(text.slice(i..end));
        i = end;
    }
    let rest = text.slice(i..text.len());
    let Some(derive) = attributes
        .iter()
        .position(|a| a.starts_with("#[derive(") && derive_list(a).any(|d| is_error(&d)))
    else {
        return Ok(None);
    };
    let refuse = |why: &str| {
        Err(format!(
            "cannot write out the error derive of {rest:?}: {why}"
        ))
    };
    let Some(message) = attributes.iter().position(|a| a.starts_with("#[error(")) else {
        return refuse("no #[error(…)] attribute");
    };
    let args = attributes[message]["#[error(".len()..attributes[message].len() - 2].to_string();
    if args.trim() == "transparent" {
        return refuse("transparent");
    }
    let Some(after) = rest.split_once("struct ").map(|(_, after)| after) else {
        return refuse("not a struct");
    };
    let name: String = after
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect();
    let body = after[name.len()..].trim_start();
    if body.contains("#[source]") || body.contains("#[from]") {
        return refuse("#[source] or #[from]");
    }
    let (pattern, args) = match body.chars().next() {
        Some('{') => {
            let fields: Vec<String> = fields(body)?
                .iter()
                .map(|f| field_name(f))
                .collect::<Result<_, _>>()?;
            if fields.iter().any(|f| f == "source") {
                return refuse("a field named source");
            }
            (format!("{name} {{ {} }}", fields.join(", ")), args)
        }
        Some('(') => {
            let count = fields(body)?.len();
            let names: Vec<String> = (0..count).map(|k| format!("_{k}")).collect();
            (
                format!("{name}({})", names.join(", ")),
                positional_to_named(&args),
            )
        }
        _ => return refuse("generic or unit struct"),
    };
    let derives: Vec<String> = derive_list(&attributes[derive])
        .filter(|d| !is_error(d))
        .collect();
    attributes[derive] = format!("#[derive({})]", derives.join(", "));
    attributes.remove(message);
    Ok(Some(format!(
        "{attrs}\n{rest}\n\
         impl ::std::fmt::Display for {name} {{\n\
         fn fmt(&self, __f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {{\n\
         #[allow(unused_variables)]\nlet {pattern} = self;\nwrite!(__f, {args})\n}}\n}}\n\
         impl ::std::error::Error for {name} {{}}",
        attrs = attributes.join("\n"),
    )))
}

/// The names in `#[derive(…)]`.
fn derive_list(attribute: &str) -> impl Iterator<Item = String> + '_ {
    attribute["#[derive(".len()..attribute.len() - 2]
        .split(',')
        .map(|d| d.trim().to_string())
        .filter(|d| !d.is_empty())
}

/// `Error` or `thiserror::Error`.
fn is_error(derive: &str) -> bool {
    derive == "Error" || derive == "thiserror::Error"
}

/// The fields of a `{…}` or `(…)` body, split at its top-level commas.
fn fields(body: &str) -> Result<Vec<String>, String> {
    let text = Text::parse(body)?;
    let end = text.closing(0)? - 1;
    let mut fields = Vec::new();
    let (mut depth, mut start) = (0i32, 1);
    for i in 1..=end {
        let c = text.slice(i..i + 1);
        match c.as_str() {
            "(" | "[" | "{" | "<" if text.code_is(i, c.chars().next().unwrap_or(' ')) => {
                depth += 1;
            }
            ")" | "]" | "}" | ">"
                if i < end && text.code_is(i, c.chars().next().unwrap_or(' ')) =>
            {
                depth -= 1;
            }
            _ => {}
        }
        if i == end || (depth == 0 && text.code_is(i, ',')) {
            let field = text.slice(start..i).trim().to_string();
            if !field.is_empty() {
                fields.push(field);
            }
            start = i + 1;
        }
    }
    Ok(fields)
}

/// The name of a named field (`pub name: Type`, attributes allowed).
fn field_name(field: &str) -> Result<String, String> {
    let mut rest = field.trim();
    while rest.starts_with("#[") {
        let text = Text::parse(rest)?;
        rest = rest[text.slice(0..text.closing(1)?).len()..].trim_start();
    }
    if let Some(after) = rest.strip_prefix("pub") {
        rest = after.trim_start();
        if rest.starts_with('(') {
            let text = Text::parse(rest)?;
            rest = rest[text.slice(0..text.closing(0)?).len()..].trim_start();
        }
    }
    rest.split_once(':')
        .map(|(name, _)| name.trim().to_string())
        .filter(|name| !name.is_empty())
        .ok_or_else(|| format!("cannot read the field {field:?}"))
}

/// A tuple struct's message with `{0}`, `{1:?}`, … naming the fields'
/// locals `_0`, `_1`, … instead (`{{` stays an escaped brace).
fn positional_to_named(args: &str) -> String {
    let chars: Vec<char> = args.chars().collect();
    let mut out = String::with_capacity(args.len() + 4);
    let mut i = 0;
    while i < chars.len() {
        out.push(chars[i]);
        if chars[i] == '{' {
            if chars.get(i + 1) == Some(&'{') {
                out.push('{');
                i += 2;
                continue;
            }
            if chars.get(i + 1).is_some_and(char::is_ascii_digit) {
                out.push('_');
            }
        }
        i += 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_named_struct_gets_display_and_error() {
        let item = "#[derive(Clone, Debug, Error)]\n#[error(\"bad {mv}{}\", suffix(reason))]\npub struct Bad {\n    /// x\n    pub mv: String,\n    pub reason: Option<String>,\n}";
        let out = expand(item).unwrap().unwrap();
        assert!(
            out.starts_with("#[derive(Clone, Debug)]\npub struct Bad {"),
            "{out}"
        );
        assert!(
            out.contains(
                "let Bad { mv, reason } = self;\nwrite!(__f, \"bad {mv}{}\", suffix(reason))"
            ),
            "{out}"
        );
        assert!(out.contains("impl ::std::error::Error for Bad {}"));
    }

    #[test]
    fn a_tuple_struct_names_its_fields() {
        let item = "#[derive(Debug, Error)]\n#[error(\"unknown {0:?}; {{x}}\")]\npub struct Unknown(pub String);";
        let out = expand(item).unwrap().unwrap();
        assert!(
            out.contains("let Unknown(_0) = self;\nwrite!(__f, \"unknown {_0:?}; {{x}}\")"),
            "{out}"
        );
    }

    #[test]
    fn other_items_are_left_alone_and_enums_refused() {
        assert_eq!(expand("#[derive(Debug)]\npub struct A;").unwrap(), None);
        let error =
            expand("#[derive(Debug, Error)]\npub enum E {\n#[error(\"a\")]\nA,\n}").unwrap_err();
        assert!(
            error.contains("#[error(…)]") || error.contains("not a struct"),
            "{error}"
        );
    }
}
