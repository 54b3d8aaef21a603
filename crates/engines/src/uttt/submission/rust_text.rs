//! Rust source text as the bundler reads it: comments removed, every
//! character marked as code or as part of a string or character literal,
//! so brackets, paths and items are found in code only.

use std::ops::Range;

/// Source text without comments, each character marked literal or code.
pub(super) struct Text {
    chars: Vec<char>,
    literal: Vec<bool>,
}

impl Text {
    /// `source` with its comments (line, block, doc) removed; a block
    /// comment becomes one space.
    pub(super) fn parse(source: &str) -> Result<Text, String> {
        let src: Vec<char> = source.chars().collect();
        let mut text = Text {
            chars: Vec::with_capacity(src.len()),
            literal: Vec::with_capacity(src.len()),
        };
        let mut i = 0;
        while i < src.len() {
            let at = |k: usize| src.get(k).copied();
            match (src[i], at(i + 1)) {
                ('/', Some('/')) => {
                    while i < src.len() && src[i] != '\n' {
                        i += 1;
                    }
                }
                ('/', Some('*')) => {
                    let mut depth = 0usize;
                    loop {
                        match (at(i), at(i + 1)) {
                            (Some('/'), Some('*')) => {
                                depth += 1;
                                i += 2;
                            }
                            (Some('*'), Some('/')) => {
                                depth -= 1;
                                i += 2;
                                if depth == 0 {
                                    break;
                                }
                            }
                            (Some(_), _) => i += 1,
                            (None, _) => return Err("unclosed block comment".into()),
                        }
                    }
                    text.push(' ', false);
                }
                ('"', _) => i = text.string(&src, i)?,
                ('r', Some('"' | '#')) if raw_string_start(&src, i) => i = text.raw(&src, i)?,
                ('\'', _) => i = text.char_or_lifetime(&src, i)?,
                (c, _) => {
                    text.push(c, false);
                    i += 1;
                }
            }
        }
        Ok(text)
    }

    fn push(&mut self, c: char, literal: bool) {
        self.chars.push(c);
        self.literal.push(literal);
    }

    /// A `"…"` literal from `i`; the index after it.
    fn string(&mut self, src: &[char], mut i: usize) -> Result<usize, String> {
        self.push('"', true);
        i += 1;
        while i < src.len() {
            let c = src[i];
            self.push(c, true);
            i += 1;
            match c {
                '\\' if i < src.len() => {
                    self.push(src[i], true);
                    i += 1;
                }
                '"' => return Ok(i),
                _ => {}
            }
        }
        Err("unclosed string literal".into())
    }

    /// A raw string `r#"…"#` from `i` (at the `r`); the index after it.
    fn raw(&mut self, src: &[char], mut i: usize) -> Result<usize, String> {
        self.push('r', false);
        i += 1;
        let mut hashes = 0;
        while src.get(i) == Some(&'#') {
            self.push('#', true);
            hashes += 1;
            i += 1;
        }
        // The opening quote (`raw_string_start` checked it is there).
        self.push('"', true);
        i += 1;
        while i < src.len() {
            self.push(src[i], true);
            i += 1;
            if src[i - 1] == '"' && closes_raw(src, i, hashes) {
                for _ in 0..hashes {
                    self.push('#', true);
                }
                return Ok(i + hashes);
            }
        }
        Err("unclosed raw string literal".into())
    }

    /// A character literal or a lifetime (or label) from `i`.
    fn char_or_lifetime(&mut self, src: &[char], i: usize) -> Result<usize, String> {
        let end = match (src.get(i + 1), src.get(i + 2)) {
            (Some('\\'), _) => src[i + 2..]
                .iter()
                .position(|&c| c == '\'')
                .map(|k| i + 2 + k + 1)
                .ok_or("unclosed character literal")?,
            (Some(_), Some('\'')) => i + 3,
            _ => {
                self.push('\'', false);
                return Ok(i + 1);
            }
        };
        for &c in &src[i..end] {
            self.push(c, true);
        }
        Ok(end)
    }

    /// The characters.
    pub(super) fn len(&self) -> usize {
        self.chars.len()
    }

