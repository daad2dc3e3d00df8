#!/usr/bin/env python3
"""Mutation fuzzer for lottie2video (driven by scripts/fuzz; see docs/security.md, "Fuzzing and sanitizers").

Each round takes a seed (a corpus file), mutates it with structure-aware mutations (numbers swapped for
hostile values, counts grown, repeaters nested, sizes enlarged, subtrees deleted, duplicated, retyped or
spliced from another seed, a few raw byte flips), and runs the built binary on it under a memory cap and a
timeout: `info`, `snapshot`, `render` or a short export, chosen per round. What it reports:

  crash     killed by a signal (a Swift trap is SIGILL or SIGTRAP), a sanitizer report, or an exit status
            other than 0, 1 and 64
  hang      still running at the timeout
  memory    the peak resident size passed --memory-report-mb, or an allocation failed under the cap
  leftover  the run left a temporary (.partial-) file or folder in its output folder

Each distinct finding (kind + the Swift fatal message + the first source frame of the backtrace) is
minimised with a JSON delta-debugging pass (drop keys and array elements, flatten subtrees, while the same
finding still reproduces) and saved, with the command that shows it, in the output folder it prints.
Only the Python standard library is used.
"""

import argparse
import copy
import gzip
import io
import json
import os
import random
import re
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
import zipfile

# MARK: - Hostile values

INTERESTING_NUMBERS = [
    0, -0.0, 1, -1, 2, 0.5, 1e-300, -1e-300, 5e-324, 1e10, -1e10, 1e15, 1e18, 9.3e18, 1.8e19, 1e38, 1e300,
    -1e300, 1e308, -1e308, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740993, 65535, 65536,
    16384, 16385, 100000, 1000000, 255, 256, 360, 720, 1e6, 3.4e38,
]
# Spelled out: they parse as infinity (our reader takes them; json.dumps cannot write them).
OVERFLOWING_NUMBERS = ["1e400", "-1e400", "1e-400"]
INTERESTING_STRINGS = [
    "", "/etc/passwd", "../../../../etc/hostname", "/dev/zero", "/dev/stdin", "data:image/png;base64,", "data:",
    "a" * 10000, "%s%n%d", "\u0000", "\ufffd", "{{row}}", "$bm_rt = 1/0;", "time * 1e308",
    "loopOut('cycle')", "wiggle(1e9, 1e9, 1e9)", "thisComp.layer(1e9)", "#zz", "rgba(", "images/", "../",
]
# Keys whose values are counts, sizes or times: grown hard, since that is where work multiplies.
GROWABLE_KEYS = {
    "c": 1000, "pt": 10000, "r": 1000, "w": 16384, "h": 16384, "s": 1e5, "sz": 1e5, "op": 1e6, "dr": 1e10,
    "tm": 1e10, "sr": 1e-6, "st": -1e9, "fr": 1e-300, "d": 1e6, "or": 1e6, "ir": 1e6, "os": 1e6, "is": 1e6,
    "ml": 1e6, "t": 1e9, "a": 1e6, "m": 1e6, "ls": 1e5, "lh": 1e5, "tr": 1e5, "sw": 1e5, "bm": 99, "ty": 99,
}
SHAPE_TYPES = ["gr", "rc", "el", "sr", "sh", "fl", "st", "gf", "gs", "tr", "tm", "rp", "rd", "mm", "zz", "op", "pb",
               "tw", "no"]


def repeater(copies):
    return {
        "ty": "rp", "nm": "fuzz repeater", "c": {"a": 0, "k": copies}, "o": {"a": 0, "k": 0}, "m": 1,
        "tr": {"ty": "tr", "p": {"a": 0, "k": [3, 3]}, "a": {"a": 0, "k": [0, 0]}, "s": {"a": 0, "k": [99, 99]},
               "r": {"a": 0, "k": 5}, "so": {"a": 0, "k": 100}, "eo": {"a": 0, "k": 100}},
    }


# MARK: - Tree helpers

def walk(node, path=()):
    """Yields (path, node) for every node, parents first."""
    yield path, node
    if isinstance(node, dict):
        for key, value in node.items():
            yield from walk(value, path + (key,))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from walk(value, path + (index,))


def get(root, path):
    for step in path:
        root = root[step]
    return root


def put(root, path, value):
    if not path:
        return value
    get(root, path[:-1])[path[-1]] = value
    return root


# MARK: - Mutations

MUTATIONS = {"number": 20, "grow": 12, "nest": 6, "enlarge": 6, "delete": 10, "duplicate": 10, "retype": 8,
             "splice": 6, "string": 5, "keyframes": 8, "shape": 6, "expression": 8}

