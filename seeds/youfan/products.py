"""Brands and products: brand pages, recommended lists, details, consult Q&A, comments, colours."""

from catalog import (BRANDS, COLOURS, COMMENT_TEXTS, CONSULTS, MATERIALS, NICKNAMES, PRODUCT_KINDS,
                     REAL_BRANDS, REAL_PRODUCTS, REPLY_TEXTS, SEASONS)
from layouts import category_tree, flatten
from common import (CHANNELS, COMMENT_PAGE_SIZE, PRODUCT_PAGE_SIZE, WEB, date, img, money, record,
                    rng, soa_record)

PRODUCTS_PER_CHANNEL = {1: 84, 2: 96, 4: 60}
BRAND_PAGE_SIZE = 30
# The clients search a brand 20 products a page (TK/SP BRANDDETAIL_PRE, GF TopNew): every brand
# has more, so its listing has a second page.
PRODUCTS_PER_BRAND = 21
# HC pages its brand wall 30 at a time (Models/Apis/GetAppBrandListApi.m): every channel lists
# more, so the wall has a second page. Brands are taken in catalogue order until every channel
# has that many; the fashion labels of both the men's and women's channels also sell in life.
BRANDS_PER_CHANNEL = 31


def stocked_brands():
    """(name, English name, channels, code) of the brands the shop carries: the ones the clients
    name, then catalogue brands while a channel still has fewer than BRANDS_PER_CHANNEL."""
    def channels(listed):
        return listed + [4] if listed == [1, 2] else listed
    chosen = [(name, english, channels(listed), code) for name, english, listed, code in REAL_BRANDS]
    counts = {cid: sum(1 for b in chosen if cid in b[2]) for cid in CHANNELS}
    for index, (name, english, listed) in enumerate(BRANDS):
        if any(counts[cid] < BRANDS_PER_CHANNEL for cid in channels(listed)):
            chosen.insert(len(chosen) - len(REAL_BRANDS), (name, english, channels(listed), "B%04d" % (1001 + index)))
            for cid in channels(listed):
                counts[cid] += 1
    return chosen


