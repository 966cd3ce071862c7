#!/usr/bin/env python3
"""Fails when a source would not build on both Linux and macOS.

Checked in Sources/ and Tests/ (Swift and C):
- every import of a platform module (Glibc, Musl, Darwin, FoundationNetworking, the Linux-only
  C modules such as CCrypt) sits inside an `#if` branch whose condition names that module
  (`canImport(X)`) or its platform (`os(Linux)` / `os(macOS)`);
- Linux-only symbols (epoll, MSG_NOSIGNAL, SOCK_CLOEXEC, enum-typed SOCK_STREAM, accept4,
  sendfile, malloc_trim, `Glibc.` names) appear only in Linux branches;
- C sources include Linux-only headers only under `__linux__` / `__GLIBC__`;
- Package.swift depends on a Linux-only C module only with `.when(platforms: [.linux])`.

`--self-test` runs the checker on small known-good and known-bad sources first.
"""
import pathlib
import re
import sys
import tempfile

LINUX_C_MODULES = {"CCrypt", "COpenSSL"}  # system libraries linked on Linux only (Package.swift)
LINUX_MODULES = {"Glibc", "Musl", "FoundationNetworking"} | LINUX_C_MODULES
DARWIN_MODULES = {"Darwin", "CommonCrypto", "CryptoExtras"}  # CryptoExtras: linked on Apple platforms only
LINUX_CONDITIONS = ("os(Linux)",)
DARWIN_CONDITIONS = ("os(macOS)", "os(iOS)", "canImport(Darwin)")
LINUX_SYMBOLS = re.compile(
    r"\b(epoll_\w+|EPOLL\w+|MSG_NOSIGNAL|SOCK_CLOEXEC|SOCK_NONBLOCK|accept4|sendfile|malloc_trim|"
    r"crypt_r|crypt_gensalt_rn|EVP_PBE_scrypt|Glibc\.\w+|(SOCK_STREAM|SOCK_DGRAM|RLIMIT_\w+)\.rawValue)\b")
LINUX_HEADERS = re.compile(r"#\s*include\s*<(crypt\.h|malloc\.h|sys/epoll\.h|sys/sendfile\.h|sys/prctl\.h)>")
LINUX_C_CONDITIONS = ("__linux__", "__GLIBC__")
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+)*import\s+(?:\w+\s+)?(\w+)")


def branch_conditions(lines, directive=re.compile(r"^\s*#\s*(if|ifdef|ifndef|elseif|elif|else|endif)\b(.*)")):
    """Yields (line number, text, conditions of the enclosing active branches) for each line."""
    stack = []  # one list per open #if: the conditions of the branch being read
    for number, text in enumerate(lines, 1):
        match = directive.match(text)
        if match:
            keyword, rest = match.group(1), match.group(2).strip()
            if keyword in ("if", "ifdef", "ifndef"):
                stack.append(["!" + rest if keyword == "ifndef" else rest])
            elif keyword in ("elseif", "elif") and stack:
                stack[-1] = ["!" + c for c in stack[-1]] + [rest]
            elif keyword == "else" and stack:
                stack[-1] = ["!" + c for c in stack[-1]]
            elif keyword == "endif" and stack:
                stack.pop()
            continue
        yield number, text, [c for frame in stack for c in frame if not c.startswith("!")]


def guarded(conditions, names):
    return any(name in condition for condition in conditions for name in names)


def code_part(text):
    return text.split("//", 1)[0]


def check_swift(path, text):
    problems = []
    for number, line, conditions in branch_conditions(text.splitlines()):
        code = code_part(line)
        match = IMPORT.match(code)
        if match:
            module = match.group(1)
            if module in LINUX_MODULES and not guarded(conditions, (f"canImport({module})",) + LINUX_CONDITIONS):
                problems.append(f"{path}:{number}: `import {module}` outside `#if canImport({module})`")
            if module in DARWIN_MODULES and not guarded(conditions, (f"canImport({module})",) + DARWIN_CONDITIONS):
                problems.append(f"{path}:{number}: `import {module}` outside `#if canImport({module})`")
        symbol = LINUX_SYMBOLS.search(code)
        linux_branches = tuple(f"canImport({module})" for module in sorted(LINUX_MODULES)) + LINUX_CONDITIONS
        if symbol and not guarded(conditions, linux_branches):
            problems.append(f"{path}:{number}: Linux-only `{symbol.group(0)}` outside a Linux branch")
    return problems