# Expressions (issue 24): hostile programs the engine's budget must end, object-model reads of things that
# may not exist, and fragments spliced into an existing expression.
HOSTILE_EXPRESSIONS = [
    "while(true){}", "for(;;){}", "function f(){return f()} f()", "var s='ab'; for(var i=0;i<40;i++) s+=s; 1",
    "new Array(1e9)", "var a=[]; for(var i=0;i<1e9;i++) a.push(i)", "eval('1')", "Function('return 1')()",
    "require('fs')", "var x = ;", "(" * 5000, "[" * 3000, "thisComp.layer(1e300).transform.position",
    "thisComp.layer('nope').content('x').path.points()", "thisProperty.propertyGroup(99)", "comp('x').layer(1)",
    "effect(0)(0)", "key(0).value", "nearestKey(1e308)", "loopOut('cycle', 1e20)", "loopOut('pingpong', -1)",
    "wiggle(1e308, 1e308, 1e9)", "valueAtTime(NaN)", "createPath([[0,0]], [[1]], 5, 7)", "posterizeTime(0); value",
    "seedRandom(NaN); random([1,2],[3])", "'x'.repeat(1e9)", "[1,2].join(new Array(1e7).join('x'))",
    "var o={}; for (var i=0;i<1e6;i++) o['k'+i]=i; 1", "try { while(true){} } catch(e) { 1 }",
    "toComp([1e308, -1e308])", "thisLayer.parent.parent.parent.index", "value / 0", "[NaN, Infinity]",
]
EXPRESSION_FRAGMENTS = ["+", "-", "(", ")", "[", "]", "{", "}", ";", ",", ".", "=", "'", "\"", "$bm_rt", "value",
                        "time", "thisComp", "thisLayer", "thisProperty", "function", "while", "1e308", "\n", "//"]


