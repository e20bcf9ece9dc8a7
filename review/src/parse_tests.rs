use super::*;

fn err(lang: Lang, src: &str) -> SyntaxError {
    match parse(lang, src) {
        Ok(_) => panic!("expected a syntax error in {src:?}"),
        Err(e) => e,
    }
}

fn at(e: &SyntaxError) -> (usize, usize) {
    (e.line, e.column)
}

#[test]
fn python_syntax_errors() {
    let e = err(Lang::Python, "x = 1\ndef f(:\n    pass\n");
    assert_eq!((at(&e), e.message.as_str()), ((2, 7), "missing `)`"));
    let e = err(Lang::Python, "x = 1\nprint(\"a\"))\n");
    assert_eq!((at(&e), e.message.as_str()), ((2, 11), "unexpected `)`"));
    let e = err(Lang::Python, "ok = 1\nx = (1,\ny = 2\n");
    assert_eq!((at(&e), e.message.as_str()), ((2, 5), "unclosed `(`"));
    let e = err(Lang::Python, "def g():\nreturn 2\n");
    assert_eq!(e.line, 1);
    assert_eq!(e.message, "expected an indented block");
    let e = err(Lang::Python, "print \"hi\"\n");
    assert!(e.message.contains("print"), "{e}");
    // The column counts characters: "é" is two bytes.
    let e = err(Lang::Python, "s = 'é'; x = )\n");
    assert_eq!(at(&e), (1, 14), "{e}");
    assert_eq!(e.to_string(), format!("line 1, column 14: {}", e.message));
}

#[test]
fn javascript_typescript_bash_syntax_errors() {
    let e = err(Lang::JavaScript, "const a = 1;\nfoo(1));\n");
    assert_eq!((at(&e), e.message.as_str()), ((2, 7), "unexpected `)`"));
    let e = err(Lang::JavaScript, "if (x) {\n  y();\n");
    assert_eq!((at(&e), e.message.as_str()), ((2, 7), "missing `}`"));
    let e = err(
        Lang::TypeScript,
        "let n: number = 1;\nfunction f(a: string {\n}\n",
    );
    assert_eq!((at(&e), e.message.as_str()), ((2, 21), "missing `)`"));
    let e = err(Lang::Bash, "echo ok\nif true; then\n  echo x\n");
    assert_eq!((at(&e), e.message.as_str()), ((4, 1), "missing `fi`"));
    let e = err(Lang::Bash, "echo ok\necho $(ls\n");
    assert_eq!((at(&e), e.message.as_str()), ((3, 1), "missing `)`"));
}

#[test]
fn valid_code_parses() {
    for (lang, src) in [
        (Lang::Python, "import os\nos.system('ls')\n"),
        (Lang::JavaScript, "const x = require('fs');\n"),
        (Lang::TypeScript, "let x: number = 1;\n"),
        (Lang::Bash, "echo hi | grep h\n"),
        (Lang::Python, ""),
    ] {
        assert!(parse(lang, src).is_ok(), "{src:?}");
    }
}

#[test]
fn deep_nesting_is_refused() {
    let src = format!("x = {}1{}\n", "(".repeat(1200), ")".repeat(1200));
    let e = err(Lang::Python, &src);
    assert!(e.message.contains("nesting"), "{e}");
}

fn seg(lang: Lang, src: &str) -> Vec<(SegmentKind, usize, String)> {
    let parsed = parse(lang, src).unwrap();
    segments(&parsed.walked(), &[])
        .into_iter()
        .map(|s| (s.kind, s.line, s.text))
        .collect()
}

