/**
 * Whether a Go file can be in the application's default build. A `//go:build` line that needs a
 * tag of the project's own (`//go:build e2etest`), or `ignore`, keeps the file out of `go build`
 * unless someone passes `-tags`: routes such a file registers are not served by the app as
 * built. Tags of a platform, a Go version or cgo may hold on some machine, so they keep the file.
 */

// GOOS and GOARCH values, and the tags the toolchain sets itself.
const PLATFORM = /^(?:aix|android|darwin|dragonfly|freebsd|hurd|illumos|ios|js|linux|nacl|netbsd|openbsd|plan9|solaris|wasip1|windows|zos|unix|386|amd64|amd64p32|arm|armbe|arm64|arm64be|loong64|mips|mipsle|mips64|mips64le|mips64p32|mips64p32le|ppc|ppc64|ppc64le|riscv|riscv64|s390|s390x|sparc|sparc64|wasm|cgo|gc|gccgo|go1\.\d+)$/;

/** False when the file's build constraint cannot hold without tags given by hand; true otherwise. */
export function inDefaultBuild(text: string): boolean {
  const line = /^\/\/go:build[ \t]+(.+)$/m.exec(header(text))?.[1];
  if (!line) return true;
  try {
    return new Constraint(line).value() !== false;
  } catch {
    return true; // a constraint this does not read keeps the file
  }
}

/** The comments and blank lines before `package`, where a build constraint must be. */
function header(text: string): string {
  const at = /^package\s/m.exec(text)?.index;
  return at === undefined ? "" : text.slice(0, at);
}

/** Three-valued: a platform tag is unknown (undefined), a tag of the project's is false. */
type Value = boolean | undefined;

class Constraint {
  private readonly tokens: string[];
  private at = 0;

  constructor(expression: string) {
    this.tokens = expression.match(/&&|\|\||[!()]|[\w.]+/g) ?? [];
  }

  value(): Value {
    const result = this.or();
    if (this.at !== this.tokens.length) throw new SyntaxError("trailing tokens");
    return result;
  }

  private or(): Value {
    let left = this.and();
    while (this.tokens[this.at] === "||") {
      this.at++;
      const right = this.and();
      left = left === true || right === true ? true : left === false && right === false ? false : undefined;
    }
    return left;
  }

  private and(): Value {
    let left = this.not();
    while (this.tokens[this.at] === "&&") {
      this.at++;
      const right = this.not();
      left = left === false || right === false ? false : left === true && right === true ? true : undefined;
    }
    return left;
  }

  private not(): Value {
    const token = this.tokens[this.at++];
    if (token === "!") {
      const inner = this.not();
      return inner === undefined ? undefined : !inner;
    }
    if (token === "(") {
      const inner = this.or();
      if (this.tokens[this.at++] !== ")") throw new SyntaxError("unclosed (");
      return inner;
    }
    if (!token || !/^[\w.]+$/.test(token)) throw new SyntaxError("expected a tag");
    return PLATFORM.test(token) ? undefined : false;
  }
}
