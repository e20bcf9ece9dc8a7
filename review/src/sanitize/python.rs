//! Python: docstrings, f-strings, attributes, keyword arguments, imports.

use std::collections::HashMap;

use tree_sitter::Node;

use super::call::RootStep::{Found, Inner};
use super::call::{CallShape, MemberShape};
use super::kinds::{GrammarTable, NodeKind};
use super::{field, names_module, parse, text, Cursor, Rule, Sanitizer};

impl<'a> Sanitizer<'a> {
    pub(super) fn py(
        &mut self,
        cursor: &mut Cursor<'a>,
        node: Node<'a>,
        kind: NodeKind,
        depth: usize,
    ) {
        let fields = &self.table.fields;
        match kind {
            NodeKind::Comment => self.remove_comment(node),
            NodeKind::String => self.py_string(cursor, node, depth),
            NodeKind::Interpolation => self.py_interpolation(cursor, depth),
            NodeKind::Identifier => self.ident(node, Some(Rule::Rename)),
            NodeKind::Attribute => self.py_attribute(cursor, node, depth),
            NodeKind::Call => self.py_call(cursor, node, depth),
            NodeKind::KeywordArgument => self.py_kwarg(cursor, None, depth),
            NodeKind::ImportStatement
            | NodeKind::ImportFromStatement
            | NodeKind::FutureImportStatement => self.py_import(cursor, depth),
            NodeKind::FunctionDefinition | NodeKind::ClassDefinition => {
                let body = fields.body;
                self.each(cursor, depth, |this, cursor, _, depth| {
                    let is_body = field(cursor) == body;
                    if is_body {
                        this.py_body(cursor, depth);
                    }
                    is_body
                });
            }
            NodeKind::Assignment | NodeKind::AugmentedAssignment => {
                if let Some(left) = node.child_by_field_id(fields.left) {
                    self.py_attribute_targets(left);
                }
                self.children(cursor, depth);
            }
            _ => self.walk_default(cursor, node, depth),
        }
    }

