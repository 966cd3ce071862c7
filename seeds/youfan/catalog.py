"""Static content for the Youfan seeds: brands, category trees, product kinds, words for texts.

Channels: 1 men (男士), 2 women (女士), 4 life (生活).
"""

CHANNEL_NAMES = {1: "男士", 2: "女士", 4: "生活"}

# (name, English name, channels); real Chinese labels first, then invented ones.
BRANDS = [
    ("太平鸟", "PEACEBIRD", [1, 2]), ("马克华菲", "MARK FAIRWHALE", [1, 2]),
    ("江南布衣", "JNBY", [1, 2, 4]), ("森马", "SEMIR", [1, 2]), ("美特斯邦威", "Meters/bonwe", [1, 2]),
    ("以纯", "YISHION", [1, 2]), ("七匹狼", "SEPTWOLVES", [1]), ("利郎", "LILANZ", [1]),
    ("九牧王", "JOEONE", [1]), ("海澜之家", "HLA", [1]), ("卡宾", "CABBEEN", [1]),
    ("速写", "CROQUIS", [1]), ("GXG", "GXG", [1]), ("杰克琼斯", "JACK&JONES", [1]),
    ("欧时力", "Ochirly", [2]), ("拉夏贝尔", "La Chapelle", [2]), ("歌莉娅", "GLORIA", [2]),
    ("播", "BOBO", [2]), ("例外", "EXCEPTION", [2, 4]), ("伊芙丽", "EIFINI", [2]),
    ("秋水伊人", "QIUSHUIYIREN", [2]), ("裂帛", "LIEBO", [2]), ("茵曼", "INMAN", [2, 4]),
    ("韩都衣舍", "HSTYLE", [2]), ("素然", "ZUCZUG", [2]), ("MO&Co.", "MO&Co.", [2]),
    ("之禾", "ICICLE", [2]), ("初语", "TOYOUTH", [2]), ("三彩", "SANCANAL", [2]),
    ("波司登", "BOSIDENG", [1, 2]), ("李宁", "LI-NING", [1, 2]), ("安踏", "ANTA", [1, 2]),
    ("特步", "XTEP", [1, 2]), ("回力", "WARRIOR", [1, 2, 4]), ("飞跃", "FEIYUE", [1, 2, 4]),
    ("野兽派", "THE BEAST", [4]), ("吱音", "ZHIYIN", [4]), ("梵几", "VANKEY", [4]),
    ("半木", "BANMOO", [4]), ("失物招领", "LOST&FOUND", [4]), ("素生", "SUSHENG", [4]),
    ("上下", "SHANG XIA", [2, 4]), ("太平鸟家居", "PEACEBIRD HOME", [4]), ("小米生态", "MI ECO", [4]),
    ("故宫文创", "PALACE MUSEUM", [4]), ("单向街", "ONEWAY", [4]), ("观夏", "TO SUMMER", [4]),
    ("木棉集", "KAPOK", [1, 2, 4]), ("青禾", "QINGHE", [2]), ("北岸", "NORTH BANK", [1]),
    ("拾光", "SHIGUANG", [2, 4]), ("素野", "SUYE", [1, 2]), ("墨白", "MOBAI", [1, 2]),
    ("山间", "SHANJIAN", [1, 4]), ("浅川", "ASAKAWA", [2]), ("南风", "NANFENG", [2]),
    ("白鹿原", "BAILUYUAN", [1]), ("未央", "WEIYANG", [2]), ("一亩田", "YIMUTIAN", [4]),
    ("知更", "ROBIN", [2]), ("长物志", "ZHANGWUZHI", [4]), ("言几又", "YANJIYOU", [4]),
    ("初见", "CHUJIAN", [2]), ("远山", "YUANSHAN", [1, 2]), ("晴川", "QINGCHUAN", [1, 2]),
    ("小满", "XIAOMAN", [2, 4]), ("谷雨", "GUYU", [2]), ("惊蛰", "JINGZHE", [1]),
    ("白露", "BAILU", [2]), ("寒山", "HANSHAN", [1]), ("栖木", "QIMU", [4]),
    ("布里", "BULI", [1, 2]), ("棉麻集", "COTTON&LINEN", [2, 4]), ("铁匠铺", "SMITHY", [1, 4]),
    ("城南旧事", "CHENGNAN", [2]), ("少年游", "SHAONIANYOU", [1]), ("野草莓", "WILD BERRY", [2]),
    ("木马", "TROJAN", [1]), ("纸飞机", "PAPER PLANE", [1, 2, 4]), ("白夜", "WHITE NIGHT", [1, 2]),
    ("鹿角巷", "DEER HORN", [4]), ("海盐", "SEA SALT", [2]), ("石板路", "FLAGSTONE", [1]),
    ("星期八", "EIGHTDAY", [1, 2]), ("蓝染", "AIZOME", [1, 2, 4]), ("织梦", "DREAMWEAVE", [2]),
    ("素履", "SULV", [1, 2]), ("东篱", "DONGLI", [4]), ("燕归", "YANGUI", [2]),
    ("旧物仓", "OLD STOCK", [4]), ("大风车", "WINDMILL", [1, 4]), ("牧羊人", "SHEPHERD", [1]),
    ("玉兰", "MAGNOLIA", [2]), ("枫桥", "FENGQIAO", [1, 2]), ("竹里馆", "BAMBOO HALL", [4]),
    ("春山", "SPRING HILL", [1, 2, 4]), ("听雨", "TINGYU", [2, 4]), ("望舒", "WANGSHU", [2]),
    ("归田", "GUITIAN", [1, 4]), ("知白", "ZHIBAI", [1, 2]), ("暖阳", "WARM SUN", [2, 4]),
]

