# The answer parser of `equibench eval` (crates/equibench-eval/src/answer.rs), ported to Python so
# that lm-evaluation-harness and Inspect read a reply exactly as `equibench eval` does. Rust's
# string functions are reproduced where Python's differ: whitespace is Unicode White_Space (not
# str.isspace, which adds U+001C..U+001F), case folding is ASCII only, and lines end at "\n"
# (with one trailing "\r" dropped), not at every character str.splitlines knows.

import re

YES = "YES"
NO = "NO"
UNPARSED = "unparsed"

# Unicode White_Space, what Rust's char::is_whitespace (and so str::trim) means by whitespace.
_WS = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
_WS_RUN = re.compile("[" + re.escape(_WS) + "]+")
_ASCII_LOWER = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")

_DRESSING = "*`_\"'.!:[]()#> {}$"
_PHRASES = ("the answer is", "final answer:", "final answer is", "answer:")
_LABELS = ("\\boxed{", "boxed{", "the final answer is", "the answer is", "final answer", "answer")


def _trim(s):
    return s.strip(_WS)


def _lower(s):
    return s.translate(_ASCII_LOWER)


def _lines(text):
    out = text.split("\n")
    if out and out[-1] == "":
        out.pop()
    return [line[:-1] if line.endswith("\r") else line for line in out]


def _first_word(s):
    words = [w for w in _WS_RUN.split(s) if w]
    return words[0] if words else ""


def _strip_thinking(reply):
    end = reply.rfind("</think>")
    return reply if end < 0 else reply[end + len("</think>"):]


def _word(s):
    s = _trim(_trim(s).strip(_DRESSING))
    lower = _lower(s)
    for label in _LABELS:
        if lower.startswith(label):
            s = _trim(_trim(s[len(label):]).strip(_DRESSING))
            break
    folded = _lower(s)
    if folded == "yes":
        return YES
    if folded == "no":
        return NO
    return None


def parse(reply):
    """The final YES or NO of a reply, or "unparsed"."""
    text = _strip_thinking(reply)
    last = None
    for line in reversed(_lines(text)):
        line = _trim(line)
        if line and not line.startswith("```"):
            last = line
            break
    if last is not None:
        found = _word(last)
        if found is not None:
            return found
    lower = _lower(text)
    for phrase in _PHRASES:
        at = lower.rfind(phrase)
        if at >= 0:
            found = _word(_first_word(text[at + len(phrase):]))
            if found is not None:
                return found
    return UNPARSED
