# lm-evaluation-harness glue: the tasks' data loader and the filter that reads each reply's final
# YES/NO with `parse` above (so the score is the accuracy `equibench eval` reports).

import json
import os

_HERE = os.path.dirname(os.path.abspath(__file__))


def load(category=None, **_):
    """The `custom_dataset` of a task: its category's pairs, as split `test`."""
    import datasets

    path = os.path.join(_HERE, "data", category + ".jsonl")
    with open(path, encoding="utf-8") as f:
        rows = [json.loads(line) for line in f if line.strip()]
    return datasets.DatasetDict({"test": datasets.Dataset.from_list(rows)})


def final_answers(resps, docs):
    """The filter: every reply replaced by its final answer, YES, NO or unparsed. (lm-eval hands
    filters the text alone, not the server's finish_reason: a reply cut at max_gen_toks is read
    as it stands, where `equibench eval` scores it "truncated".)"""
    return [[parse(r) for r in rs] for rs in resps]
