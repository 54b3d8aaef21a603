"""The type stubs describe exactly what the native module has."""

import ast
from pathlib import Path

import gamesolver._native as native

STUB = Path(native.__file__).with_name("_native.pyi")
STUB_ONLY = {"PlayoutStats", "TierBuilt", "MaterialStats", "PositionLike"}  # typing helpers


def stub_tree():
    return ast.parse(STUB.read_text())


def names(body):
    found = set()
    for node in body:
        if isinstance(node, (ast.ClassDef, ast.FunctionDef)):
            found.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            found.add(node.target.id)
        elif isinstance(node, ast.Assign):
            found.update(t.id for t in node.targets if isinstance(t, ast.Name))
    return found


def test_stub_names_match_the_module():
    public = {name for name in dir(native) if not name.startswith("_")}
    assert names(stub_tree().body) - STUB_ONLY - {"__version__"} == public


def is_exception(name):
    item = getattr(native, name, None)
    return isinstance(item, type) and issubclass(item, BaseException)


def test_stub_members_match_each_class():
    for node in stub_tree().body:
        if not isinstance(node, ast.ClassDef) or node.name in STUB_ONLY:
            continue
        if is_exception(node.name):
            # Exceptions: the stub lists the attributes set when raised.
            continue
        real = {m for m in dir(getattr(native, node.name)) if not m.startswith("_")}
        stubbed = {m for m in names(node.body) if not m.startswith("_")}
        assert stubbed == real, node.name


def test_everything_public_has_a_docstring():
    for name in dir(native):
        if name.startswith("_") or name == "TERMINAL":
            continue
        item = getattr(native, name)
        assert item.__doc__, name
        if isinstance(item, type) and not is_exception(name):
            for member in dir(item):
                if not member.startswith("_"):
                    assert getattr(item, member).__doc__, f"{name}.{member}"