#[test]
fn python_segments() {
    use SegmentKind::*;
    let src = r#""""Module doc."""
# a comment
def f(x):
    '''Function doc.'''
    s = f"hello {x!r} world" + b'bytes' + r"raw"
    return "plain"

class C:
    "Class doc."
    def m(self):
        """Not first""" if x else None
        return f"{'inner'}"
"#;
    assert_eq!(
        seg(Lang::Python, src),
        vec![
            (Docstring, 1, "Module doc.".into()),
            (Comment, 2, "# a comment".into()),
            (Docstring, 4, "Function doc.".into()),
            (String, 5, "hello   world".into()),
            (String, 5, "bytes".into()),
            (String, 5, "raw".into()),
            (String, 6, "plain".into()),
            (Docstring, 9, "Class doc.".into()),
            (String, 11, "Not first".into()),
            (String, 12, " ".into()),
            (String, 12, "inner".into()),
        ]
    );
}

#[test]
fn javascript_and_bash_segments() {
    use SegmentKind::*;
    let js = "#!/usr/bin/env node\n// c1\nconst a = 'x' + `t ${b + \"in\"} u`; /* c2 */\n";
    assert_eq!(
        seg(Lang::JavaScript, js),
        vec![
            (Comment, 1, "#!/usr/bin/env node".into()),
            (Comment, 2, "// c1".into()),
            (String, 3, "x".into()),
            (String, 3, "t   u".into()),
            (String, 3, "in".into()),
            (Comment, 3, "/* c2 */".into()),
        ]
    );
    let ts = "const s: string = \"typed\"; // note\n";
    assert_eq!(
        seg(Lang::TypeScript, ts),
        vec![(String, 1, "typed".into()), (Comment, 1, "// note".into())]
    );
    let sh = "# top\necho \"dq $HOME x\" 'sq' $'ansi'\ncat <<EOF\nbody line\nEOF\n";
    assert_eq!(
        seg(Lang::Bash, sh),
        vec![
            (Comment, 1, "# top".into()),
            (String, 2, "dq   x".into()),
            (String, 2, "sq".into()),
            (String, 2, "ansi".into()),
            (String, 4, "body line\n".into()),
        ]
    );
}

fn imp(lang: Lang, src: &str) -> Vec<(String, Vec<String>, bool, usize)> {
    let parsed = parse(lang, src).unwrap();
    imports(&parsed.walked())
        .into_iter()
        .map(|i| (i.module, i.names, i.star, i.line))
        .collect()
}

fn strs(v: &[&str]) -> Vec<String> {
    v.iter().map(|s| s.to_string()).collect()
}

#[test]
fn python_imports() {
    let src = "import os, a.b as c\nfrom . import x\nfrom ..pkg.mod import (y as z, w)\nfrom m import *\nfrom __future__ import annotations\nm = __import__('subprocess')\nimportlib.import_module(\"json\")\nbuiltins.__import__('pty')\n";
    assert_eq!(
        imp(Lang::Python, src),
        vec![
            ("os".into(), vec![], false, 1),
            ("a.b".into(), vec![], false, 1),
            (".".into(), strs(&["x"]), false, 2),
            ("..pkg.mod".into(), strs(&["y", "w"]), false, 3),
            ("m".into(), vec![], true, 4),
            ("__future__".into(), strs(&["annotations"]), false, 5),
            ("subprocess".into(), vec![], false, 6),
            ("json".into(), vec![], false, 7),
            ("pty".into(), vec![], false, 8),
        ]
    );
}

#[test]
fn javascript_imports() {
    let src = r#"import fs, { readFile as rf, exec } from "fs";
import * as path from 'path';
import "side-effect";
export { a as b } from "./mod.js";
export * from "star";
const cp = require("child_process");
async function f() { return await import("dyn"); }
require(name);
process.mainModule.require("net");
"#;
    assert_eq!(
        imp(Lang::JavaScript, src),
        vec![
            (
                "fs".into(),
                strs(&["default", "readFile", "exec"]),
                false,
                1
            ),
            ("path".into(), strs(&["*"]), false, 2),
            ("side-effect".into(), vec![], false, 3),
            ("./mod.js".into(), strs(&["a"]), false, 4),
            ("star".into(), strs(&["*"]), false, 5),
            ("child_process".into(), vec![], false, 6),
            ("dyn".into(), vec![], false, 7),
            ("net".into(), vec![], false, 9),
        ]
    );
    let ts = "import type { T } from \"./types\";\nimport x = require(\"legacy\");\n";
    assert_eq!(
        imp(Lang::TypeScript, ts),
        vec![
            ("./types".into(), strs(&["T"]), false, 1),
            ("legacy".into(), vec![], false, 2),
        ]
    );
    assert!(imp(Lang::Bash, "source ./x.sh\n. y.sh\n").is_empty());
}