    /// Whether `i` is a code character equal to `c`.
    pub(super) fn code_is(&self, i: usize, c: char) -> bool {
        i < self.len() && !self.literal[i] && self.chars[i] == c
    }

    /// Whether the code at `i` starts with `s`.
    pub(super) fn code_starts(&self, i: usize, s: &str) -> bool {
        s.chars().enumerate().all(|(k, c)| self.code_is(i + k, c))
    }

    /// The text of `range`.
    pub(super) fn slice(&self, range: Range<usize>) -> String {
        self.chars[range].iter().collect()
    }

    /// The index after the bracket that closes the one at `open`.
    pub(super) fn closing(&self, open: usize) -> Result<usize, String> {
        let mut depth = 0i32;
        for i in open..self.len() {
            if self.literal[i] {
                continue;
            }
            match self.chars[i] {
                '(' | '[' | '{' => depth += 1,
                ')' | ']' | '}' => {
                    depth -= 1;
                    if depth == 0 {
                        return Ok(i + 1);
                    }
                }
                _ => {}
            }
        }
        Err(format!("unclosed bracket at {:?}", self.context(open)))
    }

    /// A few characters from `i`, for messages.
    fn context(&self, i: usize) -> String {
        self.slice(i..(i + 40).min(self.len()))
    }

    /// The top-level items, each from its attributes to its closing `;` or
    /// `}` (a `;` right after the `}` included); the space between them is
    /// left out.
    pub(super) fn items(&self) -> Result<Vec<Range<usize>>, String> {
        let mut items = Vec::new();
        let mut i = 0;
        while i < self.len() {
            if self.chars[i].is_whitespace() {
                i += 1;
                continue;
            }
            let start = i;
            if self.code_starts(i, "#![") {
                // An inner attribute is an item of its own.
                items.push(start..self.closing(i + 2)?);
                i = items[items.len() - 1].end;
                continue;
            }
            loop {
                if i >= self.len() {
                    return Err(format!("unfinished item {:?}", self.context(start)));
                }
                if self.literal[i] {
                    i += 1;
                } else if self.code_is(i, ';') {
                    i += 1;
                    break;
                } else if self.code_is(i, '{') {
                    i = self.closing(i)?;
                    let next = (i..self.len()).find(|&k| !self.chars[k].is_whitespace());
                    if let Some(k) = next.filter(|&k| self.code_is(k, ';')) {
                        i = k + 1;
                    }
                    break;
                } else if self.code_is(i, '(') || self.code_is(i, '[') {
                    i = self.closing(i)?;
                } else {
                    i += 1;
                }
            }
            items.push(start..i);
        }
        Ok(items)
    }

    /// The text with `f` applied to every identifier in code: `f(text,
    /// start, ident)` returns its replacement, or `None` to keep it.
    pub(super) fn map_idents(&self, f: impl Fn(&Text, usize, &str) -> Option<String>) -> String {
        let mut out = String::with_capacity(self.len());
        let mut i = 0;
        while i < self.len() {
            let c = self.chars[i];
            let starts_ident = !self.literal[i]
                && (c.is_alphabetic() || c == '_')
                && (i == 0 || !is_ident_char(self.chars[i - 1]) || self.literal[i - 1]);
            if !starts_ident {
                out.push(c);
                i += 1;
                continue;
            }
            let end = (i..self.len())
                .find(|&k| self.literal[k] || !is_ident_char(self.chars[k]))
                .unwrap_or(self.len());
            let ident = self.slice(i..end);
            out.push_str(&f(self, i, &ident).unwrap_or(ident));
            i = end;
        }
        out
    }

    /// Whether the code before `i`, spaces skipped, ends with `s`.
    pub(super) fn code_before_is(&self, i: usize, s: &str) -> bool {
        let mut k = i;
        while k > 0 && self.chars[k - 1].is_whitespace() && !self.literal[k - 1] {
            k -= 1;
        }
        let n = s.chars().count();
        k >= n && self.code_starts(k - n, s)
    }