    /// A module or function/class body (the cursor's node): its docstring
    /// goes, for `pass` if the body would be left empty or the line holds
    /// more code.
    pub(super) fn py_body(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        let body = cursor.node();
        let Some(doc) = parse::python_docstring(body) else {
            self.children(cursor, depth);
            return;
        };
        let mut others = false;
        let mut same_line = false;
        let mut after = false;
        let mut inner_cursor = body.walk();
        for child in body.children(&mut inner_cursor) {
            if child.id() == doc.id() {
                after = true;
                continue;
            }
            if self.kind(child) == NodeKind::Comment {
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
        let needs_pass = same_line || (!others && self.kind(body) != NodeKind::Module);
        self.each(cursor, depth, |this, _, child, _| {
            if child.id() != doc.id() {
                return false;
            }
            this.gap(child.start_byte());
            if needs_pass {
                this.out.push_str("pass");
            } else {
                this.trim_line_end();
            }
            if !same_line {
                this.newlines(child.start_byte(), child.end_byte());
            }
            this.pos = child.end_byte();
            true
        });
    }

    fn py_string(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        let start = node.child(0).map_or("\"", |first| self.text(first));
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
        self.interpolated(
            cursor,
            node,
            depth,
            (&open, close),
            &[NodeKind::Interpolation],
        );
    }

    fn py_interpolation(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        self.each(cursor, depth, |this, cursor, spec, depth| {
            if this.kind(spec) != NodeKind::FormatSpecifier {
                return false;
            }
            // Format-spec text is data; a nested `{expr}` in it is code.
            let mut inner_cursor = spec.walk();
            let has_code = spec
                .children(&mut inner_cursor)
                .any(|part| this.kind(part) == NodeKind::FormatExpression);
            if !has_code {
                this.drop_node(spec);
                return true;
            }
            this.put(spec, ":");
            this.pos = spec.start_byte() + 1;
            this.each(cursor, depth, |this, cursor, part, depth| {
                if this.kind(part) == NodeKind::FormatExpression {
                    this.newlines(this.pos, part.start_byte());
                    this.pos = part.start_byte();
                    this.children(cursor, depth);
                }
                true
            });
            this.newlines(this.pos, spec.end_byte());
            this.pos = spec.end_byte();
            true
        });
    }

    /// [`Sanitizer::user_root`] for Python.
    fn py_user_root(&self, node: Node) -> bool {
        self.user_root(node, |this, node| {
            let fields = &this.table.fields;
            match this.kind(node) {
                NodeKind::Identifier => Found(!this.foreign_name(this.text(node))),
                NodeKind::Attribute => Inner(node.child_by_field_id(fields.object)),
                NodeKind::Call => Inner(node.child_by_field_id(fields.function)),
                NodeKind::Subscript => Inner(node.child_by_field_id(fields.value)),
                NodeKind::ParenthesizedExpression => Inner(node.named_child(0)),
                NodeKind::String | NodeKind::Literal => Found(false),
                _ => Found(true),
            }
        })
    }

    fn py_attribute(&mut self, cursor: &mut Cursor<'a>, node: Node, depth: usize) {
        let shape = self.py_member_shape();
        self.member(cursor, node, &shape, depth);
    }

    fn py_member_shape(&self) -> MemberShape<'a> {
        MemberShape {
            kind: NodeKind::Attribute,
            name: self.table.fields.attribute,
            name_kind: NodeKind::Identifier,
            user_root: Self::py_user_root,
        }
    }

    /// `self.x = …` defines attribute `x`.
    fn py_attribute_targets(&mut self, target: Node<'a>) {
        let fields = &self.table.fields;
        match self.kind(target) {
            NodeKind::Attribute => {
                let object = target.child_by_field_id(fields.object);
                let attribute = target.child_by_field_id(fields.attribute);
                if let (Some(object), Some(attribute)) = (object, attribute) {
                    if self.py_user_root(object) {
                        self.defined.insert(self.text(attribute));
                    }
                }
            }
            NodeKind::PatternList => {
                let mut cursor = target.walk();
                for child in target.named_children(&mut cursor) {
                    self.py_attribute_targets(child);
                }
            }
            _ => {}
        }
    }

    fn py_call(&mut self, cursor: &mut Cursor<'a>, node: Node<'a>, depth: usize) {
        let fields = &self.table.fields;
        let callee = node.child_by_field_id(fields.function);
        let shape = CallShape {
            // `__import__("m")`: the module name is an import, shown as written.
            is_loader: |this, callee| {
                let path = this.text(callee);
                let name = path.rsplit('.').next().unwrap_or(path);
                name == "__import__" || name == "import_module"
            },
            loaded_module: parse::python_dynamic_import,
            first_argument: |_, call| parse::python_first_arg(call),
            member: self.py_member_shape(),
            argument_list: NodeKind::ArgumentList,
            named_argument: NodeKind::KeywordArgument,
            name_argument: Self::py_kwarg,
        };
        self.call(cursor, node, callee, &shape, depth);
    }

    fn py_kwarg(&mut self, cursor: &mut Cursor<'a>, rule: Option<Rule<'a>>, depth: usize) {
        let name = self.table.fields.name;
        self.each(cursor, depth, |this, cursor, child, _| {
            let is_name = field(cursor) == name && this.kind(child) == NodeKind::Identifier;
            if is_name {
                this.ident(child, rule);
            }
            is_name
        });
    }

    fn py_import(&mut self, cursor: &mut Cursor<'a>, depth: usize) {
        let alias = self.table.fields.alias;
        self.each(cursor, depth, |this, cursor, child, depth| {
            match this.kind(child) {
                // Module paths and imported names are what the code uses.
                NodeKind::DottedName | NodeKind::RelativeImport => {
                    this.copy(child);
                    true
                }
                NodeKind::AliasedImport => {
                    this.each(cursor, depth, |this, cursor, part, _| {
                        if field(cursor) == alias {
                            // Still a name here (`import os as os`,
                            // `from os import path as path`): the code must
                            // parse; its uses show the whole path.
                            let name = this.text(part);
                            let last = this
                                .aliases
                                .get(name)
                                .map(|t| t.rsplit('.').next().unwrap_or(t).to_string());
                            match last {
                                Some(last) => {
                                    this.gap(part.start_byte());
                                    this.out.push_str(&last);
                                    this.pos = part.end_byte();
                                }
                                None => this.ident(part, Some(Rule::Rename)),
                            }
                            true
                        } else if this.kind(part) == NodeKind::DottedName {
                            this.copy(part);
                            true
                        } else {
                            false
                        }
                    });
                    true
                }
                _ => false,
            }
        });
    }
}

/// The names bound by imports in the tree under `root` (see
/// [`Sanitizer::imports`](super::Sanitizer)), and the aliases: names that
/// stand for a module, an imported name or a builtin under another
/// spelling (`import os as o`, `from os import system as run`, `x = o`,
/// `e = exec`), with what they stand for (`os`, `os.system`, `exec`).
pub(super) fn imports<'a>(
    src: &'a str,
    table: &GrammarTable,
    root: Node<'a>,
) -> (HashMap<&'a str, bool>, HashMap<&'a str, String>) {
    let mut imports = HashMap::new();
    let mut aliases = HashMap::new();
    let mut assignments = Vec::new();
    // Imports are statements: expressions need not be searched.
    let mut stack = vec![root];
    while let Some(node) = stack.pop() {
        let kind = table.kind(node);
        py_bindings(src, table, node, kind, &mut imports, &mut aliases);
        if kind == NodeKind::ExpressionStatement {
            assignments.extend(simple_assignment(src, table, node));
        }
        if PY_STATEMENT_CONTAINERS.contains(&kind) {
            let mut cursor = node.walk();
            stack.extend(node.named_children(&mut cursor));
        }
    }
    // `x = o`, `y = x`: values followed through simple assignments, a few
    // links deep (each round resolves one more link of a chain).
    for _ in 0..4 {
        let mut grew = false;
        for (name, value) in &assignments {
            if aliases.contains_key(name) {
                continue;
            }
            let (root, rest) = value.split_once('.').unwrap_or((value, ""));
            let resolved = match aliases.get(root) {
                Some(target) => Some(target.clone()),
                None if imports.get(root) == Some(&true) || super::PY_KEEP.contains(root) => {
                    Some(root.to_string())
                }
                None => None,
            };
            if let Some(target) = resolved {
                let full = if rest.is_empty() {
                    target
                } else {
                    format!("{target}.{rest}")
                };
                if full != *name {
                    aliases.insert(*name, full);
                    grew = true;
                }
            }
        }
        if !grew {
            break;
        }
    }
    (imports, aliases)
}

