"""Brands and products: brand pages, recommended lists, details, consult Q&A, comments, colours."""

from catalog import (BRANDS, CLOTHING_SIZES, COLOURS, COMMENT_TEXTS, CONSULTS, MATERIALS,
                     NICKNAMES, PRODUCT_KINDS, REPLY_TEXTS, SEASONS)
from layouts import category_tree, flatten
from common import (CHANNELS, COMMENT_PAGE_SIZE, PRODUCT_PAGE_SIZE, WEB, date, img, money, record,
                    rng, soa_record)

PRODUCTS_PER_CHANNEL = {1: 84, 2: 96, 4: 60}
BRAND_PAGE_SIZE = 30


def make_brands():
    brands = []
    for index, (name, english, channels) in enumerate(BRANDS):
        code = "B%04d" % (1001 + index)
        brands.append({
            "code": code, "name": name, "english": english, "channels": channels,
            "item": {
                "id": str(10400 + index),  # TK/SP bind `id`; HC reads data_id and sort (extras)
                "data_id": str(10400 + index),
                "brand_code": code,
                "name": name,
                "img": img("brand/cover", code.lower()),
                "web_url": "%s/brand/%s.html" % (WEB, code.lower()),
                "logo_img": img("brand/logo", code.lower(), "png"),
                "product_brand_img": img("brand/banner", code.lower()),
                "sort": str(index + 1),
                # Extras for the brand story and the initial-sorted list (WIRE.md §2.5, §2.6).
                "ename": english,
                "cname": name,
                "first_letter": english[0].upper(),
                "story": "%s(%s)创立于%d年,以%s的设计语言诠释都市年轻人的日常穿搭。" % (
                    name, english, 1990 + index % 25, ["简约", "街头", "复古", "运动", "文艺"][index % 5]),
                "look_num": 1000 + (index * 7919) % 20000,
            },
        })
    return brands


def brand_records(brands):
    """Every brand page of every channel at the client's page size, plus the empty page after."""
    records = []
    for cid in CHANNELS:
        listed = [b["item"] for b in brands if cid in b["channels"]]
        pages = (len(listed) + BRAND_PAGE_SIZE - 1) // BRAND_PAGE_SIZE
        for page in range(pages + 1):
            chunk = listed[page * BRAND_PAGE_SIZE:(page + 1) * BRAND_PAGE_SIZE]
            records.append(record("BrandMb", "getAppBrandList",
                                  [("cid", cid), ("pageIndex", page), ("pageSize", BRAND_PAGE_SIZE)],
                                  chunk))
    return records


def category_of_leaf(cid):
    """Each leaf's category (level 3): the id the clients send on as `CategoryId`."""
    return {leaf["cate_name"]: node["id"] for node in flatten(category_tree(cid)) if node["level"] == "3"
            for leaf in node["subs"]}


def make_products(brands):
    """All products, channel by channel, each with its list item and everything behind it."""
    products = []
    serial = 0
    for cid in CHANNELS:
        categories = category_of_leaf(cid)
        channel_brands = [b for b in brands if cid in b["channels"]]
        for n in range(PRODUCTS_PER_CHANNEL[cid]):
            serial += 1
            brand = channel_brands[(n * 7 + cid) % len(channel_brands)]
            kind = PRODUCT_KINDS[cid][n % len(PRODUCT_KINDS[cid])]
            product = make_product(cid, serial, brand, kind)
            # Extra keys no client reads, for the SOA search: category, brand code, sales.
            product["item"]["cate_id"] = categories[kind[0]]
            product["item"]["brand_code"] = brand["code"]
            product["item"]["sale_num"] = (serial * 37) % 500
            products.append(product)
    return products


def make_product(cid, serial, brand, kind):
    leaf, noun, (low, high), sizes = kind
    code = str(160300000 + serial)
    season = SEASONS[serial % len(SEASONS)]
    name = "%s %s%s" % (brand["name"], season, noun)
    sale = rng.randrange(low, high + 1, 10) - 1 + 0.0
    market = sale if serial % 3 == 0 else round(sale * rng.choice([1.25, 1.5, 2.0]) / 10) * 10 - 1.0
    sold_out = serial % 17 == 0
    stock = 0 if sold_out else rng.randint(3, 400)
    on_sale = date(serial % 120, serial * 977)
    colours = rng.sample(COLOURS[cid], rng.randint(1, min(4, len(COLOURS[cid]))))
    activity = serial % 4 == 0
    product = {"cid": cid, "code": code, "name": name, "brand": brand, "leaf": leaf,
               "sale": sale, "market": market, "colours": colours, "sizes": sizes}
    product["item"] = {
        "product_sys_code": code,
        "product_name": name,
        "price": money(sale),
        "market_price": money(market),
        "product_url": img("product/%s" % code, "main"),
        "brand_id": brand["item"]["id"],
        "brandName": brand["name"],
        "brandUrl": brand["item"]["logo_img"],
        # Integers where SP/GF bind `int` (SP bean/shouye/CaiNiLike.java); 2 is on sale as captured.
        "status": 3 if sold_out else 2,
        "on_sale_date": on_sale,
        "stock_num": stock,
        "activity_icon": img("activity", "icon_manjian", "png") if activity else "",
        "activity_rule": "满299减50" if activity else "",
        "spec_price_list": [money(sale)],  # List<String> in GF bean/IndexGirdviewBean.java
        "prodClsTag": tags(serial, sold_out),
    }
    product["details"] = details(product, serial, stock, season, sold_out, activity)
    product["filter"] = colour_list(product, sold_out)
    product["consult"] = consult(serial)
    product["comments"] = comments(product, serial)
    product["details"]["commentCount"] = len(product["comments"])
    if product["comments"]:
        average = sum(int(c["score"]) for c in product["comments"]) / len(product["comments"])
        product["details"]["avgComment"] = "%.1f" % average
    return product


