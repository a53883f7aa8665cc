# The answer parser of `equibench eval` (crates/equibench-eval/src/answer.rs, whose module
# documentation states the rules), ported to Python so that lm-evaluation-harness and Inspect read
# a reply exactly as `equibench eval` does. The Rust code works on UTF-8 bytes with ASCII classes,
# and so does this port: a line is encoded and scanned byte by byte, and only the steps Rust does
# on characters (trimming Unicode White_Space, splitting on it) decode. Python's own notions are
# avoided where they differ from Rust's: str.isspace (it adds U+001C..U+001F), str.lower and
# str.splitlines (non-ASCII), bytes.isspace (it adds the vertical tab).

YES = "YES"
NO = "NO"
UNPARSED = "unparsed"
TRUNCATED = "truncated"

FINISH_LENGTH = "length"

CONDITIONS = (
    "if", "unless", "otherwise", "else", "when", "whenever", "provided", "assuming",
    "depends", "depending", "except",
)
REPORTED = (
    "said", "says", "say", "saying", "wrote", "writes", "draft", "earlier", "previously",
    "previous", "initially", "originally", "thought", "assumed", "guessed", "claimed", "claims",
    "print", "prints", "printed", "outputs", "returns", "returned", "might", "could", "expect",
    "expects",
)
LABELS = (
    "answer", "answer is", "answer would be", "answer will be", "verdict", "verdict is",
    "conclusion", "conclusion is", "boxed", "boxed text",
)
RETRACTIONS = (
    "reconsider", "reconsidering", "second thought", "scratch that", "i was wrong",
    "that was wrong", "that is wrong", "that's wrong", "my mistake", "made a mistake",
    "re evaluate", "reevaluate", "let me recheck",
)
_CLAUSE_RETRACTIONS = ("wait", "actually", "correction", "oops")

_TRAILING = b" \t.,;:!*_`\"')]}$>~\\"
_LABEL_DRESSING = "*_`\"'[](){}#>$~:=\\-"
_AROUND = b" \t*_`\"'[](){}#>$~\\"
_AROUND_STR = _AROUND.decode()
_CHOICE_GAP = b" \t,/|*_`\"'()[]"

