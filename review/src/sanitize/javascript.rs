//! JavaScript and TypeScript: template literals, members, option objects,
//! imports and `require`.

use std::collections::HashMap;

use tree_sitter::Node;

use super::call::RootStep::{Found, Inner};
use super::call::{CallShape, MemberShape};
use super::kinds::{GrammarTable, NodeKind};
use super::{field, module_like, names_module, parse, text, Cursor, Hole, Rule, Sanitizer, Walked};

impl<'a> Sanitizer<'a> {
    pub(super) fn js(
        &mut self,
        cursor: &mut Cursor<'a>,
        node: Node<'a>,
        kind: NodeKind,
        depth: usize,
    ) {
        let fields = &self.table.fields;
        match kind {
            NodeKind::Comment | NodeKind::HashBangLine => self.remove_comment(node),
            NodeKind::String => {
                let quote = if self.text(node).starts_with('\'') {
                    "'"
                } else {
                    "\""
                };
                self.flat_literal(node, quote);
            }
            NodeKind::TemplateString => self.interpolated(
                cursor,
                node,
                depth,
                ("`", "`"),
                &[NodeKind::TemplateSubstitution],
            ),
            NodeKind::TemplateLiteralType => {
                self.interpolated(cursor, node, depth, ("`", "`"), &[NodeKind::TemplateType])
            }
            NodeKind::Regex => self.js_regex(node),
            NodeKind::JsxText => self.js_jsx_text(node),
            NodeKind::Identifier
            | NodeKind::ShorthandProperty
            | NodeKind::TypeIdentifier
            | NodeKind::StatementIdentifier => self.ident(node, Some(Rule::Rename)),
            NodeKind::PrivatePropertyIdentifier => self.js_private_name(node),
            NodeKind::PropertyIdentifier => self.ident(node, Some(Rule::IfDefined)),
            NodeKind::MemberExpression => self.js_member(cursor, node, depth),
            NodeKind::NestedIdentifier => self.js_nested(cursor, node, depth),
            NodeKind::CallExpression | NodeKind::NewExpression => self.js_call(cursor, node, depth),
            NodeKind::Object => self.js_object(cursor, Some(Rule::IfDefined), depth),
            NodeKind::MemberDefinition | NodeKind::EnumBody => {
                self.js_definition(cursor, kind == NodeKind::EnumBody, depth)
            }
            NodeKind::AssignmentExpression => {
                if let Some(left) = node.child_by_field_id(fields.left) {
                    self.js_assignment_target(left);
                }
                self.children(cursor, depth);
            }
            NodeKind::ImportStatement => self.js_import(cursor, node, depth),
            NodeKind::ExportStatement if node.child_by_field_id(fields.source).is_some() => {
                self.js_reexport(cursor, node, depth)
            }
            NodeKind::VariableDeclarator
                if node
                    .child_by_field_id(fields.value)
                    .and_then(|value| js_loader_call(self.src, self.table, value))
                    .is_some() =>
            {
                self.js_require_declarator(cursor, depth)
            }
            _ => self.walk_default(cursor, node, depth),
        }
    }

    /// `/S<n>/flags`: the flags are code (they change what matches), the
    /// pattern is data.
    fn js_regex(&mut self, node: Node) {
        self.gap(node.start_byte());
        let placeholder = self.placeholder(self.text(node));
        let flags = node
            .child_by_field_id(self.table.fields.flags)
            .map_or("", |flags| self.text(flags));
        self.out.push_str(&format!("/{placeholder}/{flags}"));
        self.pos = node.end_byte();
    }

    /// Text between JSX tags is data: one placeholder unless blank.
    fn js_jsx_text(&mut self, node: Node) {
        self.gap(node.start_byte());
        if !self.text(node).trim().is_empty() {
            let placeholder = self.placeholder(self.text(node));
            self.out.push_str(&placeholder);
        }
        self.newlines(node.start_byte(), node.end_byte());
        self.pos = node.end_byte();
    }

