//! Member accesses and calls, the same in Python and JavaScript: a member
//! of an object that is not ours keeps its name (an API), the module a
//! loader call names is shown as written, and the names passed to a call
//! (keyword arguments, option-object keys) are kept when the callee is not
//! ours.

use tree_sitter::Node;

use super::kinds::NodeKind;
use super::{field, module_like, Cursor, Rule, Sanitizer};

/// One step of the walk from an object to its root, for
/// [`Sanitizer::user_root`].
pub(super) enum RootStep<'t> {
    /// The root is reached: ours (`true`) or not.
    Found(bool),
    /// Go on with the inner expression; none left counts as ours.
    Inner(Option<Node<'t>>),
}

/// How one language spells `object.name`, for [`Sanitizer::member`].
pub(super) struct MemberShape<'a> {
    /// The kind of `object.name` (Python `attribute`, JS
    /// `member_expression`), the field id of the name and its kind.
    pub(super) kind: NodeKind,
    pub(super) name: u16,
    pub(super) name_kind: NodeKind,
    /// Is the object ours (see `py_user_root`, `js_user_root`)?
    pub(super) user_root: fn(&Sanitizer<'a>, Node) -> bool,
}

/// How one language spells the parts of a call [`Sanitizer::call`] looks at.
pub(super) struct CallShape<'a> {
    /// Does the callee load a module (`__import__`, `require`, `import`)?
    pub(super) is_loader: fn(&Sanitizer<'a>, Node<'a>) -> bool,
    /// The module a loader call names, if a plain string.
    pub(super) loaded_module: fn(&'a str, Node<'a>) -> Option<&'a str>,
    /// The call's first argument.
    pub(super) first_argument: fn(&Sanitizer<'a>, Node<'a>) -> Option<Node<'a>>,
    /// A callee `object.method`.
    pub(super) member: MemberShape<'a>,
    /// The kind of the argument list, and of the arguments that carry names.
    pub(super) argument_list: NodeKind,
    pub(super) named_argument: NodeKind,
    /// Sanitizes a named argument (the cursor on it) under the rule for its
    /// names.
    pub(super) name_argument: fn(&mut Sanitizer<'a>, &mut Cursor<'a>, Option<Rule<'a>>, usize),
}

impl<'a> Sanitizer<'a> {
    /// Is the object an attribute hangs on ours (a user name, `self`, the
    /// result of a user call), rather than a builtin, an import or a
    /// literal? `step` says, per language, what each node on the way is.
    pub(super) fn user_root<'t>(
        &self,
        mut node: Node<'t>,
        step: impl Fn(&Self, Node<'t>) -> RootStep<'t>,
    ) -> bool {
        loop {
            match step(self, node) {
                RootStep::Found(ours) => return ours,
                RootStep::Inner(Some(inner)) => node = inner,
                RootStep::Inner(None) => return true,
            }
        }
    }

    /// `object.name` (the cursor's node `node`): the name follows
    /// [`Rule::IfDefined`] on an object of ours, and is kept as written on a
    /// builtin, an import or a literal.
    pub(super) fn member(
        &mut self,
        cursor: &mut Cursor<'a>,
        node: Node,
        shape: &MemberShape<'a>,
        depth: usize,
    ) {
        let rule = match node.child_by_field_id(self.table.fields.object) {
            Some(object) if !(shape.user_root)(self, object) => None,
            _ => Some(Rule::IfDefined),
        };
        self.each(cursor, depth, |this, cursor, child, _| {
            let name = field(cursor) == shape.name && this.kind(child) == shape.name_kind;
            if name {
                this.ident(child, rule);
            }
            name
        });
    }

    /// A call `node` (the cursor's node) to `callee`: a loader's module
    /// name is copied, named arguments get the rule of
    /// [`Sanitizer::argument_names_rule`], the rest is sanitized as usual.
    pub(super) fn call(
        &mut self,
        cursor: &mut Cursor<'a>,
        node: Node<'a>,
        callee: Option<Node<'a>>,
        shape: &CallShape<'a>,
        depth: usize,
    ) {
        let module_arg = self.module_argument(node, callee, shape);
        let names = self.argument_names_rule(callee, shape);
        let arguments = self.table.fields.arguments;
        self.each(cursor, depth, |this, cursor, child, depth| {
            if field(cursor) != arguments || this.kind(child) != shape.argument_list {
                return false;
            }
            this.each(cursor, depth, |this, cursor, arg, depth| {
                if Some(arg.id()) == module_arg {
                    this.copy(arg);
                    true
                } else if this.kind(arg) == shape.named_argument {
                    (shape.name_argument)(this, cursor, names, depth);
                    true
                } else {
                    false
                }
            });
            true
        });
    }

    /// The argument of a loader call (`__import__("m")`, `require("m")`)
    /// that names a module: an import, shown as written.
    fn module_argument(
        &self,
        call: Node<'a>,
        callee: Option<Node<'a>>,
        shape: &CallShape<'a>,
    ) -> Option<usize> {
        if !callee.is_some_and(|callee| (shape.is_loader)(self, callee)) {
            return None;
        }
        (shape.loaded_module)(self.src, call)
            .filter(|m| module_like(m))
            .and_then(|_| (shape.first_argument)(self, call))
            .map(|arg| arg.id())
    }

    /// Names passed to code defined elsewhere are its API (`shell=True`,
    /// `{ shell: true }`: kept); passed to our own functions, they are our
    /// parameter names.
    fn argument_names_rule(
        &self,
        callee: Option<Node<'a>>,
        shape: &CallShape<'a>,
    ) -> Option<Rule<'a>> {
        let callee = callee?;
        let kind = self.kind(callee);
        if kind == NodeKind::Identifier {
            return (!self.foreign_name(self.text(callee))).then_some(Rule::IfDefined);
        }
        if kind != shape.member.kind {
            return None;
        }
        match (
            callee.child_by_field_id(self.table.fields.object),
            callee.child_by_field_id(shape.member.name),
        ) {
            (Some(object), Some(name)) if (shape.member.user_root)(self, object) => {
                Some(Rule::IfBothDefined(self.text(name)))
            }
            _ => None,
        }
    }
}
