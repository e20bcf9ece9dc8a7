//! JavaScript and TypeScript: template literals, members, option objects,
//! imports and `require`.

use std::collections::HashMap;

use tree_sitter::Node;

use super::kinds::{Table, K};
use super::{field, module_like, names_module, parse, text, Cursor, Hole, Rule, Sanitizer};

impl<'a> Sanitizer<'a> {
    pub(super) fn js(&mut self, c: &mut Cursor<'a>, n: Node<'a>, k: K, depth: usize) {
        let f = &self.t.f;
        match k {
            K::Comment | K::HashBangLine => self.remove_comment(n),
            K::String => {
                let q = if self.text(n).starts_with('\'') {
                    "'"
                } else {
                    "\""
                };
                self.flat_literal(n, q);
            }
            K::TemplateString => {
                self.interpolated(c, n, depth, ("`", "`"), &[K::TemplateSubstitution])
            }
            K::TemplateLiteralType => {
                self.interpolated(c, n, depth, ("`", "`"), &[K::TemplateType])
            }
            K::Regex => {
                self.gap(n.start_byte());
                let p = self.placeholder();
                let flags = n.child_by_field_id(f.flags).map_or("", |x| self.text(x));
                self.out.push_str(&format!("/{p}/{flags}"));
                self.pos = n.end_byte();
            }
            K::JsxText => {
                self.gap(n.start_byte());
                if !self.text(n).trim().is_empty() {
                    let p = self.placeholder();
                    self.out.push_str(&p);
                }
                self.newlines(n.start_byte(), n.end_byte());
                self.pos = n.end_byte();
            }
            K::Identifier | K::ShorthandProperty | K::TypeIdentifier | K::StatementIdentifier => {
                self.ident(n, Some(Rule::Rename))
            }
            K::PrivatePropertyIdentifier => {
                // Keyed with its `#`: `#data` and `data` are different names.
                self.gap(n.start_byte());
                let name = self.text(n);
                self.holes.push(Hole {
                    at: self.out.len(),
                    name,
                    rule: Rule::Rename,
                });
                self.pos = n.end_byte();
            }
            K::PropertyIdentifier => self.ident(n, Some(Rule::IfDefined)),
            K::MemberExpression => self.js_member(c, n, depth),
            K::NestedIdentifier => self.js_nested(c, n, depth),
            K::CallExpression | K::NewExpression => self.js_call(c, n, depth),
            K::Object => self.js_object(c, Some(Rule::IfDefined), depth),
            K::MemberDefinition | K::EnumBody => self.js_definition(c, k == K::EnumBody, depth),
            K::AssignmentExpression => {
                if let Some(left) = n.child_by_field_id(f.left) {
                    if self.kind(left) == K::MemberExpression {
                        let object = left.child_by_field_id(f.object);
                        let prop = left.child_by_field_id(f.property);
                        if let (Some(o), Some(p)) = (object, prop) {
                            if self.js_user_root(o) {
                                self.defined.insert(self.text(p));
                            }
                        }
                    }
                }
                self.children(c, depth);
            }
            K::ImportStatement => self.js_import(c, n, depth),
            K::ExportStatement if n.child_by_field_id(f.source).is_some() => {
                self.js_reexport(c, n, depth)
            }
            K::VariableDeclarator
                if n.child_by_field_id(f.value)
                    .and_then(|v| js_loader_call(self.src, self.t, v))
                    .is_some() =>
            {
                self.js_require_declarator(c, depth)
            }
            _ => self.walk_default(c, n, depth),
        }
    }

    fn js_user_root(&self, mut n: Node) -> bool {
        let f = &self.t.f;
        loop {
            let next = match self.kind(n) {
                K::Identifier => return !self.foreign_name(self.text(n)),
                K::This => return true,
                K::MemberExpression | K::SubscriptExpression => n.child_by_field_id(f.object),
                K::CallExpression => n.child_by_field_id(f.function),
                K::NewExpression => n.child_by_field_id(f.constructor),
                K::Wrapper => n.named_child(0),
                K::String | K::TemplateString | K::Regex | K::Literal | K::Object | K::Import => {
                    return false
                }
                _ => return true,
            };
            match next {
                Some(next) => n = next,
                None => return true,
            }
        }
    }

