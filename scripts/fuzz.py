#!/usr/bin/env python3
"""Mutation fuzzer for lottie2video (driven by scripts/fuzz; see docs/security.md, "Fuzzing and sanitizers").

Each round takes a seed (a corpus file), mutates it with structure-aware mutations (numbers swapped for
hostile values, counts grown, repeaters nested, sizes enlarged, subtrees deleted, duplicated, retyped or
spliced from another seed, hostile expression programs from a grammar and from
Tests/Fixtures/Hostile/expressions.txt, a few raw byte flips), and runs the built binary on it under a
memory cap and a timeout: `info`, `snapshot`, `render` or a short export, chosen per round. What it reports:

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


# MARK: - Hostile expression programs

# Issue 38: a grammar of programs written to break the interpreter: long flat chains, deep nesting, values
# built deep or cyclic at run time, big values, every built-in with huge or odd arguments, and writes to
# built-ins and host objects that must not persist. Sizes straddle the interpreter's limits (Parser.maxDepth,
# Parser.maxLinks, Program.maxSourceBytes) and reach 60,000 terms; a source stays under the size limit but
# for a few that go over it on purpose. Everything is drawn from the fuzzer's random.Random, so a --seed
# gives the same programs.
EXPRESSION_MAX_DEPTH = 120
EXPRESSION_MAX_LINKS = 1000
EXPRESSION_MAX_SOURCE = 256 << 10
EXPRESSION_MAX_TERMS = 60_000

# Flat chains: (setup, head, link, tail); the program is setup + head + link * n + tail.
CHAIN_LINKS = [
    ("", "1", "+1", ""), ("var a={}; a.b=a; ", "a", ".b", ""), ("var a=[]; a[0]=a; ", "a", "[0]", ""),
    ("function f(){return f} ", "f", "()", ""), ("var x=1; ", "x", "&&x", ""), ("var x=0; ", "x", "||x", ""),
    ("", "2", "**2", ""), ("var x=1; ", "x", "=x", ""), ("var x=1; ", "", "!", "x"), ("var x=1; ", "", "- ", "x"),
    ("var x=1; ", "", "typeof ", "x"), ("var x=1; ", "", "~", "x"), ("var x=1; ", "", "void ", "x"),
    ("var x=1; ", "", "+ ", "x"), ("var x=[1]; ", "", "delete ", "x[0]"), ("", "'a'", "+'a'", ""),
    ("var x=null; ", "x", "??x", ""), ("", "1", ",1", ""), ("var x=1; ", "x", "<x", ""),
("var x=1; ", "x", "-x", ""), ("", "'ab'", ".concat('ab')", ""),
    ("", "'x'", ".repeat(2)", ""), ("", "[1]", ".concat([1])", ""), ("", "[1,2,3]", ".slice(0)", ""),
    ("", "'ab'", ".toUpperCase()", ""), ("var o={f:function(){return o}}; ", "o", ".f()", ""),
    ("var a=[]; a.push(a); ", "a", ".push(a)", ""), ("var x=1; ", "", "x++;", "x"), ("", "", "1;", "1"),
    ("var x=0; ", "", "x+=x+1;", "x"), ("", "[", "1,", "1]"), ("", "Math.max(", "1,", "1)"),
    ("", "Math", ".max(1,2)&&Math", ".PI"), ("var a=thisLayer; ", "a", ".transform.position&&a", ".index"),
]
# The mixed chain's operators and terms.
# (No assignments: their left side would rarely be a name, and the whole program a syntax error.)
CHAIN_OPERATORS = ["+", "-", "*", "/", "%", "**", "<<", ">>", ">>>", "&", "|", "^", "==", "!=", "===", "!==", "<",
                   ">", "<=", ">=", "&&", "||", "??", ","]
CHAIN_TERMS = ["1", "x", "'s'", "[1]", "NaN", "1e308", "-1e308", "(x)", "x[0]", "x.y", "f()", "''", "null",
               "undefined", "Infinity", "-x", "!x", "[]", "({})", "'x'.repeat(9)", "x.length", "value", "time"]

# Deep nesting: (setup, open, middle, close); the program is setup + open * n + middle + close * n.
NESTINGS = [
    ("", "(", "1", ")"), ("", "[", "1", "]"), ("var o=", "{a:", "1", "}"), ("", "({a:", "1", "})"),
    ("", "(function(){return ", "1", ";})()"), ("", "function f(){", "1", "}"), ("var f=", "x=>", "x", ""),
    ("var f=", "()=>(", "1", ")"), ("var x=1; ", "if(x){", "1", "}"), ("var x=1; ", "if(!x)0; else ", "1", ""),
    ("var x=1; ", "x?", "1", ":0"), ("var x=0; ", "x?0:", "1", ""), ("", "{", "1", "}"),
    ("", "for(var i=0;i<2;i++){", "1", "}"), ("", "while(false){", "1", "}"), ("", "do{", "1", "}while(false)"),
    ("", "try{", "throw 1", "}catch(e){throw [e]}"), ("", "try{", "1", "}finally{}"),
    ("function f(a){return [a]} ", "f(", "1", ")"), ("", "switch(1){case 1:", "1", "}"),
    ("var a=[[]]; ", "a[", "0", "]"), ("", "-(", "1", ")"), ("", "[...[", "1", "]]"), ("", "new Array(", "1", ")"),
    ("var x=1; ", "x&&(", "x", ")"), ("var o={}; ", "o[", "'k'", "]"), ("", "(1,", "1", ")"),
    ("", "String(", "1", ")"), ("", "Math.max(", "1", ",2)"), ("", "[].concat(", "[1]", ")"),
]

# Values built deep or cyclic at run time ({n}: a size), and what is then done with them.
RUNTIME_BUILDS = [
    "var a=[]; for(var i=0;i<{n};i++) a=[a]; ", "var a=[1]; a.push(a); ", "var a=[]; a[0]=a; a[1]=a; ",
    "var a={{}}; for(var i=0;i<{n};i++) a={{o:a}}; ", "var a={{o:0}}; a.o=a; ", "var a={{}}; a.self=a; ",
    "var a=[]; var b=[a]; a.push(b); ", "var a=[{{}}]; a[0].a=a; ", "var a={{x:[]}}; a.x.push(a); ",
    "var a=Array({n}).fill(0).reduce(function(p){{return [p]}},[]); ", "var a=[1]; for(var i=0;i<{n};i++) a=[a,a]; ",
    "var a=function(){{return 0}}; for(var i=0;i<{n};i++) (function(g){{a=function(){{return g()+1}}}})(a); ",
    "var a=function(){{return 0}}; for(var i=0;i<{n};i++){{ var g=a; a=function(){{return g()+1}} }} ",
    "var a=function(){{return a}}; ", "var a=[]; for(var i=0;i<{n};i++) a=[a,function(){{return a}}]; ",
    "var a={{}}; for(var i=0;i<{n};i++) a={{o:a,p:a}}; ", "var a=[]; a.push(a,a,a); a.push(a.concat(a)); ",
    "var a=[]; for(var i=0;i<{n};i++){{ var b=[a]; b.push(b); a=b; }} ",
]
RUNTIME_USES = [
    "a+''", "+a", "String(a)", "a.join('-')", "a.sort()", "JSON.stringify(a)", "a==1", "a<1", "throw a", "a",
    "[a].concat(a)", "a.indexOf(a)", "Math.max.apply(null, a)", "a()", "a.toString()", "a+a", "a*1", "-a",
    "a===a", "typeof a", "a.includes(a)", "a.concat(a).join()", "Object.keys(a)", "Object.values(a)",
    "a.map(String)", "[a,a]+''", "a.reverse()+''", "a.slice()+''", "'x'.concat(a)", "'x'.replace('x', a)",
    "'x'.split(a)", "a.join(a)", "parseInt(a)", "Number(a)", "isNaN(a)", "clamp(a,0,1)", "length(a)",
    "normalize(a)", "add(a,a)", "linear(0.5,0,1,a,a)", "a.sort(function(p,q){return String(p)<String(q)})",
    "try{throw a}catch(e){e+''}", "for(var k in a) k", "a.length", "a.o", "a[0][0][0]", "'k' in a",
    "a.hasOwnProperty(a)", "Math.max.call(null, a)", "[].concat(a,a,a).length", "a.filter(function(e){return e==a})",
    "a.map(function(e){return a}).join()", "$bm_rt=a", "value+a", "a.push(a), a+''", "a.fill(a)+''",
]

# Big values ({n}: a count, {k}: a doubling count).
BIG_VALUES = [
    "'x'.repeat({n})", "var s='ab'; for(var i=0;i<{k};i++) s=s+s; s.length", "var s='ab'; while(true) s+=s",
    "var a=[1]; for(var i=0;i<{k};i++) a=a.concat(a); a.length", "var a=[1]; for(var i=0;i<{k};i++) a.push.apply(a,a)",
    "Array({n})", "new Array({n}).join('x')", "Array({n}).fill('x'.repeat({n}))", "Array({n}).join().split(',').length",
    "var s='x'.repeat({n}); s.split('').join(s)", "var s='x'.repeat({n}); s.split('x').length",
    "var s='x'.repeat({n}); s.indexOf(s+'y')", "var s='x'.repeat({n}); s.replace('x', s)",
    "var s='x'.repeat({n}); s.lastIndexOf(s)", "var s='x'.repeat({n}); s.padStart({n}*{n})",
    "var s='x'.repeat({n}); s.toUpperCase().toLowerCase().trim()", "var s='x'.repeat({n}); s.match(s)",
    "var s='x'.repeat({n}); var a=[]; for(var i=0;i<{n};i++) a.push(s); JSON.stringify(a)",
    "var s='x'.repeat({n}); var o={{}}; for(var i=0;i<{n};i++) o['k'+i]=s; JSON.stringify(o)",
    "var a=[1]; for(var i=0;i<{k};i++) a=[a,a]; JSON.stringify(a)", "var o={{}}; for(var i=0;i<{n};i++) o['k'+i]=i; 1",
    "var a=[]; a[{n}]=1; a.length", "var a=[]; a.length={n}; a.length", "var a=[1]; a.length={n}; a.join('x')",
    "'x'.padEnd({n})", "(1e308).toFixed({k})", "(1e21).toString(36)", "(-1e-7).toPrecision({k})",
    "var s=''; for(var i=0;i<{n};i++) s+=i; s.length", "Array({n}).fill(0).map(function(e,i){{return [i]}})",
    "var s='x'.repeat({n}); s.substring(0,{n}).concat(s,s,s)", "[].concat(Array({n}),Array({n})).sort()",
    "Object.keys(Array({n}))", "Array({n}).reverse().indexOf(1)", "'x'.repeat({n}).split('').sort().join('')",
]
BIG_NUMBERS = ["1e3", "65536", "1e6", "1e7", "16777216", "268435456", "1e9", "4294967295", "4294967296", "2**31",
               "2**53", "1e308", "-1", "-0", "NaN", "Infinity", "-Infinity", "0.5", "1e-308"]

# Built-ins by where they are called, and the odd arguments they get.
BUILTIN_FUNCTIONS = [
    "parseInt", "parseFloat", "isNaN", "isFinite", "String", "Boolean", "Number", "Array", "Object", "Error",
    "TypeError", "RangeError", "ReferenceError", "SyntaxError", "$bm_sum", "sum", "add", "$bm_sub", "sub",
    "$bm_mul", "mul", "$bm_div", "div", "$bm_mod", "mod", "$bm_neg", "$bm_isInstanceOfArray", "isNumerable",
    "clamp", "length", "normalize", "dot", "cross", "lookAt", "degreesToRadians", "radiansToDegrees", "linear",
    "ease", "easeIn", "easeOut", "rgbToHsl", "hslToRgb", "random", "gaussRandom", "noise", "timeToFrames",
    "framesToTime", "posterizeTime", "seedRandom", "createPath", "comp", "valueAtTime", "velocityAtTime",
    "speedAtTime", "key", "nearestKey", "loopOut", "loopIn", "loopOutDuration", "loopInDuration", "wiggle",
    "smooth", "points", "inTangents", "outTangents", "isClosed", "propertyGroup", "toComp", "toWorld", "fromComp",
    "fromWorld", "sourceRectAtTime", "effect", "mask", "content", "eval", "Function", "require",
    "Math.abs", "Math.sin", "Math.cos", "Math.tan", "Math.asin", "Math.acos", "Math.atan", "Math.sqrt", "Math.exp",
    "Math.log", "Math.log10", "Math.log2", "Math.floor", "Math.ceil", "Math.trunc", "Math.cbrt", "Math.sinh",
    "Math.cosh", "Math.tanh", "Math.asinh", "Math.acosh", "Math.atanh", "Math.expm1", "Math.log1p", "Math.fround",
    "Math.round", "Math.sign", "Math.atan2", "Math.pow", "Math.hypot", "Math.max", "Math.min", "Math.random",
    "Number.isNaN", "Number.isFinite", "Number.isInteger", "Number.parseFloat", "Number.parseInt", "Array.isArray",
    "Object.keys", "Object.values", "JSON.stringify", "thisComp.layer", "thisComp.marker.key",
    "thisComp.marker.nearestKey", "thisLayer.effect", "thisLayer.content", "thisLayer.mask", "thisLayer.toComp",
    "thisLayer.sourceRectAtTime", "thisProperty.propertyGroup", "thisProperty.valueAtTime", "thisProperty.key",
    "thisProperty.wiggle", "thisProperty.loopOut",
]
STRING_METHODS = ["charAt", "charCodeAt", "substring", "substr", "slice", "indexOf", "includes", "startsWith",
                  "lastIndexOf", "endsWith", "toUpperCase", "toLowerCase", "trim", "toString", "concat", "repeat",
                  "padStart", "padEnd", "split", "replace", "match"]
ARRAY_METHODS = ["push", "pop", "shift", "unshift", "slice", "splice", "concat", "join", "toString", "indexOf",
                 "lastIndexOf", "includes", "reverse", "fill", "sort", "map", "forEach", "filter", "some", "every",
                 "find", "findIndex", "reduce", "reduceRight"]
NUMBER_METHODS = ["toFixed", "toPrecision", "toString"]
# `big`, `huge`, `deep`, `cyc` and `obj` are defined by BUILTIN_SETUP.
BUILTIN_SETUP = ("var big='x'.repeat({s}), huge=Array({h}).fill(1e308), deep=[], cyc=[1], obj={{}}; "
                 "for(var i=0;i<{d};i++) deep=[deep]; cyc.push(cyc); obj.obj=obj; ")
ODD_ARGUMENTS = [
    "1e308", "-1e308", "NaN", "Infinity", "-Infinity", "2**53", "2**53+1", "-0", "5e-324", "undefined", "null",
    "''", "'x'", "big", "huge", "deep", "cyc", "obj", "Array(1e5)", "[1e308,-1e308,NaN]", "[[1,2],[3,4]]",
    "[[[0]]]", "'0x1fffffffffffff'", "'-Infinity'", "'1e400'", "function(){return 1}", "function(){throw 1}",
    "function(p,q){return q}", "function(p){return [p,p]}", "x=>x", "String", "Math.max", "Math", "JSON", "[]",
    "{}", "true", "36", "37", "1", "-1", "0", "100", "101", "4294967295", "4294967296", "2147483648", "1e21",
    "thisProperty", "thisLayer", "thisComp", "value", "time", "'cycle'", "'pingpong'", "'offset'", "'continue'",
    "[0,0]", "[1e308,1e308]", "[NaN,NaN,NaN,NaN]", "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]",
]
BUILTIN_RECEIVERS = {"string": ["big", "'abc'", "''", "String(deep)", "'x'.repeat(1e4)"],
                     "array": ["huge", "deep", "cyc", "[1,2,3]", "[]", "Array(1e6)", "huge.slice()"],
                     "number": ["(1e308)", "(-1e308)", "(NaN)", "(2**53)", "(-0)", "(5e-324)", "(1e21)"]}

# Writes to built-ins and host objects: none may outlive its evaluation (the built-ins are frozen).
BUILTIN_WRITES = [
    "Math.n=(Math.n||0)+1", "delete Math.sin", "Math.sin=function(){return 1}", "Math.PI=3", "JSON.stringify=0",
    "Math.x=thisProperty", "Math.l=thisLayer", "Math.c=thisComp", "JSON.keep=thisProperty", "Number.keep=thisLayer",
    "Array.keep=[thisComp]", "Object.keep=function(){return thisProperty}", "thisLayer.x=thisLayer",
    "thisComp.x=thisComp", "thisProperty.x=thisProperty", "thisLayer.transform.keep=thisLayer",
    "Math.random=function(){return 0}", "linear.x=1", "Error.keep=thisLayer", "Math.max.keep=thisProperty",
    "parseInt.cache=[thisComp]", "String.x=1", "Math['sin']=null", "Array.isArray=0", "delete thisLayer.transform",
    "thisLayer.parent=thisLayer", "NaN=1", "Infinity=0", "Math=null", "JSON={}", "wiggle=0", "Math.n++",
    "Math.list=(Math.list||[]).concat([thisProperty])", "delete JSON.stringify", "Number.MAX_VALUE=1",
    "Object.keys.x=Object.keys", "Math.self=Math", "thisComp.layer(1).x=thisComp", "value.x=thisLayer",
    "thisProperty.value=1", "time=1e308", "Math.__proto__=thisLayer", "seedRandom.s=thisComp",
]
BUILTIN_READS = ["Math.n", "typeof Math.sin", "Math.PI", "JSON.keep", "Math.x", "Math.list", "Number.keep",
                 "typeof JSON.stringify", "Math.sin(1)", "thisLayer.x", "[Math.n, Math.l, Math.c]+''", "NaN"]


def hostile_count(rng, limit=None):
    """A size: mostly small or around `limit` (a nesting or chain limit), sometimes thousands, sometimes 60,000."""
    r = rng.random()
    if r < 0.25:
        return rng.randint(1, 40)
    if r < 0.55 and limit:
        return max(1, limit + rng.randint(-8, 8))
    if r < 0.85:
        return rng.randint(100, 5000)
    return rng.randint(5000, EXPRESSION_MAX_TERMS)


def fit(rng, count, fixed, unit):
    """`count` terms of `unit` characters, fewer when they would take the source past its size limit (left as is
    now and then, so that the limit is hit too)."""
    if rng.random() < 0.05:
        return count
    return max(1, min(count, (EXPRESSION_MAX_SOURCE - fixed - 64) // max(1, unit)))


def hp_chain(rng):
    """A long flat chain: `1+1+...`, `a.b.b...`, `f()()...`, `!!!x`, `2**2**...`, a mix of operators, ..."""
    if rng.random() < 0.25:
        n = fit(rng, hostile_count(rng, EXPRESSION_MAX_LINKS), 40, 8)
        parts = [rng.choice(CHAIN_TERMS)]
        for _ in range(n):
            parts.append(rng.choice(CHAIN_OPERATORS))
            parts.append(rng.choice(CHAIN_TERMS))
        return "var x=[1]; x.y=x; function f(){return f} " + " ".join(parts)
    setup, head, link, tail = rng.choice(CHAIN_LINKS)
    limit = EXPRESSION_MAX_DEPTH if link in ("**2", "=x", "!", "- ", "typeof ", "~", "void ", "+ ", "delete ") \
        else EXPRESSION_MAX_LINKS
    n = fit(rng, hostile_count(rng, limit), len(setup + head + tail), len(link))
    return setup + head + link * n + tail


def hp_nesting(rng):
    """Deep nesting: `((((1))))`, `[[[[1]]]]`, `{a:{a:...}}`, function literals, if/else, ternaries, loops, ..."""
    setup, opening, middle, closing = rng.choice(NESTINGS)
    n = fit(rng, hostile_count(rng, EXPRESSION_MAX_DEPTH), len(setup + middle), len(opening + closing))
    program = setup + opening * n + middle + closing * n
    if opening == "x=>":
        program += "; f" + "(1)" * min(n, 2000)
    elif opening == "()=>(":
        program += "; f" + "()" * min(n, 2000)
    elif opening == "function f(){":
        program += "; f()"
    return program


def hp_runtime(rng):
    """A value built deep or cyclic at run time (arrays, objects, closures over closures), then used."""
    build = rng.choice(RUNTIME_BUILDS).format(n=hostile_count(rng, rng.choice([32, 64, EXPRESSION_MAX_DEPTH])))
    uses = [rng.choice(RUNTIME_USES) for _ in range(rng.choice([1, 1, 1, 2, 3]))]
    if rng.random() < 0.3:
        uses = ["try{" + u + "}catch(e){}" for u in uses[:-1]] + uses[-1:]
    return build + "; ".join(uses)


def hp_big(rng):
    """Big values: `'x'.repeat(N)`, doubling loops, `Array(N)`, work on big strings, JSON of repeated values."""
    template = rng.choice(BIG_VALUES)
    n = rng.choice(BIG_NUMBERS + [str(rng.randint(1, 1 << rng.randint(1, 30)))])
    return template.format(n=n, k=rng.randint(1, 64))


def hp_builtin_call(rng):
    """One call of a built-in, a string, array or number method, or apply/call, with odd arguments."""
    args = ", ".join(rng.choice(ODD_ARGUMENTS) for _ in range(rng.choice([0, 1, 1, 2, 2, 3, 5, 9])))
    r = rng.random()
    if r < 0.5:
        return f"{rng.choice(BUILTIN_FUNCTIONS)}({args})"
    if r < 0.65:
        return f"{rng.choice(BUILTIN_RECEIVERS['string'])}.{rng.choice(STRING_METHODS)}({args})"
    if r < 0.85:
        return f"{rng.choice(BUILTIN_RECEIVERS['array'])}.{rng.choice(ARRAY_METHODS)}({args})"
    if r < 0.92:
        return f"{rng.choice(BUILTIN_RECEIVERS['number'])}.{rng.choice(NUMBER_METHODS)}({args})"
    spread = rng.choice(["huge", "deep", "cyc", "[" + args + "]", "Array(1e6)"])
    return f"{rng.choice(BUILTIN_FUNCTIONS)}.{rng.choice(['apply', 'call'])}(null, {spread})"


def hp_builtins(rng):
    """Built-ins with large or odd arguments (1e308, NaN, huge arrays and strings, deep and cyclic arrays, ...)."""
    setup = BUILTIN_SETUP.format(s=rng.choice([1, 1000, 100000, 1000000]), h=rng.choice([1, 1000, 100000]),
                                 d=rng.choice([1, 10, 100, 1000]))
    calls = [hp_builtin_call(rng) for _ in range(rng.choice([1, 2, 4, 8, 16]))]
    if rng.random() < 0.7:
        calls = ["try{" + c + "}catch(e){}" for c in calls[:-1]] + calls[-1:]
    return setup + "; ".join(calls)


def hp_writes(rng):
    """Writes to built-ins and host objects (each must be refused or not outlive the evaluation), then reads."""
    writes = [rng.choice(BUILTIN_WRITES) for _ in range(rng.choice([1, 2, 3, 6]))]
    if rng.random() < 0.6:
        writes = ["try{" + w + "}catch(e){}" for w in writes]
    return "; ".join(writes + [rng.choice(BUILTIN_READS)])


def hp_oversized(rng):
    """A source past the size limit (refused before it is parsed)."""
    over = EXPRESSION_MAX_SOURCE + rng.choice([1, 2, 1000, 100000])
    kind = rng.randrange(4)
    if kind == 0:
        return "'" + "x" * (over - 2) + "'"
    if kind == 1:
        return "1" + "+1" * (over // 2)
    if kind == 2:
        return "var a=1;" * (over // 8 + 1)
    return "//" + "x" * over + "\n1"


HOSTILE_FAMILIES = {"chain": (hp_chain, 10), "nesting": (hp_nesting, 10), "runtime": (hp_runtime, 12),
                    "big": (hp_big, 8), "builtins": (hp_builtins, 14), "writes": (hp_writes, 5),
                    "oversized": (hp_oversized, 1)}
# Wrappers a program is sometimes run inside ({} is the program).
HOSTILE_WRAPPERS = ["try{{{}}}catch(e){{e+''}}", "(function(){{{}}})()", "for(var k=0;k<3;k++){{{}}}",
                    "function g(){{{}}} g(); g()", "{}; value", "$bm_rt = 0; {}"]


def hostile_program(rng):
    """A hostile expression program from the grammar above (a family drawn by weight, sometimes wrapped)."""
    names = list(HOSTILE_FAMILIES)
    family = rng.choices(names, weights=[HOSTILE_FAMILIES[n][1] for n in names])[0]
    program = HOSTILE_FAMILIES[family][0](rng)
    if rng.random() < 0.15 and len(program) < EXPRESSION_MAX_SOURCE - 100:
        program = rng.choice(HOSTILE_WRAPPERS).format(program)
    return program


def load_expression_seeds(path=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "Fixtures",
                                            "Hostile", "expressions.txt")):
    """The hostile programs of Tests/Fixtures/Hostile/expressions.txt (one a line, `#` comments), or none."""
    try:
        with open(path, encoding="utf-8") as f:
            return [line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")]
    except OSError:
        return []


HOSTILE_EXPRESSION_SEEDS = load_expression_seeds()


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
            if self.rng.random() < 0.2:
                # A generated program run after the existing expression (which then sees its effects).
                new = text + ";\n" + hostile_program(self.rng)
            else:
                at = self.rng.randrange(len(text) + 1)
                new = text[:at] + self.rng.choice(EXPRESSION_FRAGMENTS) + text[at + self.rng.randrange(3):]
            notes.append(f"expression splice {fmt(path)}")
            return put(doc, path, new)
        path, prop = self.pick(nodes, lambda p, n: isinstance(n, dict) and "k" in n and ("a" in n or "x" in n))
        if path is None:
            return doc
        # Half the time a program from the grammar, else a fixed one or a seed of expressions.txt.
        if self.rng.random() < 0.5:
            prop["x"] = hostile_program(self.rng)
        else:
            prop["x"] = self.rng.choice(HOSTILE_EXPRESSIONS + HOSTILE_EXPRESSION_SEEDS)
        notes.append(f"expression {fmt(path)}={prop['x'][:20]!r} ({len(prop['x'])} chars)")
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
    parser.add_argument("--only", default="", help="the only mutations to make, e.g. expression (the hostile-"
                        "expression target CI runs); of: " + ",".join(MUTATIONS))
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
    only = {w for w in args.only.split(",") if w}
    if (without | only) - set(MUTATIONS):
        sys.exit("fuzz: unknown mutations: " + ",".join(sorted((without | only) - set(MUTATIONS))))
    if only:
        without |= set(MUTATIONS) - only
    if not set(MUTATIONS) - without:
        sys.exit("fuzz: --only and --without leave no mutation to make")
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
