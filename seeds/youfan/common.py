"""Shared pieces of the seed generator: the random source, request records, small formatters."""

import json
import os
import random
from urllib.parse import urlencode

OUT = os.path.dirname(os.path.abspath(__file__))
rng = random.Random(20160412)

IMG = "http://img.funwear.com"
WEB = "http://m.funwear.com"
CHANNELS = [1, 2, 4]
PRODUCT_PAGE_SIZE = 20
COMMENT_PAGE_SIZE = 10


# ---------------------------------------------------------------- requests and envelopes

IOS_DEVICES = ["4F9A2C1E-8B7D-4E55-9C1A-3D2F6B8E0A71", "A0C3E5D7-1B2F-4A6C-8E9D-7F5B3C1A2E4D"]
ANDROID_DEVICES = ["867530021456789", "864231035512046"]


def volatile(index):
    """The client parameters that ride on every call; alternate iOS and Android captures."""
    if index % 2 == 0:
        return [("_platform", "iphone"), ("appName", "youfan"),
                ("deviceId", IOS_DEVICES[index // 2 % 2]), ("osCode", "93"),
                ("osName", "iOS"), ("osVersion", "9.3.2"), ("token", "")]
    return [("source", "android"), ("version", "3.2.1"), ("osName", "Android"),
            ("deviceCode", ANDROID_DEVICES[index // 2 % 2]), ("osVersion", "6.0.1"),
            ("osMode", "MI 5"), ("token", "")]


_counter = [0]


def record(module, action, params, data, server="mbfun_server"):
    """One captured exchange: GET index.php?m=…&a=…&params&volatile → the PHP envelope."""
    return exchange(module, action, params, {"status": 1, "info": "", "data": data}, server)


def soa_record(module, action, params, results, total=None):
    """One captured exchange of an action that proxies the SOA services → the SOA envelope."""
    body = {"isSuccess": 1, "message": "", "total": len(results) if total is None else total, "results": results}
    return exchange(module, action, params, body, "mbfun_server")


def exchange(module, action, params, body, server):
    _counter[0] += 1
    query = [("m", module), ("a", action)] + list(params) + volatile(_counter[0])
    return {
        "request": {"method": "GET", "url": "/%s/index.php?%s" % (server, urlencode(query))},
        "response": {"status": 200, "body": body},
    }


def write(name, records):
    path = os.path.join(OUT, name)
    lines = [json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records]
    with open(path, "w", encoding="utf-8") as f:
        f.write("[\n" + ",\n".join(lines) + "\n]\n")
    print("%-28s %4d records" % (name, len(records)))


# ---------------------------------------------------------------- small helpers

def money(value):
    """A price as the PHP answers carry it: a string with six decimals (`"229.000000"`)."""
    return "%.6f" % value


def img(folder, ident, ext="jpg"):
    return "%s/%s/%s.%s" % (IMG, folder, ident, ext)


def date(day_offset, seconds=0):
    """A capture-era timestamp string, days after 2016-01-01."""
    days_in_month = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
    month, day = 0, day_offset
    while day >= days_in_month[month]:
        day -= days_in_month[month]
        month = (month + 1) % 12
    seconds = seconds % 86400
    return "2016-%02d-%02d %02d:%02d:%02d" % (month + 1, day + 1, seconds // 3600,
                                             seconds // 60 % 60, seconds % 60)


_jump_ids = [208700]

PRODUCT_JUMP, BRAND_JUMP, CATEGORY_JUMP, WEB_JUMP = 1, 2, 3, 6


def jump(kind, target="", name="", url=""):
    """What a tap does (WIRE.md §2.0), all strings as captured (TK domain/home/Jump.java): type 1
    opens the product `tid`; type 6 with is_h5 1 the web page `url`; on brand items `name` is the
    brand code (TK and SP pass jump.name on as brandCode); type 3 the category `tid`."""
    _jump_ids[0] += 1
    return {"id": str(_jump_ids[0]), "name": name, "type": str(kind), "is_h5": "1" if kind == WEB_JUMP else "0",
            "url": url, "tid": str(target), "ext": "", "jump_type": str(kind)}