# Brands the clients name by their real codes (WIRE.md §1.7): SP's captured brand wall
# (bean/fenlei/FenLeiPinPai.java: puma, adidas, TP35 …), TK's brand story and filter (RJKK,
# domain/search/branddetail/BrandStory.java, utils/UrlContants.java BRANDDETAIL_SELECT), SP's brand
# story (The_2nd_Law, bean/PinPaiStory.java) and the detail sample's Cheap Monday (cheap_monday).
# (name, English name, channels, code); appended after BRANDS so the invented codes stay put.
REAL_BRANDS = [
    ("彪马", "PUMA", [1, 2], "puma"), ("阿迪达斯", "adidas", [1, 2], "adidas"),
    ("阿迪达斯三叶草", "ADIDAS ORIGINALS", [1, 2], "TP35"), ("RJKK", "RJKK", [1], "RJKK"),
    ("Cheap Monday", "Cheap Monday", [1, 2], "cheap_monday"), ("The 2nd Law", "The 2nd Law", [1], "The_2nd_Law"),
]

# Products the clients and their captured samples name by code (WIRE.md §1.7): TK's comment in
# utils/UrlContants.java (848311), TK's ProductFilter sample (847964, RJKK, 浅灰色 185/88A, 168 → 98),
# SP/TK's detail sample (831236, Cheap Monday 男单宁衬衫, 750 → 188), GF's ProductClsFilter and
# size-chart samples (885906, ADIDAS ORIGINALS, 869 → 565, 白/金, sizes 39…), and 811504.
# (code, brand code, channel, category leaf, name, market price, sale price, colours, sizes)
REAL_PRODUCTS = [
    ("848311", "RJKK", 1, "短袖T恤", "RJKK 男士纯棉印花短袖T恤", 199, 129, [("13", "浅灰色"), ("01", "黑色")],
     ["170/88A", "175/92A", "180/96A", "185/100A"]),
    ("847964", "RJKK", 1, "长袖衬衫", "RJKK 男士休闲长袖衬衫", 168, 98, [("31", "浅灰色"), ("05", "藏青")],
     ["170/84A", "175/88A", "180/92A", "185/88A"]),
    ("831236", "cheap_monday", 1, "长袖衬衫", "Cheap Monday 男单宁衬衫", 750, 188, [("21", "牛仔蓝")],
     ["S", "M", "L", "XL"]),
    ("811504", "puma", 1, "跑步鞋", "PUMA 彪马 男子缓震跑步鞋", 699, 459, [("01", "黑色"), ("02", "白色")],
     ["40", "41", "42", "43", "44"]),
    ("885906", "TP35", 1, "帆布鞋", "adidas Originals 三叶草 Superstar 贝壳头板鞋", 869, 565, [("01", "白/金")],
     ["39", "40", "41", "42", "43", "44"]),
]

