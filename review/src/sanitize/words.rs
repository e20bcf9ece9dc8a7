//! The fixed word lists: names shown as written, and names no generated
//! name may take.

use std::collections::HashSet;
use std::sync::LazyLock;

/// Kept as identifiers but still user objects: attributes on them are ours.
pub(super) const USER_ROOTS: &[&str] = &["self", "cls", "_"];

/// FNV-1a, for the fixed word lists only: their keys are ours, so the
/// collision resistance of the default hasher buys nothing there, and these
/// sets are asked about every identifier.
#[derive(Default, Clone, Copy)]
pub(super) struct Fnv(u64);

impl std::hash::Hasher for Fnv {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        let mut h = if self.0 == 0 {
            0xcbf2_9ce4_8422_2325
        } else {
            self.0
        };
        for b in bytes {
            h = (h ^ u64::from(*b)).wrapping_mul(0x0100_0000_01b3);
        }
        self.0 = h;
    }
}

pub(super) type WordSet = HashSet<&'static str, std::hash::BuildHasherDefault<Fnv>>;

pub(super) static PY_KEEP: LazyLock<WordSet> = LazyLock::new(|| {
    const BUILTINS: &str = "ArithmeticError AssertionError AttributeError BaseException \
        BaseExceptionGroup BlockingIOError BrokenPipeError BufferError BytesWarning \
        ChildProcessError ConnectionAbortedError ConnectionError ConnectionRefusedError \
        ConnectionResetError DeprecationWarning EOFError Ellipsis EncodingWarning \
        EnvironmentError Exception ExceptionGroup False FileExistsError FileNotFoundError \
        FloatingPointError FutureWarning GeneratorExit IOError ImportError ImportWarning \
        IndentationError IndexError InterruptedError IsADirectoryError KeyError \
        KeyboardInterrupt LookupError MemoryError ModuleNotFoundError NameError None \
        NotADirectoryError NotImplemented NotImplementedError OSError OverflowError \
        PendingDeprecationWarning PermissionError ProcessLookupError PythonFinalizationError \
        RecursionError ReferenceError ResourceWarning RuntimeError RuntimeWarning \
        StopAsyncIteration StopIteration SyntaxError SyntaxWarning SystemError SystemExit \
        TabError TimeoutError True TypeError UnboundLocalError UnicodeDecodeError \
        UnicodeEncodeError UnicodeError UnicodeTranslateError UnicodeWarning UserWarning \
        ValueError Warning ZeroDivisionError abs aiter all anext any ascii bin bool \
        breakpoint bytearray bytes callable chr classmethod compile complex copyright \
        credits delattr dict dir divmod enumerate eval exec exit filter float format \
        frozenset getattr globals hasattr hash help hex id input int isinstance \
        issubclass iter len license list locals map max memoryview min next object oct \
        open ord pow print property quit range repr reversed round set setattr slice \
        sorted staticmethod str sum super tuple type vars zip self cls _";
    // Dunder names carry meaning (pickling, imports, object model).
    const DUNDERS: &str = "__build_class__ __debug__ __doc__ __import__ __loader__ \
        __name__ __package__ __spec__ __file__ __builtins__ __main__ __all__ __path__ \
        __version__ __dict__ __class__ __bases__ __mro__ __subclasses__ __globals__ \
        __code__ __closure__ __module__ __qualname__ __annotations__ __slots__ \
        __wrapped__ __init__ __new__ __del__ __call__ __enter__ __exit__ __aenter__ \
        __aexit__ __iter__ __next__ __aiter__ __anext__ __await__ __str__ __repr__ \
        __format__ __bytes__ __hash__ __bool__ __len__ __getattr__ __getattribute__ \
        __setattr__ __delattr__ __dir__ __get__ __set__ __delete__ __set_name__ \
        __init_subclass__ __class_getitem__ __getitem__ __setitem__ __delitem__ \
        __missing__ __contains__ __reversed__ __eq__ __ne__ __lt__ __le__ __gt__ __ge__ \
        __add__ __sub__ __mul__ __matmul__ __truediv__ __floordiv__ __mod__ __divmod__ \
        __pow__ __lshift__ __rshift__ __and__ __or__ __xor__ __neg__ __pos__ __abs__ \
        __invert__ __int__ __float__ __complex__ __index__ __round__ __reduce__ \
        __reduce_ex__ __getstate__ __setstate__ __getnewargs__ __copy__ __deepcopy__ \
        __sizeof__ __post_init__ __fspath__";
    BUILTINS
        .split_whitespace()
        .chain(DUNDERS.split_whitespace())
        .collect()
});

