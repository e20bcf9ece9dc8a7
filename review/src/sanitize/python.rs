//! Python: docstrings, f-strings, attributes, keyword arguments, imports.

use std::collections::HashMap;

use tree_sitter::Node;

use super::kinds::{Table, K};
use super::{field, module_like, names_module, parse, text, Cursor, Rule, Sanitizer};

impl<'a> Sanitizer<'a> {
    pub(super) fn py(&mut self, c: &mut Cursor<'a>, n: Node<'a>, k: K, depth: usize) {
        let f = &self.t.f;
        match k {
            K::Comment => self.remove_comment(n),
            K::String => self.py_string(c, n, depth),
            K::Interpolation => self.py_interpolation(c, depth),
            K::Identifier => self.ident(n, Some(Rule::Rename)),
            K::Attribute => self.py_attribute(c, n, depth),
            K::Call => self.py_call(c, n, depth),
            K::KeywordArgument => self.py_kwarg(c, None, depth),
            K::ImportStatement | K::ImportFromStatement | K::FutureImportStatement => {
                self.py_import(c, depth)
            }
            K::FunctionDefinition | K::ClassDefinition => {
                let body = f.body;
                self.each(c, depth, |s, c, _, d| {
                    let is_body = field(c) == body;
                    if is_body {
                        s.py_body(c, d);
                    }
                    is_body
                });
            }
            K::Assignment | K::AugmentedAssignment => {
                if let Some(left) = n.child_by_field_id(f.left) {
                    self.py_attribute_targets(left);
                }
                self.children(c, depth);
            }
            _ => self.walk_default(c, n, depth),
        }
    }

    /// A module or function/class body (the cursor's node): its docstring
    /// goes, for `pass` if the body would be left empty or the line holds
    /// more code.
    pub(super) fn py_body(&mut self, c: &mut Cursor<'a>, depth: usize) {
        let body = c.node();
        let Some(doc) = parse::python_docstring(body) else {
            self.children(c, depth);
            return;
        };
        let mut others = false;
        let mut same_line = false;
        let mut after = false;
        let mut c2 = body.walk();
        for child in body.children(&mut c2) {
            if child.id() == doc.id() {
                after = true;
                continue;
            }
            if self.kind(child) == K::Comment {
                continue;
            }
            if child.is_named() {
                others = true;
            }
            if after && child.start_position().row == doc.end_position().row {
                same_line = true;
            }
            after = false;
        }
        let needs_pass = same_line || (!others && self.kind(body) != K::Module);
        self.each(c, depth, |s, _, child, _| {
            if child.id() != doc.id() {
                return false;
            }
            s.gap(child.start_byte());
            if needs_pass {
                s.out.push_str("pass");
            } else {
                s.trim_line_end();
            }
            if !same_line {
                s.newlines(child.start_byte(), child.end_byte());
            }
            s.pos = child.end_byte();
            true
        });
    }

    fn py_string(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        let start = n.child(0).map_or("\"", |s| self.text(s));
        let quote_at = start.find(['"', '\'']).unwrap_or(start.len());
        let prefix = start[..quote_at].to_ascii_lowercase();
        let quotes = &start[quote_at..];
        // Keep what tells the reviewer the literal's type: bytes, formatted
        // (f, or t for template strings). `r`/`u` do not matter for "S1".
        let mut open = String::new();
        for letter in ['f', 't', 'b'] {
            if prefix.contains(letter) {
                open.push(letter);
            }
        }
        open.push_str(if quotes.is_empty() { "\"" } else { quotes });
        let close = if quotes.is_empty() { "\"" } else { quotes };
        self.interpolated(c, n, depth, (&open, close), &[K::Interpolation]);
    }

