//! What the pty relay lets through from the jail to the caller's terminal.
//!
//! The payload may draw: text, C0 controls that move the cursor, CSI
//! sequences (SGR colours, cursor movement, erasing, scroll regions,
//! modes such as the alternate screen, bracketed paste and mouse
//! reporting), and simple ESC sequences (save/restore cursor, charsets).
//! It may also set the window title (OSC 0, 1, 2; control characters
//! cannot reach it, and a `?` query is dropped).
//!
//! Dropped, as tmux and other multiplexers do, because they act on the host
//! terminal beyond the drawing, or make it type into the caller's stdin:
//! - every other OSC: 52 (writes, or with `?` reads, the clipboard),
//!   4/10/11/12… (palette, and their queries), 7, 8, 133…;
//! - DCS (DECRQSS, XTGETTCAP, sixel…), SOS, PM and APC strings, whole;
//! - CSI `t` (window operations: move, resize, iconify, and the reports
//!   `CSI 21 t`/`20 t`, which answer with the title or icon label the
//!   payload set, into stdin) and CSI `i` (media copy, printer mode);
//! - ENQ (answerback).
//!
//! Kept, though they answer into stdin: device status and attributes
//! (`CSI 6 n`, `CSI c`): their answers are numbers the payload cannot
//! choose, and programs wait for them.
//!
//! 8-bit C1 controls (a raw `0x9d`, or U+009D as UTF-8 `c2 9d`) are read as
//! their ESC forms, so `\x9d52;…\x9c` is dropped like `ESC ] 52;… ESC \`;
//! kept sequences go out in 7-bit form. A byte that continues a UTF-8
//! character is text, never C1. Sequences may be split across reads at any
//! byte: the state is kept between calls.

/// Longest CSI (parameters and intermediates) kept; a longer one is dropped.
const MAX_CSI: usize = 64;
/// Longest OSC text kept (a title); a longer one is dropped.
const MAX_OSC: usize = 512;
/// Longest run of ESC intermediates (charset designations use one or two).
const MAX_INTERMEDIATES: usize = 4;

const ESC: u8 = 0x1b;
const BEL: u8 = 0x07;
const ENQ: u8 = 0x05;
const CAN: u8 = 0x18;
const SUB: u8 = 0x1a;
const DEL: u8 = 0x7f;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    Ground,
    /// After ESC; `seq` holds intermediates.
    Escape,
    /// After ESC [; `seq` holds parameters and intermediates.
    Csi,
    /// A CSI too long to keep, skipped to its final byte.
    CsiSkip,
    /// After ESC ]; `seq` holds the text.
    Osc,
    /// ESC inside an OSC: `\` ends it, anything else starts a new sequence.
    OscEsc,
    /// DCS, SOS, PM, APC: dropped up to ST.
    Drop,
    /// ESC inside a dropped string.
    DropEsc,
}

/// The filter's state between chunks.
pub struct TermFilter {
    state: State,
    seq: Vec<u8>,
    /// An OSC longer than `MAX_OSC`: dropped when it ends.
    overflow: bool,
    /// A UTF-8 character in progress: its bytes and how many more it needs.
    utf8: [u8; 4],
    utf8_len: usize,
    utf8_need: usize,
}

impl Default for TermFilter {
    fn default() -> Self {
        TermFilter::new()
    }
}

impl TermFilter {
    pub fn new() -> TermFilter {
        TermFilter {
            state: State::Ground,
            seq: Vec::with_capacity(MAX_OSC),
            overflow: false,
            utf8: [0; 4],
            utf8_len: 0,
            utf8_need: 0,
        }
    }

    /// Appends to `out` what of `input` may reach the terminal.
    pub fn filter(&mut self, input: &[u8], out: &mut Vec<u8>) {
        for &byte in input {
            self.byte(byte, out);
        }
    }

