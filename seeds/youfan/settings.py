"""Settings the official app reads from the shop (WIRE.md §1.7, §3.2 Order/User): one captured answer each.

* `Order/BSParamFilter` for every `code` the app hard-codes (`Log_TITLE`, `Default_fee`, `DEFAULT_FEE`,
  `CLOUDSHOP_URL`, `COLLOCATION_URL`, `SHARE_PROD_URL`): `results[0].paraM_VALUE`.
* `Order/FeeCheck`: the free-shipping threshold as `results[0].value`.
* `Order/RegionFilter&type=2`: the region tree the address screen builds its picker from, one flat
  list of `{id, parenT_ID, name, regioN_LEVEL}` (2 province, 3 city, 4 district; MB
  `NewAddressViewController.m` groups the rows by level and districts by `parenT_ID`).
* `User/getSysUserBackImg`: the stock background pictures of the "mine" page (`data[].img`).
* `Order/getOrderReturnReasonList&type=1` (refund) and `&type=2` (return of goods): the reasons the
  return form offers, `results` = plain strings (MB `DetailReasonViewController.m` shows each row as
  text and sends the chosen one as `reason`).
* `Order/ExpressFilter`: the couriers the return parcel form offers, `{id, name}` (MB
  `ExpressageViewController.m` shows `name` and posts `id` as `EXPRESS_ID`, `name` as `expressname`).

Fixed content, no randomness: a representative part of China's provinces, cities and districts.
"""

from common import IMG, record, soa_record

PARAMETERS = [
    ("Log_TITLE", "有范?Funwear"),
    ("Default_fee", "10"),
    ("DEFAULT_FEE", "10"),
    ("CLOUDSHOP_URL", "http://m.funwear.com/cloudshop/index.html"),
    ("COLLOCATION_URL", "http://m.funwear.com/collocation/detail.html?id="),
    ("SHARE_PROD_URL", "http://m.funwear.com/product/detail.html?code="),
]

FREE_SHIPPING_THRESHOLD = "99"

# province → [(city, [districts])]
REGIONS = [
    ("北京市", [("北京市", ["东城区", "西城区", "朝阳区", "海淀区", "丰台区"])]),
    ("上海市", [("上海市", ["黄浦区", "徐汇区", "长宁区", "静安区", "浦东新区"])]),
    ("广东省", [("广州市", ["越秀区", "海珠区", "天河区", "白云区"]),
               ("深圳市", ["福田区", "罗湖区", "南山区", "宝安区"]),
               ("东莞市", ["其它区县"])]),
    ("浙江省", [("杭州市", ["上城区", "西湖区", "滨江区", "余杭区"]),
               ("宁波市", ["海曙区", "江北区", "鄞州区"])]),
    ("江苏省", [("南京市", ["玄武区", "秦淮区", "鼓楼区", "建邺区"]),
               ("苏州市", ["姑苏区", "吴中区", "工业园区"])]),
    ("四川省", [("成都市", ["锦江区", "青羊区", "武侯区", "成华区"])]),
    ("云南省", [("昆明市", ["五华区", "盘龙区", "官渡区"]),
               ("大理白族自治州", ["大理市", "其它区县"])]),
]

BACKGROUNDS = 6

COURIERS = ["顺丰速运", "EMS", "申通快递", "圆通速递", "中通快递", "韵达快递"]

# type → reasons (1 refund, 2 return of goods)
RETURN_REASONS = [
    ("1", ["拍错了/不想要了", "未按约定时间发货", "商品缺货", "协商一致退款", "其他"]),
    ("2", ["尺码不合适", "颜色/款式与描述不符", "商品质量问题", "收到商品破损", "七天无理由退货", "其他"]),
]


def region_rows():
    rows = []
    next_id = [1]

    def add(name, parent, level):
        ident = next_id[0]
        next_id[0] += 1
        rows.append({"id": ident, "parenT_ID": parent, "name": name, "regioN_LEVEL": level})
        return ident

    for province, cities in REGIONS:
        province_id = add(province, 1, 2)
        for city, districts in cities:
            city_id = add(city, province_id, 3)
            for district in districts:
                add(district, city_id, 4)
    return rows


def settings_records():
    records = [soa_record("Order", "BSParamFilter", [("code", code)],
                          [{"id": index + 1, "code": code, "paraM_VALUE": value}])
               for index, (code, value) in enumerate(PARAMETERS)]
    records.append(soa_record("Order", "FeeCheck", [], [{"code": "FEE_CHECK", "value": FREE_SHIPPING_THRESHOLD}]))
    records.append(soa_record("Order", "RegionFilter", [("type", "2")], region_rows()))
    records.append(record("User", "getSysUserBackImg", [],
                          [{"id": str(n), "img": "%s/mine/back/%d.jpg" % (IMG, n)} for n in range(1, BACKGROUNDS + 1)]))
    records += [soa_record("Order", "getOrderReturnReasonList", [("type", kind)], reasons) for kind, reasons in RETURN_REASONS]
    records.append(soa_record("Order", "ExpressFilter", [], [{"id": str(n), "name": name} for n, name in enumerate(COURIERS, 1)]))
    return records