fn joined(lang: Lang, src: &str) -> Vec<(usize, String)> {
    let parsed = parse(lang, src).unwrap();
    joined_literals(&parsed.walked())
        .into_iter()
        .map(|j| (j.line, j.text))
        .collect()
}

#[test]
fn literals_the_program_joins_are_read_joined() {
    let py = r#"x = "a" + 'b' + y + "c" + "d"
z = f("p"
      "q") + x
s = "-".join(["e", "f", y, "g"])
t = ('''h
i''' + f"j{y}k")
u = "l" * 2 + "m"
"#;
    assert_eq!(
        joined(Lang::Python, py),
        vec![
            (1, "ab".into()),
            (1, "cd".into()),
            (2, "pq".into()),
            (4, "e-f".into()),
            (5, "h\nij k".into()),
        ]
    );
    let js = "const a = \"a\" + 'b' + `c`;\nconst b = [\"d\", \"e\"].join();\nconst c = [x, \"f\"].join(\"\");\nconst d = (\"g\" + (\"h\" + \"i\"));\n";
    assert_eq!(
        joined(Lang::JavaScript, js),
        vec![(1, "abc".into()), (2, "d,e".into()), (4, "ghi".into())]
    );
    let ts = "const s: string = ['j', 'k'].join('+');\n";
    assert_eq!(joined(Lang::TypeScript, ts), vec![(1, "j+k".into())]);
    let sh = "x=\"a\"'b'c\necho $HOME'd' 'e' 'f'\n";
    assert_eq!(joined(Lang::Bash, sh), vec![(1, "abc".into())]);
}

#[test]
fn a_chain_as_long_as_the_file_is_read_without_recursion() {
    let src = format!("x = {}\"b\"\n", "\"a\" + ".repeat(50_000));
    let parsed = parse_lenient(Lang::Python, &src).unwrap();
    let joined = joined_literals(&parsed.walked());
    assert_eq!(joined.len(), 1);
    assert_eq!(joined[0].text.len(), 50_001);
}

/// A join repeats its separator between every two elements: a long
/// separator and a long list would make a text far longer than the file
/// (here about 1 GB from 120 KB, in each of three joins). What is read of
/// all joins together is at most twice the file.
#[test]
fn joins_are_never_read_longer_than_twice_the_file() {
    let one = format!(
        "'{}'.join([{}])",
        "s".repeat(100_000),
        "'a', ".repeat(10_000)
    );
    let src = format!("x = [{one}, {one}, {one}]\n");
    let parsed = parse(Lang::Python, &src).unwrap();
    let joined = joined_literals(&parsed.walked());
    assert_eq!(joined.len(), 3);
    let read: usize = joined.iter().map(|j| j.text.len()).sum();
    assert!(read <= 2 * src.len(), "{read}");
    assert!(joined[0].text.starts_with("as"));
}

/// Python reads identifiers in NFKC: the tree the stages read names
/// `exec`, `os` and `system` where the file spells them in fullwidth or
/// mathematical letters; keywords, strings and comments are left as written.
#[test]
fn python_identifiers_are_read_as_python_reads_them() {
    let source = "import ｏｓ\nｅｘｅｃ('ｅｘｅｃ')  # ｅｘｅｃ\nｏｓ.𝐬𝐲𝐬𝐭𝐞𝐦('id')\ncafé = 1\n";
    let parsed = parse(Lang::Python, source).expect("parses");
    assert_eq!(
        parsed.source,
        "import os\nexec('ｅｘｅｃ')  # ｅｘｅｃ\nos.system('id')\ncafé = 1\n"
    );
    let ascii = "import os\nos.system('id')\n";
    assert_eq!(parse(Lang::Python, ascii).expect("parses").source, ascii);
    // Other languages do not normalize names.
    let js = "const ｅ = 1;\n";
    assert_eq!(parse(Lang::JavaScript, js).expect("parses").source, js);
}

