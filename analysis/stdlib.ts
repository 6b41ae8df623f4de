/**
 * The standard libraries of the languages: an import of one is the language itself, not a
 * package the project depends on nor an integration it reaches.
 */
const PYTHON = new Set(("__future__ abc argparse array ast asyncio atexit base64 binascii bisect builtins bz2 calendar cgi cmath codecs collections " +
  "colorsys concurrent configparser contextlib contextvars copy copyreg csv ctypes dataclasses datetime decimal difflib dis email encodings enum " +
  "errno faulthandler fcntl filecmp fileinput fnmatch fractions functools gc getopt getpass gettext glob graphlib gzip hashlib heapq hmac html http " +
  "imaplib importlib inspect io ipaddress itertools json keyword linecache locale logging lzma mailbox math mimetypes mmap multiprocessing netrc " +
  "numbers operator optparse os pathlib pdb pickle pkgutil platform plistlib poplib posixpath pprint profile pstats pty pwd queue quopri random re " +
  "readline reprlib resource sched secrets select selectors shelve shlex shutil signal site smtplib socket socketserver sqlite3 ssl stat statistics " +
  "string stringprep struct subprocess symtable sys sysconfig syslog tarfile tempfile termios textwrap threading time timeit tkinter token tokenize " +
  "tomllib trace traceback tracemalloc tty turtle types typing typing_extensions unicodedata unittest urllib uuid venv warnings wave weakref " +
  "webbrowser winreg wsgiref xml xmlrpc zipapp zipfile zipimport zlib zoneinfo").split(" "));
const RUBY = new Set("abbrev base64 benchmark bigdecimal cgi csv date delegate digest english erb etc fileutils find forwardable io json logger matrix monitor net open-uri open3 openssl optparse ostruct pathname pp prettyprint pstore racc rdoc readline resolv ripper securerandom set shellwords singleton socket stringio strscan tempfile time timeout tmpdir tsort uri weakref yaml zlib".split(" "));
const RUST = new Set(["std", "core", "alloc", "proc_macro", "test"]);

/** Whether an external import name is the standard library of the importing file's language. */
export function isStandardLibrary(language: string, name: string): boolean {
  const first = name.split(/[./:]/)[0]!;
  switch (language) {
    case "javascript":
    case "typescript":
      return name.startsWith("node:") || name.startsWith("bun:") || name.startsWith("deno:");
    case "python":
      return PYTHON.has(first);
    case "go":
      return !first.includes(".") && !name.includes(".");
    case "java":
    case "kotlin":
    case "scala":
      return /^(java|javax|jdk|sun|kotlin|scala)(\.|$)/.test(name);
    case "csharp":
      return /^System(\.|$)/.test(name);
    case "ruby":
      return RUBY.has(name.split("/")[0]!);
    case "rust":
      return RUST.has(first);
    default:
      return false;
  }
}
