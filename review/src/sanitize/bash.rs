//! Bash: strings, heredocs, expansions, command and variable names.

use tree_sitter::Node;

use super::kinds::K;
use super::{field, parse, Cursor, Rule, Sanitizer};

impl<'a> Sanitizer<'a> {
    pub(super) fn sh(&mut self, c: &mut Cursor<'a>, n: Node<'a>, k: K, depth: usize) {
        match k {
            K::Comment => self.remove_comment(n),
            K::String => self.interpolated(c, n, depth, ("\"", "\""), BASH_CODE),
            K::RawString => self.flat_literal(n, "\""),
            K::HeredocStart => {
                let quoted = self.text(n).starts_with(['\'', '"']);
                self.put(n, if quoted { "'EOF'" } else { "EOF" });
            }
            K::HeredocEnd => self.put(n, "EOF"),
            K::HeredocBody => {
                self.gap(n.start_byte());
                let p = self.placeholder();
                self.out.push_str(&p);
                self.each(c, depth, |s, c, child, d| {
                    if BASH_CODE.contains(&s.kind(child)) {
                        s.newlines(s.pos, child.start_byte());
                        s.pos = child.start_byte();
                        s.node(c, child, d);
                    }
                    true
                });
                self.newlines(self.pos, n.end_byte());
                self.pos = n.end_byte();
            }
            K::VariableName => self.ident(n, Some(Rule::Rename)),
            K::CommandName => self.each(c, depth, |s, _, child, _| {
                let word = s.kind(child) == K::Word;
                if word {
                    s.ident(child, Some(Rule::IfFunction));
                }
                word
            }),
            K::FunctionDefinition => {
                let name = self.t.f.name;
                if let Some(x) = n.child_by_field_id(name) {
                    let t = self.text(x);
                    self.functions.insert(t);
                }
                self.each(c, depth, |s, c, child, _| {
                    let is_name = field(c) == name;
                    if is_name {
                        s.ident(child, Some(Rule::Rename));
                    }
                    is_name
                });
            }
            K::Word => {
                let t = self.text(n);
                if self.in_expansion && t.bytes().any(|b| b.is_ascii_alphabetic()) {
                    // `${x:-default text}`: the default is data.
                    let p = self.placeholder();
                    self.put(n, &p);
                } else if is_identifier(t) {
                    // `read line`, `unset name`: may name our variables.
                    self.ident(n, Some(Rule::IfDefined));
                } else {
                    self.copy(n);
                }
            }
            K::Regex => {
                let p = self.placeholder();
                self.put(n, &p);
            }
            K::Concatenation if self.in_expansion && !self.has_code(n) => {
                let p = self.placeholder();
                self.put(n, &p);
            }
            K::Expansion | K::HereString | K::CommandSubstitution | K::Subscript => {
                // Words in `${x:-…}` and here-strings are data; in `$(…)`
                // and `[i]` they are commands and names again.
                let saved = self.in_expansion;
                self.in_expansion = matches!(k, K::Expansion | K::HereString);
                self.children(c, depth);
                self.in_expansion = saved;
            }
            _ => self.walk_default(c, n, depth),
        }
    }

    /// Does a Bash node hold expansions or substitutions (code)?
    fn has_code(&self, n: Node) -> bool {
        let mut found = false;
        parse::walk(n, &mut |x| found |= BASH_CODE.contains(&self.kind(x)));
        found
    }
}

/// Bash nodes inside strings and heredocs that are code.
const BASH_CODE: &[K] = &[
    K::SimpleExpansion,
    K::Expansion,
    K::CommandSubstitution,
    K::ArithmeticExpansion,
];

fn is_identifier(t: &str) -> bool {
    let mut bytes = t.bytes();
    matches!(bytes.next(), Some(b) if b.is_ascii_alphabetic() || b == b'_')
        && bytes.all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'$')
}
