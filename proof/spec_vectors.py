#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""proof/spec_vectors.py SPEC_DIR VECTOR_DIR — evaluates the ACSL logic
specification itself on the known-answer vectors.

The functional proof (proof/prove.sh, unit func) shows that the C computes
the logic functions of proof/spec/; this shows that those functions are
SipHash and HalfSipHash: it reads the `logic integer` definitions of
proof/spec/*.h as they are written (the ACSL text, not a second copy of
the algorithm), evaluates them with Python's integers, and compares
siphash_spec, siphash128_lo_spec / _hi_spec, halfsiphash32_spec and
halfsiphash64_spec with every line of the vector files (tests/vectors:
64 messages 00 01 .. i-1, keys 00 01 .. 0f).  A wrong constant in the spec
(a rotation, the length byte's place, an initial word) fails here.

The evaluator covers the ACSL the spec uses: \\let, ?:, C's operators on
unbounded integers, casts to uint8/32/64_t (reduction mod 2^n), calls of
other logic functions, and pointers as (message, offset) with p + i and
p[i].  Anything else stops it with an error naming the definition.
"""
import functools
import os
import re
import sys

TOKEN = re.compile(r"""\s*(?:
    (?P<num>0[xX][0-9a-fA-F]+|\d+)
  | (?P<id>\\?[A-Za-z_][A-Za-z_0-9]*)
  | (?P<op><<|>>|==|!=|<=|>=|&&|\|\||[-+*/%<>()?:,;=\[\]{}|^&!])
)""", re.X)

CASTS = {"uint8_t": 8, "uint32_t": 32, "uint64_t": 64}


def tokens(text):
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m or m.end() == pos:
            raise SyntaxError(f"cannot read {text[pos:pos + 30]!r}")
        pos = m.end()
        kind = m.lastgroup
        out.append((kind, m.group(kind)))
    return out


class Parser:
    """C-precedence expression parser to nested tuples."""

    def __init__(self, toks, i):
        self.t, self.i = toks, i

    def peek(self, k=0):
        j = self.i + k
        return self.t[j] if j < len(self.t) else ("eof", "")

    def take(self, val=None):
        tok = self.peek()
        if val is not None and tok[1] != val:
            raise SyntaxError(f"expected {val!r}, found {tok[1]!r}")
        self.i += 1
        return tok

    def expr(self):
        if self.peek()[1] == "\\let":
            self.take()
            name = self.take()[1]
            self.take("=")
            val = self.expr()
            self.take(";")
            return ("let", name, val, self.expr())
        return self.cond()

    def cond(self):
        c = self.binary(0)
        if self.peek()[1] == "?":
            self.take()
            a = self.expr()
            self.take(":")
            return ("?", c, a, self.cond())
        return c

    LEVELS = [["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", "<=", ">", ">="],
              ["<<", ">>"], ["+", "-"], ["*", "/", "%"]]

    def binary(self, level):
        if level == len(self.LEVELS):
            return self.unary()
        left = self.binary(level + 1)
        while self.peek()[0] == "op" and self.peek()[1] in self.LEVELS[level]:
            op = self.take()[1]
            left = (op, left, self.binary(level + 1))
        return left

    def unary(self):
        tok = self.peek()
        if tok[1] in ("-", "!"):
            self.take()
            return ("u" + tok[1], self.unary())
        if tok[1] == "(" and self.peek(1)[1] in CASTS and self.peek(2)[1] == ")":
            self.take()
            bits = CASTS[self.take()[1]]
            self.take(")")
            return ("cast", bits, self.unary())
        return self.postfix()

    def postfix(self):
        e = self.primary()
        while self.peek()[1] == "[":
            self.take()
            e = ("index", e, self.expr())
            self.take("]")
        return e

    def primary(self):
        kind, val = self.take()
        if kind == "num":
            return ("num", int(val, 0))
        if kind == "id":
            if self.peek()[1] == "(":
                self.take()
                args = []
                while self.peek()[1] != ")":
                    args.append(self.expr())
                    if self.peek()[1] == ",":
                        self.take()
                self.take(")")
                return ("call", val, args)
            return ("var", val)
        if val == "(":
            e = self.expr()
            self.take(")")
            return e
        raise SyntaxError(f"unexpected {val!r}")


def definitions(paths):
    """name -> (parameter names, body) for every `logic integer` function."""
    defs = {}
    for path in paths:
        text = open(path, encoding="utf-8").read()
        for block in re.findall(r"/\*@(.*?)\*/", text, re.S):
            block = re.sub(r"//[^\n]*", "", block)
            toks = tokens(block)
            for i in range(len(toks) - 2):
                if toks[i][1] != "logic" or toks[i + 1][1] != "integer":
                    continue
                name = toks[i + 2][1]
                p = Parser(toks, i + 3)
                try:
                    if p.peek()[1] == "{":  # a label: {L}
                        p.take(), p.take(), p.take("}")
                    p.take("(")
                    params = []
                    while p.peek()[1] != ")":
                        words = []
                        while p.peek()[1] not in (",", ")"):
                            words.append(p.take()[1])
                        params.append(words[-1])
                        if p.peek()[1] == ",":
                            p.take()
                    p.take(")")
                    p.take("=")
                    body = p.expr()
                    p.take(";")
                except SyntaxError as err:
                    sys.exit(f"{path}: logic function {name}: {err}")
                defs[name] = (params, body)
    return defs


class Ptr(tuple):
    """A pointer into a message: (bytes, offset)."""


def evaluator(defs):
    @functools.lru_cache(maxsize=None)
    def call(name, args):
        if name not in defs:
            raise NameError(f"no logic function {name}")
        params, body = defs[name]
        if len(params) != len(args):
            raise TypeError(f"{name}: {len(args)} arguments for {len(params)}")
        return ev(body, dict(zip(params, args)))

    def ev(e, env):
        op = e[0]
        if op == "num":
            return e[1]
        if op == "var":
            return env[e[1]]
        if op == "let":
            return ev(e[3], {**env, e[1]: ev(e[2], env)})
        if op == "?":
            return ev(e[2], env) if ev(e[1], env) else ev(e[3], env)
        if op == "call":
            return call(e[1], tuple(ev(a, env) for a in e[2]))
        if op == "cast":
            return ev(e[2], env) % (1 << e[1])
        if op == "index":
            p, k = ev(e[1], env), ev(e[2], env)
            return p[0][p[1] + k]
        if op == "u-":
            return -ev(e[1], env)
        if op == "u!":
            return int(not ev(e[1], env))
        a = ev(e[1], env)
        if op == "&&":
            return int(bool(a) and bool(ev(e[2], env)))
        if op == "||":
            return int(bool(a) or bool(ev(e[2], env)))
        b = ev(e[2], env)
        if isinstance(a, Ptr) and op in "+-":
            return Ptr((a[0], a[1] + b if op == "+" else a[1] - b))
        if op == "%":  # C and ACSL: the sign of the dividend
            return (abs(a) % abs(b)) * (1 if a >= 0 else -1)
        if op == "/":
            return (abs(a) // abs(b)) * (1 if (a >= 0) == (b >= 0) else -1)
        return {"+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
                "<<": lambda: a << b, ">>": lambda: a >> b, "|": lambda: a | b,
                "^": lambda: a ^ b, "&": lambda: a & b, "==": lambda: int(a == b),
                "!=": lambda: int(a != b), "<": lambda: int(a < b),
                "<=": lambda: int(a <= b), ">": lambda: int(a > b),
                ">=": lambda: int(a >= b)}[op]()

    return call


def main():
    spec, vectors = sys.argv[1], sys.argv[2]
    files = ["bits.h", "bytes.h", "siphash_spec.h", "halfsiphash_spec.h"]
    call = evaluator(definitions([os.path.join(spec, f) for f in files]))
    k0, k1 = 0x0706050403020100, 0x0F0E0D0C0B0A0908
    h0, h1 = 0x03020100, 0x07060504

    def le(value, nbytes):
        return value.to_bytes(nbytes, "little").hex()

    # file -> the output bytes of message m, from the spec
    checks = {}
    for c, d in ((2, 4), (1, 3)):
        checks[f"siphash-{c}-{d}-64.txt"] = lambda m, c=c, d=d: le(
            call("siphash_spec", (m, len(m[0]), c, d, k0, k1)), 8)
        checks[f"siphash-{c}-{d}-128.txt"] = lambda m, c=c, d=d: le(
            call("siphash128_lo_spec", (m, len(m[0]), c, d, k0, k1)), 8) + le(
            call("siphash128_hi_spec", (m, len(m[0]), c, d, k0, k1)), 8)
        checks[f"halfsiphash-{c}-{d}-32.txt"] = lambda m, c=c, d=d: le(
            call("halfsiphash32_spec", (m, len(m[0]), c, d, h0, h1)), 4)
        checks[f"halfsiphash-{c}-{d}-64.txt"] = lambda m, c=c, d=d: le(
            call("halfsiphash64_spec", (m, len(m[0]), c, d, h0, h1)), 8)
    checks["siphash-1-2-64.txt"] = lambda m: le(
        call("siphash_spec", (m, len(m[0]), 1, 2, k0, k1)), 8)
    failed = 0
    for name, spec_out in checks.items():
        lines = open(os.path.join(vectors, name), encoding="ascii").read().split()
        bad = [i for i, want in enumerate(lines)
               if spec_out(Ptr((bytes(range(i)), 0))) != want.lower()]
        failed += bool(bad)
        print(f"   {name:24} {len(lines) - len(bad):2} / {len(lines)} vectors"
              + (f"  (FAILS: messages {bad[:8]})" if bad else ""))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
