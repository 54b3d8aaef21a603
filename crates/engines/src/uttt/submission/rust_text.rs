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

    /// The text with blank lines dropped, the space at the start and end
    /// of each line removed where it is code (a literal spanning lines
    /// keeps its own), and the lines that are only `#[must_use]` dropped
    /// (a lint, no part of what the program does: 12 characters each).
    pub(super) fn compact(&self) -> String {
        let mut out = String::with_capacity(self.len());
        let mut line_start = 0;
        for i in 0..=self.len() {
            if i < self.len() && !self.code_is(i, '\n') {
                continue;
            }
            let mut start = line_start;
            while start < i && !self.literal[start] && self.chars[start].is_whitespace() {
                start += 1;
            }
            let mut end = i;
            while end > start && !self.literal[end - 1] && self.chars[end - 1].is_whitespace() {
                end -= 1;
            }
            if start < end && !self.is_lint_line(start..end) {
                out.push_str(&self.slice(start..end));
                out.push('\n');
            }
            line_start = i + 1;
        }
        out
    }

    /// Whether the trimmed line `range` is code reading `#[must_use]`.
    fn is_lint_line(&self, range: Range<usize>) -> bool {
        range.len() == MUST_USE.len() && self.code_starts(range.start, MUST_USE)
    }
}

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
        assert_eq!(text.compact(), "fn f() {\nlet s = \"a\n   b\";\n}\n");
        let text =
            Text::parse("#[must_use]\nfn f() {}\nconst S: &str = \"\n#[must_use]\n\";\n").unwrap();
        assert_eq!(
            text.compact(),
            "fn f() {}\nconst S: &str = \"\n#[must_use]\n\";\n"
        );
    }
}