def make_brands():
    brands = []
    stocked = stocked_brands()
    for index, (name, english, channels, code) in enumerate(stocked):
        brands.append({
            "code": code, "name": name, "english": english, "channels": channels,
            "named_by_clients": index >= len(stocked) - len(REAL_BRANDS),
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
    """All products, each with its list item and everything behind it: the channels' own
    assortment, then the products the clients name by code, then more of every brand that has
    fewer than PRODUCTS_PER_BRAND (their comment threads kept short)."""
    products = []
    serial = 0
    for cid in CHANNELS:
        channel_brands = [b for b in brands if cid in b["channels"]]
        for n in range(PRODUCTS_PER_CHANNEL[cid]):
            serial += 1
            brand = channel_brands[(n * 7 + cid) % len(channel_brands)]
            products.append(searchable(make_product(cid, serial, brand, PRODUCT_KINDS[cid][n % len(PRODUCT_KINDS[cid])])))
    by_code = {b["code"]: b for b in brands}
    for code, brand_code, cid, leaf, name, market, sale, colours, sizes in REAL_PRODUCTS:
        serial += 1
        kind = next(k for k in PRODUCT_KINDS[cid] if k[0] == leaf)
        real = {"code": code, "name": name, "market": market + 0.0, "sale": sale + 0.0, "colours": colours}
        products.append(searchable(make_product(cid, serial, by_code[brand_code], (leaf, name, None, sizes), real)))
    for brand in brands:
        have = sum(1 for p in products if p["brand"] is brand)
        for n in range(PRODUCTS_PER_BRAND - have):
            serial += 1
            cid = brand["channels"][n % len(brand["channels"])]
            kinds = PRODUCT_KINDS[cid]
            products.append(searchable(make_product(cid, serial, brand, kinds[(n * 5 + serial) % len(kinds)],
                                                    light=True)))
    return products


def searchable(product):
    """Extra keys no client reads, for the SOA search: category, brand code, sales."""
    product["item"]["cate_id"] = category_of_leaf(product["cid"])[product["leaf"]]
    product["item"]["brand_code"] = product["brand"]["code"]
    product["item"]["sale_num"] = (int(product["code"]) * 37) % 500
    return product


def make_product(cid, serial, brand, kind, real=None, light=False):
    """One product; `real` fixes the code, name, prices and colours of a product the clients name.
    A `light` one (filling a brand's listing) has one colour, at most three sizes, three
    pictures and no comments or questions, to keep the seeds quick to import."""
    leaf, noun, price_range, sizes = kind
    if light and sizes:
        sizes = sizes[1:4]
    real = real or {}
    code = real.get("code", str(160300000 + serial))
    season = SEASONS[serial % len(SEASONS)]
    name = real.get("name", "%s %s%s" % (brand["name"], season, noun))
    if real:
        sale, market = real["sale"], real["market"]
    else:
        low, high = price_range
        sale = rng.randrange(low, high + 1, 10) - 1 + 0.0
        market = sale if serial % 3 == 0 else round(sale * rng.choice([1.25, 1.5, 2.0]) / 10) * 10 - 1.0
    sold_out = serial % 17 == 0 and not real
    stock = 0 if sold_out else rng.randint(3, 400)
    on_sale = date(serial % 120, serial * 977)
    colours = real.get("colours") or rng.sample(COLOURS[cid], 1 if light else rng.randint(1, min(4, len(COLOURS[cid]))))
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
    product["details"] = details(product, serial, stock, season, sold_out, activity, 3 if light else 3 + serial % 4)
    product["filter"] = stock_rows(product, sold_out)
    product["consult"] = [] if light else consult(serial)
    product["comments"] = [] if light else comments(product, serial, (serial * 7) % 24)
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


def details(product, serial, stock, season, sold_out, activity, picture_count):
    code, brand = product["code"], product["brand"]
    pictures = [{"filE_PATH": img("product/%s" % code, "pic_%d" % i),
                 "remark": ["正面", "背面", "细节", "模特", "平铺", "吊牌"][i],
                 "isMainImage": 1 if i == 0 else 0} for i in range(picture_count)]  # SP/TK `int`
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
    if not sizes[0].isdigit():
        return [["尺码"] + sizes, ["胸围"] + [str(92 + 4 * i) for i in range(len(sizes))],
                ["衣长"] + [str(66 + 2 * i) for i in range(len(sizes))]]
    return [["尺码"] + sizes, ["脚长(mm)"] + [str(230 + 5 * (int(s) - 36)) for s in sizes]]


_size_ids = {}


def size_id(size):
    """A size's id, the same for every colour and product (TK's sample: 639 is 185/88A); MB files
    stock rows under a size by it."""
    return _size_ids.setdefault(size, str(600 + len(_size_ids)))


def stock_rows(product, sold_out):
    """`Product/ProductFilter`'s rows: one per colour and size, rows of a colour together (HC
    groups consecutive rows by coloR_ID), keys and types as TK's captured sample
    (domain/goodsdetail/GoodsDetailSelect.java): whole numbers for prices, stock, status."""
    code, brand = product["code"], product["brand"]
    rows = []
    for colour_id, colour_name in product["colours"]:
        for index, size in enumerate(product["sizes"] or ["均码"]):
            row_id = str(2000000 + int(code) % 1000000 * 100 + len(rows))
            rows.append({
                "id": row_id,
                "proD_CLS_NUM": code,
                "lM_PROD_CLS_ID": row_id,
                "barcode_sys_code": "%s%s%02d" % (code, colour_id, index),
                "branD_ID": brand["item"]["id"],
                "brand_name": brand["english"],
                "proD_NUM": "%s%s" % (code, colour_id),
                "proD_NAME": product["name"],
                "coloR_ID": colour_id,
                "coloR_NAME": colour_name,
                "coloR_FILE_PATH": img("product/%s" % code, "color_%s" % colour_id),
                "speC_ID": size_id(size),
                "speC_NAME": size,
                "price": int(product["market"]),
                "salE_PRICE": int(product["sale"]),
                "lisT_QTY": 0 if sold_out else rng.randint(0, 60),
                "salE_QTY": 0,
                "activity_id": 0,
                "activity_icon": "",
                "activity_rule": "",
                "status": 3 if sold_out else 2,
            })
    return rows


def consult(serial):
    if serial % 2:
        return []
    count = 1 + serial % 5
    return [{"question": q, "answer": a, "create_time": date(serial % 90 + i, serial * 31 + i * 4000)}
            for i, (q, a) in enumerate(rng.sample(CONSULTS, count))]


_comment_ids = [90000]


def comments(product, serial, count):
    if serial % 5 == 2 or count == 0:
        return []
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


FILTER_BATCH = 20


def filter_records(products):
    """ProductFilter answers for 20 products at a time (`prodClsIdList` takes a comma-separated
    list; each row names its product in proD_CLS_NUM): far fewer records to import."""
    records = []
    for start in range(0, len(products), FILTER_BATCH):
        batch = products[start:start + FILTER_BATCH]
        records.append(soa_record("Product", "ProductFilter", [("prodClsIdList", ",".join(p["code"] for p in batch))],
                                  [row for p in batch for row in p["filter"]]))
    return records


def consult_records(products):
    # `data` is an object holding the questions (HC reads value[data][sys]).
    return [record("Product", "getProductConsultList", [("code", p["code"])], {"sys": p["consult"]})
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
