# Inspect glue: the task over the exported samples and the scorer that reads each reply's final
# YES/NO with `parse` above (so the score is the accuracy `equibench eval` reports).

import json
import os

from inspect_ai import Task, task
from inspect_ai.dataset import MemoryDataset, Sample
from inspect_ai.scorer import CORRECT, INCORRECT, Score, Target, accuracy, grouped, scorer, stderr
from inspect_ai.solver import TaskState, generate

_HERE = os.path.dirname(os.path.abspath(__file__))


def _samples(prompt, categories):
    key = "prompt_" + prompt
    samples = []
    for category in categories:
        if prompt not in CATEGORIES[category]:
            continue
        path = os.path.join(_HERE, "data", category + ".jsonl")
        with open(path, encoding="utf-8") as f:
            for line in f:
                if not line.strip():
                    continue
                rec = json.loads(line)
                samples.append(
                    Sample(
                        input=rec[key],
                        target=rec["target"],
                        id=rec["id"],
                        metadata={"category": rec["category"]},
                    )
                )
    return samples


@scorer(metrics=[grouped(accuracy(), "category", all="groups"), stderr()])
def final_answer():
    """Correct when the reply's final answer (read as `equibench eval` reads it) is the label. A
    reply cut at the token limit (Inspect's stop reason "max_tokens", the server's finish_reason
    "length") is "truncated", as `equibench eval` scores it: wrong."""

    async def score(state: TaskState, target: Target) -> Score:
        cut = state.output.stop_reason == "max_tokens"
        answer = read(state.output.completion, FINISH_LENGTH if cut else None)
        return Score(
            value=CORRECT if answer == target.text else INCORRECT,
            answer=answer,
        )

    return score


@task
def equibench(prompt="zero", categories=""):
    """EquiBench's question for every pair: prompt is zero, few, zero_cot or few_cot;
    categories a comma-separated subset (default: all)."""
    prompt = prompt.lower().replace("-", "_")
    if prompt not in PROMPT_TYPES:
        raise ValueError("prompt must be one of " + ", ".join(PROMPT_TYPES))
    chosen = [c for c in categories.split(",") if c] or list(CATEGORIES)
    unknown = [c for c in chosen if c not in CATEGORIES]
    if unknown:
        raise ValueError("no category " + ", ".join(unknown) + " in this export: " + ", ".join(CATEGORIES))
    return Task(
        dataset=MemoryDataset(_samples(prompt, chosen), name="equibench_" + prompt),
        solver=[generate()],
        scorer=final_answer(),
    )