pub(super) static JS_KEEP: LazyLock<WordSet> = LazyLock::new(|| {
    const GLOBALS: &str = "console JSON Math Object Array Promise require process \
        globalThis window document fetch module exports __dirname __filename Buffer \
        global self setTimeout setInterval setImmediate clearTimeout clearInterval \
        clearImmediate queueMicrotask structuredClone String Number Boolean Symbol BigInt \
        Date RegExp Error TypeError RangeError SyntaxError ReferenceError EvalError \
        URIError AggregateError Map Set WeakMap WeakSet WeakRef FinalizationRegistry Proxy \
        Reflect eval Function parseInt parseFloat isNaN isFinite encodeURIComponent \
        decodeURIComponent encodeURI decodeURI escape unescape atob btoa URL \
        URLSearchParams TextEncoder TextDecoder Intl ArrayBuffer SharedArrayBuffer \
        DataView Atomics Int8Array Uint8Array Uint8ClampedArray Int16Array Uint16Array \
        Int32Array Uint32Array Float32Array Float64Array BigInt64Array BigUint64Array \
        WebAssembly XMLHttpRequest WebSocket EventSource navigator location history \
        localStorage sessionStorage indexedDB alert confirm prompt crypto performance \
        Headers Request Response FormData Blob File FileReader AbortController \
        AbortSignal Event EventTarget CustomEvent MessageChannel Worker importScripts \
        postMessage Deno Bun undefined NaN Infinity arguments constructor prototype \
        getBuiltinModule \
        __proto__ toString valueOf toJSON";
    const TS_TYPES: &str = "Record Partial Required Readonly Pick Omit Exclude Extract \
        NonNullable ReturnType Parameters ConstructorParameters InstanceType Awaited \
        ThisType Uppercase Lowercase Capitalize Uncapitalize PropertyKey ReadonlyArray \
        ReadonlyMap ReadonlySet Iterable Iterator IterableIterator AsyncIterable \
        AsyncIterator AsyncIterableIterator Generator AsyncGenerator PromiseLike \
        ArrayLike NodeJS";
    GLOBALS
        .split_whitespace()
        .chain(TS_TYPES.split_whitespace())
        .collect()
});

pub(super) static SH_KEEP: LazyLock<WordSet> = LazyLock::new(|| {
    const BUILTINS: &str = "alias bg bind break builtin caller cd command compgen complete \
        compopt continue declare dirs disown echo enable eval exec exit export false fc \
        fg getopts hash help history jobs kill let local logout mapfile popd printf \
        pushd pwd read readarray readonly return set shift shopt source suspend test \
        times trap true type typeset ulimit umask unalias unset wait";
    // Variables the shell or programs read: renaming them would hide effects.
    const VARIABLES: &str = "PATH HOME IFS PWD OLDPWD USER LOGNAME SHELL TERM LANG \
        LANGUAGE LC_ALL LC_CTYPE TZ TMPDIR HOSTNAME UID EUID PPID RANDOM SECONDS LINENO \
        BASH BASH_SOURCE BASH_VERSION BASH_ENV BASH_REMATCH BASHOPTS SHELLOPTS FUNCNAME \
        PIPESTATUS REPLY OPTARG OPTIND OPTERR PS1 PS2 PS4 PROMPT_COMMAND HISTFILE \
        HISTSIZE CDPATH ENV LD_PRELOAD LD_LIBRARY_PATH LD_AUDIT PYTHONPATH PYTHONSTARTUP \
        PYTHONHOME NODE_OPTIONS NODE_PATH http_proxy https_proxy HTTP_PROXY HTTPS_PROXY \
        ALL_PROXY all_proxy NO_PROXY no_proxy SSH_AUTH_SOCK DISPLAY XDG_RUNTIME_DIR \
        XDG_CONFIG_HOME XDG_DATA_HOME XDG_CACHE_HOME EDITOR VISUAL PAGER GIT_SSH_COMMAND \
        GIT_DIR CC CXX CFLAGS LDFLAGS MAKEFLAGS DEBIAN_FRONTEND";
    // Short command names a generated name must not look like.
    const COMMANDS: &str = "ar as at bc cc cp dd df du ed id ip ln ls mv nc nl od pr ps \
        rm sh ss su tr vi wc xz";
    BUILTINS
        .split_whitespace()
        .chain(VARIABLES.split_whitespace())
        .chain(COMMANDS.split_whitespace())
        // The reviewer reads them where they are set or written to
        // (GITHUB_ENV, PERL5OPT, ...): renamed, they would hide it.
        .chain(crate::reviewer::LOADER_VARIABLES.iter().copied())
        .collect()
});

/// Reserved words of all four languages: no generated name may be one.
pub(super) static KEYWORDS: LazyLock<WordSet> = LazyLock::new(|| {
    const WORDS: &str = "and as assert async await break case catch class const \
        continue debugger def default del delete do done elif else enum esac except \
        export extends false fi finally for from function global if implements import \
        in instanceof interface is lambda let match new nonlocal not null of or package \
        pass private protected public raise return select static super switch then this \
        throw time true try type typeof until var void while with yield any declare \
        keyof module namespace never readonly unknown get set None True False print exec";
    WORDS.split_whitespace().collect()
});
