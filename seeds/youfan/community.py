"""Community content: collocations (outfit posts) and specials (inspiration articles with tabs).

Both lists are newest first, i.e. by descending info_id, which is how the server orders them.
"""

import json

from catalog import COLLOCATION_TEXTS, NICKNAMES, SPECIAL_ATTR, SPECIAL_TABS, SPECIAL_WORDS, STYLE_TABS
from common import WEB, date, img, record, rng

COLLOCATIONS_PER_USER_TYPE = {"1": 40, "2": 24}  # 1 达人 (stylists), 2 品牌 (brands)
COLLOCATION_PAGE_SIZE = 10
SPECIALS_PER_TAB = 11
SPECIAL_PAGE_SIZE = 10
SPECIAL_LAYOUT_TYPE = 6  # an integer: SP binds `int layoutType`


def make_collocations(products):
    result = []
    serial = 0
    for user_type, count in COLLOCATIONS_PER_USER_TYPE.items():
        for n in range(count):
            serial += 1
            ident = str(7000 + serial)
            width, height = rng.choice([("640", "640"), ("640", "853"), ("750", "1000")])
            worn = rng.sample(products, 3)
            result.append({
                "id": ident,
                "user_id": str(300000 + (n % 9) + int(user_type) * 100),
                "user_type": user_type,
                "nick_name": NICKNAMES[n % len(NICKNAMES)] if user_type == "1" else worn[0]["brand"]["name"] + "官方",
                "head_img": img("avatar", "c%d" % (n % 9)),
                "content_info": COLLOCATION_TEXTS[serial % len(COLLOCATION_TEXTS)],
                "img": img("collocation/%s" % ident, "cover"),
                "img_width": width,
                "img_height": height,
                # A string holding JSON text, never an array: GF bean/CollocationBean.java `String tag_list`.
                "tag_list": json.dumps([{"attributes": {"code": p["code"], "id": p["code"], "type": "1", "flip": "0"},
                                         "brandCode": p["brand"]["code"], "x": "0.%d" % (3 + k * 2),
                                         "y": "0.%d" % (4 + k), "text": p["brand"]["name"], "flip": "0"}
                                        for k, p in enumerate(worn[:2])], ensure_ascii=False, separators=(",", ":")),
                "stick_img_url": "",
                "video_url": "",
                "head_v_type": "0",
                "product_list": [{"product_sys_code": p["code"], "product_name": p["name"],
                                  "price": p["item"]["price"], "product_url": p["item"]["product_url"]} for p in worn],
                "create_time": date(serial, serial * 4111),
                "is_love": 0,  # GF `int`
                "like_count": str(rng.randint(0, 3000)),
                "comment_count": str(rng.randint(0, 120)),
                "tab_str": ",".join(style_tabs(serial)),
            })
    return result


def style_tabs(serial):
    """Every tab gets a share of the posts in turn; every fourth post is filed under a second tab.
    No random draw, so the other seeds stay as they were."""
    first = STYLE_TABS[serial % len(STYLE_TABS)]
    if serial % 4:
        return [first]
    return [first, STYLE_TABS[(serial + 2) % len(STYLE_TABS)]]


def collocation_records(collocations):
    records = []
    for user_type in COLLOCATIONS_PER_USER_TYPE:
        listed = sorted((c for c in collocations if c["user_type"] == user_type),
                        key=lambda c: -int(c["id"]))
        pages = (len(listed) + COLLOCATION_PAGE_SIZE - 1) // COLLOCATION_PAGE_SIZE
        for page in range(pages + 1):
            chunk = listed[page * COLLOCATION_PAGE_SIZE:(page + 1) * COLLOCATION_PAGE_SIZE]
            records.append(record("Collocation", "getCollocationListByUserType",
                                  [("page", page), ("userType", user_type), ("num", COLLOCATION_PAGE_SIZE),
                                   ("userId", "")], chunk))
    return records


def make_specials(products):
    result = []
    serial = 0
    for n in range(SPECIALS_PER_TAB):  # published in turns, so every tab has recent specials
        for tab_id, prefix in SPECIAL_TABS:
            serial += 1
            ident = str(15000 + serial * 3)
            words = rng.sample(SPECIAL_WORDS, 3)
            featured = rng.sample(products, 4)
            result.append({
                "id": ident,
                "tab_id": tab_id,
                "title": "%s｜%s%s的%d种穿法" % (prefix, words[0], words[1], 3 + n % 5),
                "img": img("special/%s" % ident, "cover"),
                "url": "%s/wx-sp/special-insp.html?p=%s&navi=bottom" % (WEB, ident),
                "product_list": [{"product_sys_code": p["code"], "product_name": p["name"],
                                  "price": p["item"]["price"], "product_url": p["item"]["product_url"]}
                                 for p in featured],
                "keywords_list": [{"keyword_id": str(40 + SPECIAL_WORDS.index(w)), "name": w} for w in words],
            })
    return result


def special_records(specials):
    """The all-tabs list and each tab's list, page by page (from 1, as HC counts), plus the empty
    page after each. Items keep `tab_id` (an extra key no client reads) so that the all-tabs
    pages file them under their tab."""
    records = []
    for tab_id in [None] + [t[0] for t in SPECIAL_TABS]:
        listed = sorted((s for s in specials if tab_id is None or s["tab_id"] == tab_id),
                        key=lambda s: -int(s["id"]))
        pages = (len(listed) + SPECIAL_PAGE_SIZE - 1) // SPECIAL_PAGE_SIZE
        for page in range(pages + 1):
            chunk = listed[page * SPECIAL_PAGE_SIZE:(page + 1) * SPECIAL_PAGE_SIZE]
            params = [("pageIndex", page + 1), ("PageSize", SPECIAL_PAGE_SIZE)]
            if tab_id is not None:
                params.append(("aid", tab_id))
            records.append(record("Special", "getSpecialListForInsp", params,
                                  {"attr": SPECIAL_ATTR, "list": chunk, "layoutType": SPECIAL_LAYOUT_TYPE,
                                   "total": len(listed)}))
    return records