    /// Splits the stream into ASCII bytes, C1 controls and other text.
    fn byte(&mut self, b: u8, out: &mut Vec<u8>) {
        if self.utf8_need > 0 {
            let after_c2 = self.utf8_len == 1 && self.utf8[0] == 0xc2;
            match b {
                // U+0080..U+009F: C1 controls written as UTF-8.
                0x80..=0x9f if after_c2 => {
                    self.utf8_need = 0;
                    self.utf8_len = 0;
                    self.c1(b, out);
                    return;
                }
                0x80..=0xbf => {
                    self.utf8[self.utf8_len] = b;
                    self.utf8_len += 1;
                    self.utf8_need -= 1;
                    if self.utf8_need == 0 {
                        let (unit, len) = (self.utf8, self.utf8_len);
                        self.utf8_len = 0;
                        self.text(&unit[..len], out);
                    }
                    return;
                }
                _ => {
                    // Cut short: the bytes so far are text (the terminal
                    // shows a replacement), and `b` starts afresh.
                    let (unit, len) = (self.utf8, self.utf8_len);
                    self.utf8_need = 0;
                    self.utf8_len = 0;
                    self.text(&unit[..len], out);
                }
            }
        }
        let need = match b {
            0x00..=0x7f => return self.ascii(b, out),
            0x80..=0x9f => return self.c1(b, out),
            0xc2..=0xdf => 1,
            0xe0..=0xef => 2,
            0xf0..=0xf4 => 3,
            _ => return self.text(&[b], out),
        };
        self.utf8[0] = b;
        self.utf8_len = 1;
        self.utf8_need = need;
    }

    /// A C1 control (0x80..0x9f): the same as ESC and `b - 0x40`.
    fn c1(&mut self, b: u8, out: &mut Vec<u8>) {
        let final_byte = b - 0x40;
        match self.state {
            // ST ends a string the usual way.
            State::Osc | State::OscEsc if final_byte == b'\\' => self.finish_osc(out),
            State::Drop | State::DropEsc if final_byte == b'\\' => self.state = State::Ground,
            _ => {
                // Any other C1 cuts the sequence in progress short.
                self.state = State::Escape;
                self.seq.clear();
                self.ascii(final_byte, out);
            }
        }
    }

    /// A character of two or more bytes (or a stray byte): text.
    fn text(&mut self, unit: &[u8], out: &mut Vec<u8>) {
        match self.state {
            State::Ground => out.extend_from_slice(unit),
            State::Osc => self.osc_push(unit),
            State::Drop | State::DropEsc | State::CsiSkip => {}
            // Not part of any sequence: the sequence is dropped, the text
            // shown.
            State::Escape | State::Csi | State::OscEsc => {
                self.state = State::Ground;
                self.seq.clear();
                out.extend_from_slice(unit);
            }
        }
    }

    fn ascii(&mut self, b: u8, out: &mut Vec<u8>) {
        match self.state {
            State::Ground => match b {
                ESC => self.start(State::Escape),
                ENQ => {}
                _ => out.push(b),
            },
            State::Escape => match b {
                ESC => self.start(State::Escape),
                CAN | SUB => self.state = State::Ground,
                0x00..=0x1f => execute(b, out),
                0x20..=0x2f if self.seq.len() < MAX_INTERMEDIATES => self.seq.push(b),
                0x20..=0x2f => self.state = State::Ground,
                DEL => {}
                _ if self.seq.is_empty() => self.escape(b, out),
                _ => {
                    out.push(ESC);
                    out.extend_from_slice(&self.seq);
                    out.push(b);
                    self.state = State::Ground;
                }
            },
            State::Csi => match b {
                ESC => self.start(State::Escape),
                CAN | SUB => self.state = State::Ground,
                0x00..=0x1f => execute(b, out),
                0x20..=0x3f if self.seq.len() < MAX_CSI => self.seq.push(b),
                0x20..=0x3f => self.state = State::CsiSkip,
                0x40..=0x7e => {
                    if csi_allowed(&self.seq, b) {
                        out.extend_from_slice(&[ESC, b'[']);
                        out.extend_from_slice(&self.seq);
                        out.push(b);
                    }
                    self.state = State::Ground;
                }
                _ => {}
            },
            State::CsiSkip => match b {
                ESC => self.start(State::Escape),
                CAN | SUB | 0x40..=0x7e => self.state = State::Ground,
                _ => {}
            },
            State::Osc => match b {
                BEL => self.finish_osc(out),
                ESC => self.state = State::OscEsc,
                CAN | SUB => self.state = State::Ground,
                0x00..=0x1f => {}
                _ => self.osc_push(&[b]),
            },
            State::OscEsc => {
                if self.is_st(b, out) {
                    self.finish_osc(out);
                }
            }
            State::Drop => match b {
                ESC => self.state = State::DropEsc,
                CAN | SUB => self.state = State::Ground,
                _ => {}
            },
            State::DropEsc => {
                if self.is_st(b, out) {
                    self.state = State::Ground;
                }
            }
        }
    }