/// `name = value` where value is a name or a dotted chain of names.
fn simple_assignment<'a>(
    src: &'a str,
    table: &GrammarTable,
    statement: Node,
) -> Option<(&'a str, &'a str)> {
    let assign = statement
        .named_child(0)
        .filter(|assign| table.kind(*assign) == NodeKind::Assignment)?;
    let left = assign.child_by_field_id(table.fields.left)?;
    let right = assign.child_by_field_name("right")?;
    if table.kind(left) != NodeKind::Identifier {
        return None;
    }
    let value = text(src, right);
    let chain = matches!(
        table.kind(right),
        NodeKind::Identifier | NodeKind::Attribute
    ) && !value.is_empty()
        && value
            .split('.')
            .all(|part| !part.is_empty() && part.chars().all(|c| c.is_alphanumeric() || c == '_'));
    chain.then(|| (text(src, left), value))
}

fn py_bindings<'a>(
    src: &'a str,
    table: &GrammarTable,
    node: Node,
    kind: NodeKind,
    imports: &mut HashMap<&'a str, bool>,
    aliases: &mut HashMap<&'a str, String>,
) {
    match kind {
        NodeKind::ImportStatement => py_import_bindings(src, table, node, false, imports, aliases),
        NodeKind::ImportFromStatement => {
            py_import_bindings(src, table, node, true, imports, aliases)
        }
        NodeKind::ExpressionStatement => py_loader_binding(src, table, node, imports, aliases),
        _ => {}
    }
}