    fn js_member(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        let f = &self.t.f;
        let property = f.property;
        let rule = match n.child_by_field_id(f.object) {
            Some(o) if !self.js_user_root(o) => None,
            _ => Some(Rule::IfDefined),
        };
        self.each(c, depth, |s, c, child, _| {
            let name = field(c) == property && s.kind(child) == K::PropertyIdentifier;
            if name {
                s.ident(child, rule);
            }
            name
        });
    }

    /// `NS.Type` / `a.b` in types and namespaces: names after the first
    /// follow the attribute rule.
    fn js_nested(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        let mut root = n;
        while let Some(first) = root.named_child(0) {
            root = first;
        }
        let rule = self.js_user_root(root).then_some(Rule::IfDefined);
        let mut first = true;
        self.each(c, depth, |s, _, child, _| {
            let was_first = std::mem::replace(&mut first, false);
            let name = !was_first
                && matches!(
                    s.kind(child),
                    K::Identifier | K::PropertyIdentifier | K::TypeIdentifier
                );
            if name {
                s.ident(child, rule);
            }
            name
        });
    }

    fn js_call(&mut self, c: &mut Cursor<'a>, n: Node<'a>, depth: usize) {
        let f = &self.t.f;
        let callee = n
            .child_by_field_id(f.function)
            .or_else(|| n.child_by_field_id(f.constructor));
        // `require("m")` / `import("m")`: the module is an import, shown.
        let loader = callee.is_some_and(|x| match self.kind(x) {
            K::Import => true,
            K::Identifier => self.text(x) == "require",
            K::MemberExpression => x
                .child_by_field_id(f.property)
                .is_some_and(|p| self.text(p) == "require"),
            _ => false,
        });
        let module_arg = if loader {
            parse::js_require_or_import(self.src, n)
                .filter(|m| module_like(m))
                .and_then(|_| n.child_by_field_id(f.arguments))
                .and_then(|a| a.named_child(0))
                .map(|a| a.id())
        } else {
            None
        };
        // Option objects passed to code defined elsewhere keep their keys
        // (`{ shell: true }`); passed to our own code, they are our names.
        let keys = match callee {
            Some(x) if self.kind(x) == K::Identifier => {
                (!self.foreign_name(self.text(x))).then_some(Rule::IfDefined)
            }
            Some(x) if self.kind(x) == K::MemberExpression => {
                match (
                    x.child_by_field_id(f.object),
                    x.child_by_field_id(f.property),
                ) {
                    (Some(o), Some(p)) if self.js_user_root(o) => {
                        Some(Rule::IfBothDefined(self.text(p)))
                    }
                    _ => None,
                }
            }
            _ => None,
        };
        let arguments = f.arguments;
        self.each(c, depth, |s, c, child, d| {
            if field(c) != arguments || s.kind(child) != K::Arguments {
                return false;
            }
            s.each(c, d, |s, c, arg, d| {
                if Some(arg.id()) == module_arg {
                    s.copy(arg);
                    true
                } else if s.kind(arg) == K::Object {
                    s.js_object(c, keys, d);
                    true
                } else {
                    false
                }
            });
            true
        });
    }

    fn js_object(&mut self, c: &mut Cursor<'a>, keys: Option<Rule<'a>>, depth: usize) {
        let key = self.t.f.key;
        self.each(c, depth, |s, c, child, d| {
            if s.kind(child) != K::Pair {
                return false;
            }
            s.each(c, d, |s, c, part, _| {
                let name = field(c) == key && s.kind(part) == K::PropertyIdentifier;
                if name {
                    s.ident(part, keys);
                }
                name
            });
            true
        });
    }