def tags(serial, sold_out):
    result = []
    if serial % 5 == 0:
        result.append({"tagName": "新品", "tagUrl": img("tag", "new", "png"), "tagType": 1, "remark": ""})
    if serial % 4 == 0:
        result.append({"tagName": "满减", "tagUrl": img("tag", "manjian", "png"), "tagType": 2,
                       "remark": "满299减50"})
    if sold_out:
        result.append({"tagName": "售罄", "tagUrl": img("tag", "soldout", "png"), "tagType": 3, "remark": ""})
    return result


def details(product, serial, stock, season, sold_out, activity):
    code, brand = product["code"], product["brand"]
    pictures = [{"filE_PATH": img("product/%s" % code, "pic_%d" % i),
                 "remark": ["正面", "背面", "细节", "模特", "平铺", "吊牌"][i],
                 "isMainImage": 1 if i == 0 else 0} for i in range(3 + serial % 4)]  # SP/TK `int`
    dispatch = serial % 6 == 0
    return {
        "clsInfo": {
            "code": code,
            "name": product["name"],
            "marketPrice": money(product["market"]),
            "sale_price": money(product["sale"]),
            "brand": brand["name"],
            "brandId": brand["code"],
            "brandUrl": brand["item"]["logo_img"],
            "showName": "%s %s" % (brand["english"], product["leaf"]),
            "stockCount": stock,
            "statusname": "已售罄" if sold_out else "在售",
            "mainImage": product["item"]["product_url"],
            "description": "%s,%s,%s。面料:%s。" % (season, product["leaf"], brand["name"] + "官方正品",
                                                 MATERIALS[serial % len(MATERIALS)]),
            "status": 3 if sold_out else 2,
            "isNoSale": 1 if sold_out else 0,
            "isWish": 0,
            "category": product["leaf"],
            "season": season,
            "material": MATERIALS[serial % len(MATERIALS)],
        },
        "isFavorite": 0,
        "integral": {"userLevel": 0, "double": 1},
        "proPicUrl": pictures,
        "clsPicUrl": [{"coloR_ID": c[0], "coloR_NAME": c[1], "isMainImage": 1 if i == 0 else 0,
                       "filE_PATH": img("product/%s" % code, "color_%s" % c[0])}
                      for i, c in enumerate(product["colours"])],
        "activity": [{"url": "%s/activity/%d.html" % (WEB, 500 + serial % 3), "info": "全场满299减50",
                      "name": "春季大促", "icon_content": "满减", "aid": str(500 + serial % 3), "type": "1"}]
        if activity else [],
        "addPicUrl": [{"image_url": img("product/%s" % code, "detail_%d" % i), "type": "1"} for i in range(2)],
        "brandDispatchGoods": {"img": img("brand/dispatch", brand["code"].lower()),
                               "url": "%s/brand/%s/dispatch.html" % (WEB, brand["code"].lower())}
        if dispatch else {"img": "", "url": ""},
        "sizeTable": size_table(product["sizes"]),
        "commentCount": 0,
        "avgComment": "0.0",
        "isCanUseVoucher": serial % 7 != 0,  # SP `boolean`, captured `true`
        "voucherTip": "本商品不支持使用代金券" if serial % 7 == 0 else "本商品可使用代金券",
    }


def size_table(sizes):
    if sizes is None:
        return []
    if sizes[0] in CLOTHING_SIZES:
        return [["尺码"] + sizes, ["胸围"] + [str(92 + 4 * i) for i in range(len(sizes))],
                ["衣长"] + [str(66 + 2 * i) for i in range(len(sizes))]]
    return [["尺码"] + sizes, ["脚长(mm)"] + [str(230 + 5 * (int(s) - 36)) for s in sizes]]


