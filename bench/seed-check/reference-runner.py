"""The Python side of the seed-check bench: the rule's reference check as a JSON Lines filter.

usage: python3 reference-runner.py REFERENCE_PY < cases.jsonl > results.jsonl
The same work `review seed-check` does per line, in the reference's own language: read a line,
json.loads it, call check_card_negotiable, write one JSON line with the outcome. The reference is
loaded from its file (it is not part of this repository). On exit, writes its own CPU time and
peak RSS as JSON to the file named by PARLEY_BENCH_USAGE_FILE, when set.
"""
import json
import os
import resource
import sys

with open(sys.argv[1], encoding="utf-8") as handle:
    namespace = {}
    exec(compile(handle.read(), sys.argv[1], "exec"), namespace)
check = namespace["check_card_negotiable"]
Unnegotiable = namespace["UnnegotiableAgentCardError"]

write = sys.stdout.write
for text in sys.stdin:
    if not text.strip():
        continue
    case = json.loads(text)
    try:
        check(case["card"], case["client_profile"], case["task_class"])
        result = {"id": case.get("id"), "raised": False, "message": None}
    except Unnegotiable as error:
        result = {"id": case.get("id"), "raised": True, "message": str(error)}
    except Exception as error:  # the reference's own crashes: reported, like seed-check does
        result = {"id": case.get("id"), "error": type(error).__name__}
    write(json.dumps(result) + "\n")
sys.stdout.flush()

usage_file = os.environ.get("PARLEY_BENCH_USAGE_FILE")
if usage_file:
    own = resource.getrusage(resource.RUSAGE_SELF)
    with open(usage_file, "w", encoding="utf-8") as handle:
        json.dump({"userMs": own.ru_utime * 1000, "systemMs": own.ru_stime * 1000, "maxRssKb": own.ru_maxrss}, handle)