    /// `b` after an ESC inside a string: `\` makes ST; anything else ends
    /// the string unfinished (it is dropped) and starts a new sequence.
    fn is_st(&mut self, b: u8, out: &mut Vec<u8>) -> bool {
        if b == b'\\' {
            return true;
        }
        self.start(State::Escape);
        self.ascii(b, out);
        false
    }

    fn start(&mut self, state: State) {
        self.state = state;
        self.seq.clear();
        self.overflow = false;
    }

    /// ESC and a final byte, no intermediates.
    fn escape(&mut self, b: u8, out: &mut Vec<u8>) {
        match b {
            b'[' => self.start(State::Csi),
            b']' => self.start(State::Osc),
            // DCS, SOS, PM, APC.
            b'P' | b'X' | b'^' | b'_' => self.start(State::Drop),
            // A lone ST.
            b'\\' => self.state = State::Ground,
            _ => {
                out.extend_from_slice(&[ESC, b]);
                self.state = State::Ground;
            }
        }
    }

    fn osc_push(&mut self, bytes: &[u8]) {
        if self.seq.len() + bytes.len() > MAX_OSC {
            self.overflow = true;
        } else {
            self.seq.extend_from_slice(bytes);
        }
    }

    /// The end of an OSC: a title is passed on, everything else dropped.
    fn finish_osc(&mut self, out: &mut Vec<u8>) {
        self.state = State::Ground;
        let (command, text) = match self.seq.iter().position(|&b| b == b';') {
            Some(at) => (&self.seq[..at], &self.seq[at + 1..]),
            None => (&self.seq[..], &[][..]),
        };
        let title = matches!(command, b"0" | b"1" | b"2");
        if title && !self.overflow && text != b"?" {
            out.extend_from_slice(&[ESC, b']']);
            out.extend_from_slice(&self.seq);
            out.extend_from_slice(&[ESC, b'\\']);
        }
        self.seq.clear();
        self.overflow = false;
    }
}

/// C0 controls inside a sequence act as they would outside it.
fn execute(b: u8, out: &mut Vec<u8>) {
    if b != ENQ {
        out.push(b);
    }
}