def colour_list(product, sold_out):
    code = product["code"]
    result = []
    for colour_id, colour_name in product["colours"]:
        sizes = product["sizes"] or ["均码"]
        result.append({
            "proD_CLS_NUM": code,
            "proD_NUM": code + colour_id,
            "proD_NAME": product["name"],
            "coloR_ID": colour_id,
            "coloR_NAME": colour_name,
            "coloR_FILE_PATH": img("product/%s" % code, "color_%s" % colour_id),
            # Whole JSON numbers: TK binds them as `int` (domain/goodsdetail/GoodsDetailSelect.java).
            "price": int(product["market"]),
            "salE_PRICE": int(product["sale"]),
            "lisT_QTY": 0 if sold_out else 20,
            "salE_QTY": 0,
            "activity_id": 0,
            "status": 3 if sold_out else 2,
            "sizeList": [{"speC_ID": "%s%s%02d" % (code, colour_id, i), "speC_NAME": size,
                          "lisT_QTY": 0 if sold_out else rng.randint(0, 60)}
                         for i, size in enumerate(sizes)],
        })
    return result


def consult(serial):
    if serial % 2:
        return []
    count = 1 + serial % 5
    return [{"question": q, "answer": a, "create_time": date(serial % 90 + i, serial * 31 + i * 4000)}
            for i, (q, a) in enumerate(rng.sample(CONSULTS, count))]


_comment_ids = [90000]


def comments(product, serial):
    if serial % 5 == 2:
        return []
    count = (serial * 7) % 24
    result = []
    for i in range(count):
        _comment_ids[0] += 1
        nick = rng.choice(NICKNAMES)
        colour = rng.choice(product["colours"])[1]
        size = rng.choice(product["sizes"] or ["均码"])
        subs = []
        if rng.random() < 0.3:
            subs.append({"nick_name": "有范儿客服", "parent_id": str(_comment_ids[0]),
                         "info": rng.choice(REPLY_TEXTS[:3]), "create_time": date(serial % 100 + 2, i * 500)})
        if rng.random() < 0.1:
            subs.append({"nick_name": rng.choice(NICKNAMES), "parent_id": str(_comment_ids[0]),
                         "info": rng.choice(REPLY_TEXTS[3:]), "create_time": date(serial % 100 + 3, i * 700)})
        result.append({
            "id": str(_comment_ids[0]),
            "user_id": str(200000 + rng.randint(1, 9999)),
            "nick_name": nick,
            "head_img": img("avatar", "u%d" % rng.randint(1, 500)),
            "head_v_type": rng.choice(["0", "0", "0", "1", "2"]),
            "score": rng.choice(["5", "5", "5", "4", "4", "3"]),
            "info": rng.choice(COMMENT_TEXTS),
            "create_time": date(serial % 100 + 1, serial * 13 + (count - i) * 3600),
            "product_color": colour,
            "product_size": size,
            "img_list": [img("comment/%s" % _comment_ids[0], "p%d" % k) for k in range(rng.choice([0, 0, 0, 1, 2, 3]))],
            "to_user": {"nick_name": "", "user_id": ""},  # an object: GF bean/CommendBean.java
            "subs": subs,
        })
    return result


def product_records(products):
    """Recommended pages per channel (and the empty page after), then each product's calls."""
    records = []
    for cid in CHANNELS:
        listed = [p["item"] for p in products if p["cid"] == cid]
        pages = (len(listed) + PRODUCT_PAGE_SIZE - 1) // PRODUCT_PAGE_SIZE
        for page in range(pages + 1):
            chunk = listed[page * PRODUCT_PAGE_SIZE:(page + 1) * PRODUCT_PAGE_SIZE]
            # `data` is an object holding the list: HC reads value[data][productList].
            records.append(record("Product", "getRecommedProductList", [("page", page), ("cid", cid)],
                                  {"productList": chunk}))
    return records


def detail_records(products):
    return [record("Product", "getProductDetails", [("code", p["code"])], p["details"]) for p in products]


def filter_records(products):
    return [soa_record("Product", "ProductFilter", [("prodClsIdList", p["code"])], p["filter"]) for p in products]


def consult_records(products):
    return [record("Product", "getProductConsultList", [("code", p["code"])], p["consult"])
            for p in products if p["consult"] or int(p["code"]) % 10 == 1]


def comment_records(products):
    records = []
    for p in products:
        items = p["comments"]
        for page in range((len(items) + COMMENT_PAGE_SIZE - 1) // COMMENT_PAGE_SIZE):
            chunk = items[page * COMMENT_PAGE_SIZE:(page + 1) * COMMENT_PAGE_SIZE]
            records.append(record("Comment", "getCommentList",
                                  [("type", 2), ("tid", p["code"]), ("page", page)], chunk))
    return records