    fn py_interpolation(&mut self, c: &mut Cursor<'a>, depth: usize) {
        self.each(c, depth, |s, c, spec, d| {
            if s.kind(spec) != K::FormatSpecifier {
                return false;
            }
            // Format-spec text is data; a nested `{expr}` in it is code.
            let mut c2 = spec.walk();
            let has_code = spec
                .children(&mut c2)
                .any(|x| s.kind(x) == K::FormatExpression);
            if !has_code {
                s.drop_node(spec);
                return true;
            }
            s.put(spec, ":");
            s.pos = spec.start_byte() + 1;
            s.each(c, d, |s, c, part, d| {
                if s.kind(part) == K::FormatExpression {
                    s.newlines(s.pos, part.start_byte());
                    s.pos = part.start_byte();
                    s.children(c, d);
                }
                true
            });
            s.newlines(s.pos, spec.end_byte());
            s.pos = spec.end_byte();
            true
        });
    }

    /// Is the object an attribute hangs on ours (a user name, `self`, the
    /// result of a user call), rather than a builtin, an import or a literal?
    fn py_user_root(&self, mut n: Node) -> bool {
        let f = &self.t.f;
        loop {
            let next = match self.kind(n) {
                K::Identifier => return !self.foreign_name(self.text(n)),
                K::Attribute => n.child_by_field_id(f.object),
                K::Call => n.child_by_field_id(f.function),
                K::Subscript => n.child_by_field_id(f.value),
                K::ParenthesizedExpression => n.named_child(0),
                K::String | K::Literal => return false,
                _ => return true,
            };
            match next {
                Some(next) => n = next,
                None => return true,
            }
        }
    }

    fn py_attribute(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        let f = &self.t.f;
        let (attribute, rule) = match n.child_by_field_id(f.object) {
            Some(o) if !self.py_user_root(o) => (f.attribute, None),
            _ => (f.attribute, Some(Rule::IfDefined)),
        };
        self.each(c, depth, |s, c, child, _| {
            let name = field(c) == attribute && s.kind(child) == K::Identifier;
            if name {
                s.ident(child, rule);
            }
            name
        });
    }

    /// `self.x = …` defines attribute `x`.
    fn py_attribute_targets(&mut self, target: Node<'a>) {
        let f = &self.t.f;
        match self.kind(target) {
            K::Attribute => {
                let object = target.child_by_field_id(f.object);
                if let (Some(o), Some(a)) = (object, target.child_by_field_id(f.attribute)) {
                    if self.py_user_root(o) {
                        self.defined.insert(self.text(a));
                    }
                }
            }
            K::PatternList => {
                let mut c = target.walk();
                for child in target.named_children(&mut c) {
                    self.py_attribute_targets(child);
                }
            }
            _ => {}
        }
    }

