"""Runs the rule's Python reference check over JSON Lines cases for the differential test.

usage: python3 reference-driver.py REFERENCE_PY CASES_JSONL
Each input line is {"card", "client_profile", "task_class"}; each output line is
{"raised": bool, "message": str|None, "invariant": 1|2|3|None, "crashed": str|None}, where
"crashed" is the type name of any other exception the reference lets escape.
"""
import json
import re
import sys

reference_path, cases_path = sys.argv[1], sys.argv[2]
with open(reference_path, encoding="utf-8") as handle:
    source = handle.read()
namespace = {}
exec(compile(source, reference_path, "exec"), namespace)
check = namespace["check_card_negotiable"]
Unnegotiable = namespace["UnnegotiableAgentCardError"]

# Which invariant raised: the "# Invariant N" comment block the raising line sits under.
markers = [
    (number, int(match.group(1)))
    for number, line in enumerate(source.splitlines(), start=1)
    if (match := re.search(r"#\s*Invariant\s+(\d)", line))
]


def invariant_of(error):
    frame = error.__traceback__
    line = None
    while frame is not None:
        if frame.tb_frame.f_code.co_filename == reference_path:
            line = frame.tb_lineno
        frame = frame.tb_next
    found = [invariant for start, invariant in markers if line is not None and start <= line]
    return found[-1] if found else None


out = []
with open(cases_path, encoding="utf-8") as handle:
    for text in handle:
        case = json.loads(text)
        result = {"raised": False, "message": None, "invariant": None, "crashed": None}
        try:
            check(case["card"], case["client_profile"], case["task_class"])
        except Unnegotiable as error:
            result.update(raised=True, message=str(error), invariant=invariant_of(error))
        except Exception as error:  # the reference's own crashes are data here
            result["crashed"] = type(error).__name__
        out.append(json.dumps(result))
sys.stdout.write("\n".join(out) + "\n")
