"""The platform promotions of the official app (WIRE.md §3.2 Promotion): one captured
`Promotion/PlatFormBasicInfoFilter` answer listing every promotion as `PlatFormBasicInfo`
(MB `UI/ViewController/Me/MyShoppingTrolly/PlatFormBasicInfo.h`), the activity-list members of
`SMBNewActivityListModel` (`img`, `tag_img`, `type`, `start_time`, `end_time`, `web_url`) and
the mock's links to the catalogue: `brandLst` (the brands it covers, as `PlatFormRangeDetail`
answers them), `productList` (their products as `SActivityProductListModel`) and `vouchersList`
(the 范票 a user takes there, `SActivityVouchersListModel` without the per-user counts).

Each promotion is a 满减 rule over two brands: lines of those brands that add up to at least
`condition` yuan get `dis_Amount` off; no brand is in two promotions. Fixed content, no randomness.
"""

from common import IMG, WEB, soa_record

# (name, tag, condition, amount)
RULES = [
    ("夏日焕新季", "满199减30", 199, 30),
    ("周末狂欢购", "满299减50", 299, 50),
    ("会员专享日", "满399减80", 399, 80),
    ("品牌联合日", "满599减120", 599, 120),
    ("年中大促", "满999减200", 999, 200),
    ("新人见面礼", "满150减20", 150, 20),
]
BRANDS_PER_PROMOTION = 2
# (face value, minimum order) of the two 范票 of every activity
VOUCHERS = [(10, 99), (20, 199)]
FIRST_ID = 3001


def promotion(index, brands, products):
    name, tag, condition, amount = RULES[index]
    ident = FIRST_ID + index
    covered = brands[index * BRANDS_PER_PROMOTION:(index + 1) * BRANDS_PER_PROMOTION]
    codes = {b["code"] for b in covered}
    begin, end = "2016-06-%02d 00:00:00" % (1 + index), "2016-12-31 23:59:59"
    return {
        "id": ident, "code": "PROM%d" % ident, "name": "%s %s" % (name, tag), "usE_TYPE": "FAST_BUY",
        "promotioN_RANGE": "BRAND", "status": 1, "isVaild": 1, "isUse": 1, "uP_FLAG": 0, "maX_FLAG": 0, "maX_NUM": 0,
        "comM_FLAG": 0, "coupoN_FLAG": 0, "usE_COUPON_FLAG": "1", "coupoN_CONDITION": "",
        "condition": "%d" % condition, "dis_Amount": amount, "beG_TIME": begin, "enD_TIME": end,
        "start_time": begin, "end_time": end, "creatE_DATE": begin, "lasT_MODIFY_DATE": begin,
        "creatE_USER": "运营", "lasT_MODIFY_USER": "运营", "proD_SOURCE": "PLATFORM",
        "piC_URL": "%s/promotion/%d/banner.jpg" % (IMG, ident), "img": "%s/promotion/%d/banner.jpg" % (IMG, ident),
        "tag_img": "%s|%s/promotion/%d/tag.png" % (tag, IMG, ident), "type": "1", "json": "",
        "web_url": "%s/activity/%d.html" % (WEB, ident),
        "brandLst": [{"id": b["item"]["id"], "branD_CODE": b["code"], "branD_NAME": b["name"],
                      "logO_URL": b["item"]["logo_img"]} for b in covered],
        "productList": [dict((k, p["item"][k]) for k in ("product_sys_code", "product_name", "price", "market_price",
                                                        "product_url", "status", "stock_num", "spec_price_list"))
                        for p in products if p["brand"]["code"] in codes],
        "vouchersList": vouchers_of(index),
    }


def vouchers_of(index):
    """The 范票 of promotion `index` (`SActivityVouchersListModel` without the per-user counts)."""
    ident = FIRST_ID + index
    begin, end = "2016-06-%02d 00:00:00" % (1 + index), "2016-12-31 23:59:59"
    return [{"id": ident * 100 + n + 1, "vouchers": "V%d%02d" % (ident, n + 1),
             "name": "%d元范票" % value, "info": "满%d元可用" % minimum, "total_num": 500 - 100 * n,
             "user_num": 1, "trigger_type": 1, "use_start_time": begin, "use_end_time": end}
            for n, (value, minimum) in enumerate(VOUCHERS)]


def promotion_records(brands, products):
    return [soa_record("Promotion", "PlatFormBasicInfoFilter", [("Use_Type", "FAST_BUY")],
                       [promotion(i, brands, products) for i in range(len(RULES))])]
