#!/usr/bin/env python3
"""Lists the official 有范 app's m/a pairs that the mock does not declare.

Usage: bench/youfan_official_coverage.py [APP_GIT_DIR] [REPO_ROOT]

APP_GIT_DIR is a bare clone of jsj2008/mbfun (the search tool's `fetch github:jsj2008/mbfun` puts one
at /work/.mirror/jsj2008+mbfun/repo); REPO_ROOT is this repository (default: the script's parent).

The app names its actions through five transports (WIRE.md §3.1); the pairs are read from each
call site's literal names, in live code only (`//` and `/* */` comments are dropped first, string
literals kept whole, so a caller or a declaration left in a comment counts for nothing):
  1. `HttpRequest getRequestPath:/postRequestPath:kMBServerNameType…` (`convertServernameWithType`);
  2. the `HttpRequest order…/product…/promotion…RequestPath:` wrappers, with their exceptions
     (`ShoppingCartStaticFilter` and `orderPostRequestPath:@"Cart"` → `Cart`,
     `receiveVouchersForCheck` → `Vouchers`);
  3. `MBHttpClient mb…RequestPath: serverName:@"…" methodName:@"…"`;
  4. `MBShoppingGuideInterface request…UrlName:@"…"`, whose module is the section of
     `MBServiceMapping.txt` naming the action (`WXSC_Product`/`WXSC_Order` lose the prefix);
  5. `SDataCache quickGet/quickPost` dictionaries holding `@"m":@"…"` and `@"a":@"…"`.
A method name chosen at run time (`returnGood`, `methodName = … ? @"A" : @"B"`) is read from the
string literals assigned to that variable in the same file.

The mock's side is read from its sources, comments dropped the same way: every call whose first
arguments are a module and an action (`shop("M", "A", …)`, `YoufanDeclaration("M", "A", …)`, the
helpers declaring a pair such as `likeAndUnlike("M", "like", "unlike", …)`). Matching is case-insensitive
(ThinkPHP's `URL_CASE_INSENSITIVE`), and a `WXSC_` module falls back to the module without the
prefix, as the gateway does.
"""
import os
import re
import subprocess
import sys

SERVER_TYPES = {
    "kMBServerNameTypeCollocation": "Collocation",
    "kMBServerNameTypeProduct": "WXSC_Product",
    "kMBServerNameTypeOrder": "Order",
    "kMBServerNameTypeAccout": "WXSC_Account",
    "kMBServerNameTypeUpgrade": "VCL_Upgrade",
    "kMBServerNameTypePromotion": "Promotion",
    "kMBServerNameTypeStatistics": "WXSC_Statistics",
    "kMBServerNameTypeNoWXSCProduct": "Product",
    "kMBServerNameTypeNoWXSCOrder": "Order",
    "kMBServerNameTypeCart": "Cart",
    "kMBServerNameTypeUser": "User",
}
WRAPPERS = {
    "promotion": "Promotion", "vouchers": "Vouchers", "collocation": "Collocation",
    "product": "Product", "order": "Order", "Logistics": "Order", "account": "WXSC_Account",
    "upgrade": "VCL_Upgrade",
}
NAME = r'(?:@"(\w+)"|(\w+))'


def git(app, *args):
    return subprocess.run(["git", "--git-dir", app, *args], capture_output=True, text=True,
                          errors="replace").stdout


# One pass over the source, so that a comment marker inside a string literal (`@"http://…"`) is
# text, and a `/*` inside a `//` comment (or the reverse) opens nothing. Comments become blank
# lines, so line numbers stay put; string literals are kept whole.
OBJC_TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|@?"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
SWIFT_TOKENS = re.compile(r'//[^\n]*|/\*.*?\*/|"""(?:\\.|[^\\])*?"""|"(?:\\.|[^"\\\n])*"', re.S)


def live_code(text, tokens=OBJC_TOKENS):
    def keep(match):
        token = match.group(0)
        if token.startswith("//"):
            return ""
        if token.startswith("/*"):
            return "\n" * token.count("\n")
        return token
    return tokens.sub(keep, text)


def names(literal, variable, assigned):
    if literal:
        return [literal]
    return assigned.get(variable, [])


def assignments(text):
    found = {}
    for match in re.finditer(r"\b(\w+)\s*=\s*([^;]*);", text):
        value = match.group(2).strip()
        literals = re.findall(r'@"(\w+)"', value)
        if value.startswith('@"') and len(literals) == 1 or "?" in value and literals:
            found.setdefault(match.group(1), []).extend(literals)
    return found