# Category trees per channel: level-1 group → level-2 category → level-3 sub-categories.
CATEGORY_TREES = {
    1: [("上装", [("T恤", ["短袖T恤", "长袖T恤", "印花T恤"]), ("衬衫", ["长袖衬衫", "短袖衬衫", "牛津纺衬衫"]),
                ("卫衣", ["套头卫衣", "开衫卫衣"]), ("夹克", ["飞行夹克", "牛仔夹克", "工装夹克"]),
                ("西装", ["休闲西装", "商务西装"])]),
        ("下装", [("牛仔裤", ["修身牛仔裤", "直筒牛仔裤", "破洞牛仔裤"]), ("休闲裤", ["九分裤", "束脚裤"]),
                ("短裤", ["沙滩短裤", "工装短裤"])]),
        ("鞋履", [("运动鞋", ["跑步鞋", "板鞋"]), ("休闲鞋", ["帆布鞋", "乐福鞋"]), ("皮鞋", ["德比鞋", "切尔西靴"])]),
        ("配饰", [("帽子", ["棒球帽", "渔夫帽"]), ("包袋", ["双肩包", "斜挎包"]), ("腰带", ["皮带", "帆布腰带"])])],
    2: [("上装", [("T恤", ["短袖T恤", "长袖T恤"]), ("衬衫", ["雪纺衬衫", "棉麻衬衫"]),
                ("针织衫", ["开衫", "套头毛衣"]), ("外套", ["风衣", "西装外套", "牛仔外套"])]),
        ("裙装", [("连衣裙", ["碎花连衣裙", "针织连衣裙", "吊带裙"]), ("半身裙", ["百褶裙", "A字裙", "包臀裙"])]),
        ("下装", [("裤装", ["阔腿裤", "小脚裤", "背带裤"]), ("牛仔", ["高腰牛仔裤", "牛仔短裤"])]),
        ("鞋包", [("女鞋", ["单鞋", "凉鞋", "短靴"]), ("女包", ["单肩包", "托特包", "手拿包"])]),
        ("配饰", [("首饰", ["耳饰", "项链"]), ("围巾", ["丝巾", "羊毛围巾"])])],
    4: [("家居", [("餐具", ["碗碟", "筷勺"]), ("杯具", ["马克杯", "保温杯", "茶具"]), ("香氛", ["香薰蜡烛", "扩香"])]),
        ("数码", [("耳机", ["头戴耳机", "入耳耳机"]), ("手机配件", ["手机壳", "移动电源"])]),
        ("文具", [("本册", ["笔记本", "手账"]), ("书写", ["钢笔", "中性笔"])]),
        ("个护", [("护肤", ["面霜", "洁面"]), ("洗护", ["洗发水", "沐浴露"])])],
}

