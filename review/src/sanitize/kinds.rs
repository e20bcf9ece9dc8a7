//! The node kinds and field ids the sanitizer tells apart, per grammar.

use std::collections::HashMap;
use std::sync::LazyLock;

use tree_sitter::Node;

use super::parse;
use super::Lang;

/// The node kinds the sanitizer tells apart, by grammar kind id (comparing
/// kind names costs a strlen and UTF-8 check per call).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum NodeKind {
    Other,
    Comment,
    String,
    Identifier,
    Literal,
    // Python
    Module,
    Interpolation,
    FormatSpecifier,
    FormatExpression,
    Attribute,
    Call,
    ArgumentList,
    KeywordArgument,
    ImportStatement,
    ImportFromStatement,
    FutureImportStatement,
    DottedName,
    RelativeImport,
    AliasedImport,
    FunctionDefinition,
    ClassDefinition,
    Assignment,
    AugmentedAssignment,
    Subscript,
    ParenthesizedExpression,
    PatternList,
    StatementContainer,
    ExpressionStatement,
    // JavaScript / TypeScript
    HashBangLine,
    TemplateString,
    TemplateSubstitution,
    TemplateLiteralType,
    TemplateType,
    Regex,
    JsxText,
    ShorthandProperty,
    TypeIdentifier,
    StatementIdentifier,
    PrivatePropertyIdentifier,
    PropertyIdentifier,
    MemberExpression,
    SubscriptExpression,
    NestedIdentifier,
    CallExpression,
    NewExpression,
    Arguments,
    Object,
    Pair,
    ObjectPattern,
    PairPattern,
    MemberDefinition,
    EnumBody,
    AssignmentExpression,
    ExportStatement,
    ImportClause,
    ImportRequireClause,
    NamespaceImport,
    SpecifierList,
    Specifier,
    VariableDeclarator,
    AwaitExpression,
    Import,
    This,
    Wrapper,
    // Bash
    RawString,
    HeredocStart,
    HeredocEnd,
    HeredocBody,
    VariableName,
    CommandName,
    Word,
    Concatenation,
    Expansion,
    HereString,
    SimpleExpansion,
    CommandSubstitution,
    ArithmeticExpansion,
}