    /// Methods, fields, interface members and enum members define names.
    fn js_definition(&mut self, c: &mut Cursor<'a>, enum_body: bool, depth: usize) {
        let (name, property) = (self.t.f.name, self.t.f.property);
        self.each(c, depth, |s, c, child, _| {
            let at_name = enum_body || field(c) == name || field(c) == property;
            let is_name = at_name && s.kind(child) == K::PropertyIdentifier;
            if is_name {
                s.ident(child, Some(Rule::Rename));
            }
            is_name
        });
    }

    fn js_module_string(&mut self, c: &mut Cursor<'a>, n: Node<'a>, depth: usize) {
        match parse::js_plain_string(self.src, n) {
            Some(m) if module_like(m) => self.copy(n),
            _ => self.node(c, n, depth),
        }
    }

    fn js_import(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        let source = self.t.f.source;
        let source_id = n.child_by_field_id(source).map(|x| x.id());
        self.each(c, depth, |s, c, child, d| {
            if Some(child.id()) == source_id {
                s.js_module_string(c, child, d);
                return true;
            }
            match s.kind(child) {
                K::ImportClause => {
                    s.js_import_names(c, d);
                    true
                }
                K::ImportRequireClause => {
                    s.each(c, d, |s, c, part, d| {
                        let is_source = field(c) == source;
                        if is_source {
                            s.js_module_string(c, part, d);
                        }
                        is_source
                    });
                    true
                }
                _ => false,
            }
        });
    }

    /// Import and export clauses: the names a module exports are kept;
    /// local aliases are ours (renamed unless they repeat the module's own
    /// name).
    fn js_import_names(&mut self, c: &mut Cursor<'a>, depth: usize) {
        self.each(c, depth, |s, c, child, d| {
            if s.kind(child) != K::SpecifierList {
                return false;
            }
            s.each(c, d, |s, c, spec, d| {
                let is_spec = s.kind(spec) == K::Specifier;
                if is_spec {
                    s.js_specifier(c, d);
                }
                is_spec
            });
            true
        });
    }

    fn js_specifier(&mut self, c: &mut Cursor<'a>, depth: usize) {
        let name = self.t.f.name;
        self.each(c, depth, |s, c, part, d| {
            if field(c) != name {
                return false;
            }
            if s.kind(part) == K::Identifier {
                s.copy(part);
            } else {
                s.js_module_string(c, part, d);
            }
            true
        });
    }

    /// `export { a as b } from "m"`, `export * as ns from "m"`.
    fn js_reexport(&mut self, c: &mut Cursor<'a>, n: Node, depth: usize) {
        let source_id = n.child_by_field_id(self.t.f.source).map(|x| x.id());
        let mut is_clause = false;
        self.each(c, depth, |s, c, child, d| {
            if Some(child.id()) == source_id {
                s.js_module_string(c, child, d);
                return true;
            }
            is_clause = s.kind(child) == K::SpecifierList;
            if is_clause {
                s.each(c, d, |s, c, spec, d| {
                    let is_spec = s.kind(spec) == K::Specifier;
                    if is_spec {
                        s.js_specifier(c, d);
                    }
                    is_spec
                });
            }
            is_clause
        });
    }

    /// `const { exec, spawn: sp } = require("child_process")`: `exec` and
    /// `spawn` are the module's names and kept.
    fn js_require_declarator(&mut self, c: &mut Cursor<'a>, depth: usize) {
        let (name, key) = (self.t.f.name, self.t.f.key);
        self.each(c, depth, |s, c, child, d| {
            if field(c) != name || s.kind(child) != K::ObjectPattern {
                return false;
            }
            s.each(c, d, |s, c, part, d| {
                if s.kind(part) != K::PairPattern {
                    return false;
                }
                s.each(c, d, |s, c, piece, _| {
                    let is_key = field(c) == key && s.kind(piece) == K::PropertyIdentifier;
                    if is_key {
                        s.copy(piece);
                    }
                    is_key
                });
                true
            });
            true
        });
    }
}