# Product kinds per channel: (category leaf, noun, price range, sizes or None for one size).
CLOTHING_SIZES = ["S", "M", "L", "XL", "XXL"]
SHOE_SIZES = ["36", "37", "38", "39", "40", "41", "42", "43", "44"]
PRODUCT_KINDS = {
    1: [("短袖T恤", "纯棉圆领短袖T恤", (99, 199), CLOTHING_SIZES), ("印花T恤", "印花宽松T恤", (129, 229), CLOTHING_SIZES),
        ("长袖衬衫", "修身长袖衬衫", (199, 399), CLOTHING_SIZES), ("牛津纺衬衫", "牛津纺衬衫", (229, 359), CLOTHING_SIZES),
        ("套头卫衣", "连帽套头卫衣", (259, 459), CLOTHING_SIZES), ("飞行夹克", "飞行员夹克", (499, 899), CLOTHING_SIZES),
        ("休闲西装", "休闲单西", (699, 1299), CLOTHING_SIZES), ("修身牛仔裤", "弹力修身牛仔裤", (299, 499), CLOTHING_SIZES),
        ("九分裤", "休闲九分裤", (199, 359), CLOTHING_SIZES), ("跑步鞋", "轻量跑步鞋", (399, 799), SHOE_SIZES[3:]),
        ("帆布鞋", "经典帆布鞋", (99, 299), SHOE_SIZES[3:]), ("棒球帽", "刺绣棒球帽", (69, 159), None),
        ("双肩包", "帆布双肩包", (199, 459), None)],
    2: [("短袖T恤", "字母印花T恤", (89, 189), CLOTHING_SIZES[:4]), ("雪纺衬衫", "雪纺蝴蝶结衬衫", (199, 359), CLOTHING_SIZES[:4]),
        ("开衫", "薄款针织开衫", (229, 429), CLOTHING_SIZES[:4]), ("风衣", "中长款风衣", (599, 1199), CLOTHING_SIZES[:4]),
        ("碎花连衣裙", "碎花连衣裙", (299, 599), CLOTHING_SIZES[:4]), ("针织连衣裙", "针织连衣裙", (359, 659), CLOTHING_SIZES[:4]),
        ("百褶裙", "高腰百褶半身裙", (199, 399), CLOTHING_SIZES[:4]), ("阔腿裤", "垂感阔腿裤", (229, 429), CLOTHING_SIZES[:4]),
        ("高腰牛仔裤", "高腰九分牛仔裤", (259, 459), CLOTHING_SIZES[:4]), ("单鞋", "尖头平底单鞋", (299, 599), SHOE_SIZES[:6]),
        ("托特包", "大容量托特包", (399, 999), None), ("耳饰", "珍珠耳钉", (59, 199), None),
        ("丝巾", "印花真丝方巾", (159, 399), None)],
    4: [("马克杯", "手绘陶瓷马克杯", (49, 129), None), ("保温杯", "不锈钢保温杯", (99, 259), None),
        ("茶具", "粗陶旅行茶具", (159, 399), None), ("香薰蜡烛", "大豆蜡香薰蜡烛", (89, 259), None),
        ("碗碟", "日式釉下彩碗碟", (39, 159), None), ("头戴耳机", "复古头戴耳机", (299, 899), None),
        ("手机壳", "磨砂手机壳", (39, 99), None), ("笔记本", "布面笔记本", (29, 89), None),
        ("钢笔", "黄铜钢笔", (129, 399), None), ("面霜", "植物保湿面霜", (129, 329), None)],
}

COLOURS = {
    1: [("01", "黑色"), ("02", "白色"), ("05", "藏青"), ("08", "卡其"), ("11", "军绿"), ("13", "浅灰"), ("21", "牛仔蓝")],
    2: [("01", "黑色"), ("02", "白色"), ("16", "粉色"), ("18", "杏色"), ("22", "雾霾蓝"), ("25", "酒红"), ("27", "燕麦色")],
    4: [("02", "白色"), ("13", "浅灰"), ("30", "原木色"), ("31", "墨绿"), ("32", "陶土红"), ("33", "天青")],
}

SEASONS = ["2016春季新款", "2016夏季新款", "2015秋冬款", "经典款"]
MATERIALS = ["棉100%", "棉95% 氨纶5%", "聚酯纤维100%", "亚麻55% 棉45%", "羊毛30% 腈纶70%", "桑蚕丝100%"]

NICKNAMES = ["小鹿乱撞", "阿范", "橘子汽水", "夏天的风", "Lemon", "一只猫", "北北", "晴天娃娃", "Kevin",
             "木子李", "雨后彩虹", "大橙子", "阿杰", "森林里的鹿", "Momo", "慢半拍", "南瓜粥", "小野",
             "Ray", "薄荷糖", "老王", "云朵", "Tina", "不吃香菜", "西瓜太郎", "Joe", "七月", "糖糖"]

COMMENT_TEXTS = ["质量很好,做工精细,和图片一样。", "尺码标准,穿着很舒服,推荐!", "颜色比想象中好看,物流也快。",
                 "面料有点薄,夏天穿正好。", "第二次购买了,一如既往的好。", "版型很正,老公很喜欢。",
                 "性价比很高,活动价入手很划算。", "稍微有点色差,不过整体满意。", "包装很用心,送人很合适。",
                 "洗过一次没有缩水,不掉色。", "客服很耐心,帮我选了合适的尺码。", "上身效果很显瘦,好评!",
                 "有点偏大,建议拍小一码。", "很有质感,细节处理得不错。", "朋友看了也想买,已推荐。"]

