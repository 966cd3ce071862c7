"""Per-channel pages: the data-driven home layout, the hot tab, the category tree, app config."""

import json

from catalog import CATEGORY_TREES, CHANNEL_NAMES, NOTICES
from common import (BRAND_JUMP, CATEGORY_JUMP, CHANNELS, PRODUCT_JUMP, WEB, WEB_JUMP, img, jump, record,
                    rng)

# Which modules each channel's home page shows, in order (the real home page was data-driven:
# the flash sale is not everywhere, banner counts differ).
HOME_MODULES = {
    1: ["topImgModule", "noticeModule", "iconModule", "newModule", "bannerModule", "hotCateModule",
        "hotBrandModule", "imgListV3Module", "colloSpecialModule", "likeModule"],
    2: ["topImgModule", "iconModule", "bannerModule", "imgListV4Module", "hotBrandModule", "bannerModule",
        "imgModule", "colloSpecialModule", "imgListV1Module", "likeModule"],
    4: ["topImgModule", "noticeModule", "imgListV1Module", "hotCateModule", "imgModule", "hotBrandModule",
        "imgListV3Module", "bannerModule", "likeModule"],
}

TITLES = {
    "topImgModule": ("焦点图", "FOCUS"), "iconModule": ("快捷入口", "ENTRANCE"), "bannerModule": ("活动", "EVENT"),
    "newModule": ("限时抢购", "FLASH SALE"), "hotCateModule": ("热门品类", "HOT CATEGORY"),
    "hotBrandModule": ("热门品牌", "HOT BRAND"), "colloSpecialModule": ("搭配专题", "COLLOCATION"),
    "imgModule": ("推荐", "RECOMMEND"), "imgListV1Module": ("主题馆", "THEME"), "imgListV3Module": ("精选", "SELECTED"),
    "imgListV4Module": ("风格馆", "STYLE"), "likeModule": ("猜你喜欢", "YOU MAY LIKE"), "noticeModule": ("公告", "NOTICE"),
}

ICONS = ["新品", "品牌", "搭配", "专题", "代金券", "签到", "排行榜", "清仓"]

# Item counts the clients draw exactly (WIRE.md §2.1): HC shows 9 hot categories, 6 brands,
# 4 wear templates, 2 double banners; the new-brands module is a banner and 6 more.
PICTURE_COUNTS = {"imgModule": 1, "imgListV1Module": 4, "imgListV3Module": 2, "imgListV4Module": 7}

# The real ids of the men's tree that captured samples show (SP bean/fenlei/PinLeiNan.java).
MEN_CATEGORY_IDS = {"男上装": "20", "男下装": "1393", "鞋靴": "22", "配饰": "24",
                    "T恤": "209", "衬衫": "210", "卫衣": "205", "短裤": "1705"}
MEN_GROUP_NAMES = {"上装": "男上装", "下装": "男下装", "鞋履": "鞋靴"}


def category_tree(cid):
    """The channel's tree under its root "1": groups (level 2), their categories (level 3) and
    leaves (level 4, what products are filed under); ids are unique across channels."""
    next_id = [cid * 1000]

    def node(name, parent, level, children):
        next_id[0] += 1
        if cid == 1 and level == 2:
            name = MEN_GROUP_NAMES.get(name, name)
        ident = MEN_CATEGORY_IDS.get(name, str(next_id[0])) if cid == 1 and level < 4 else str(next_id[0])
        return {"id": ident, "parent_id": parent, "cate_name": name, "level": str(level),
                "img": img("category/%d" % cid, ident, "png"),
                "subs": [node(child[0] if isinstance(child, tuple) else child, ident, level + 1,
                              child[1] if isinstance(child, tuple) else [])
                         for child in children]}

    return [node(group, "1", 2, children) for group, children in CATEGORY_TREES[cid]]


def category_answer(cid):
    """`getCategoryList`'s data: the groups with their categories; leaves carry no `subs`
    (SP bean/fenlei/PinLeiNan.java)."""
    return [dict({k: v for k, v in group.items() if k != "subs"},
                 subs=[{k: v for k, v in sub.items() if k != "subs"} for sub in group["subs"]])
            for group in category_tree(cid)]


def flatten(tree):
    for item in tree:
        yield item
        yield from flatten(item["subs"])


def featured_first(brands, cid):
    """A channel's brands with those the clients name (puma, TP35, RJKK …) first: the hot-brand
    modules show them, and TK/SP pass a hot brand's code on to the brand story and search."""
    channel = [b for b in brands if cid in b["channels"]]
    return [b for b in channel if b["named_by_clients"]] + [b for b in channel if not b["named_by_clients"]]