/// `require("m")`, `import("m")`, `await import("m")`: the module.
fn js_loader_call<'a>(src: &'a str, t: &Table, value: Node) -> Option<&'a str> {
    let call = if t.kind(value) == K::AwaitExpression {
        value.named_child(0)?
    } else {
        value
    };
    if t.kind(call) != K::CallExpression {
        return None;
    }
    parse::js_require_or_import(src, call)
}

/// The names bound by imports and `require` calls in the tree under `root`
/// (see [`Sanitizer::imports`](super::Sanitizer)).
pub(super) fn imports<'a>(src: &'a str, t: &Table, root: Node) -> HashMap<&'a str, bool> {
    let mut imports = HashMap::new();
    parse::walk(root, &mut |n| js_bindings(src, t, n, &mut imports));
    imports
}

fn js_bindings<'a>(src: &'a str, t: &Table, n: Node, imports: &mut HashMap<&'a str, bool>) {
    let f = &t.f;
    let bind_local = |imports: &mut HashMap<&'a str, bool>, local: Node, module: &str| {
        let x = text(src, local);
        imports.insert(x, names_module(x, module));
    };
    match t.kind(n) {
        K::ImportStatement => {
            let module = n
                .child_by_field_id(f.source)
                .and_then(|s| parse::js_plain_string(src, s))
                .unwrap_or("");
            let mut c = n.walk();
            for child in n.named_children(&mut c) {
                match t.kind(child) {
                    K::ImportClause => {
                        let mut c2 = child.walk();
                        for part in child.named_children(&mut c2) {
                            match t.kind(part) {
                                K::Identifier => bind_local(imports, part, module),
                                K::NamespaceImport => {
                                    if let Some(id) = part.named_child(0) {
                                        bind_local(imports, id, module);
                                    }
                                }
                                K::SpecifierList => {
                                    let mut c3 = part.walk();
                                    for spec in part.named_children(&mut c3) {
                                        let name = spec.child_by_field_id(f.name);
                                        let alias = spec.child_by_field_id(f.alias);
                                        match (name, alias) {
                                            (Some(nm), Some(al)) => {
                                                let al = text(src, al);
                                                imports.insert(al, al == text(src, nm));
                                            }
                                            (Some(nm), None) => {
                                                imports.insert(text(src, nm), true);
                                            }
                                            _ => {}
                                        }
                                    }
                                }
                                _ => {}
                            }
                        }
                    }
                    K::ImportRequireClause => {
                        let module = child
                            .child_by_field_id(f.source)
                            .and_then(|s| parse::js_plain_string(src, s))
                            .unwrap_or("");
                        if let Some(id) = child.named_child(0) {
                            bind_local(imports, id, module);
                        }
                    }
                    _ => {}
                }
            }
        }
        K::VariableDeclarator => {
            let Some(module) = n
                .child_by_field_id(f.value)
                .and_then(|v| js_loader_call(src, t, v))
            else {
                return;
            };
            let Some(name) = n.child_by_field_id(f.name) else {
                return;
            };
            match t.kind(name) {
                K::Identifier => bind_local(imports, name, module),
                K::ObjectPattern => {
                    let mut c = name.walk();
                    for part in name.named_children(&mut c) {
                        match t.kind(part) {
                            K::ShorthandProperty => {
                                imports.insert(text(src, part), true);
                            }
                            K::PairPattern => {
                                let key = part.child_by_field_id(f.key);
                                let value = part.child_by_field_id(f.value);
                                if let (Some(k), Some(v)) = (key, value) {
                                    let v = text(src, v);
                                    imports.insert(v, v == text(src, k));
                                }
                            }
                            _ => {}
                        }
                    }
                }
                _ => {}
            }
        }
        _ => {}
    }
}