/// `import a.b, c as d`, `from m import e, f as g` (`from`): the names
/// bound, shown unless an alias that does not repeat the module's name;
/// an alias, and a name imported from a module, stand for its full path.
fn py_import_bindings<'a>(
    src: &'a str,
    table: &GrammarTable,
    node: Node,
    from: bool,
    imports: &mut HashMap<&'a str, bool>,
    aliases: &mut HashMap<&'a str, String>,
) {
    let fields = &table.fields;
    let last_segment = |dotted: Node| {
        let path = text(src, dotted);
        path.rsplit('.').next().unwrap_or(path).trim()
    };
    // `from m import ...`: the module, for the full path of each name.
    let module = from
        .then(|| node.child_by_field_name("module_name"))
        .flatten()
        .map(|m| text(src, m).trim())
        .filter(|m| !m.starts_with('.'));
    let full = |name: &str| match module {
        Some(module) => format!("{module}.{name}"),
        None => name.to_string(),
    };
    let mut cursor = node.walk();
    if !cursor.goto_first_child() {
        return;
    }
    loop {
        let name = cursor.node();
        if field(&cursor) == fields.name {
            if table.kind(name) == NodeKind::AliasedImport {
                if let (Some(dotted), Some(alias)) = (
                    name.child_by_field_id(fields.name),
                    name.child_by_field_id(fields.alias),
                ) {
                    let alias = text(src, alias);
                    imports.insert(alias, names_module(alias, last_segment(dotted)));
                    let target = full(text(src, dotted).trim());
                    if target != alias {
                        aliases.insert(alias, target);
                    }
                }
            } else if from {
                let bound = last_segment(name);
                imports.insert(bound, true);
                if module.is_some() {
                    aliases.insert(bound, full(text(src, name).trim()));
                }
            } else if let Some(first) = name.named_child(0) {
                // `import a.b` binds `a`.
                imports.insert(text(src, first), true);
            }
        }
        if !cursor.goto_next_sibling() {
            break;
        }
    }
}

/// `sp = __import__("subprocess")`: `sp` is bound to the module, shown if
/// it repeats the module's first or last segment.
fn py_loader_binding<'a>(
    src: &'a str,
    table: &GrammarTable,
    statement: Node,
    imports: &mut HashMap<&'a str, bool>,
    aliases: &mut HashMap<&'a str, String>,
) {
    let fields = &table.fields;
    let Some(assign) = statement
        .named_child(0)
        .filter(|assign| table.kind(*assign) == NodeKind::Assignment)
    else {
        return;
    };
    let (Some(left), Some(right)) = (
        assign.child_by_field_id(fields.left),
        assign.child_by_field_id(fields.value).or_else(|| {
            // Python names the right side `right`.
            let mut cursor = assign.walk();
            let last = assign.named_children(&mut cursor).last();
            last
        }),
    ) else {
        return;
    };
    if table.kind(left) != NodeKind::Identifier || table.kind(right) != NodeKind::Call {
        return;
    }
    if let Some(module) = parse::python_dynamic_import(src, right) {
        let name = text(src, left);
        let shown =
            module.split('.').next() == Some(name) || module.rsplit('.').next() == Some(name);
        imports.insert(name, shown);
        if module != name {
            aliases.insert(name, module.to_string());
        }
    }
}

/// Python nodes that can hold import statements.
const PY_STATEMENT_CONTAINERS: &[NodeKind] = &[
    NodeKind::Module,
    NodeKind::StatementContainer,
    NodeKind::FunctionDefinition,
    NodeKind::ClassDefinition,
    NodeKind::ExpressionStatement,
];