def home_layout(cid, brands, products, specials):
    leaves = [c for c in flatten(category_tree(cid)) if c["level"] == "3"]
    channel_brands = featured_first(brands, cid)
    channel_products = [p for p in products if p["cid"] == cid]
    modules = []
    for index, key in enumerate(HOME_MODULES[cid]):
        module_id = str(cid * 100 + index + 1)
        c_title, e_title = TITLES[key]
        more = key in ("hotBrandModule", "likeModule", "colloSpecialModule")
        module = {"id": module_id, "c_title": c_title, "e_title": e_title, "module_key": key,
                  "sort": str(index + 1), "is_more": "1" if more else "0", "more_jump_id": "0",
                  "jump": jump(WEB_JUMP, "", c_title, "%s/channel/%d/%s.html" % (WEB, cid, key)) if more else {},
                  "data": module_data(key, cid, module_id, leaves, channel_brands, channel_products, specials)}
        modules.append(module)
    return {"id": str(cid), "name": "%s首页" % CHANNEL_NAMES[cid], "title": "有范儿", "is_delete": "0",
            "create_time": "2016-04-29 00:00:00", "page": "home", "module": modules,
            "updateNum": {"productNum": len(channel_products) // 3, "specialNum": 3 + cid}}  # SP `int`


def module_data(key, cid, module_id, leaves, brands, products, specials):
    def picture(n, ident, title, target):
        """An item as TK domain/home/Data.java captured it."""
        return {"id": "%s%02d" % (module_id, n), "title": title, "jump_id": target["id"],
                "replace_param": target["tid"], "img": img("home/%d/%s" % (cid, key), ident),
                "sort": str(n + 1), "module_id": module_id, "jump": target}

    def special(s):
        return jump(WEB_JUMP, "", s["title"], s["url"])

    if key == "topImgModule":
        return [dict(picture(n, "focus_%d" % n, p["name"], jump(PRODUCT_JUMP, p["code"], p["name"])),
                     img_width="750", img_height="420") for n, p in enumerate(products[:4 + cid % 2])]
    if key == "iconModule":
        return [picture(n, "icon_%d" % n, name, jump(WEB_JUMP, "", name, "%s/entry/%d.html" % (WEB, n)))
                for n, name in enumerate(ICONS)]
    if key == "bannerModule":
        count = rng.randint(1, 3)
        return [picture(n, "banner_%s_%d" % (module_id, n), s["title"], special(s))
                for n, s in enumerate(rng.sample(specials, count))]
    if key in ("newModule", "likeModule"):
        chosen = products[5:11] if key == "newModule" else products[-8:]
        return [dict(picture(n, p["code"], p["name"], jump(PRODUCT_JUMP, p["code"], p["name"])),
                     product_sys_code=p["code"], product_name=p["name"], price=p["item"]["price"],
                     price_tag="新人价" if key == "newModule" else "", product_price="%.1f" % p["sale"],
                     market_price=p["item"]["market_price"], end_time="2016-04-30 23:59:59"
                     if key == "newModule" else "") for n, p in enumerate(chosen)]
    if key == "hotCateModule":
        return [dict(picture(n, c["id"], c["cate_name"], jump(CATEGORY_JUMP, c["id"], c["cate_name"])),
                     cate_id=c["id"]) for n, c in enumerate(leaves[:9])]
    if key == "hotBrandModule":
        return [dict(picture(n, b["code"], b["name"], jump(BRAND_JUMP, b["code"], b["code"])),
                     brand_code=b["code"], logo_img=b["item"]["logo_img"]) for n, b in enumerate(brands[:6])]
    if key == "colloSpecialModule":
        return [dict(picture(n, s["id"], s["title"], special(s)),
                     info_id=s["id"]) for n, s in enumerate(specials[cid:cid + 4])]
    if key == "noticeModule":
        return [dict(picture(n, "", text, jump(WEB_JUMP, "", text, "%s/notice/%d.html" % (WEB, n))), img="")
                for n, text in enumerate(NOTICES)]
    count = PICTURE_COUNTS[key]
    return [picture(n, "%s_%d" % (key, n), s["title"], special(s))
            for n, s in enumerate(specials[10 + cid + count:10 + cid + count * 2])]


def hot_layout(cid, brands, products):
    leaves = [c for c in flatten(category_tree(cid)) if c["level"] == "3"]
    channel_brands = featured_first(brands, cid)[:9]
    top = [p for p in products if p["cid"] == cid][:3]

    def item(n, ident, name, target, cate_id="", cate_img=""):
        return {"id": str(cid * 1000 + 500 + n), "name": name, "jump_id": target["id"], "replace_param": ident,
                "img": img("hot/%d" % cid, ident), "sort": str(n + 1), "cate_id": cate_id,
                "cate_img": cate_img, "jump": target}

    return {
        "topPicModul": {"id": str(cid * 10 + 1), "name": "热门推荐", "key": "topPicModul",
                        "list": [item(n, p["code"], p["name"], jump(PRODUCT_JUMP, p["code"], p["name"]))
                                 for n, p in enumerate(top)]},
        "hotBrandModul": {"id": str(cid * 10 + 2), "name": "热门品牌", "key": "hotBrandModul",
                          "list": [item(n + 10, b["code"], b["name"], jump(BRAND_JUMP, b["code"], b["code"]))
                                   for n, b in enumerate(channel_brands)]},
        "hotCategoryModul": {"id": str(cid * 10 + 3), "name": "热门品类", "key": "hotCategoryModul",
                             "list": [item(n + 20, c["id"], c["cate_name"],
                                           jump(CATEGORY_JUMP, c["id"], c["cate_name"]), c["id"], c["img"])
                                      for n, c in enumerate(leaves)]},
    }


def layout_records(brands, products, specials):
    records = []
    for cid in CHANNELS:
        records.append(record("Home", "getAppLayoutV2", [("page", "home"), ("cid", cid)],
                              home_layout(cid, brands, products, specials)))
    for cid in CHANNELS:
        records.append(record("Home", "getAppHotLayout", [("cid", cid)], hot_layout(cid, brands, products)))
    for cid in CHANNELS:
        records.append(record("Category", "getCategoryList", [("cid", cid)], category_answer(cid)))
    return records


def config_records():
    # HC Models/BaseModels/AppConfigModel.m parses config.LAUNCH_BANNER, a string holding JSON.
    banner = {"banner": {"img": img("launch", "spring_2016"), "url": "%s/activity/spring2016.html" % WEB}}
    data = {"config": {"LAUNCH_BANNER": json.dumps(banner, ensure_ascii=False, separators=(",", ":"))}}
    return [record("Config", "getAppConfig", [("type", 1)], data, server="mbfun_config_server")]