REPLY_TEXTS = ["亲,感谢您的支持,期待再次光临有范儿~", "谢谢亲的好评,我们会继续努力!",
               "亲,色差问题我们已反馈给品牌,抱歉给您带来不便。", "同问,请问你平时穿什么码?",
               "我也买了,确实不错!", "亲,尺码建议可以参考详情页的尺码表哦~"]

CONSULTS = [("请问有实体店吗?", "亲,有范儿所售商品均为品牌官方授权正品,可以放心购买哦。"),
            ("170cm 65kg 穿什么码?", "亲,建议您选择 L 码,具体可参考详情页尺码表。"),
            ("什么时候发货?", "亲,工作日下午四点前付款当天发货,其余次日发货。"),
            ("可以七天无理由退换吗?", "亲,支持七天无理由退换,吊牌请保持完整。"),
            ("会掉色吗?", "亲,首次洗涤建议冷水单独手洗,正常情况下不会掉色。"),
            ("有没有优惠券可以用?", "亲,本商品支持使用有范儿代金券,下单时可选择。"),
            ("这个颜色还会补货吗?", "亲,品牌方近期会补货,可以先收藏关注哦。"),
            ("是正品吗?", "亲,有范儿与品牌官方合作,保证正品。"),
            ("面料透气吗?", "亲,面料透气性很好,夏天穿着也很舒适。")]

# The feed tabs a post is filed under (its `tab_str`, comma-separated): the style tags the post
# editor offers and the discovery page's feed tabs after "全部" (MB `SDiscoveryViewController.m`
# sends the tab's name as `Home/getCollocationListForMain`'s `tabstr`). The server lists the same.
STYLE_TABS = ["最有范", "臭美妞", "骚包男", "熊孩纸", "吃不胖"]

COLLOCATION_TEXTS = ["今日穿搭:简约白T配牛仔,周末出街刚刚好", "通勤也可以很有范儿,一件西装外套就够了",
                     "春日野餐穿搭,碎花裙配草编包", "黑白灰永不过时的经典配色", "工装风回归,口袋越多越好",
                     "小个子女生显高穿搭秘诀", "雨天穿什么?一件风衣走天下", "极简主义者的一周穿搭",
                     "约会穿搭:温柔针织衫+百褶裙", "运动休闲风,舒适又好看", "复古港风穿搭,一秒回到九十年代",
                     "秋冬叠穿指南,层次感满分"]

# The specials tabs exactly as the server listed them in `data.attr` (SP `bean/LingGanZiXun.java`):
# "全部" (every tab) first with the id "", then the tabs with their integer ids. TK builds one page
# per entry from an 8-element URL array, SP maps exactly these names, so these 8, in this order.
SPECIAL_ATTR = [{"id": "", "name": "全部"}, {"id": 101, "name": "实验室"}, {"id": 103, "name": "咖啡馆"},
                {"id": 95, "name": "趋势"}, {"id": 2245, "name": "热闻"}, {"id": 96, "name": "特辑"},
                {"id": 99, "name": "生活"}, {"id": 104, "name": "健身房"}]
# Every tab a special is filed under, with its title prefix: the seven listed ones, and the four
# that SP's constants LG_5, LG_7, LG_8, LG_11 (and TK's commented-out ones) ask for by `aid` only.
SPECIAL_TABS = [("101", "LAB"), ("103", "CAFE"), ("95", "TREND"), ("2245", "NEWS"), ("96", "SPECIAL"),
                ("99", "LIFE"), ("104", "GYM"), ("2243", "TOPIC"), ("94", "STYLE"), ("100", "BRAND"),
                ("2733", "VIDEO")]

SPECIAL_WORDS = ["早春", "通勤", "度假", "复古", "街头", "极简", "森系", "日系", "运动", "学院", "工装", "文艺"]

NOTICES = ["新用户注册即送 50 元代金券", "全场满 299 包邮,7 天无理由退换", "有范儿 3.2 版本上线,穿搭社区全新改版"]