    /// `#data`: keyed with its `#`, as `#data` and `data` are different
    /// names.
    fn js_private_name(&mut self, node: Node) {
        self.gap(node.start_byte());
        let name = self.text(node);
        self.holes.push(Hole {
            at: self.out.len(),
            name,
            rule: Rule::Rename,
        });
        self.pos = node.end_byte();
    }

    /// `this.x = …` defines property `x`.
    fn js_assignment_target(&mut self, target: Node) {
        if self.kind(target) != NodeKind::MemberExpression {
            return;
        }
        let fields = &self.table.fields;
        let object = target.child_by_field_id(fields.object);
        let property = target.child_by_field_id(fields.property);
        if let (Some(object), Some(property)) = (object, property) {
            if self.js_user_root(object) {
                self.defined.insert(self.text(property));
            }
        }
    }

    /// [`Sanitizer::user_root`] for JavaScript and TypeScript.
    fn js_user_root(&self, node: Node) -> bool {
        self.user_root(node, |this, node| {
            let fields = &this.table.fields;
            match this.kind(node) {
                NodeKind::Identifier => Found(!this.foreign_name(this.text(node))),
                NodeKind::This => Found(true),
                NodeKind::MemberExpression | NodeKind::SubscriptExpression => {
                    Inner(node.child_by_field_id(fields.object))
                }
                NodeKind::CallExpression => Inner(node.child_by_field_id(fields.function)),
                NodeKind::NewExpression => Inner(node.child_by_field_id(fields.constructor)),
                NodeKind::Wrapper => Inner(node.named_child(0)),
                NodeKind::String
                | NodeKind::TemplateString
                | NodeKind::Regex
                | NodeKind::Literal
                | NodeKind::Object
                | NodeKind::Import => Found(false),
                _ => Found(true),
            }
        })
    }

    fn js_member(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        let shape = self.js_member_shape();
        self.member(cursor, node, &shape, depth);
    }