# Unicode White_Space: what Rust's char::is_whitespace (str::trim, split_whitespace) means.
_WS = (
    "\u0009\u000a\u000b\u000c\u000d\u0020\u0085\u00a0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)
# Rust's u8::is_ascii_whitespace (no vertical tab).
_ASCII_WS = b" \t\n\x0c\r"
_LOWER = bytes.maketrans(b"ABCDEFGHIJKLMNOPQRSTUVWXYZ", b"abcdefghijklmnopqrstuvwxyz")
_LOWER_STR = str.maketrans("ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz")


def _alpha(b):
    return 65 <= b <= 90 or 97 <= b <= 122


def _digit(b):
    return 48 <= b <= 57


def _alnum(b):
    return _alpha(b) or _digit(b)


def _word_byte(b):
    return _alnum(b) or b == 95


def _only(s, allowed):
    return all(b in allowed for b in s)


def _split_ws(s):
    out, word = [], []
    for c in s:
        if c in _WS:
            if word:
                out.append("".join(word))
                word = []
        else:
            word.append(c)
    if word:
        out.append("".join(word))
    return out


def _rust_lines(text):
    """str::lines: split at "\\n", drop a "\\r" before it, no empty last line."""
    if text == "":
        return []
    parts = text.split("\n")
    if parts[-1] == "":
        parts.pop()
    return [p[:-1] if p.endswith("\r") else p for p in parts]


def _after_thinking(reply):
    end = reply.rfind("</think>")
    rest = reply if end < 0 else reply[end + len("</think>"):]
    open_ = rest.find("<think>")
    return rest if open_ < 0 else rest[:open_]


def _normalise(text):
    return (
        text.replace("\u2018", "'").replace("\u2019", "'")
        .replace("\u201c", '"').replace("\u201d", '"')
        .replace("\u2026", "...")
    )


def _words(b):
    out = []
    k, n = 0, len(b)
    while k < n:
        if not _word_byte(b[k]):
            k += 1
            continue
        start = k
        while k < n and (_word_byte(b[k]) or (b[k] == 39 and k + 1 < n and _word_byte(b[k + 1]))):
            k += 1
        out.append((start, b[start:k].translate(_LOWER).decode()))
    return out


# Mention statuses.
_VALID, _CONDITIONAL, _NEGATED, _REPORTED, _QUESTION, _CHOICE, _QUOTED = range(7)


class _Mention:
    __slots__ = ("start", "answer", "status", "labelled", "line_end", "whole_line", "opening")

    def __init__(self, start, answer, status, labelled, line_end, whole_line, opening):
        self.start = start
        self.answer = answer
        self.status = status
        self.labelled = labelled
        self.line_end = line_end
        self.whole_line = whole_line
        self.opening = opening


class _Line:
    def __init__(self, text):
        self.b = text.encode("utf-8")
        self.words = _words(self.b)
        self.retractions = self._find_retractions()
        self.mentions = self._find_mentions()

    def _clause_boundary(self, k):
        b = self.b
        c = b[k]
        if c in b",;:!?)":
            return True
        if c == 46:  # .
            return not (k > 0 and k + 1 < len(b) and _digit(b[k - 1]) and _digit(b[k + 1]))
        if c == 40:  # (
            return k == 0 or b[k - 1] in _ASCII_WS
        return False

    def _sentence_end(self, k):
        return self.b[k] in b".!?" and self._clause_boundary(k)

    def _clause(self, start, end):
        frm = 0
        for k in range(start - 1, -1, -1):
            if self._clause_boundary(k):
                frm = k + 1
                break
        to = len(self.b)
        for k in range(end, len(self.b)):
            if self._clause_boundary(k):
                to = k
                break
        return frm, to

    def _words_in(self, frm, to):
        return [w for (s, w) in self.words if frm <= s < to]

    def _first_word_in(self, frm, to):
        ws = self._words_in(frm, to)
        return ws[0] if ws else None

    def _find_retractions(self):
        out = []
        for i, (start, lower) in enumerate(self.words):
            before = self.b[:start].decode("utf-8").rstrip(_WS + _AROUND_STR).encode("utf-8")
            clause_start = len(before) == 0 or before[-1] in b",;:!?.()"
            if clause_start and lower in _CLAUSE_RETRACTIONS:
                out.append(start)
                continue
            for phrase in RETRACTIONS:
                parts = phrase.split(" ")
                following = self.words[i:i + len(parts)]
                if len(following) == len(parts) and all(w == p for (_, w), p in zip(following, parts)):
                    out.append(start)
                    break
        return out

    def _quote_spans(self):
        spans = []
        for q in (34, 96):  # " and `
            at = [i for i, c in enumerate(self.b) if c == q]
            spans.extend((at[j], at[j + 1]) for j in range(0, len(at) - 1, 2))
        return spans

    def _find_mentions(self):
        b = self.b
        n = len(b)
        yes_no = []
        k = 0
        while k < n:
            if not _word_byte(b[k]):
                k += 1
                continue
            start = k
            while k < n and _word_byte(b[k]):
                k += 1
            end = k
            word = b[start:end].translate(_LOWER)
            if word == b"yes":
                answer = YES
            elif word == b"no":
                answer = NO
            else:
                continue

            def joined(at, beyond):
                return at is not None and b[at] in b"-'" and beyond is not None and _alnum(b[beyond])

            if joined(start - 1 if start >= 1 else None, start - 2 if start >= 2 else None) or joined(
                end if end < n else None, end + 1 if end + 1 < n else None
            ):
                continue
            rest = b[end:].decode("utf-8").lstrip(_WS)
            j = 0
            while j < len(rest) and rest[j] < "\x80" and _alpha(ord(rest[j])):
                j += 1
            next_word = rest[:j]
            capitals = all(65 <= c <= 90 for c in b[start:end])
            prose = next_word != "" and next_word.translate(_LOWER_STR) not in CONDITIONS
            yes_no.append((start, end, answer, capitals or not prose))

        def gap_ok(a, z):
            gap = bytes(c for c in b[yes_no[a][1]:yes_no[z][0]] if c not in _CHOICE_GAP).translate(_LOWER)
            return gap in (b"", b"or", b"and", b"nor")

        choice = [
            (i > 0 and gap_ok(i - 1, i)) or (i + 1 < len(yes_no) and gap_ok(i, i + 1))
            for i in range(len(yes_no))
        ]
        quotes = self._quote_spans()
        mentions = []
        for (start, end, answer, mention), is_choice in zip(yes_no, choice):
            if not mention:
                continue
            word = b[start:end].translate(_LOWER)
            if is_choice:
                status = _CHOICE
            elif any(
                o < start and end <= c and b[o + 1:c].strip(_AROUND).translate(_LOWER) != word
                for (o, c) in quotes
            ):
                status = _QUOTED
            elif self._first_sentence_end_byte(end) == 63:  # ?
                status = _QUESTION
            else:
                status = self._clause_status(start, end)
            prefix = "".join(" " if c in _LABEL_DRESSING else c for c in b[:start].decode("utf-8"))
            prefix = " ".join(_split_ws(prefix.translate(_LOWER_STR)))
            labelled = False
            for label in LABELS:
                if prefix.endswith(label):
                    head = prefix[: len(prefix) - len(label)]
                    if head == "" or not (head[-1] < "\x80" and _alnum(ord(head[-1]))):
                        labelled = True
                        break
            sentence_to = n
            for kk in range(end, n):
                if self._sentence_end(kk):
                    sentence_to = kk
                    break
            opening = _only(b[:start], _AROUND) and _only(b[end:sentence_to], _AROUND)
            mentions.append(
                _Mention(
                    start,
                    answer,
                    status,
                    labelled,
                    _only(b[end:], _TRAILING),
                    _only(b[:start], _AROUND) and _only(b[end:], _TRAILING),
                    opening,
                )
            )
        return mentions

    def _first_sentence_end_byte(self, end):
        for k in range(end, len(self.b)):
            if self._sentence_end(k):
                return self.b[k]
        return None

    def _clause_status(self, start, end):
        frm, to = self._clause(start, end)
        before = self._words_in(frm, start)
        if any(w in ("not", "never", "cannot") or w.endswith("n't") for w in before[-3:]):
            return _NEGATED
        if any(w in REPORTED for w in before):
            return _REPORTED
        if any(s != start and w in CONDITIONS for (s, w) in self.words if frm <= s < to):
            return _CONDITIONAL
        if frm > 0 and not self._sentence_end(frm - 1):
            pfrm, _ = self._clause(frm - 1, frm - 1)
            if self._first_word_in(pfrm, frm - 1) in CONDITIONS:
                return _CONDITIONAL
        if to < len(self.b) and not self._sentence_end(to):
            _, nto = self._clause(to + 1, to + 1)
            if self._first_word_in(to + 1, nto) in CONDITIONS:
                return _CONDITIONAL
        return _VALID

    def events(self, is_final, is_opening):
        events = [(at, "retraction", None) for at in self.retractions]
        for m in self.mentions:
            if m.status == _CONDITIONAL:
                events.append((m.start, "conditional", m))
            elif m.status == _VALID and (
                m.labelled or m.whole_line or (is_final and m.line_end) or (is_opening and m.opening)
            ):
                events.append((m.start, "statement", m))
            elif m.status == _VALID and is_final:
                events.append((m.start, "stray", m))
        events.sort(key=lambda e: e[0])
        return events

    def decide(self, last):
        _, kind, m = last
        if kind != "statement":
            return UNPARSED
        since = max((r for r in self.retractions if r < m.start), default=0)
        for o in self.mentions:
            if o.start >= since and (
                o.status == _CONDITIONAL or (o.status == _VALID and o.answer != m.answer)
            ):
                return UNPARSED
        return m.answer


def parse(reply):
    """The final YES or NO of a complete reply, or "unparsed"."""
    text = _normalise(_after_thinking(reply))
    lines = [line.strip(_WS) for line in _rust_lines(text)]
    lines = [line for line in lines if not line.startswith("```")]
    nonempty = [i for i, line in enumerate(lines) if line]
    if not nonempty:
        return UNPARSED
    first, last = nonempty[0], nonempty[-1]
    for i in range(last, first - 1, -1):
        line = _Line(lines[i])
        events = line.events(i == last, i == first)
        if events:
            return line.decide(events[-1])
    return UNPARSED


def read(reply, finish_reason=None):
    """What `equibench eval` reads in a reply sent with `finish_reason`: "truncated" when the
    server cut it at the token limit, else `parse(reply)`."""
    if finish_reason == FINISH_LENGTH:
        return TRUNCATED
    return parse(reply)