class Mutator:
    def __init__(self, rng, seeds, without=()):
        self.rng = rng
        self.seeds = seeds
        self.kinds = [k for k in MUTATIONS if k not in without]
        self.weights = [MUTATIONS[k] for k in self.kinds]

    def mutate(self, doc):
        """Returns a mutated copy of the JSON document `doc`, and what was done."""
        doc = copy.deepcopy(doc)
        notes = []
        for _ in range(self.rng.choice([1, 1, 1, 2, 2, 3, 5, 8])):
            nodes = list(walk(doc))
            if not nodes:
                break
            name = self.rng.choices(self.kinds, weights=self.weights)[0]
            doc = getattr(self, "m_" + name)(doc, nodes, notes) or doc
        return doc, notes

    def pick(self, nodes, predicate):
        candidates = [(p, n) for p, n in nodes if predicate(p, n)]
        return self.rng.choice(candidates) if candidates else (None, None)

    def m_number(self, doc, nodes, notes):
        path, value = self.pick(nodes, lambda p, n: isinstance(n, (int, float)) and not isinstance(n, bool))
        if path is None:
            return doc
        r = self.rng.random()
        if r < 0.5:
            new = self.rng.choice(INTERESTING_NUMBERS)
        elif r < 0.65:
            new = RawNumber(self.rng.choice(OVERFLOWING_NUMBERS))
        elif r < 0.85:
            new = value * self.rng.choice([-1, 10, 1000, 1e6, 1e-6, 0])
        else:
            new = value + self.rng.choice([-1, 1, -0.5, 0.5])
        notes.append(f"number {fmt(path)}={new}")
        return put(doc, path, new)

    def m_grow(self, doc, nodes, notes):
        path, _ = self.pick(nodes, lambda p, n: p and p[-1] in GROWABLE_KEYS)
        if path is None:
            return doc
        value = GROWABLE_KEYS[path[-1]] * self.rng.choice([1, 1, 0.1, 10])
        node = get(doc, path)
        # Animatable values ({"a":0,"k":...}) get the number in their "k".
        if isinstance(node, dict) and "k" in node and not isinstance(node["k"], list):
            node["k"] = value
        elif isinstance(node, dict) and isinstance(node.get("k"), list) and node["k"] and \
                isinstance(node["k"][0], (int, float)):
            node["k"] = [value] * len(node["k"])
        else:
            doc = put(doc, path, value)
        notes.append(f"grow {fmt(path)}={value}")
        return doc

    def m_nest(self, doc, nodes, notes):
        """Nests repeaters: a shape list gets a repeater, and its group is wrapped into another group with one."""
        path, shapes = self.pick(nodes, lambda p, n: p and p[-1] in ("shapes", "it") and isinstance(n, list))
        if path is None:
            return doc
        copies = self.rng.choice([10, 100, 1000])
        wrapped = {"ty": "gr", "nm": "fuzz nest", "it": list(shapes) + [repeater(copies)]}
        for _ in range(self.rng.choice([1, 2, 3])):
            wrapped = {"ty": "gr", "nm": "fuzz nest", "it": [wrapped, repeater(copies)]}
        notes.append(f"nest {fmt(path)} x{copies}")
        return put(doc, path, [wrapped])

    def m_enlarge(self, doc, nodes, notes):
        path, value = self.pick(nodes, lambda p, n: isinstance(n, list) and 2 <= len(n) <= 4 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in n))
        if path is None:
            return doc
        factor = self.rng.choice([100, 1e4, 1e6, 1e9])
        notes.append(f"enlarge {fmt(path)} x{factor}")
        return put(doc, path, [v * factor for v in value])

    def m_delete(self, doc, nodes, notes):
        path, _ = self.pick(nodes, lambda p, n: len(p) > 0)
        if path is None:
            return doc
        parent = get(doc, path[:-1])
        del parent[path[-1]]
        notes.append(f"delete {fmt(path)}")
        return doc

    def m_duplicate(self, doc, nodes, notes):
        path, array = self.pick(nodes, lambda p, n: isinstance(n, list) and n)
        if path is None:
            return doc
        times = self.rng.choice([2, 10, 100])
        item = self.rng.choice(array)
        if len(json.dumps(item, default=str)) * times > 2_000_000:
            times = 2
        array.extend(copy.deepcopy(item) for _ in range(times))
        notes.append(f"duplicate {fmt(path)} x{times}")
        return doc

    def m_retype(self, doc, nodes, notes):
        path, _ = self.pick(nodes, lambda p, n: len(p) > 0)
        if path is None:
            return doc
        new = self.rng.choice([None, True, 0, -1, "", "x", [], {}, [[]], {"a": 1, "k": None}, [0] * 7,
                               {"k": [{"t": 0}]}])
        notes.append(f"retype {fmt(path)}={json.dumps(new)}")
        return put(doc, path, copy.deepcopy(new))

    def m_splice(self, doc, nodes, notes):
        other = self.rng.choice(self.seeds).doc
        if other is None:
            return doc
        _, donor = self.rng.choice(list(walk(other)))
        path, _ = self.pick(nodes, lambda p, n: len(p) > 0 and type(n) is type(donor))
        if path is None:
            return doc
        notes.append(f"splice {fmt(path)}")
        return put(doc, path, copy.deepcopy(donor))

    def m_string(self, doc, nodes, notes):
        path, _ = self.pick(nodes, lambda p, n: isinstance(n, str))
        if path is None:
            return doc
        new = self.rng.choice(INTERESTING_STRINGS)
        notes.append(f"string {fmt(path)}={new[:20]!r}")
        return put(doc, path, new)

    def m_keyframes(self, doc, nodes, notes):
        """Animated properties: times out of order, huge, equal; easing handles far outside 0...1; holds."""
        path, keys = self.pick(nodes, lambda p, n: p and p[-1] == "k" and isinstance(n, list) and n and all(
            isinstance(k, dict) and "t" in k for k in n))
        if path is None:
            return doc
        choice = self.rng.randrange(5)
        if choice == 0:
            self.rng.shuffle(keys)
        elif choice == 1:
            for k in keys:
                k["t"] = self.rng.choice([0, 1e308, -1e308, 1e-300, k["t"]])
        elif choice == 2:
            for k in keys:
                k["o"] = {"x": [self.rng.choice([-1e9, 1e9, 0])], "y": [self.rng.choice([-1e9, 1e9, 0.5])]}
                k["i"] = {"x": [self.rng.choice([-1e9, 1e9, 1])], "y": [self.rng.choice([-1e9, 1e9, 0.5])]}
        elif choice == 3:
            keys.extend(copy.deepcopy(keys[-1]) for _ in range(1000))
        else:
            for k in keys:
                k["h"] = 1
        notes.append(f"keyframes {fmt(path)} #{choice}")
        return doc

    def m_expression(self, doc, nodes, notes):
        """An animatable property gets a hostile expression, or an existing expression a spliced fragment."""
        existing = [(p, n) for p, n in nodes if p and p[-1] == "x" and isinstance(n, str)]
        if existing and self.rng.random() < 0.5:
            path, text = self.rng.choice(existing)
            at = self.rng.randrange(len(text) + 1)
            new = text[:at] + self.rng.choice(EXPRESSION_FRAGMENTS) + text[at + self.rng.randrange(3):]
            notes.append(f"expression splice {fmt(path)}")
            return put(doc, path, new)
        path, prop = self.pick(nodes, lambda p, n: isinstance(n, dict) and "k" in n and ("a" in n or "x" in n))
        if path is None:
            return doc
        prop["x"] = self.rng.choice(HOSTILE_EXPRESSIONS)
        notes.append(f"expression {fmt(path)}={prop['x'][:20]!r}")
        return doc

    def m_shape(self, doc, nodes, notes):
        """Inserts a shape item of a random kind (unknown payloads included) into a shape list."""
        path, shapes = self.pick(nodes, lambda p, n: p and p[-1] in ("shapes", "it") and isinstance(n, list))
        if path is None:
            return doc
        kind = self.rng.choice(SHAPE_TYPES)
        item = {"ty": kind, "nm": "fuzz " + kind}
        for key in self.rng.sample(["c", "pt", "r", "s", "p", "sz", "or", "ir", "a", "d", "w", "o", "m"], 4):
            item[key] = {"a": 0, "k": GROWABLE_KEYS.get(key, 1e6) * self.rng.choice([1, 0.01])}
        shapes.insert(self.rng.randrange(len(shapes) + 1), item)
        notes.append(f"shape {fmt(path)} {kind}")
        return doc