    fn js_member_shape(&self) -> MemberShape<'a> {
        MemberShape {
            kind: NodeKind::MemberExpression,
            name: self.table.fields.property,
            name_kind: NodeKind::PropertyIdentifier,
            user_root: Self::js_user_root,
        }
    }

    /// `NS.Type` / `a.b` in types and namespaces: names after the first
    /// follow the attribute rule.
    fn js_nested(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        let mut root = node;
        while let Some(first) = root.named_child(0) {
            root = first;
        }
        let rule = self.js_user_root(root).then_some(Rule::IfDefined);
        let mut first = true;
        self.each(cursor, depth, |this, _, child, _| {
            let was_first = std::mem::replace(&mut first, false);
            let name = !was_first
                && matches!(
                    this.kind(child),
                    NodeKind::Identifier | NodeKind::PropertyIdentifier | NodeKind::TypeIdentifier
                );
            if name {
                this.ident(child, rule);
            }
            name
        });
    }

    fn js_call(&mut self, cursor: &mut Cursor<'a>, node: Node<'a>, depth: usize) {
        let fields = &self.table.fields;
        let callee = node
            .child_by_field_id(fields.function)
            .or_else(|| node.child_by_field_id(fields.constructor));
        let shape = CallShape {
            // `require("m")` / `import("m")`: the module is an import, shown.
            is_loader: |this, callee| match this.kind(callee) {
                NodeKind::Import => true,
                NodeKind::Identifier => this.text(callee) == "require",
                NodeKind::MemberExpression => callee
                    .child_by_field_id(this.table.fields.property)
                    .is_some_and(|property| {
                        parse::JS_LOADER_METHODS.contains(&this.text(property))
                    }),
                _ => false,
            },
            loaded_module: parse::js_require_or_import,
            first_argument: |this, call| {
                call.child_by_field_id(this.table.fields.arguments)
                    .and_then(|arguments| arguments.named_child(0))
            },
            member: self.js_member_shape(),
            argument_list: NodeKind::Arguments,
            named_argument: NodeKind::Object,
            name_argument: Self::js_object,
        };
        self.call(cursor, node, callee, &shape, depth);
    }

    fn js_object(&mut self, cursor: &mut Cursor<'a>, keys: Option<Rule<'a>>, depth: usize) {
        let key = self.table.fields.key;
        self.each(cursor, depth, |this, cursor, child, depth| {
            if this.kind(child) != NodeKind::Pair {
                return false;
            }
            this.each(cursor, depth, |this, cursor, part, _| {
                let name = field(cursor) == key && this.kind(part) == NodeKind::PropertyIdentifier;
                if name {
                    this.ident(part, keys);
                }
                name
            });
            true
        });
    }

    /// Methods, fields, interface members and enum members define names.
    fn js_definition(&mut self, cursor: &mut Cursor<'a>, enum_body: bool, depth: usize) {
        let (name, property) = (self.table.fields.name, self.table.fields.property);
        self.each(cursor, depth, |this, cursor, child, _| {
            let at_name = enum_body || field(cursor) == name || field(cursor) == property;
            let is_name = at_name && this.kind(child) == NodeKind::PropertyIdentifier;
            if is_name {
                this.ident(child, Some(Rule::Rename));
            }
            is_name
        });
    }

    fn js_module_string(&mut self, cursor: &mut Cursor<'a>, node: Node<'a>, depth: usize) {
        match parse::js_plain_string(self.src, node) {
            Some(m) if module_like(m) => self.copy(node),
            _ => self.node(cursor, node, depth),
        }
    }

    fn js_import(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        let source = self.table.fields.source;
        let source_id = node.child_by_field_id(source).map(|source| source.id());
        self.each(cursor, depth, |this, cursor, child, depth| {
            if Some(child.id()) == source_id {
                this.js_module_string(cursor, child, depth);
                return true;
            }
            match this.kind(child) {
                NodeKind::ImportClause => {
                    this.js_import_names(cursor, depth);
                    true
                }
                NodeKind::ImportRequireClause => {
                    this.each(cursor, depth, |this, cursor, part, depth| {
                        let is_source = field(cursor) == source;
                        if is_source {
                            this.js_module_string(cursor, part, depth);
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
    fn js_import_names(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        self.each(cursor, depth, |this, cursor, child, depth| {
            if this.kind(child) != NodeKind::SpecifierList {
                return false;
            }
            this.js_specifier_list(cursor, depth);
            true
        });
    }

    /// `{ a, b as c }` of an import or export (the cursor's node).
    fn js_specifier_list(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        self.each(cursor, depth, |this, cursor, spec, depth| {
            let is_spec = this.kind(spec) == NodeKind::Specifier;
            if is_spec {
                this.js_specifier(cursor, depth);
            }
            is_spec
        });
    }

    fn js_specifier(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        let name = self.table.fields.name;
        self.each(cursor, depth, |this, cursor, part, depth| {
            if field(cursor) != name {
                return false;
            }
            if this.kind(part) == NodeKind::Identifier {
                this.copy(part);
            } else {
                this.js_module_string(cursor, part, depth);
            }
            true
        });
    }

    /// `export { a as b } from "m"`, `export * as ns from "m"`.
    fn js_reexport(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        let source_id = node
            .child_by_field_id(self.table.fields.source)
            .map(|source| source.id());
        let mut is_clause = false;
        self.each(cursor, depth, |this, cursor, child, depth| {
            if Some(child.id()) == source_id {
                this.js_module_string(cursor, child, depth);
                return true;
            }
            is_clause = this.kind(child) == NodeKind::SpecifierList;
            if is_clause {
                this.js_specifier_list(cursor, depth);
            }
            is_clause
        });
    }

    /// `const { exec, spawn: sp } = require("child_process")`: `exec` and
    /// `spawn` are the module's names and kept.
    fn js_require_declarator(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        let (name, key) = (self.table.fields.name, self.table.fields.key);
        self.each(cursor, depth, |this, cursor, child, depth| {
            if field(cursor) != name || this.kind(child) != NodeKind::ObjectPattern {
                return false;
            }
            this.each(cursor, depth, |this, cursor, part, depth| {
                if this.kind(part) != NodeKind::PairPattern {
                    return false;
                }
                this.each(cursor, depth, |this, cursor, piece, _| {
                    let is_key =
                        field(cursor) == key && this.kind(piece) == NodeKind::PropertyIdentifier;
                    if is_key {
                        this.copy(piece);
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
fn js_loader_call<'a>(src: &'a str, table: &GrammarTable, value: Node) -> Option<&'a str> {
    let call = if table.kind(value) == NodeKind::AwaitExpression {
        value.named_child(0)?
    } else {
        value
    };
    if table.kind(call) != NodeKind::CallExpression {
        return None;
    }
    parse::js_require_or_import(src, call)
}

/// The names bound by imports and `require` calls in the tree under `root`
/// (see [`Sanitizer::imports`](super::Sanitizer)).
pub(super) fn imports<'a>(
    src: &'a str,
    table: &GrammarTable,
    walked: &Walked,
) -> (HashMap<&'a str, bool>, HashMap<&'a str, String>) {
    let mut bindings = Bindings {
        src,
        table,
        imports: HashMap::new(),
        aliases: HashMap::new(),
        assignments: Vec::new(),
    };
    walked.nodes().for_each(|node| bindings.statement(node));
    let Bindings {
        imports,
        mut aliases,
        assignments,
        ..
    } = bindings;
    // `const e = eval`, `const run = cp.execSync`: the name a value
    // stands for, a few links deep (as in Python, `python.rs`).
    for _ in 0..4 {
        let mut grew = false;
        for (name, value) in &assignments {
            if aliases.contains_key(name) {
                continue;
            }
            let last = value.rsplit('.').next().unwrap_or(value);
            let root = value.split('.').next().unwrap_or(value);
            let known = aliases.contains_key(root)
                || imports.contains_key(root)
                || super::JS_KEEP.contains(root);
            if known && last != *name {
                let target = if value.contains('.') {
                    last.to_string()
                } else {
                    aliases
                        .get(root)
                        .cloned()
                        .unwrap_or_else(|| root.to_string())
                };
                aliases.insert(*name, target);
                grew = true;
            }
        }
        if !grew {
            break;
        }
    }
    (imports, aliases)
}

/// The pre-pass's state: each name bound by an import, `true` if it is
/// shown as written; the aliases, shown as the name they stand for (a
/// module's, or the exported name: always an identifier, so the sanitized
/// code still parses); simple assignments to follow.
struct Bindings<'a, 't> {
    src: &'a str,
    table: &'t GrammarTable,
    imports: HashMap<&'a str, bool>,
    aliases: HashMap<&'a str, String>,
    assignments: Vec<(&'a str, &'a str)>,
}

/// A module specifier as an identifier (`node:child_process` is
/// `child_process`), when it is one.
fn module_identifier(module: &str) -> Option<&str> {
    let name = module.strip_prefix("node:").unwrap_or(module);
    (!name.is_empty()
        && !name.starts_with(|c: char| c.is_ascii_digit())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$'))
    .then_some(name)
}

impl<'a> Bindings<'a, '_> {
    fn statement(&mut self, node: Node) {
        match self.table.kind(node) {
            NodeKind::ImportStatement => self.import_statement(node),
            NodeKind::VariableDeclarator => {
                self.require_declarator(node);
                self.simple_declarator(node);
            }
            _ => {}
        }
    }

    /// `const a = b` or `const a = b.c.d`: followed after the walk.
    fn simple_declarator(&mut self, node: Node) {
        let fields = &self.table.fields;
        let (Some(name), Some(value)) = (
            node.child_by_field_id(fields.name),
            node.child_by_field_id(fields.value),
        ) else {
            return;
        };
        if self.table.kind(name) != NodeKind::Identifier {
            return;
        }
        let value_text = text(self.src, value);
        let chain = matches!(
            self.table.kind(value),
            NodeKind::Identifier | NodeKind::MemberExpression
        ) && value_text.split('.').all(|part| {
            !part.is_empty()
                && part
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
        });
        if chain {
            self.assignments.push((text(self.src, name), value_text));
        }
    }

    /// A local name for the whole module: shown if it repeats the module's
    /// name, else shown as the module's name.
    fn bind_local(&mut self, local: Node, module: &str) {
        let local = text(self.src, local);
        let shown = names_module(local, module);
        self.imports.insert(local, shown);
        if let Some(name) = module_identifier(module).filter(|name| *name != local) {
            self.aliases.insert(local, name.to_string());
        }
    }

    /// `exported as local`: shown if the two are the same name, else shown
    /// as the exported name.
    fn bind_alias(&mut self, exported: Node, local: Node) {
        let local = text(self.src, local);
        let exported = text(self.src, exported);
        self.imports.insert(local, local == exported);
        if local != exported && module_identifier(exported).is_some() {
            self.aliases.insert(local, exported.to_string());
        }
    }

    /// The plain-string module of `node`'s `source` field, or "".
    fn source(&self, node: Node) -> &'a str {
        node.child_by_field_id(self.table.fields.source)
            .and_then(|source| parse::js_plain_string(self.src, source))
            .unwrap_or("")
    }

    /// `import a, * as b, { c, d as e } from "m"`, `import f = require("m")`.
    fn import_statement(&mut self, node: Node) {
        let module = self.source(node);
        let mut cursor = node.walk();
        for child in node.named_children(&mut cursor) {
            match self.table.kind(child) {
                NodeKind::ImportClause => self.import_clause(child, module),
                NodeKind::ImportRequireClause => {
                    let module = self.source(child);
                    if let Some(id) = child.named_child(0) {
                        self.bind_local(id, module);
                    }
                }
                _ => {}
            }
        }
    }

    fn import_clause(&mut self, clause: Node, module: &str) {
        let mut cursor = clause.walk();
        for part in clause.named_children(&mut cursor) {
            match self.table.kind(part) {
                NodeKind::Identifier => self.bind_local(part, module),
                NodeKind::NamespaceImport => {
                    if let Some(id) = part.named_child(0) {
                        self.bind_local(id, module);
                    }
                }
                NodeKind::SpecifierList => self.specifiers(part),
                _ => {}
            }
        }
    }

    /// `{ c, d as e }`: the module's own names are shown.
    fn specifiers(&mut self, list: Node) {
        let fields = &self.table.fields;
        let mut cursor = list.walk();
        for spec in list.named_children(&mut cursor) {
            let name = spec.child_by_field_id(fields.name);
            let alias = spec.child_by_field_id(fields.alias);
            match (name, alias) {
                (Some(name), Some(alias)) => self.bind_alias(name, alias),
                (Some(name), None) => {
                    self.imports.insert(text(self.src, name), true);
                }
                _ => {}
            }
        }
    }

    /// `const m = require("m")`, `const { a, b: c } = await import("m")`;
    /// and `const { env } = process`, whose names are the global's.
    fn require_declarator(&mut self, node: Node) {
        let fields = &self.table.fields;
        let Some(value) = node.child_by_field_id(fields.value) else {
            return;
        };
        let from_process = text(self.src, value) == "process";
        let Some(module) = js_loader_call(self.src, self.table, value)
            .or_else(|| from_process.then_some("process"))
        else {
            return;
        };
        let Some(name) = node.child_by_field_id(fields.name) else {
            return;
        };
        match self.table.kind(name) {
            NodeKind::Identifier => self.bind_local(name, module),
            NodeKind::ObjectPattern => {
                let mut cursor = name.walk();
                for part in name.named_children(&mut cursor) {
                    match self.table.kind(part) {
                        NodeKind::ShorthandProperty => {
                            self.imports.insert(text(self.src, part), true);
                        }
                        NodeKind::PairPattern => {
                            let key = part.child_by_field_id(fields.key);
                            let value = part.child_by_field_id(fields.value);
                            if let (Some(key), Some(value)) = (key, value) {
                                self.bind_alias(key, value);
                            }
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
    }
}