    fn py_call(&mut self, c: &mut Cursor<'a>, n: Node<'a>, depth: usize) {
        let f = &self.t.f;
        let func = n.child_by_field_id(f.function);
        // `__import__("m")`: the module name is an import, shown as written.
        let loader = func.is_some_and(|x| {
            let t = self.text(x);
            let name = t.rsplit('.').next().unwrap_or(t);
            name == "__import__" || name == "import_module"
        });
        let module_arg = if loader {
            parse::python_dynamic_import(self.src, n)
                .filter(|m| module_like(m))
                .and_then(|_| parse::python_first_arg(n))
                .map(|a| a.id())
        } else {
            None
        };
        // Keyword names passed to code defined elsewhere are its API (kept);
        // passed to our own functions, they are our parameter names.
        let kw = match func {
            Some(x) if self.kind(x) == K::Identifier => {
                (!self.foreign_name(self.text(x))).then_some(Rule::IfDefined)
            }
            Some(x) if self.kind(x) == K::Attribute => {
                match (
                    x.child_by_field_id(f.object),
                    x.child_by_field_id(f.attribute),
                ) {
                    (Some(o), Some(a)) if self.py_user_root(o) => {
                        Some(Rule::IfBothDefined(self.text(a)))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let arguments = f.arguments;
        self.each(c, depth, |s, c, child, d| {
            if field(c) != arguments || s.kind(child) != K::ArgumentList {
                return false;
            }
            s.each(c, d, |s, c, arg, d| {
                if Some(arg.id()) == module_arg {
                    s.copy(arg);
                    true
                } else if s.kind(arg) == K::KeywordArgument {
                    s.py_kwarg(c, kw, d);
                    true
                } else {
                    false
                }
            });
            true
        });
    }

    fn py_kwarg(&mut self, c: &mut Cursor<'a>, rule: Option<Rule<'a>>, depth: usize) {
        let name = self.t.f.name;
        self.each(c, depth, |s, c, child, _| {
            let is_name = field(c) == name && s.kind(child) == K::Identifier;
            if is_name {
                s.ident(child, rule);
            }
            is_name
        });
    }

    fn py_import(&mut self, c: &mut Cursor<'a>, depth: usize) {
        let alias = self.t.f.alias;
        self.each(c, depth, |s, c, child, d| match s.kind(child) {
            // Module paths and imported names are what the code uses.
            K::DottedName | K::RelativeImport => {
                s.copy(child);
                true
            }
            K::AliasedImport => {
                s.each(c, d, |s, c, part, _| {
                    if field(c) == alias {
                        s.ident(part, Some(Rule::Rename));
                        true
                    } else if s.kind(part) == K::DottedName {
                        s.copy(part);
                        true
                    } else {
                        false
                    }
                });
                true
            }
            _ => false,
        });
    }
}

/// The names bound by imports in the tree under `root` (see
/// [`Sanitizer::imports`](super::Sanitizer)).
pub(super) fn imports<'a>(src: &'a str, t: &Table, root: Node) -> HashMap<&'a str, bool> {
    let mut imports = HashMap::new();
    // Imports are statements: expressions need not be searched.
    let mut stack = vec![root];
    while let Some(n) = stack.pop() {
        let k = t.kind(n);
        py_bindings(src, t, n, k, &mut imports);
        if PY_STATEMENT_CONTAINERS.contains(&k) {
            let mut c = n.walk();
            stack.extend(n.named_children(&mut c));
        }
    }
    imports
}

fn py_bindings<'a>(src: &'a str, t: &Table, n: Node, k: K, imports: &mut HashMap<&'a str, bool>) {
    let f = &t.f;
    let last_segment = |dotted: Node| {
        let x = text(src, dotted);
        x.rsplit('.').next().unwrap_or(x).trim()
    };
    match k {
        K::ImportStatement | K::ImportFromStatement => {
            let from = k == K::ImportFromStatement;
            let mut c = n.walk();
            if !c.goto_first_child() {
                return;
            }
            loop {
                let name = c.node();
                if field(&c) == f.name {
                    if t.kind(name) == K::AliasedImport {
                        if let (Some(dotted), Some(alias)) = (
                            name.child_by_field_id(f.name),
                            name.child_by_field_id(f.alias),
                        ) {
                            let alias = text(src, alias);
                            imports.insert(alias, names_module(alias, last_segment(dotted)));
                        }
                    } else if from {
                        imports.insert(last_segment(name), true);
                    } else if let Some(first) = name.named_child(0) {
                        // `import a.b` binds `a`.
                        imports.insert(text(src, first), true);
                    }
                }
                if !c.goto_next_sibling() {
                    break;
                }
            }
        }
        K::ExpressionStatement => {
            // `sp = __import__("subprocess")`
            let Some(assign) = n.named_child(0).filter(|a| t.kind(*a) == K::Assignment) else {
                return;
            };
            let (Some(left), Some(right)) = (
                assign.child_by_field_id(f.left),
                assign.child_by_field_id(f.value).or_else(|| {
                    // Python names the right side `right`.
                    let mut c = assign.walk();
                    let last = assign.named_children(&mut c).last();
                    last
                }),
            ) else {
                return;
            };
            if t.kind(left) != K::Identifier || t.kind(right) != K::Call {
                return;
            }
            if let Some(module) = parse::python_dynamic_import(src, right) {
                let name = text(src, left);
                let shown = module.split('.').next() == Some(name)
                    || module.rsplit('.').next() == Some(name);
                imports.insert(name, shown);
            }
        }
        _ => {}
    }
}

/// Python nodes that can hold import statements.
const PY_STATEMENT_CONTAINERS: &[K] = &[
    K::Module,
    K::StatementContainer,
    K::FunctionDefinition,
    K::ClassDefinition,
    K::ExpressionStatement,
];