/// A declared source encoding in which ASCII bytes mean something else is
/// refused: under `utf-7` or `unicode_escape`, Python turns `+AAo-` or
/// `\u000a` in a comment into a line break, and runs what the review read
/// as a comment. UTF-8 and Latin-1 declarations are ordinary.
#[test]
fn foreign_source_encodings_are_refused() {
    for declaration in [
        "# -*- coding: utf-7 -*-",
        "# coding=unicode_escape",
        "# vim: set fileencoding=raw-unicode-escape :",
        "#!/usr/bin/env python3\n# coding: cp037",
        "# coding: UTF_7",
        "# coding: shift_jis",
        // Python's `coding[:=]` matches anywhere: not only the first "coding".
        "# decoding helper; coding: utf-7",
        "# coding: utf-16",
    ] {
        let source = format!("{declaration}\nprint('a')  # +AAo-import os\n");
        let e = err(Lang::Python, &source);
        assert!(e.message.contains("PEP 263"), "{declaration}: {e}");
        assert_eq!(e.line, declaration.lines().count(), "{declaration}");
    }
    for declaration in [
        "# -*- coding: utf-8 -*-",
        "# coding: UTF8",
        "# -*- coding: utf-8-unix -*-",
        "# -*- coding: latin-1 -*-",
        "# vim: set fileencoding=iso-8859-15 :",
        "# -*- coding: koi8-r -*-",
        "# coding: cp1251",
        "x = 1\nx = 2\n# coding: utf-7",
        "s = 'coding: utf-7'",
    ] {
        let source = format!("{declaration}\nprint('a')\n");
        assert!(parse(Lang::Python, &source).is_ok(), "{declaration}");
    }
}

/// Python ends a line at a lone `\r` (universal newlines); tree-sitter
/// would keep it inside the comment, hiding the code after it.
#[test]
fn python_lines_end_where_python_ends_them() {
    let source = "print('a')  # note\rimport os; os.system('id')\r\nx = 1\n";
    let parsed = parse(Lang::Python, source).expect("parses");
    assert_eq!(
        parsed.source,
        "print('a')  # note\nimport os; os.system('id')\nx = 1\n"
    );
    let imports: Vec<_> = crate::parse::imports(&parsed.walked())
        .into_iter()
        .map(|i| i.module)
        .collect();
    assert_eq!(imports, ["os"]);
    // Bash reads `\r` as part of a word, not a line end: left as written.
    let bash = "echo a # x\recho b\n";
    assert_eq!(parse(Lang::Bash, bash).expect("parses").source, bash);
}

/// tree-sitter-bash has no `<>`: a read-write redirection is read as an
/// append to the same file, in place, and `<>` in text stays as written.
#[test]
fn bash_read_write_redirections_parse() {
    for src in [
        "exec 3<>/dev/tcp/127.0.0.1/80\n",
        "until (exec 3<>\"/dev/tcp/$HOST/$PORT\") 2>/dev/null; do sleep 1; done\n",
        "exec {fd}<> \"$f\"\n",
    ] {
        let parsed = parse(Lang::Bash, src).unwrap_or_else(|e| panic!("{src:?}: {e}"));
        assert_eq!(parsed.source.len(), src.len());
        assert!(parsed.source.contains(">>") && !parsed.source.contains("<>"));
    }
    let parsed = parse(Lang::Bash, "echo '<>' \"a<>b\" # <>\n").expect("parses");
    assert_eq!(parsed.source, "echo '<>' \"a<>b\" # <>\n");
    let mixed = parse(Lang::Bash, "echo \"<>\"; exec 3<>x\n").expect("parses");
    assert_eq!(mixed.source, "echo \"<>\"; exec 3>>x\n");
}