class RawNumber(float):
    """A number json.dumps writes as given (1e400, which Python cannot hold)."""

    def __new__(cls, text):
        value = float("inf") if not text.startswith("-") else float("-inf")
        if "e-" in text:
            value = 0.0
        obj = float.__new__(cls, value)
        obj.text = text
        return obj

    # Immutable: copies are the same number, spelled the same way.
    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return self

    def __reduce__(self):
        return RawNumber, (self.text,)


def dumps(doc):
    """JSON text with RawNumbers spelled as written."""
    marker = "\u0001RAW{}\u0001"
    raws = []

    def convert(node):
        if isinstance(node, RawNumber):
            raws.append(node.text)
            return marker.format(len(raws) - 1)
        if isinstance(node, dict):
            return {k: convert(v) for k, v in node.items()}
        if isinstance(node, list):
            return [convert(v) for v in node]
        if isinstance(node, float) and node != node:
            return 0
        if isinstance(node, float) and node in (float("inf"), float("-inf")):
            raws.append("1e400" if node > 0 else "-1e400")
            return marker.format(len(raws) - 1)
        return node

    text = json.dumps(convert(doc), separators=(",", ":"), ensure_ascii=False)
    for index, raw in enumerate(raws):
        text = text.replace(json.dumps(marker.format(index)), raw)
    return text


def fmt(path):
    return "$" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in path)


# MARK: - Seeds and containers

class Seed:
    """A corpus file: its JSON (for a .lottie or .tgs, the animation inside) and how to wrap it again."""

    def __init__(self, path):
        self.path = path
        self.kind = "json"
        self.doc = None
        self.raw = open(path, "rb").read()
        self.archive = None
        data = self.raw
        try:
            if data[:2] == b"\x1f\x8b":
                self.kind = "tgs"
                data = gzip.decompress(data)
            elif data[:4] == b"PK\x03\x04":
                self.kind = "lottie"
                with zipfile.ZipFile(io.BytesIO(data)) as z:
                    self.archive = {name: z.read(name) for name in z.namelist()}
                names = [n for n in self.archive if n.endswith(".json") and "manifest" not in n]
                if not names:
                    return
                self.inner = names[0]
                data = self.archive[self.inner]
            self.doc = json.loads(data)
        except Exception:
            self.doc = None

    def wrap(self, text):
        """The bytes of a file of this seed's kind holding `text` as its animation."""
        if self.kind == "tgs":
            return ".tgs", gzip.compress(text.encode())
        if self.kind == "lottie":
            out = io.BytesIO()
            with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                for name, content in self.archive.items():
                    z.writestr(name, text.encode() if name == self.inner else content)
            return ".lottie", out.getvalue()
        return ".json", text.encode()


def load_seeds(folders, max_bytes):
    seeds = []
    for folder in folders:
        for root, _, files in os.walk(folder):
            for name in sorted(files):
                if not name.endswith((".json", ".lottie", ".tgs")) or name == "manifest.json":
                    continue
                path = os.path.join(root, name)
                if os.path.getsize(path) > max_bytes:
                    continue
                seed = Seed(path)
                if seed.doc is not None or seed.kind == "lottie":
                    seeds.append(seed)
    return seeds