    /// The text with the space between tokens dropped wherever the
    /// tokens stay apart without it (one space or line break kept where
    /// they would run together, see [`needs_space`]; a line break where
    /// one was once the line has [`WRAP_AFTER`] bytes), literals as they
    /// are, and every `#[must_use]` left out (a lint, no part of what the
    /// program does). The result ends with a line break.
    pub(super) fn compact(&self) -> String {
        let mut out = String::with_capacity(self.len());
        let mut last: Option<(char, bool)> = None;
        let mut i = 0;
        while i < self.len() {
            if !self.is_droppable(i) {
                let c = self.chars[i];
                out.push(c);
                last = Some((c, self.literal[i]));
                i += 1;
                continue;
            }
            let mut breaks_line = false;
            while i < self.len() && self.is_droppable(i) {
                if self.code_starts(i, MUST_USE) {
                    i += MUST_USE.len();
                } else {
                    breaks_line |= self.chars[i] == '\n';
                    i += 1;
                }
            }
            let next = (i < self.len()).then(|| (self.chars[i], self.literal[i]));
            let (Some(before), Some(after)) = (last, next) else {
                continue;
            };
            let line = out.len() - out.rfind('\n').map_or(0, |k| k + 1);
            if breaks_line && line >= WRAP_AFTER {
                out.push('\n');
            } else if needs_space(before, after, self.chars.get(i + 1).copied()) {
                out.push(if breaks_line { '\n' } else { ' ' });
            }
        }
        out.push('\n');
        out
    }

    /// Whether the character at `i` is space in code or starts a
    /// `#[must_use]`: what [`Text::compact`] may leave out.
    fn is_droppable(&self, i: usize) -> bool {
        !self.literal[i] && (self.chars[i].is_whitespace() || self.code_starts(i, MUST_USE))
    }
}

/// Whether a space must stay between the character `before` and the
/// character `after` (each with whether it belongs to a literal;
/// `then` the one after `after`) for Rust to read the same tokens:
/// between two identifier or number characters; after a literal before
/// an identifier (it would read as the literal's suffix); after an
/// identifier before a quote, `#` (a reserved prefix since the 2021
/// edition) or a `!` that is not `!=` (a macro call); after a digit
/// before `.` (a float); and between two punctuation characters unless
/// one is a bracket, `,` or `;` (`: ::`, `> =`, `/ *` and the like
/// would join).
fn needs_space(before: (char, bool), after: (char, bool), then: Option<char>) -> bool {
    let ((b, b_literal), (a, a_literal)) = (before, after);
    if b_literal {
        return a_literal || is_ident_char(a);
    }
    if a_literal {
        return is_ident_char(b);
    }
    match (is_ident_char(b), is_ident_char(a)) {
        (true, true) => true,
        (true, false) => {
            matches!(a, '\'' | '"' | '#')
                || a == '!' && then != Some('=')
                || b.is_ascii_digit() && a == '.'
        }
        (false, true) => false,
        (false, false) => !SEPARATORS.contains(b) && !SEPARATORS.contains(a),
    }
}

/// The length from which [`Text::compact`] ends a line at the next line
/// break of the source: lines of about a hundred characters, for an
/// editor, at one character each.
const WRAP_AFTER: usize = 100;

/// Punctuation that never joins its neighbour into another token.
const SEPARATORS: &str = "()[]{},;";

/// The attribute [`Text::compact`] leaves out.
const MUST_USE: &str = "#[must_use]";

/// Letters, digits and `_`.
fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// Whether the `r` at `i` starts a raw string (`r"`, `r#"`, `br"`), not an
/// identifier ending in `r`.
fn raw_string_start(src: &[char], i: usize) -> bool {
    let before_ok = match i.checked_sub(1).map(|k| src[k]) {
        None => true,
        Some('b') => i < 2 || !is_ident_char(src[i - 2]),
        Some(c) => !is_ident_char(c),
    };
    let mut k = i + 1;
    while src.get(k) == Some(&'#') {
        k += 1;
    }
    before_ok && src.get(k) == Some(&'"')
}

