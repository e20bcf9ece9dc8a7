//! The node kinds and field ids the sanitizer tells apart, per grammar.

use std::sync::LazyLock;

use tree_sitter::Node;

use super::parse;
use super::Lang;

/// The node kinds the sanitizer tells apart, by grammar kind id (comparing
/// kind names costs a strlen and UTF-8 check per call).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum K {
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

/// Grammar kind names per [`K`]; a name missing from a grammar is skipped.
/// Kinds named alike in several grammars share a `K`; each language's
/// handler only asks about its own.
const KIND_NAMES: &[(&str, K)] = &[
    ("comment", K::Comment),
    ("string", K::String),
    ("identifier", K::Identifier),
    // Python
    ("module", K::Module),
    ("interpolation", K::Interpolation),
    ("format_specifier", K::FormatSpecifier),
    ("format_expression", K::FormatExpression),
    ("attribute", K::Attribute),
    ("call", K::Call),
    ("argument_list", K::ArgumentList),
    ("keyword_argument", K::KeywordArgument),
    ("import_statement", K::ImportStatement),
    ("import_from_statement", K::ImportFromStatement),
    ("future_import_statement", K::FutureImportStatement),
    ("dotted_name", K::DottedName),
    ("relative_import", K::RelativeImport),
    ("aliased_import", K::AliasedImport),
    ("function_definition", K::FunctionDefinition),
    ("class_definition", K::ClassDefinition),
    ("assignment", K::Assignment),
    ("augmented_assignment", K::AugmentedAssignment),
    ("subscript", K::Subscript),
    ("parenthesized_expression", K::ParenthesizedExpression),
    ("expression_statement", K::ExpressionStatement),
    ("concatenated_string", K::Literal),
    ("integer", K::Literal),
    ("float", K::Literal),
    ("list", K::Literal),
    ("dictionary", K::Literal),
    ("set", K::Literal),
    ("tuple", K::Literal),
    ("list_comprehension", K::Literal),
    ("dictionary_comprehension", K::Literal),
    ("set_comprehension", K::Literal),
    ("true", K::Literal),
    ("false", K::Literal),
    ("none", K::Literal),
    ("pattern_list", K::PatternList),
    ("tuple_pattern", K::PatternList),
    ("list_pattern", K::PatternList),
    ("list_splat_pattern", K::PatternList),
    ("block", K::StatementContainer),
    ("decorated_definition", K::StatementContainer),
    ("if_statement", K::StatementContainer),
    ("elif_clause", K::StatementContainer),
    ("else_clause", K::StatementContainer),
    ("try_statement", K::StatementContainer),
    ("except_clause", K::StatementContainer),
    ("except_group_clause", K::StatementContainer),
    ("finally_clause", K::StatementContainer),
    ("with_statement", K::StatementContainer),
    ("for_statement", K::StatementContainer),
    ("while_statement", K::StatementContainer),
    ("match_statement", K::StatementContainer),
    ("case_clause", K::StatementContainer),
    // JavaScript / TypeScript
    ("hash_bang_line", K::HashBangLine),
    ("html_comment", K::Comment),
    ("template_string", K::TemplateString),
    ("template_substitution", K::TemplateSubstitution),
    ("template_literal_type", K::TemplateLiteralType),
    ("template_type", K::TemplateType),
    ("regex", K::Regex),
    ("jsx_text", K::JsxText),
    ("shorthand_property_identifier", K::ShorthandProperty),
    (
        "shorthand_property_identifier_pattern",
        K::ShorthandProperty,
    ),
    ("type_identifier", K::TypeIdentifier),
    ("statement_identifier", K::StatementIdentifier),
    ("private_property_identifier", K::PrivatePropertyIdentifier),
    ("property_identifier", K::PropertyIdentifier),
    ("member_expression", K::MemberExpression),
    ("subscript_expression", K::SubscriptExpression),
    ("nested_identifier", K::NestedIdentifier),
    ("nested_type_identifier", K::NestedIdentifier),
    ("call_expression", K::CallExpression),
    ("new_expression", K::NewExpression),
    ("arguments", K::Arguments),
    ("object", K::Object),
    ("pair", K::Pair),
    ("object_pattern", K::ObjectPattern),
    ("pair_pattern", K::PairPattern),
    ("method_definition", K::MemberDefinition),
    ("field_definition", K::MemberDefinition),
    ("public_field_definition", K::MemberDefinition),
    ("property_signature", K::MemberDefinition),
    ("method_signature", K::MemberDefinition),
    ("abstract_method_signature", K::MemberDefinition),
    ("enum_assignment", K::MemberDefinition),
    ("enum_body", K::EnumBody),
    ("assignment_expression", K::AssignmentExpression),
    ("augmented_assignment_expression", K::AssignmentExpression),
    ("export_statement", K::ExportStatement),
    ("import_clause", K::ImportClause),
    ("import_require_clause", K::ImportRequireClause),
    ("namespace_import", K::NamespaceImport),
    ("named_imports", K::SpecifierList),
    ("export_clause", K::SpecifierList),
    ("import_specifier", K::Specifier),
    ("export_specifier", K::Specifier),
    ("variable_declarator", K::VariableDeclarator),
    ("await_expression", K::AwaitExpression),
    ("import", K::Import),
    ("meta_property", K::Import),
    ("this", K::This),
    ("super", K::This),
    ("parenthesized_expression", K::Wrapper),
    ("non_null_expression", K::Wrapper),
    ("as_expression", K::Wrapper),
    ("satisfies_expression", K::Wrapper),
    ("number", K::Literal),
    ("array", K::Literal),
    ("null", K::Literal),
    ("undefined", K::Literal),
    // Bash
    ("raw_string", K::RawString),
    ("ansi_c_string", K::RawString),
    ("heredoc_start", K::HeredocStart),
    ("heredoc_end", K::HeredocEnd),
    ("heredoc_body", K::HeredocBody),
    ("variable_name", K::VariableName),
    ("command_name", K::CommandName),
    ("word", K::Word),
    ("concatenation", K::Concatenation),
    ("expansion", K::Expansion),
    ("herestring_redirect", K::HereString),
    ("simple_expansion", K::SimpleExpansion),
    ("command_substitution", K::CommandSubstitution),
    ("process_substitution", K::CommandSubstitution),
    ("arithmetic_expansion", K::ArithmeticExpansion),
];

