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


def jump(kind, ident, title="", url=""):
    """The app's jump descriptor: 1 product, 2 brand, 3 category, 4 special, 5 web, 6 collocation."""
    return {"type": str(kind), "id": str(ident), "title": title, "url": url}