def service_mapping(app):
    mapping, section = {}, ""
    for line in git(app, "show", "HEAD:Biz/MetersBonwe/MBServiceMapping.txt").splitlines():
        line = line.strip()
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1]
        elif line:
            mapping.setdefault(line, section)
    return mapping


def url_constants(app):
    text = git(app, "show", "HEAD:Biz/MetersBonwe/MBShoppingGuideInterface.m")
    return dict(re.findall(r'NSString \*(\w+)\s*=\s*@"[^"]*/(\w+)\?format=json"', text))


def guide_module(name, mapping):
    service = mapping.get(name, "")
    tail = service.split("_")[-1]
    return tail if name == "ProductFilter" or tail in ("Product", "Order") else service


def app_pairs(app):
    mapping, urls = service_mapping(app), url_constants(app)
    pairs = {}
    files = [f for f in git(app, "ls-tree", "-r", "--name-only", "HEAD").splitlines() if f.endswith(".m")]
    for path in files:
        raw = git(app, "show", f"HEAD:{path}")
        if "RequestPath" not in raw and "UrlName" not in raw and '"m"' not in raw and "requestPostUrl" not in raw:
            continue
        text = live_code(raw)
        assigned = assignments(text)

        def add(module, action):
            if module and action:
                pairs.setdefault((module, action), path)

        for server, literal, variable in re.findall(
                r"\b(?:get|post)RequestPath:\s*(kMBServerNameType\w+)\s+methodName:\s*" + NAME, text):
            for action in names(literal, variable, assigned):
                add(SERVER_TYPES.get(server), action)
        for prefix, verb, path_arg, literal, variable in re.findall(
                r"\b(promotion|vouchers|collocation|product|order|Logistics|account|upgrade)(Get|Post)RequestPath:"
                r"\s*(\S+?)\s+methodName:\s*" + NAME, text):
            for action in names(literal, variable, assigned):
                module = WRAPPERS[prefix]
                if prefix == "order" and (action == "ShoppingCartStaticFilter" and verb == "Get"
                                          or verb == "Post" and path_arg == '@"Cart"'):
                    module = "Cart"
                if prefix == "promotion" and verb == "Post" and action == "receiveVouchersForCheck":
                    module = "Vouchers"
                add(module, action)
        for server, literal, variable in re.findall(
                r"\bmb(?:Get|Post)RequestPath:\s*\S+?\s+serverName:\s*@\"(\w+)\"\s+methodName:\s*" + NAME, text):
            for action in names(literal, variable, assigned):
                add(server, action)
        for literal, variable in re.findall(r"\b(?:new)?request(?:Post|Get)UrlName:\s*" + NAME, text):
            for action in names(literal, variable, assigned):
                add(guide_module(action, mapping), action)
        for constant in re.findall(r"\brequestPostUrl:\s*(\w+)\s", text):
            if constant in urls:
                add(guide_module(urls[constant], mapping), urls[constant])
        for dictionary in re.findall(r"@\{[^{}]*\}", text):
            module = re.search(r'@"m"\s*:\s*@"(\w+)"', dictionary)
            action = re.search(r'@"a"\s*:\s*@"(\w+)"', dictionary)
            if module and action:
                add(module.group(1), action.group(1))
        for module, action in re.findall(r'[?&]m=(\w+)&a=(\w+)', text):
            add(module, action)
    return pairs


def mock_actions(root):
    declared = set()
    sources = os.path.join(root, "Sources", "APIRoutes", "Youfan")
    for folder, _, files in os.walk(sources):
        for name in files:
            if name.endswith(".swift"):
                with open(os.path.join(folder, name), encoding="utf-8") as source:
                    text = live_code(source.read(), SWIFT_TOKENS)
                for module, action, second in re.findall(
                        r'(?<![.\w])\w+\(\s*"([A-Z]\w*)",\s*"(\w+)"(?:,\s*"(\w+)")?', text):
                    declared.update((module.lower(), name.lower()) for name in (action, second) if name)
    return declared


def served(pair, declared):
    module, action = pair[0].lower(), pair[1].lower()
    if (module, action) in declared:
        return True
    return module.startswith("wxsc_") and (module[5:], action) in declared


def main():
    app = sys.argv[1] if len(sys.argv) > 1 else "/work/.mirror/jsj2008+mbfun/repo"
    root = sys.argv[2] if len(sys.argv) > 2 else os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    pairs, declared = app_pairs(app), mock_actions(root)
    missing = sorted(pair for pair in pairs if not served(pair, declared))
    for module, action in missing:
        print(f"{module}/{action}\t{pairs[(module, action)]}")
    print(f"{len(missing)} of {len(pairs)} app actions undeclared", file=sys.stderr)
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main())