/// Field ids of one grammar; `u16::MAX` where the grammar has no such
/// field, which no child carries.
pub(super) struct Fields {
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

pub(super) struct Table {
    pub(super) kinds: Vec<K>,
    /// The text of each anonymous token kind.
    pub(super) tokens: Vec<Option<&'static str>>,
    pub(super) f: Fields,
}

impl Table {
    fn new(lang: Lang) -> Table {
        let language = parse::language(lang);
        let mut kinds = vec![K::Other; language.node_kind_count()];
        for &(name, k) in KIND_NAMES {
            // Languages differ: a name in one grammar means what the
            // handlers for that language expect. Python's `parenthesized_
            // expression` is a Python kind; in JS it only unwraps.
            let k = match (lang, k) {
                (Lang::Python, K::Wrapper) => K::ParenthesizedExpression,
                (Lang::Python, K::StatementContainer) => K::StatementContainer,
                (_, K::ParenthesizedExpression) if lang != Lang::Python => continue,
                _ => k,
            };
            let id = language.id_for_node_kind(name, true);
            if id != 0 {
                if let Some(slot) = kinds.get_mut(usize::from(id)) {
                    *slot = k;
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
                .map_or(u16::MAX, |f| f.get())
        };
        Table {
            kinds,
            tokens,
            f: Fields {
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
    pub(super) fn kind(&self, n: Node) -> K {
        self.kinds
            .get(usize::from(n.kind_id()))
            .copied()
            .unwrap_or(K::Other)
    }
}

static TABLES: LazyLock<[Table; 4]> = LazyLock::new(|| {
    [
        Table::new(Lang::Python),
        Table::new(Lang::JavaScript),
        Table::new(Lang::TypeScript),
        Table::new(Lang::Bash),
    ]
});

pub(super) fn table(lang: Lang) -> &'static Table {
    let i = match lang {
        Lang::Python => 0,
        Lang::JavaScript => 1,
        Lang::TypeScript => 2,
        Lang::Bash => 3,
    };
    &TABLES[i]
}