/// Grammar kind names per [`NodeKind`]; a name missing from a grammar is skipped.
/// Kinds named alike in several grammars share a `NodeKind`; each language's
/// handler only asks about its own.
const KIND_NAMES: &[(&str, NodeKind)] = &[
    ("comment", NodeKind::Comment),
    ("string", NodeKind::String),
    ("identifier", NodeKind::Identifier),
    // Python
    ("module", NodeKind::Module),
    ("interpolation", NodeKind::Interpolation),
    ("format_specifier", NodeKind::FormatSpecifier),
    ("format_expression", NodeKind::FormatExpression),
    ("attribute", NodeKind::Attribute),
    ("call", NodeKind::Call),
    ("argument_list", NodeKind::ArgumentList),
    ("keyword_argument", NodeKind::KeywordArgument),
    ("import_statement", NodeKind::ImportStatement),
    ("import_from_statement", NodeKind::ImportFromStatement),
    ("future_import_statement", NodeKind::FutureImportStatement),
    ("dotted_name", NodeKind::DottedName),
    ("relative_import", NodeKind::RelativeImport),
    ("aliased_import", NodeKind::AliasedImport),
    ("function_definition", NodeKind::FunctionDefinition),
    ("class_definition", NodeKind::ClassDefinition),
    ("assignment", NodeKind::Assignment),
    ("augmented_assignment", NodeKind::AugmentedAssignment),
    ("subscript", NodeKind::Subscript),
    (
        "parenthesized_expression",
        NodeKind::ParenthesizedExpression,
    ),
    ("expression_statement", NodeKind::ExpressionStatement),
    ("concatenated_string", NodeKind::Literal),
    ("integer", NodeKind::Literal),
    ("float", NodeKind::Literal),
    ("list", NodeKind::Literal),
    ("dictionary", NodeKind::Literal),
    ("set", NodeKind::Literal),
    ("tuple", NodeKind::Literal),
    ("list_comprehension", NodeKind::Literal),
    ("dictionary_comprehension", NodeKind::Literal),
    ("set_comprehension", NodeKind::Literal),
    ("true", NodeKind::Literal),
    ("false", NodeKind::Literal),
    ("none", NodeKind::Literal),
    ("pattern_list", NodeKind::PatternList),
    ("tuple_pattern", NodeKind::PatternList),
    ("list_pattern", NodeKind::PatternList),
    ("list_splat_pattern", NodeKind::PatternList),
    ("block", NodeKind::StatementContainer),
    ("decorated_definition", NodeKind::StatementContainer),
    ("if_statement", NodeKind::StatementContainer),
    ("elif_clause", NodeKind::StatementContainer),
    ("else_clause", NodeKind::StatementContainer),
    ("try_statement", NodeKind::StatementContainer),
    ("except_clause", NodeKind::StatementContainer),
    ("except_group_clause", NodeKind::StatementContainer),
    ("finally_clause", NodeKind::StatementContainer),
    ("with_statement", NodeKind::StatementContainer),
    ("for_statement", NodeKind::StatementContainer),
    ("while_statement", NodeKind::StatementContainer),
    ("match_statement", NodeKind::StatementContainer),
    ("case_clause", NodeKind::StatementContainer),
    // JavaScript / TypeScript
    ("hash_bang_line", NodeKind::HashBangLine),
    ("html_comment", NodeKind::Comment),
    ("template_string", NodeKind::TemplateString),
    ("template_substitution", NodeKind::TemplateSubstitution),
    ("template_literal_type", NodeKind::TemplateLiteralType),
    ("template_type", NodeKind::TemplateType),
    ("regex", NodeKind::Regex),
    ("jsx_text", NodeKind::JsxText),
    ("shorthand_property_identifier", NodeKind::ShorthandProperty),
    (
        "shorthand_property_identifier_pattern",
        NodeKind::ShorthandProperty,
    ),
    ("type_identifier", NodeKind::TypeIdentifier),
    ("statement_identifier", NodeKind::StatementIdentifier),
    (
        "private_property_identifier",
        NodeKind::PrivatePropertyIdentifier,
    ),
    ("property_identifier", NodeKind::PropertyIdentifier),
    ("member_expression", NodeKind::MemberExpression),
    ("subscript_expression", NodeKind::SubscriptExpression),
    ("nested_identifier", NodeKind::NestedIdentifier),
    ("nested_type_identifier", NodeKind::NestedIdentifier),
    ("call_expression", NodeKind::CallExpression),
    ("new_expression", NodeKind::NewExpression),
    ("arguments", NodeKind::Arguments),
    ("object", NodeKind::Object),
    ("pair", NodeKind::Pair),
    ("object_pattern", NodeKind::ObjectPattern),
    ("pair_pattern", NodeKind::PairPattern),
    ("method_definition", NodeKind::MemberDefinition),
    ("field_definition", NodeKind::MemberDefinition),
    ("public_field_definition", NodeKind::MemberDefinition),
    ("property_signature", NodeKind::MemberDefinition),
    ("method_signature", NodeKind::MemberDefinition),
    ("abstract_method_signature", NodeKind::MemberDefinition),
    ("enum_assignment", NodeKind::MemberDefinition),
    ("enum_body", NodeKind::EnumBody),
    ("assignment_expression", NodeKind::AssignmentExpression),
    (
        "augmented_assignment_expression",
        NodeKind::AssignmentExpression,
    ),
    ("export_statement", NodeKind::ExportStatement),
    ("import_clause", NodeKind::ImportClause),
    ("import_require_clause", NodeKind::ImportRequireClause),
    ("namespace_import", NodeKind::NamespaceImport),
    ("named_imports", NodeKind::SpecifierList),
    ("export_clause", NodeKind::SpecifierList),
    ("import_specifier", NodeKind::Specifier),
    ("export_specifier", NodeKind::Specifier),
    ("variable_declarator", NodeKind::VariableDeclarator),
    ("await_expression", NodeKind::AwaitExpression),
    ("import", NodeKind::Import),
    ("meta_property", NodeKind::Import),
    ("this", NodeKind::This),
    ("super", NodeKind::This),
    ("parenthesized_expression", NodeKind::Wrapper),
    ("non_null_expression", NodeKind::Wrapper),
    ("as_expression", NodeKind::Wrapper),
    ("satisfies_expression", NodeKind::Wrapper),
    ("number", NodeKind::Literal),
    ("array", NodeKind::Literal),
    ("null", NodeKind::Literal),
    ("undefined", NodeKind::Literal),
    // Bash
    ("raw_string", NodeKind::RawString),
    ("ansi_c_string", NodeKind::RawString),
    ("heredoc_start", NodeKind::HeredocStart),
    ("heredoc_end", NodeKind::HeredocEnd),
    ("heredoc_body", NodeKind::HeredocBody),
    ("variable_name", NodeKind::VariableName),
    ("command_name", NodeKind::CommandName),
    ("word", NodeKind::Word),
    ("concatenation", NodeKind::Concatenation),
    ("expansion", NodeKind::Expansion),
    ("herestring_redirect", NodeKind::HereString),
    ("simple_expansion", NodeKind::SimpleExpansion),
    ("command_substitution", NodeKind::CommandSubstitution),
    ("process_substitution", NodeKind::CommandSubstitution),
    ("arithmetic_expansion", NodeKind::ArithmeticExpansion),
];

/// Field ids of one grammar; `u16::MAX` where the grammar has no such
/// field, which no child carries.
pub(super) struct FieldIds {
    pub(super) alias: u16,
    pub(super) arguments: u16,
    pub(super) attribute: u16,
    pub(super) body: u16,
    pub(super) constructor: u16,
    pub(super) flags: u16,
    pub(super) function: u16,
    pub(super) key: u16,
    pub(super) left: u16,
    pub(super) name: u16,
    pub(super) object: u16,
    pub(super) property: u16,
    pub(super) source: u16,
    pub(super) value: u16,
}