def check_c(path, text):
    problems = []
    for number, line, conditions in branch_conditions(text.splitlines()):
        header = LINUX_HEADERS.search(line)
        if header and not guarded(conditions, LINUX_C_CONDITIONS):
            problems.append(f"{path}:{number}: <{header.group(1)}> outside `#if defined(__linux__)`")
    return problems


def linux_only_c_modules(root):
    """System-library modules whose header includes a Linux-only header unguarded, and the
    ones declared Linux-only above."""
    modules = {module for module in LINUX_C_MODULES if (root / "Sources" / module).is_dir()}
    for header in (root / "Sources").glob("*/shim.h"):
        if check_c(header, header.read_text()):
            modules.add(header.parent.name)
    return modules


def check_package(root, modules):
    problems = []
    text = (root / "Package.swift").read_text()
    for module in sorted(modules):
        for match in re.finditer(rf'"{module}"', text):
            start = text.rfind("\n", 0, match.start()) + 1
            line = text[start:text.find("\n", match.end())]
            previous = text[text.rfind("\n", 0, max(0, start - 1)) + 1:start].strip()
            declared = ".systemLibrary(" in line or previous == ".systemLibrary("
            if declared and text[start:match.start()].rstrip().endswith("name:"):
                continue  # the declaration itself
            if "platforms: [.linux]" not in line:
                number = text.count("\n", 0, match.start()) + 1
                problems.append(f"Package.swift:{number}: Linux-only `{module}` without `.when(platforms: [.linux])`")
    return problems


def check(root):
    root = pathlib.Path(root)
    problems = []
    for folder in ("Sources", "Tests"):
        for path in sorted((root / folder).rglob("*")):
            if path.suffix == ".swift":
                problems += check_swift(path.relative_to(root), path.read_text())
            elif path.suffix in (".c", ".h"):
                if path.name == "shim.h":
                    continue  # a system library's header: Package.swift's conditions guard it
                problems += check_c(path.relative_to(root), path.read_text())
    problems += check_package(root, linux_only_c_modules(root))
    return problems


SELF_TEST = {
    "good": {
        "Sources/A/A.swift": "#if canImport(Glibc)\nimport Glibc\nlet s = Int32(SOCK_STREAM.rawValue)\n"
                             "#elseif canImport(Darwin)\nimport Darwin\nlet s = SOCK_STREAM\n#endif\n",
        "Sources/A/B.c": "#if defined(__GLIBC__)\n#include <malloc.h>\n#endif\n",
        "Sources/CX/shim.h": "#include <crypt.h>\n",
        "Sources/A/C.swift": "#if canImport(CX)\nimport CX\n#endif\n",
        "Package.swift": '.systemLibrary(\n    name: "CX"\n),\n.target(name: "A", dependencies: [.target(name: "CX", condition: .when(platforms: [.linux]))]),\n',
    },
    "bad": {
        "Sources/A/A.swift": "import Glibc\n",
        "Sources/A/B.swift": "#if canImport(Glibc)\nimport Glibc\n#else\nlet flags = MSG_NOSIGNAL\n#endif\n",
        "Sources/A/C.swift": "#if canImport(Darwin)\nimport Darwin\n#else\nimport Glibc\n#endif\n",
        "Tests/T/D.swift": "#if canImport(Glibc)\n#else\nimport FoundationNetworking\n#endif\n",
        "Sources/A/E.c": "#include <sys/epoll.h>\n",
        "Sources/CX/shim.h": "#include <crypt.h>\n",
        "Package.swift": '.systemLibrary(\n    name: "CX"\n),\n.target(name: "A", dependencies: ["CX"]),\n',
    },
}


def self_test():
    expected = {"good": 0, "bad": 6}
    for name, files in SELF_TEST.items():
        with tempfile.TemporaryDirectory() as directory:
            root = pathlib.Path(directory)
            for relative, text in files.items():
                (root / relative).parent.mkdir(parents=True, exist_ok=True)
                (root / relative).write_text(text)
            (root / "Tests").mkdir(exist_ok=True)
            found = check(root)
            if len(found) != expected[name]:
                print(f"portability self-test '{name}': expected {expected[name]} problems, found:", *found, sep="\n  ")
                return False
    return True


if __name__ == "__main__":
    if "--self-test" in sys.argv and not self_test():
        sys.exit(2)
    root = pathlib.Path(__file__).resolve().parent.parent
    problems = check(root)
    for problem in problems:
        print(problem)
    if problems:
        print(f"portability: {len(problems)} problem(s); see docs/api.md, 'Platforms'")
        sys.exit(1)
    print("portability: every platform import and Linux-only call is guarded")