/// Whether a CSI (parameters and intermediates, then `final_byte`) only
/// draws or asks what a program may ask.
fn csi_allowed(_params: &[u8], final_byte: u8) -> bool {
    // t: window operations and title/size reports; i: media copy.
    !matches!(final_byte, b't' | b'i')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(chunks: &[&[u8]]) -> Vec<u8> {
        let mut filter = TermFilter::new();
        let mut out = Vec::new();
        for chunk in chunks {
            filter.filter(chunk, &mut out);
        }
        out
    }

    fn whole(input: &[u8]) -> Vec<u8> {
        run(&[input])
    }

    /// Every split of `input` into two chunks gives the same output.
    fn every_split(input: &[u8]) -> Vec<u8> {
        let once = whole(input);
        for at in 0..=input.len() {
            let (a, b) = input.split_at(at);
            assert_eq!(run(&[a, b]), once, "split at {at} of {input:?}");
        }
        let bytewise: Vec<&[u8]> = input.chunks(1).collect();
        assert_eq!(run(&bytewise), once, "byte by byte: {input:?}");
        once
    }

    #[test]
    fn drawing_passes_unchanged() {
        let drawing: &[u8] = b"plain \xc3\xa9t\xc3\xa9 \xe2\x9c\x93 \xf0\x9f\x98\x80\r\n\t\x08\x07\
            \x1b[1;31mred\x1b[0m\x1b[2J\x1b[H\x1b[10;20H\x1b[?1049h\x1b[?25l\x1b[?2004h\
            \x1b[?1000h\x1b[5 q\x1b[6n\x1b[c\x1b7\x1b8\x1b(B\x1b)0\x1bM";
        assert_eq!(every_split(drawing), drawing);
    }

    #[test]
    fn osc_52_is_dropped_with_either_terminator() {
        assert_eq!(every_split(b"a\x1b]52;c;aGVsbG8=\x07b"), b"ab");
        assert_eq!(every_split(b"a\x1b]52;c;aGVsbG8=\x1b\\b"), b"ab");
        assert_eq!(every_split(b"a\x1b]52;c;?\x07b"), b"ab");
    }

    #[test]
    fn c1_forms_are_read_as_their_escapes() {
        // Raw 8-bit OSC and ST, and DCS.
        assert_eq!(every_split(b"a\x9d52;c;aGVsbG8=\x9cb"), b"ab");
        assert_eq!(every_split(b"a\x90$q\"p\x9cb"), b"ab");
        // U+009D, U+009C as UTF-8.
        assert_eq!(every_split(b"a\xc2\x9d52;c;aGk=\xc2\x9cb"), b"ab");
        // An 8-bit CSI that draws goes out as ESC [.
        assert_eq!(every_split(b"\x9b1mB"), b"\x1b[1mB");
        // The same bytes continuing a UTF-8 character are text: U+015D, U+0150.
        assert_eq!(
            every_split("\u{15d}\u{150}".as_bytes()),
            "\u{15d}\u{150}".as_bytes()
        );
    }

    #[test]
    fn strings_and_reports_are_dropped() {
        for input in [
            &b"a\x1bP$q\"p\x1b\\b"[..],   // DCS DECRQSS
            b"a\x1bP+q544e\x1b\\b",       // DCS XTGETTCAP
            b"a\x1b_apc payload\x1b\\b",  // APC
            b"a\x1b^pm\x1b\\b",           // PM
            b"a\x1bXsos\x1b\\b",          // SOS
            b"a\x1b[21tb",                // title report
            b"a\x1b[20tb",                // icon label report
            b"a\x1b[14tb",                // window size report
            b"a\x1b[3;0;0tb",             // move the window
            b"a\x1b[5ib",                 // printer controller mode
            b"a\x1b]4;1;?\x07b",          // palette query
            b"a\x1b]11;?\x1b\\b",         // background colour query
            b"a\x1b]0;?\x07b",            // title query
            b"a\x1b]8;;http://x/\x1b\\b", // hyperlink
            b"a\x05b",                    // ENQ: answerback
        ] {
            assert_eq!(every_split(input), b"ab", "{input:?}");
        }
    }

    #[test]
    fn titles_are_set_and_go_out_with_st() {
        assert_eq!(
            every_split(b"\x1b]0;build \xc3\xa9\x07x"),
            b"\x1b]0;build \xc3\xa9\x1b\\x"
        );
        assert_eq!(every_split(b"\x1b]2;t\x1b\\"), b"\x1b]2;t\x1b\\");
        // Controls inside the title never reach the terminal.
        assert_eq!(every_split(b"\x1b]2;a\rb\x07"), b"\x1b]2;ab\x1b\\");
        let long = [b"\x1b]2;".as_slice(), &[b'x'; MAX_OSC], b"\x07ok"].concat();
        assert_eq!(whole(&long), b"ok");
    }

    #[test]
    fn an_unfinished_sequence_gives_way_to_the_next() {
        // ESC inside an OSC 52 starts a new sequence; the OSC is lost.
        assert_eq!(every_split(b"\x1b]52;c;x\x1b[1mB"), b"\x1b[1mB");
        // CAN aborts.
        assert_eq!(every_split(b"\x1bP$q\x18ok"), b"ok");
        // An overlong CSI is skipped to its final byte.
        let long = [b"\x1b[".as_slice(), &[b'1'; MAX_CSI + 1], b"mok"].concat();
        assert_eq!(whole(&long), b"ok");
    }

    /// Pieces that make and break sequences, for the property below.
    const PIECES: [&[u8]; 24] = [
        b"\x1b",
        b"]",
        b"[",
        b"P",
        b"_",
        b"^",
        b"X",
        b"\\",
        b"\x07",
        b"\x9d",
        b"\x9c",
        b"\x90",
        b"\x9b",
        b"\xc2",
        b"\x9f",
        b"52;c;",
        b"0;",
        b"21t",
        b"1m",
        b"?",
        b"\x18",
        b"a",
        b"\xc3\xa9",
        b"\xe2\x9c",
    ];

    /// What never leaves the filter: the openers of dropped strings, an
    /// OSC other than a title, or a C1 control in either form.
    fn leaks(out: &[u8]) -> Option<usize> {
        let text = String::from_utf8_lossy(out);
        if text.chars().any(|c| ('\u{80}'..='\u{9f}').contains(&c)) {
            return Some(usize::MAX);
        }
        out.windows(3)
            .position(|w| match w {
                [ESC, b'P' | b'_' | b'^' | b'X', _] => true,
                [ESC, b']', n] => !matches!(n, b'0' | b'1' | b'2'),
                _ => false,
            })
            .or_else(|| {
                // A raw C1 byte that is not inside a UTF-8 character.
                let mut need = 0;
                out.iter().position(|&b| {
                    if need > 0 && (0x80..=0xbf).contains(&b) {
                        need -= 1;
                        return false;
                    }
                    need = match b {
                        0xc2..=0xdf => 1,
                        0xe0..=0xef => 2,
                        0xf0..=0xf4 => 3,
                        _ => 0,
                    };
                    (0x80..=0x9f).contains(&b)
                })
            })
    }

    #[test]
    fn the_leak_check_finds_leaks() {
        for raw in [
            &b"\x1b]52;c;x\x07"[..],
            b"\x1bPq\x1b\\",
            b"\x9d52;c;x\x9c",
            b"\xc2\x9d52;x",
        ] {
            assert!(leaks(raw).is_some(), "{raw:?}");
            assert_eq!(leaks(&whole(raw)), None, "{raw:?}");
        }
        assert_eq!(leaks("\u{15d}".as_bytes()), None);
    }

    proptest::proptest! {
        #[test]
        fn no_soup_of_pieces_leaks_a_dropped_sequence(
            picks in proptest::collection::vec(0..PIECES.len(), 0..40),
            cut in 0usize..200,
        ) {
            let input: Vec<u8> = picks.iter().flat_map(|&i| PIECES[i].iter().copied()).collect();
            let at = cut.min(input.len());
            let out = run(&[&input[..at], &input[at..]]);
            proptest::prop_assert_eq!(leaks(&out), None, "{:?} -> {:?}", input, out);
        }
    }

    #[test]
    fn a_split_osc_52_leaks_nothing() {
        let out = run(&[b"x\x1b", b"]5", b"2;c;aGVs", b"bG8=\x1b", b"\\y"]);
        assert_eq!(out, b"xy");
    }
}