pub(super) struct GrammarTable {
    pub(super) kinds: Vec<NodeKind>,
    /// The text of each anonymous token kind.
    pub(super) tokens: Vec<Option<&'static str>>,
    pub(super) fields: FieldIds,
}

impl GrammarTable {
    fn new(lang: Lang) -> GrammarTable {
        let language = parse::language(lang);
        let ids = named_ids(&language);
        let mut kinds = vec![NodeKind::Other; language.node_kind_count()];
        for &(name, kind) in KIND_NAMES {
            // Languages differ: a name in one grammar means what the
            // handlers for that language expect. Python's `parenthesized_
            // expression` is a Python kind; in JS it only unwraps.
            let kind = match (lang, kind) {
                (Lang::Python, NodeKind::Wrapper) => NodeKind::ParenthesizedExpression,
                (Lang::Python, NodeKind::StatementContainer) => NodeKind::StatementContainer,
                (_, NodeKind::ParenthesizedExpression) if lang != Lang::Python => continue,
                _ => kind,
            };
            let id = named_id(&ids, &language, name);
            if id != 0 {
                if let Some(slot) = kinds.get_mut(usize::from(id)) {
                    *slot = kind;
                }
            }
        }
        let tokens = (0..language.node_kind_count())
            .map(|id| {
                let id = u16::try_from(id).ok()?;
                let anonymous =
                    !language.node_kind_is_named(id) && language.node_kind_is_visible(id);
                anonymous.then(|| language.node_kind_for_id(id)).flatten()
            })
            .collect();
        let fid = |name: &str| {
            language
                .field_id_for_name(name)
                .map_or(u16::MAX, |id| id.get())
        };
        GrammarTable {
            kinds,
            tokens,
            fields: FieldIds {
                alias: fid("alias"),
                arguments: fid("arguments"),
                attribute: fid("attribute"),
                body: fid("body"),
                constructor: fid("constructor"),
                flags: fid("flags"),
                function: fid("function"),
                key: fid("key"),
                left: fid("left"),
                name: fid("name"),
                object: fid("object"),
                property: fid("property"),
                source: fid("source"),
                value: fid("value"),
            },
        }
    }

    /// Anonymous tokens have kind ids of their own, mapped to `Other`.
    pub(super) fn kind(&self, node: Node) -> NodeKind {
        self.kinds
            .get(usize::from(node.kind_id()))
            .copied()
            .unwrap_or(NodeKind::Other)
    }
}

/// The named kinds of a grammar by name, from one pass over its kinds:
/// `Some(id)` for a name only one kind (named, visible or a supertype)
/// has, `None` for a name several share.
type NamedIds = HashMap<&'static str, Option<u16>>;

fn named_ids(language: &tree_sitter::Language) -> NamedIds {
    let mut ids = NamedIds::new();
    for id in 0..language.node_kind_count() {
        let Ok(id) = u16::try_from(id) else { break };
        if !(language.node_kind_is_named(id) || language.node_kind_is_supertype(id)) {
            continue;
        }
        if let Some(name) = language.node_kind_for_id(id) {
            ids.entry(name)
                .and_modify(|unique| *unique = None)
                .or_insert(Some(id));
        }
    }
    ids
}

/// What `language.id_for_node_kind(name, true)` gives, which scans every
/// kind of the grammar per name (0.8 M instructions for [`KIND_NAMES`], in
/// every process): 0 for a name no kind has, the one kind's id, and for a
/// name several kinds share, tree-sitter's own answer (the public kind the
/// first one stands for, which only it knows). `ERROR` is a name no
/// [`KIND_NAMES`] entry uses. The test `named_ids_are_what_tree_sitter_gives`
/// compares the two.
fn named_id(ids: &NamedIds, language: &tree_sitter::Language, name: &str) -> u16 {
    match ids.get(name) {
        None => 0,
        Some(Some(id)) => *id,
        Some(None) => language.id_for_node_kind(name, true),
    }
}

/// Each grammar's table, built when a file of that language is first
/// sanitized: building one costs a name lookup per kind, and a review sees
/// one language.
static TABLES: [LazyLock<GrammarTable>; Lang::COUNT] = [
    LazyLock::new(|| GrammarTable::new(Lang::Python)),
    LazyLock::new(|| GrammarTable::new(Lang::JavaScript)),
    LazyLock::new(|| GrammarTable::new(Lang::TypeScript)),
    LazyLock::new(|| GrammarTable::new(Lang::Bash)),
];

pub(super) fn table(lang: Lang) -> &'static GrammarTable {
    &TABLES[lang.index()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn named_ids_are_what_tree_sitter_gives() {
        for lang in [Lang::Python, Lang::JavaScript, Lang::TypeScript, Lang::Bash] {
            let language = parse::language(lang);
            let ids = named_ids(&language);
            let mut found = 0;
            for &(name, _) in KIND_NAMES {
                let expected = language.id_for_node_kind(name, true);
                assert_eq!(named_id(&ids, &language, name), expected, "{lang:?} {name}");
                found += usize::from(expected != 0);
            }
            assert!(found > 20, "{lang:?}: {found} kinds found");
        }
    }
}