/// Whether `hashes` `#` follow position `i`.
fn closes_raw(src: &[char], i: usize, hashes: usize) -> bool {
    (0..hashes).all(|k| src.get(i + k) == Some(&'#'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_go_and_literals_stay() {
        let text = Text::parse(
            "/// doc\nfn a() { let s = \"// not a comment { \"; /* x /* y */ */ let c = '{'; }\n",
        )
        .unwrap();
        assert_eq!(
            text.slice(0..text.len()),
            "\nfn a() { let s = \"// not a comment { \";   let c = '{'; }\n"
        );
        assert_eq!(text.items().unwrap().len(), 1);
    }

    #[test]
    fn items_lifetimes_and_raw_strings() {
        let text = Text::parse(
            "#![deny(x)]\nuse a::{b, c};\nstruct S<'a>(&'a str);\nconst R: &str = r#\"}\"#;\nimpl S<'_> { fn f(&self) -> char { '\\'' } }\n",
        )
        .unwrap();
        let items: Vec<String> = text
            .items()
            .unwrap()
            .into_iter()
            .map(|r| text.slice(r))
            .collect();
        assert_eq!(items.len(), 5, "{items:?}");
        assert_eq!(items[0], "#![deny(x)]");
        assert_eq!(items[1], "use a::{b, c};");
        assert!(items[4].starts_with("impl S<'_>"));
    }

    #[test]
    fn identifiers_are_mapped_in_code_only() {
        let text = Text::parse("use crate::x; let s = \"crate::y\"; pub(crate) fn f() {}").unwrap();
        let mapped = text.map_idents(|t, i, id| {
            (id == "crate" && t.code_starts(i + 5, "::")).then(|| "crate::k".to_string())
        });
        assert_eq!(
            mapped,
            "use crate::k::x; let s = \"crate::y\"; pub(crate) fn f() {}"
        );
    }

    #[test]
    fn compact_keeps_multi_line_literals() {
        let text = Text::parse("  fn f() {\n\n    let s = \"a\n   b\";\n  }\n").unwrap();
        assert_eq!(text.compact(), "fn f(){let s=\"a\n   b\";}\n");
        let text =
            Text::parse("#[must_use]\nfn f() {}\nconst S: &str = \"\n#[must_use]\n\";\n").unwrap();
        assert_eq!(
            text.compact(),
            "fn f(){}const S: &str=\"\n#[must_use]\n\";\n"
        );
    }

    #[test]
    fn compact_keeps_tokens_apart() {
        let compact = |source: &str| Text::parse(source).unwrap().compact();
        // Words, a literal's suffix, reserved prefixes, macros, floats.
        assert_eq!(
            compact("pub fn f ( x : u8 ) -> u8 { x }"),
            "pub fn f(x:u8)->u8{x}\n"
        );
        assert_eq!(compact("let s = \"a\" as X;"), "let s=\"a\" as X;\n");
        assert_eq!(
            compact("return \"a\"; break 'outer; x #y"),
            "return \"a\";break 'outer;x #y\n"
        );
        assert_eq!(compact("if x != y { f !(z) }"), "if x!=y{f !(z)}\n");
        assert_eq!(
            compact("let r = 1 .. 2 ; 'a' ..= 'z'"),
            "let r=1 ..2;'a'..='z'\n"
        );
        // Punctuation that would join: `: ::`, `> =`, `/ *`, `< -`.
        assert_eq!(
            compact("f: ::std::X; let v: Vec<u8> = w / *p; a < -b"),
            "f: ::std::X;let v:Vec<u8> =w/ *p;a< -b\n"
        );
        // A line break is kept where a space must stay and a break was.
        assert_eq!(
            compact("use a;\n#[must_use]\npub\nfn g() {}"),
            "use a;pub\nfn g(){}\n"
        );
        // Long lines end at a source line break past `WRAP_AFTER` bytes.
        let wrapped = compact(&"let a = 1;\n".repeat(40));
        assert_eq!(wrapped.replace('\n', ""), "let a=1;".repeat(40));
        let lines: Vec<usize> = wrapped.lines().map(str::len).collect();
        assert_eq!(lines, [104, 104, 104, 8], "{wrapped}");
    }
}