# MARK: - Running the binary

COMMANDS = [
    ("info", lambda f, o: ["info", f]),
    ("snapshot", lambda f, o: ["snapshot", f, "--frame", "5", "-o", os.path.join(o, "s.png"), "--width", "96"]),
    ("render", lambda f, o: ["render", f, "--width", "64", "--max-frames", "4", "--jobs", "2"]),
    ("mp4", lambda f, o: [f, "-o", os.path.join(o, "v.mp4"), "-q", "--width", "64", "--max-frames", "3"]),
    ("gif", lambda f, o: [f, "-o", os.path.join(o, "v.gif"), "-q", "--width", "48", "--max-frames", "3"]),
    ("webm", lambda f, o: [f, "-o", os.path.join(o, "v.webm"), "-q", "--width", "48", "--max-frames", "2"]),
    ("png", lambda f, o: [f, "-o", os.path.join(o, "f_%03d.png"), "-q", "--width", "32", "--max-frames", "3"]),
    ("check", lambda f, o: ["check", "--json", f]),
]
COMMAND_WEIGHTS = [14, 20, 20, 14, 10, 5, 5, 12]

FATAL = re.compile(r"(Fatal error|fatal error|Assertion failed|Precondition failed)[^\n]*")
# A backtrace line: "  2 [ra] 0x... Timeline.schedule(fps:maxFrames:) + 28 in lottie2video at /x/Sources/P/T.swift:86:21"
FRAME = re.compile(r"0x[0-9a-f]+ (.+?)(?: \+ \d+)? in \S+ at (/\S+/Sources/\S+\.swift):(\d+)")
THREAD = re.compile(r"^Thread \d+[^\n]*:$", re.M)
# Files that only wait for others in a hang: the frame that tells is in a thread doing the work.
ORCHESTRATORS = ("ParallelRenderer.swift", "Exporter.swift", "main.swift", "CommandLineTool")
SANITIZER = re.compile(r"ERROR: (AddressSanitizer|ThreadSanitizer|LeakSanitizer|UndefinedBehaviorSanitizer)[^\n]*|"
                       r"WARNING: ThreadSanitizer: [^\n(]*")
# Every thread (a hang's signature needs the working one), with file:line frames, no registers or images.
BACKTRACE = "enable=yes,interactive=no,threads=all,registers=none,images=none"
NO_MEMORY = re.compile(r"(Could not allocate memory|Cannot allocate memory|out of memory|std::bad_alloc|"
                       r"NO_MEMORY|failed to allocate)", re.I)


class Runner:
    def __init__(self, binary, timeout, memory_mb, memory_report_mb, work):
        self.binary = binary
        self.timeout = timeout
        self.memory = memory_mb * 1024 * 1024 if memory_mb > 0 else None
        self.memory_report_kb = memory_report_mb * 1024
        self.work = work
        self.runs = 0

    def limits(self):
        if self.memory:
            resource.setrlimit(resource.RLIMIT_AS, (self.memory, self.memory))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        os.setsid()

    def run(self, content, suffix, command):
        """Runs `command` on a file holding `content`; returns (finding or None, details)."""
        self.runs += 1
        folder = tempfile.mkdtemp(dir=self.work)
        try:
            path = os.path.join(folder, "input" + suffix)
            with open(path, "wb") as f:
                f.write(content)
            out = os.path.join(folder, "out")
            os.mkdir(out)
            arguments = dict(COMMANDS)[command](path, out)
            stderr_path = os.path.join(folder, "stderr")
            with open(stderr_path, "wb") as err:
                start = time.monotonic()
                child = subprocess.Popen([self.binary] + arguments, stdin=subprocess.DEVNULL,
                                         stdout=subprocess.DEVNULL, stderr=err, preexec_fn=self.limits,
                                         env=dict(os.environ, SWIFT_BACKTRACE=BACKTRACE))
                status, usage, timed_out = self.wait(child, start)
            stderr = open(stderr_path, "rb").read().decode("utf-8", "replace")
            left = sorted(n for n in os.listdir(out) if ".partial-" in n)
            return classify(status, usage, timed_out, stderr, left, self.memory_report_kb), arguments, stderr
        finally:
            shutil.rmtree(folder, ignore_errors=True)

    def wait(self, child, start):
        deadline = start + self.timeout
        while True:
            pid, status, usage = os.wait4(child.pid, os.WNOHANG)
            if pid:
                child.returncode = status
                return status, usage, False
            if time.monotonic() > deadline:
                # SIGTRAP first, to the thread that used the most CPU: the Swift runtime prints that
                # thread's backtrace (where it spins; it cannot suspend the other threads here, and a thread
                # waiting in libc does not unwind), then SIGKILL if that does not end it.
                for sig, grace in ((signal.SIGTRAP, 15), (signal.SIGKILL, None)):
                    try:
                        if sig == signal.SIGTRAP:
                            trap_busiest_thread(child.pid)
                        else:
                            os.killpg(child.pid, sig)
                    except ProcessLookupError:
                        pass
                    stop = time.monotonic() + (grace or 3600)
                    while time.monotonic() < stop:
                        pid, status, usage = os.wait4(child.pid, os.WNOHANG)
                        if pid:
                            child.returncode = status
                            return status, usage, True
                        time.sleep(0.05)
            time.sleep(0.01)


