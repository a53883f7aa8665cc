#!/usr/bin/env python3
"""Two scripted "models" behind an OpenAI-compatible chat-completions endpoint on 127.0.0.1, for
showing `equibench eval analyse` on a real build without model weights (docs/evaluating.md).

    scripts/scripted-models.py DIR [--port 18766]

DIR is a build (its pairs.jsonl). Each request is matched to the pair whose two programs appear
last in the prompt (few-shot prompts show exemplars first), and answered by the model it names:

- `similarity`: YES with probability equal to the pair's winnowing similarity (`stats.similarity`
  in pairs.jsonl, what `equibench stats` reports): a model that reads form, not meaning (the
  paper's finding, which `eval analyse` must detect);
- `fixed`: right with a set probability (0.7 with a zero-shot prompt, 0.8 with a few-shot one),
  whatever the pair looks like (no trend to find).

Every draw is a hash of the model, the prompt type and the pair id, so a rerun answers the same.
Stops on Ctrl-C. Serves only 127.0.0.1.
"""

import argparse
import hashlib
import json
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


def unit(*parts: str) -> float:
    digest = hashlib.sha256("\x00".join(parts).encode()).digest()
    return int.from_bytes(digest[:8], "big") / 2**64


def load(build: Path):
    pairs = []
    for line in (build / "pairs.jsonl").open():
        p = json.loads(line)
        pairs.append(
            (p["id"], p["program_1"], p["program_2"], p["equivalent"], p["stats"]["similarity"])
        )
    return pairs


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("build", type=Path)
    ap.add_argument("--port", type=int, default=18766)
    args = ap.parse_args()
    pairs = load(args.build)

    def answer(model: str, prompt: str) -> str:
        best, at = None, -1
        for pair in pairs:
            i = prompt.rfind(pair[1])
            if i > at and prompt.find(pair[2], i + len(pair[1])) >= 0:
                best, at = pair, i
        if best is None:
            return "I cannot tell which programs these are."
        pid, _, _, eq, similarity = best
        few = "[Example 1]" in prompt[:at]
        if model == "similarity":
            yes = unit(model, pid) < similarity
        else:
            right = unit(model, "few" if few else "zero", pid) < (0.8 if few else 0.7)
            yes = eq if right else not eq
        return "The answer is YES." if yes else "The answer is NO."

    class Handler(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            prompt = "\n".join(m["content"] for m in body["messages"] if m["role"] == "user")
            reply = answer(body["model"], prompt)
            data = json.dumps(
                {
                    "id": "scripted",
                    "object": "chat.completion",
                    "model": body["model"],
                    "choices": [
                        {
                            "index": 0,
                            "message": {"role": "assistant", "content": reply},
                            "finish_reason": "stop",
                        }
                    ],
                    "usage": {"prompt_tokens": 0, "completion_tokens": 0, "total_tokens": 0},
                }
            ).encode()
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def log_message(self, *_):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", args.port), Handler)
    print(f"scripted models on http://127.0.0.1:{args.port}/v1 ({len(pairs)} pairs)", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass


if __name__ == "__main__":
    main()