def trap_busiest_thread(pid):
    """Sends SIGTRAP to the thread of `pid` with the most CPU time (tgkill), else SIGABRT to the process.
    SIGTRAP, because Dispatch's worker threads block the asynchronous signals (SIGABRT sent to one stays
    pending for ever) but not the synchronous ones."""
    busiest, most = None, -1
    try:
        for tid in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{tid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()
            used = int(fields[11]) + int(fields[12])  # utime + stime
            if used > most:
                busiest, most = int(tid), used
    except (OSError, ValueError, IndexError):
        busiest = None
    tgkill = {"x86_64": 234, "aarch64": 131}.get(os.uname().machine)  # SYS_tgkill
    if busiest is not None and tgkill is not None:
        import ctypes
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.syscall(tgkill, pid, busiest, signal.SIGTRAP) == 0:
            return
    os.kill(pid, signal.SIGABRT)


def threads(stderr):
    """[(header, [(function, file, line)])] for each thread of a Swift runtime backtrace."""
    marks = list(THREAD.finditer(stderr))
    out = []
    for i, mark in enumerate(marks):
        text = stderr[mark.end():marks[i + 1].start() if i + 1 < len(marks) else len(stderr)]
        frames = [(m.group(1), os.path.basename(m.group(2)), m.group(3)) for m in FRAME.finditer(text)]
        out.append((mark.group(0), frames))
    return out


def crash_site(stderr):
    """file:line of the innermost frame in our sources of the crashed thread."""
    for header, frames in threads(stderr):
        if "crashed" in header and frames:
            return f"{frames[0][1]}:{frames[0][2]}"
    frame = FRAME.search(stderr)
    return f"{os.path.basename(frame.group(2))}:{frame.group(3)}" if frame else "?"


def hang_site(stderr):
    """file and function of the innermost frame in our sources of a thread doing work (not one waiting in the
    renderer's or exporter's loop): stable across the moments a hang is caught in."""
    for _, frames in threads(stderr):
        if frames and not frames[0][1].startswith(ORCHESTRATORS):
            function = re.sub(r"\(.*", "", frames[0][0]).split(" ")[-1]
            return f"{frames[0][1]} {function}"
    return "?"


def classify(status, usage, timed_out, stderr, left, memory_report_kb):
    """(kind, signature) for a finding, or None."""
    fatal = FATAL.search(stderr)
    message = re.sub(r"\d+", "N", fatal.group(0))[:120] if fatal else ""
    sanitizer = SANITIZER.search(stderr)
    if timed_out:
        return "hang", f"hang in {hang_site(stderr)}"
    where = crash_site(stderr)
    if sanitizer:
        return "crash", f"{re.sub(r'0x[0-9a-f]+|[0-9]+', 'N', sanitizer.group(0))[:100]} at {where}"
    if os.WIFSIGNALED(status):
        sig = signal.Signals(os.WTERMSIG(status)).name
        if NO_MEMORY.search(stderr):
            return "memory", f"{sig} allocation failed at {where}"
        return "crash", f"{sig} {message} at {where}".replace("  ", " ")
    code = os.WEXITSTATUS(status)
    if usage.ru_maxrss > memory_report_kb:
        return "memory", f"peak resident memory over {memory_report_kb // 1024} MB"
    if code not in (0, 1, 64):
        return "crash", f"exit {code} {message} at {where}"
    if code == 1 and NO_MEMORY.search(stderr):
        return "memory", "allocation failed: " + NO_MEMORY.search(stderr).group(0)
    if left:
        return "leftover", "left " + re.sub(r"\d+", "N", left[0])
    return None


# MARK: - Minimising

class Minimiser:
    """Delta debugging over the JSON tree: keep a smaller document while the same finding reproduces."""

    def __init__(self, runner, seed, command, signature, budget_runs, budget_seconds):
        self.runner = runner
        self.seed = seed
        self.command = command
        self.signature = signature
        self.runs_left = budget_runs
        self.deadline = time.monotonic() + budget_seconds

    def reproduces(self, doc):
        if self.runs_left <= 0 or time.monotonic() > self.deadline:
            return False
        self.runs_left -= 1
        suffix, content = self.seed.wrap(dumps(doc))
        finding, _, _ = self.runner.run(content, suffix, self.command)
        return finding is not None and finding[1] == self.signature

    def minimise(self, doc):
        changed = True
        while changed and self.runs_left > 0 and time.monotonic() < self.deadline:
            changed = False
            # Top-down: big subtrees first, so that one success removes a lot.
            for path, node in sorted(walk(doc), key=lambda pn: len(pn[0])):
                try:
                    current = get(doc, path)
                except (KeyError, IndexError, TypeError):
                    continue
                if current is not node:
                    continue
                if isinstance(node, dict) and node:
                    smaller = self.ddmin_dict(doc, path, node)
                elif isinstance(node, list) and node:
                    smaller = self.ddmin_list(doc, path, node)
                else:
                    continue
                if smaller is not None:
                    doc, changed = smaller, True
            # Then subtrees replaced by empty ones, restarting the walk after each success.
            flattened = True
            while flattened and self.runs_left > 0 and time.monotonic() < self.deadline:
                flattened = False
                for path, node in list(walk(doc)):
                    if not path or not isinstance(node, (dict, list)) or not node:
                        continue
                    candidate = copy.deepcopy(doc)
                    put(candidate, path, [] if isinstance(node, list) else {})
                    if self.reproduces(candidate):
                        doc, changed, flattened = candidate, True, True
                        break
        return doc

    def ddmin_dict(self, doc, path, node):
        keys = list(node.keys())
        kept = self.ddmin(keys, lambda subset: self.with_value(doc, path, {k: node[k] for k in subset}))
        if kept is None or len(kept) == len(keys):
            return None
        return self.with_value(doc, path, {k: node[k] for k in kept})

    def ddmin_list(self, doc, path, node):
        indices = list(range(len(node)))
        kept = self.ddmin(indices, lambda subset: self.with_value(doc, path, [node[i] for i in subset]))
        if kept is None or len(kept) == len(indices):
            return None
        return self.with_value(doc, path, [node[i] for i in kept])

    @staticmethod
    def with_value(doc, path, value):
        candidate = copy.deepcopy(doc)
        return put(candidate, path, value)

    def ddmin(self, items, build):
        """Zeller's ddmin on `items`: the smallest subset found for which build(subset) still reproduces."""
        n = 2
        while len(items) >= 2:
            chunk = max(1, len(items) // n)
            subsets = [items[i:i + chunk] for i in range(0, len(items), chunk)]
            reduced = False
            for i in range(len(subsets)):
                complement = [x for j, s in enumerate(subsets) if j != i for x in s]
                if self.reproduces(build(complement)):
                    items, n, reduced = complement, max(n - 1, 2), True
                    break
            if not reduced:
                if n >= len(items):
                    break
                n = min(n * 2, len(items))
            if self.runs_left <= 0:
                break
        if len(items) == 1 and self.reproduces(build([])):
            return []
        return items


# MARK: - Main loop

def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--binary", required=True)
    parser.add_argument("--corpus", action="append", required=True, help="seed folder (repeatable)")
    parser.add_argument("--minutes", type=float, default=2)
    parser.add_argument("--out", required=True, help="folder for findings")
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--timeout", type=float, default=10, help="seconds per input (default 10)")
    parser.add_argument("--memory-mb", type=int, default=2048, help="address-space cap per run; 0: none")
    parser.add_argument("--memory-report-mb", type=int, default=1024, help="peak RSS reported as a blowup")
    parser.add_argument("--max-seed-bytes", type=int, default=1_500_000)
    parser.add_argument("--minimise-runs", type=int, default=300)
    parser.add_argument("--minimise-seconds", type=float, default=180)
    parser.add_argument("--without", default="", help="mutations to leave out, e.g. nest,grow (to look past "
                        "known findings); of: " + ",".join(MUTATIONS))
    args = parser.parse_args()

    seed_value = args.seed if args.seed is not None else random.randrange(1 << 31)
    rng = random.Random(seed_value)
    seeds = load_seeds(args.corpus, args.max_seed_bytes)
    if not seeds:
        sys.exit("fuzz: no seed files in " + ", ".join(args.corpus))
    os.makedirs(args.out, exist_ok=True)
    work = tempfile.mkdtemp(prefix="l2v-fuzz-")
    runner = Runner(args.binary, args.timeout, args.memory_mb, args.memory_report_mb, work)
    without = {w for w in args.without.split(",") if w}
    if without - set(MUTATIONS):
        sys.exit("fuzz: unknown mutations: " + ",".join(sorted(without - set(MUTATIONS))))
    mutator = Mutator(rng, [s for s in seeds if s.doc is not None], without)
    print(f"fuzz: {len(seeds)} seeds, random seed {seed_value}, {args.minutes:g} min, findings in {args.out}",
          file=sys.stderr, flush=True)
    findings = {}
    end = time.monotonic() + args.minutes * 60
    last_report = time.monotonic()
    rounds = 0
    try:
        while time.monotonic() < end:
            rounds += 1
            try:
                one_round(rng, seeds, mutator, runner, args, findings, end)
            except Exception as error:  # a driver bug must not end a long session: say it and go on
                print(f"fuzz: driver error (skipped the round): {error!r}", file=sys.stderr, flush=True)
                continue
            if time.monotonic() - last_report > 60:
                last_report = time.monotonic()
                print(f"fuzz: {rounds} rounds, {runner.runs} runs, {len(findings)} findings", file=sys.stderr,
                      flush=True)
    finally:
        shutil.rmtree(work, ignore_errors=True)
        with open(os.path.join(args.out, "summary.tsv"), "w") as f:
            f.write("file\tsignature\n")
            for signature, name in findings.items():
                f.write(f"{name}\t{signature}\n")
    print(f"fuzz: done: {rounds} rounds, {runner.runs} runs, {len(findings)} findings in {args.out}",
          file=sys.stderr)
    return 1 if findings else 0


def one_round(rng, seeds, mutator, runner, args, findings, end):
    """Mutates one seed, runs it, and records (minimised) what it finds that is new."""
    seed = rng.choice(seeds)
    command = rng.choices([c for c, _ in COMMANDS], weights=COMMAND_WEIGHTS)[0]
    if seed.doc is None or rng.random() < 0.05:
        # Raw bytes: flips in the file itself (the JSON reader, zip and gzip structures).
        content = bytearray(seed.raw)
        for _ in range(rng.choice([1, 4, 16])):
            if content:
                content[rng.randrange(len(content))] = rng.randrange(256)
        doc, notes = None, ["bytes"]
        suffix, content = os.path.splitext(seed.path)[1], bytes(content)
    else:
        doc, notes = mutator.mutate(seed.doc)
        suffix, content = seed.wrap(dumps(doc))
    if len(content) > 8_000_000:
        return
    finding, arguments, stderr = runner.run(content, suffix, command)
    if not finding or finding[1] in findings:
        return
    kind, signature = finding
    index = len(findings) + 1
    print(f"fuzz: [{index}] {kind}: {signature} ({command}, {os.path.basename(seed.path)}, "
          f"{'; '.join(notes)[:200]})", file=sys.stderr, flush=True)
    minimal = doc
    if doc is not None:
        # A short session (CI's 2 minutes) keeps to its time: at most what is left, or 30 s.
        budget = min(args.minimise_seconds, max(30.0, end - time.monotonic()))
        minimal = Minimiser(runner, seed, command, signature, args.minimise_runs, budget).minimise(doc)
        suffix, content = seed.wrap(dumps(minimal))
    name = f"{index:03d}-{kind}{suffix}"
    with open(os.path.join(args.out, name), "wb") as f:
        f.write(content)
    shown = ["lottie2video"] + [
        name if a.endswith("input" + suffix) else re.sub(r"^.*/out/", "out/", a) for a in arguments]
    with open(os.path.join(args.out, f"{index:03d}-{kind}.txt"), "w") as f:
        f.write(f"kind: {kind}\nsignature: {signature}\nseed file: {seed.path}\n")
        f.write(f"mutations: {'; '.join(notes)}\ncommand: {' '.join(shown)}\n")
        f.write(f"  (input: {name}; outputs went to a scratch folder)\n\nstderr (first run):\n")
        f.write(stderr[:20000])
    findings[signature] = name


if __name__ == "__main__":
    sys.exit(main())
