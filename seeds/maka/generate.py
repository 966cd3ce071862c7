#!/usr/bin/env python3
"""Generates the bundled Maka seed captures (capture JSON, API.md section 5).

Deterministic: a fixed random seed, no clock, no network. Run from anywhere:

    python3 seeds/maka/generate.py

It rewrites the NN-*.json files next to this script. The response shapes are the
ones the stateful handlers produce (docs/api.md, section "Maka"), so a replayed
capture and a live answer look alike.
"""

import json
import os
import random
from datetime import datetime, timedelta
from urllib.parse import urlencode

HERE = os.path.dirname(os.path.abspath(__file__))
RNG = random.Random(20150525)
IMG = "http://img1.maka.im"  # the image host of QT data.json and FP ImageServerPath (WIRE.md 4.6)
PAGE_SIZE = 20
FORM = {"Content-Type": "application/x-www-form-urlencoded; charset=utf-8"}
JSON_HEADERS = {"Content-Type": "application/json; charset=utf-8"}

# Demo accounts: (email, password, nickname, gender, city, signature); gender and signature are
# not sent (no client reads them, WIRE.md section 4.2) but stay here so the content is unchanged.
USERS = [
    ("demo@maka.im", "demo123456", "MAKA体验官", 0, "北京", "用MAKA做一张会动的邀请函"),
    ("xiaoyuer@demo.maka.im", "maka2015", "小鱼儿", 2, "上海", "爱画画，爱旅行，爱生活"),
    ("amay@demo.maka.im", "maka2015", "阿May", 2, "广州", "婚礼策划师，帮你把幸福做成H5"),
    ("chenxiaobei@demo.maka.im", "maka2015", "陈小北", 1, "杭州", "互联网产品狗"),
    ("doudouma@demo.maka.im", "maka2015", "豆豆妈", 2, "成都", "记录豆豆的每一个第一次"),
    ("laowang@demo.maka.im", "maka2015", "老王在路上", 1, "西安", "走过的路都算数"),
    ("sunny@demo.maka.im", "maka2015", "Sunny晴天", 2, "深圳", "HR一枚，常年招人"),
    ("tangtang@demo.maka.im", "maka2015", "糖糖Tang", 2, "南京", "甜品店老板娘"),
    ("linshen@demo.maka.im", "maka2015", "林深见鹿", 1, "厦门", "摄影 / 旅行 / 咖啡"),
    ("bluewhale@demo.maka.im", "maka2015", "蓝色鲸鱼", 1, "青岛", "海边长大的设计师"),
    ("wangdachui@demo.maka.im", "maka2015", "王大锤", 1, "武汉", "公司年会总导演"),
    ("yizhimiao@demo.maka.im", "maka2015", "一只喵", 2, "长沙", "喵星人的铲屎官"),
    ("xiamo@demo.maka.im", "maka2015", "夏末微凉", 2, "苏州", "毕业快乐，青春不散场"),
    ("beipiao@demo.maka.im", "maka2015", "北漂小张", 1, "北京", "创业中，求关注"),
    ("cici@demo.maka.im", "maka2015", "Cici设计", 2, "上海", "平面设计 / H5 / 插画"),
    ("muzili@demo.maka.im", "maka2015", "木子李", 1, "重庆", "火锅店开业啦"),
]

SPECIAL_CATEGORIES = [
    ("婚礼请柬", "wedding"), ("企业年会", "annual"), ("招聘", "hiring"), ("生日派对", "birthday"),
    ("毕业季", "graduation"), ("开业庆典", "opening"), ("节日祝福", "festival"),
    ("会议邀请", "meeting"), ("产品推广", "promotion"), ("旅行相册", "travel"),
]

TEMPLATE_TITLES = {
    "wedding": ["浪漫樱花婚礼请柬", "森系清新婚礼邀请函", "中式红色喜帖", "海边婚礼 · 蓝色誓言",
                "简约白金婚礼请柬", "复古胶片婚礼相册", "我们结婚啦 · 手绘风"],
    "annual": ["2015企业年会邀请函", "金色辉煌年会盛典", "科技感年终总结大会", "羊年新春年会",
               "梦想起航 · 年度颁奖礼", "红色喜庆年会节目单", "扁平风公司年会"],
    "hiring": ["互联网公司校园招聘", "我们在找这样的你", "创业团队急聘", "春季社会招聘",
               "设计师招募令", "扁平风格招聘海报", "实习生招募计划"],
    "birthday": ["十八岁成人礼邀请", "宝宝周岁宴请柬", "糖果色生日派对", "闺蜜生日趴",
                 "老人寿宴邀请函", "星空主题生日会", "卡通动物生日派对"],
    "graduation": ["2015毕业纪念册", "再见青春 · 毕业季", "毕业晚会邀请函", "同学录 · 那些年",
                   "学士服合影相册", "毕业旅行纪念", "谢师宴邀请函"],
    "opening": ["盛大开业 · 全场八折", "咖啡馆开业邀请", "新店开张请柬", "火锅店开业酬宾",
                "健身房开业大酬宾", "花店开业 · 花开富贵", "书店开业读书会"],
    "festival": ["中秋节祝福贺卡", "春节拜年贺卡", "端午粽情", "七夕情人节告白",
                 "圣诞快乐 · 雪花", "母亲节感恩卡", "国庆假期出游指南"],
    "meeting": ["行业峰会邀请函", "新品发布会邀请", "学术论坛议程", "沙龙活动报名",
                "产品培训会通知", "合作伙伴大会", "公开课报名邀请"],
    "promotion": ["新品上市宣传", "双十一促销海报", "餐厅菜单展示", "楼盘推广 · 品质生活",
                  "APP下载推广", "会员招募计划", "品牌故事画册"],
    "travel": ["云南旅行日记", "厦门鼓浪屿游记", "西藏 · 在路上", "日本樱花季相册",
               "亲子游纪念册", "环岛骑行记录", "毕业旅行 · 青岛"],
}

PAGE_TEXTS = {
    "wedding": ["我们结婚啦", "新郎 {m} & 新娘 {f}", "时间：2015年{mo}月{d}日 中午12:00",
                "地点：{city}{hotel}", "执子之手 与子偕老", "诚挚邀请您见证我们的幸福", "期待您的光临"],
    "annual": ["{co}2015年度盛典", "感恩同行 · 共创未来", "时间：{mo}月{d}日 18:00",
               "地点：{city}{hotel}宴会厅", "精彩节目 · 幸运抽奖", "年度优秀员工颁奖", "不见不散"],
    "hiring": ["{co}诚聘英才", "iOS开发工程师 · 15-25K", "产品经理 · 20-30K", "UI设计师 · 10-18K",
               "五险一金 · 弹性工作 · 免费零食", "简历投递：hr@company.com", "加入我们，一起改变世界"],
    "birthday": ["{f}的生日派对", "Happy Birthday", "时间：{mo}月{d}日 晚上7点", "地点：{city}{hotel}",
                 "蛋糕、音乐和你", "带上你的笑容就好", "不见不散哦"],
    "graduation": ["2015届毕业纪念", "那些年我们一起追的梦", "感谢遇见", "毕业快乐",
                   "青春不散场", "愿你出走半生，归来仍是少年", "我们的大学四年"],
    "opening": ["{co}盛大开业", "开业当天全场8折", "时间：{mo}月{d}日 上午10:00", "地址：{city}{street}",
                "前100名到店送精美礼品", "欢迎新老朋友光临", "电话预约：400-820-8820"],
    "festival": ["祝您节日快乐", "阖家团圆 · 幸福安康", "月圆人团圆", "新年快乐 · 万事如意",
                 "感恩有你", "愿所有美好如期而至", "送上最真挚的祝福"],
    "meeting": ["{co}行业峰会", "议程：签到 · 主题演讲 · 圆桌论坛", "时间：{mo}月{d}日 9:00-17:00",
                "地点：{city}国际会展中心", "特邀嘉宾：行业领袖", "名额有限，报名从速", "扫码报名"],
    "promotion": ["{co}新品上市", "品质之选", "限时优惠 · 买二送一", "匠心打造每一个细节",
                  "立即下载APP", "会员专享价", "活动地址：{city}{street}"],
    "travel": ["{city}之旅", "第一天：出发", "遇见最美的风景", "在路上，遇见更好的自己",
               "美食地图", "下一站，再见", "旅行的意义"],
}

MALE = ["张伟", "王磊", "李强", "刘洋", "陈杰", "杨帆", "赵鹏", "黄磊", "周宇", "吴昊"]
FEMALE = ["李娜", "王芳", "刘婷", "陈静", "杨雪", "赵敏", "黄丽", "周琳", "吴倩", "孙悦"]
CITIES = ["北京", "上海", "广州", "深圳", "杭州", "成都", "南京", "武汉", "西安", "厦门", "苏州", "青岛"]
HOTELS = ["香格里拉大酒店", "希尔顿酒店", "万豪酒店", "喜来登酒店", "洲际酒店", "凯悦酒店"]
STREETS = ["南京路88号", "解放路128号", "中山路66号", "人民路200号", "建设路18号", "文化街9号"]
COMPANIES = ["云图科技", "星辰网络", "蓝海传媒", "优品生活", "点点互动", "极客工坊",
             "麦田咖啡", "小满烘焙", "悦动健身", "一味火锅", "拾光书店", "花语花店"]
COLORS = ["#FDF6F0", "#FFFFFF", "#F4E9DC", "#1A2A3A", "#C0392B", "#FFF8E1", "#E8F5E9", "#212121"]

PICTURE_CATEGORIES = [
    ("花卉", "flower"), ("风景", "landscape"), ("婚礼素材", "wedding"), ("商务", "business"),
    ("节日", "festival"), ("美食", "food"), ("纹理背景", "texture"), ("卡通", "cartoon"),
    ("城市", "city"), ("人物剪影", "silhouette"), ("校园", "campus"), ("星空", "stars"),
]
PICTURE_NAMES = {
    "flower": ["樱花", "玫瑰", "向日葵", "薰衣草", "郁金香", "满天星", "桃花", "荷花"],
    "landscape": ["雪山", "草原", "湖泊", "海边日落", "森林", "梯田", "沙漠", "瀑布"],
    "wedding": ["婚戒", "捧花", "婚纱", "喜字", "气球拱门", "香槟塔", "烛光", "红毯"],
    "business": ["会议室", "握手", "城市天际线", "办公桌", "图表", "团队", "笔记本", "咖啡杯"],
    "festival": ["灯笼", "月饼", "烟花", "圣诞树", "粽子", "红包", "春联", "雪人"],
    "food": ["蛋糕", "火锅", "寿司", "咖啡拉花", "水果拼盘", "小笼包", "牛排", "甜甜圈"],
    "texture": ["木纹", "大理石", "牛皮纸", "水彩晕染", "金箔", "布纹", "纸张褶皱", "渐变"],
    "cartoon": ["小熊", "兔子", "猫咪", "恐龙", "独角兽", "云朵", "彩虹", "星星"],
    "city": ["外滩夜景", "故宫", "西湖", "小蛮腰", "鼓浪屿", "宽窄巷子", "大雁塔", "东方明珠"],
    "silhouette": ["奔跑", "跳跃", "牵手", "拥抱", "骑行", "看海", "仰望", "背影"],
    "campus": ["图书馆", "操场", "学士帽", "毕业合影", "教室", "林荫道", "宿舍", "食堂"],
    "stars": ["银河", "流星", "月亮", "星轨", "极光", "星座", "夜空", "萤火"],
}

TAG_CATEGORIES = [
    ("婚礼", "wedding"), ("派对", "birthday"), ("年会", "annual"), ("招聘", "hiring"),
    ("毕业", "graduation"), ("开业", "opening"), ("旅行", "travel"), ("节日", "festival"),
    ("企业宣传", "promotion"), ("会议", "meeting"),
]

EVENT_TITLES = {
    "wedding": ["{m}&{f} | 我们结婚啦", "{mo}月{d}日，诚邀您参加我们的婚礼", "{m}❤{f} 婚礼请柬",
                "执子之手 · {m}与{f}的婚礼", "爱在{city} · {f}的婚礼邀请"],
    "birthday": ["{f}的25岁生日派对", "豆豆一周岁啦，邀您来吃蛋糕", "{m}的三十而立生日会",
                 "奶奶八十大寿家宴", "{f}的闺蜜生日趴"],
    "annual": ["{co}2015年会 · 梦想起航", "{co}年终盛典邀请函", "{co}羊年春节联欢晚会",
               "感恩同行 · {co}年度颁奖礼"],
    "hiring": ["{co}2015春季招聘", "{co}诚聘iOS/Android工程师", "{co}设计师招募令",
               "加入{co}，一起做有意思的事", "{co}暑期实习生招募"],
    "graduation": ["再见青春 | 2015届毕业纪念册", "{city}大学 · 那些年我们的毕业照",
                   "毕业晚会 · 青春不散场", "谢师宴邀请函 · 感恩有您"],
    "opening": ["{co}盛大开业 全场8折", "{co}{city}新店开张啦", "{co}开业酬宾 · 到店有礼",
                "{co}试营业邀请"],
    "travel": ["{city}三日游 · 说走就走", "{city}慢时光", "一个人的{city}旅行", "带着爸妈去{city}"],
    "festival": ["中秋快乐 · 月圆人团圆", "端午节 · 粽情粽意", "春节拜年 · 羊年大吉",
                 "母亲节 · 妈妈我爱您", "七夕 · 只想和你在一起"],
    "promotion": ["{co}品牌故事", "{co}新品上市", "{co}会员招募中", "{co}双十一狂欢提前看"],
    "meeting": ["{co}行业峰会邀请函", "{co}新品发布会", "{co}用户沙龙 · 第{n}期", "{co}公开课报名"],
}


def fill(text, rng):
    return text.format(
        m=rng.choice(MALE), f=rng.choice(FEMALE), city=rng.choice(CITIES), hotel=rng.choice(HOTELS),
        street=rng.choice(STREETS), co=rng.choice(COMPANIES), mo=rng.randint(1, 12),
        d=rng.randint(1, 28), n=rng.randint(2, 30))


def stamp(moment):
    return moment.strftime("%Y-%m-%d %H:%M:%S")


def hex_token(rng):
    return "".join(rng.choice("0123456789abcdef") for _ in range(32))


def record(method, url, body, request_body=None, request_headers=None, page=None):
    envelope = {"code": 200, "msg": "ok", "data": body}
    if page is not None:
        envelope["page"] = page
    request = {"method": method, "url": url}
    if request_headers is not None:
        request["headers"] = request_headers
    if request_body is not None:
        request["body"] = request_body
    return {"request": request, "response": {"status": 200, "headers": JSON_HEADERS, "body": envelope}}


def page_object(index, size, total):
    return {"index": index, "size": size, "total": total, "hasMore": index * size < total}


def paged(items, url, extra=""):
    """Captured GET pages of a list, newest or first item first, pageSize 20."""
    records = []
    pages = max(1, (len(items) + PAGE_SIZE - 1) // PAGE_SIZE)
    for index in range(1, pages + 1):
        chunk = items[(index - 1) * PAGE_SIZE:index * PAGE_SIZE]
        query = f"{extra}page={index}&pageSize={PAGE_SIZE}"
        records.append(record("GET", f"{url}?{query}", chunk, page=page_object(index, PAGE_SIZE, len(items))))
    return records


# The account the unchanged QT client logs in with (QT `LoginVC.m`; WIRE.md section 1.7): its
# password is the literal ciphertext QT sends, and its uid is the one of QT's bundled `data.json`.
QT_ACCOUNT = {
    "uid": 1999139, "email": "250176996@qq.com", "password": "bnfSJ27JLq/CCnUHH68YQg==",
    "username": "maka1999139", "nickname": "我的MAKA", "city": "广州", "province": "广东",
    "company": "广州趣图网络科技有限公司", "truename": "陈晓琳", "mobile": "13824561379", "industry": "互联网",
    "createTime": "2015-02-14 20:15:00",
    "accountBalance": 30, "level": 1, "templateNumber": 2,
}

PROVINCES = {"北京": "北京", "上海": "上海", "广州": "广东", "杭州": "浙江", "成都": "四川", "西安": "陕西",
             "深圳": "广东", "南京": "江苏", "厦门": "福建", "青岛": "山东", "武汉": "湖北", "长沙": "湖南",
             "苏州": "江苏", "重庆": "重庆"}
INDUSTRIES = ["互联网", "婚庆", "教育", "餐饮", "广告设计", "零售", "人力资源", "旅游"]


def user_answer(user, token):
    """The register/login `data` (WIRE.md section 4.4): the owner's User at the top level plus
    the token; text fields "" when unset, no null anywhere."""
    data = {key: user.get(key, "") for key in
            ("uid", "username", "nickname", "thumb", "company", "province", "city", "industry")}
    data["level"] = user.get("level", 0)
    data["templateNumber"] = user.get("templateNumber", 0)
    data.update({"createTime": user["createTime"], "email": user["email"], "mobile": user.get("mobile", ""), "truename": user.get("truename", "")})
    data["accountBalance"] = data["acountBalance"] = user.get("accountBalance", 0)
    data["token"] = token
    return data


def make_users():
    users, records = [], []
    start = datetime(2015, 3, 2, 9, 0, 0)
    for offset, (email, password, nickname, gender, city, signature) in enumerate(USERS):
        uid = 10001 + offset
        created = start + timedelta(days=offset * 3, minutes=RNG.randint(0, 600))
        user = {
            "uid": uid, "username": email.split("@")[0], "nickname": nickname,
            "thumb": f"{IMG}/avatar/2015/{uid}.jpg", "province": PROVINCES[city],
            "industry": INDUSTRIES[offset % len(INDUSTRIES)],
            "city": city, "createTime": stamp(created), "email": email,
        }
        users.append(user)
        body = urlencode({"email": email, "password": password})
        records.append(record("POST", "/app/user/register", user_answer(user, hex_token(RNG)),
                              request_body=body, request_headers=FORM))
    qt = dict(QT_ACCOUNT, thumb=f"http://img1.maka.im/user/{QT_ACCOUNT['uid']}/avatar.jpeg")
    body = urlencode({"email": qt["email"], "password": qt["password"]})
    records.append(record("POST", "/app/user/register", user_answer(qt, "5e0c1a7d2b9f4e6c8a3d1f0b7c2e9a45"),
                          request_body=body, request_headers=FORM))
    return users, records


def num(value):
    """Maka's documents write their numbers as text (QT `data.json`: "640.000000")."""
    return f"{value:.6f}"


ENTRANCES = ["moveDown", "moveUp", "fadeIn", "zoomIn", "moveLeft", "bounceIn"]
PAGE_EFFECTS = [("cubedown", "pt-page-rotateCubeTopIn"), ("slideup", "pt-page-moveFromBottom"),
                ("fade", "pt-page-fadeIn")]


def picture_id(rng):
    return "".join(rng.choice("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(20))


def make_element(index, kind, text, template_id, page_no, rng):
    """An element of Maka's page format (WIRE.md section 4.2): numbers as text except
    animationVersion and the delays inside elementAnimations; four booleans."""
    width, height = rng.randrange(120, 520, 10), rng.randrange(40, 360, 10)
    show, speed, delay = rng.choice(ENTRANCES), rng.choice(["0.6", "0.8", "1", "1.25"]), round(rng.random() * 1.5, 1)
    element = {"type": kind, "left": num(rng.randrange(0, 200, 10)), "top": num(rng.randrange(40, 900, 20)),
               "w": num(width), "h": num(height), "rotate": rng.choice(["0", "0", "0", "-5", "5"]),
               "opacity": rng.choice(["1", "1", "0.9", "0.8"]), "key": str(index), "delay": str(delay),
               "speed": speed, "show": show, "height": num(height), "borderradius": "0",
               "elementAnimations": {"animation_in": {"show": show, "speed": speed, "delay": delay},
                                     "animation_on": {"delay": 0}},
               "animationVersion": 2, "editable": True, "udl": False, "fontbold": False, "fontitalic": False}
    if kind == "ptext":
        element.update({"con": f"<div>{text}</div>", "ftcolor": rng.choice(["#333333", "#C0392B", "#FFFFFF", "#8D6E63"]),
                        "ftsize": str(rng.choice([14, 16, 18, 20, 24, 28, 32])), "bgcolor": "",
                        "lineheight": "1.5", "textalign": rng.choice(["left", "center", "center", "right"]),
                        "textvalign": "top", "prepara": "0", "afterpara": "0", "tl": "0", "boxshadow": "",
                        "version": "2"})
    else:
        element.update({"con": f"http://img1.maka.im/template/{template_id}/p{page_no}_{index}.jpg",
                        "picid": picture_id(rng), "pic_type": "0", "inw": num(width), "inh": "auto",
                        "inleft": num(0), "intop": num(0), "w_h_default": "1", "shape": "", "boxshadow": "",
                        "version": "2"})
    return element


def make_pages(template_id, key, count, rng):
    """Pages of Maka's document format, as `pdata.json` holds them (WIRE.md section 4.2)."""
    pages = []
    for page_no in range(1, count + 1):
        elements = []
        for index in range(1, rng.randint(2, 5) + 1):
            kind = "pic" if rng.random() < 0.35 else "ptext"
            elements.append(make_element(index, kind, fill(rng.choice(PAGE_TEXTS[key]), rng),
                                         template_id, page_no, rng))
        effect, entrance = rng.choice(PAGE_EFFECTS)
        pages.append({"bgpic": f"http://img1.maka.im/template/{template_id}/bg{page_no}.jpg",
                      "bgcolor": rng.choice(COLORS).lower(), "effect": effect, "showeffect": "",
                      "justShoweffect": entrance,
                      "thumbnail": f"http://img1.maka.im/template/{template_id}_capture_{page_no - 1}.jpg",
                      "bgpicwidth": num(640), "bgpicheight": num(1008), "bgpicleft": num(0), "bgpictop": num(0),
                      "opacity": "1", "bgcropx": "0", "bgcropy": "0", "bgcropw": "640", "bgcroph": "1008",
                      "bgscale": "1", "blur": "0", "rotate": "0", "content": elements})
    return pages


# Template ids are the clients' `T_` + 8 characters [0-9A-Z] (WIRE.md section 1.8); QT previews
# T_6QE7W9IW (QT `TemplatePreviewVC.m`), so it is the first one. A separate generator draws the
# ids and the store fields, so the rest of the seeds stay as they were.
STORE_RNG = random.Random(20160919)
ID_CHARACTERS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ"
STYLES = ["简约版", "清新版", "复古版", "手绘版", "高端版", "扁平版", "水彩版", "动感版", "文艺版", "卡通版",
          "大气版", "温馨版", "时尚版", "中国风", "小清新", "轻奢版", "极简版", "炫彩版", "暖色版", "黑金版"]
DESIGNERS = ["MAKA官方", "设计师小鹿", "阿狸工作室", "木木设计", "青柠视觉", "白鲸创意", "糖果设计室", "墨白工作室"]
PRICES = ["0.00", "0.00", "0.00", "1.00", "3.00", "5.00", "9.90", "12.00", "19.90"]
STORE_TEMPLATES_PER_CATEGORY = 43  # 430 in all: FP's literal pageNumber=20 (20 per page) is not empty
# The pages of the store templates beyond each category's first titles come from their own
# generator, so adding them changed nothing else.
DOCUMENT_RNG = random.Random(20161123)


def template_ids(count):
    ids, seen = ["T_6QE7W9IW"], {"T_6QE7W9IW"}
    while len(ids) < count:
        candidate = "T_" + "".join(STORE_RNG.choice(ID_CHARACTERS) for _ in range(8))
        if candidate not in seen:
            seen.add(candidate)
            ids.append(candidate)
    return ids


def store_fields(template_id):
    price = STORE_RNG.choice(PRICES)
    return {"price": price, "discount": "0" if price == "0.00" else STORE_RNG.choice(["0", "0", "8", "9"]),
            "sale_number": str(STORE_RNG.randint(0, 20000) if price != "0.00" else STORE_RNG.randint(200, 90000)),
            "firstImg": f"{IMG}/template/{template_id}/thumb.jpg",
            "QRcodeImg": f"http://img1.maka.im/qrcode/{template_id}.png"}


def work_document(item, key, rng):
    """A template's Work document (WIRE.md section 4.2): its store fields, the share text, and
    its pages in Maka's format as `pdata`."""
    return dict(item, content=item["title"], p_version="2",
                pdata={"json": make_pages(item["id"], key, item["pageCount"], rng), "music": []},
                url=f"http://viewer.maka.im/k/{item['id']}", thumbPosition=[])


def make_templates():
    categories, templates, details = [], [], []
    ids = iter(template_ids(STORE_TEMPLATES_PER_CATEGORY * len(SPECIAL_CATEGORIES)))
    for sort, (name, key) in enumerate(SPECIAL_CATEGORIES, start=1):
        titles = TEMPLATE_TITLES[key]
        for title in titles:
            template_id = next(ids)
            created = datetime(2015, 1, 5) + timedelta(days=RNG.randint(0, 120), minutes=RNG.randint(0, 1400))
            count = RNG.randint(3, 8)
            item = {"id": template_id, "categoryId": sort, "title": title,
                    "thumb": f"{IMG}/template/{template_id}/thumb.jpg", "pageCount": count,
                    "useCount": RNG.randint(200, 60000), "author": "MAKA官方", "createTime": stamp(created)}
            item.update(store_fields(template_id))
            templates.append(item)
            details.append(work_document(item, key, RNG))
        for number in range(STORE_TEMPLATES_PER_CATEGORY - len(titles)):
            template_id = next(ids)
            title = f"{titles[number % len(titles)]} · {STYLES[number % len(STYLES)]}"
            created = datetime(2015, 6, 1) + timedelta(days=STORE_RNG.randint(0, 450), minutes=STORE_RNG.randint(0, 1400))
            item = {"id": template_id, "categoryId": sort, "title": title,
                    "thumb": f"{IMG}/template/{template_id}/thumb.jpg", "pageCount": STORE_RNG.randint(3, 8),
                    "useCount": STORE_RNG.randint(50, 30000), "author": STORE_RNG.choice(DESIGNERS),
                    "createTime": stamp(created)}
            item.update(store_fields(template_id))
            templates.append(item)
            details.append(work_document(item, key, DOCUMENT_RNG))
        categories.append({"id": sort, "name": name, "icon": f"{IMG}/category/{key}.png",
                           "sort": sort, "templateCount": STORE_TEMPLATES_PER_CATEGORY})
    templates.sort(key=lambda template: template["id"])  # the order /app/templates answers
    return categories, templates, details


PICTURE_RNG = random.Random(20160921)


def make_pictures():
    """Pictures with the clients' 20-character ids (WIRE.md section 1.8), listed by id."""
    categories, pictures = [], []
    for sort, (name, key) in enumerate(PICTURE_CATEGORIES, start=1):
        count = RNG.randint(16, 30)
        members = []
        for number in range(count):
            picture_key = picture_id(PICTURE_RNG)
            width, height = RNG.choice([(640, 1008), (640, 640), (800, 600), (1080, 1920), (750, 1334)])
            members.append({"id": picture_key, "categoryId": sort,
                            "title": f"{RNG.choice(PICTURE_NAMES[key])}{number + 1:02d}",
                            "url": f"http://img1.maka.im/pictures/{key}/{picture_key}.jpg",
                            "thumb": f"http://img1.maka.im/pictures/{key}/{picture_key}_thumb.jpg",
                            "width": width, "height": height})
        members.sort(key=lambda picture: picture["id"])
        pictures += members
        categories.append({"id": sort, "name": name, "cover": members[0]["thumb"], "sort": sort, "pictureCount": count})
    return categories, pictures


EVENT_RNG = random.Random(20160920)


def event_code(seen):
    """An event id as the clients know it: 8 characters [0-9A-Z] (WIRE.md section 1.8)."""
    while True:
        code = "".join(EVENT_RNG.choice(ID_CHARACTERS) for _ in range(8))
        if code not in seen:
            seen.add(code)
            return code


def public_event(code, title, author, tag_id, page_count, moment):
    return {"id": code, "title": title, "firstImgUrl": f"{IMG}/event/2015/{code}/cover.jpg",
            "thumb": f"{IMG}/event/2015/{code}/cover.jpg",
            "author": author["nickname"], "uid": str(author["uid"]),
            "tagId": tag_id, "pageCount": page_count, "publishTime": stamp(moment),
            "url": f"http://viewer.maka.im/k/{code}", "QRcodeImg": f"http://img1.maka.im/qrcode/{code}.png"}


def make_public_events(users):
    tags, events = [], []
    start = datetime(2015, 3, 20, 8, 0, 0)
    for sort, (name, key) in enumerate(TAG_CATEGORIES, start=1):
        tags.append({"id": sort, "name": name, "icon": f"{IMG}/tag/{key}.png", "sort": sort})
    moments = sorted(start + timedelta(minutes=RNG.randint(0, 60 * 24 * 75)) for _ in range(150))
    seen = {"YWEXMMMH"}
    for offset, moment in enumerate(moments):
        tag_id = (offset % len(TAG_CATEGORIES)) + 1 if offset < 40 else RNG.randint(1, len(TAG_CATEGORIES))
        key = TAG_CATEGORIES[tag_id - 1][1]
        author = users[RNG.randint(1, len(users) - 1)] if offset % 9 else users[0]
        RNG.randint(0, 6)  # drawn for the integer ids of earlier seeds; kept so the content stays the same
        events.append(public_event(event_code(seen), fill(RNG.choice(EVENT_TITLES[key]), RNG), author,
                                   tag_id, RNG.randint(3, 8), moment))
    # QT's bundled document (`data.json`): event YWEXMMMH of uid 1999139 (WIRE.md section 1.7).
    qt_author = {"nickname": QT_ACCOUNT["nickname"], "uid": QT_ACCOUNT["uid"]}
    events.append(public_event("YWEXMMMH", "我的MAKA作品", qt_author, 1, 6, datetime(2015, 5, 20, 13, 14, 0)))
    events.sort(key=lambda event: (event["publishTime"], event["id"]), reverse=True)  # newest first
    for tag in tags:
        tag["eventCount"] = sum(1 for event in events if event["tagId"] == tag["id"])
    return tags, events


def make_purchases(templates):
    """What the QT account bought, as QT's `TemplatePreviewVC.m` asks it (WIRE.md section 4.5):
    `buyTemplate/status/{id}` answered true for paid templates, the first of them the one QT
    previews. Free templates are unlocked for everyone and need no purchase."""
    paid = [t["id"] for t in templates if t["price"] != "0.00"]
    bought = ["T_6QE7W9IW"] + [paid[len(paid) // 3], paid[2 * len(paid) // 3]]
    token = "5e0c1a7d2b9f4e6c8a3d1f0b7c2e9a45"
    return [record("GET", f"/app/buyTemplate/status/{template_id}?"
                   + urlencode({"templateId": template_id, "timestamp": 1458616475750, "token": token,
                                "uid": QT_ACCOUNT["uid"]}), {"status": True})
            for template_id in bought]


def write(name, records, compact=False):
    """One file of capture JSON; `compact`: one record per line, no indentation (the documents
    of 430 templates would otherwise be three times as large)."""
    with open(os.path.join(HERE, name), "w", encoding="utf-8") as handle:
        if compact:
            lines = (json.dumps(r, ensure_ascii=False, separators=(",", ":")) for r in records)
            handle.write("[\n" + ",\n".join(lines) + "\n]\n")
        else:
            json.dump(records, handle, ensure_ascii=False, indent=1)
            handle.write("\n")


def main():
    users, register_records = make_users()
    special, templates, details = make_templates()
    picture_categories, pictures = make_pictures()
    tags, events = make_public_events(users)

    write("01-users.json", register_records)
    write("02-special-categories.json", [record("GET", "/app/specialCategories", special)])
    template_pages = paged(templates, "/app/templates")
    for category in special:
        members = [t for t in templates if t["categoryId"] == category["id"]]
        template_pages += paged(members, "/app/templates", f"categoryId={category['id']}&")
    write("03-templates.json", template_pages)
    write("04-template-details.json", [record("GET", f"/app/template/{d['id']}", d) for d in details], compact=True)
    write("05-picture-index.json", [record("GET", "/app/pictureIndex", picture_categories)])
    picture_pages = []
    for category in picture_categories:
        members = [p for p in pictures if p["categoryId"] == category["id"]]
        picture_pages += paged(members, "/app/pictures", f"categoryId={category['id']}&")
    write("06-pictures.json", picture_pages)
    write("07-tag-categories.json", [record("GET", "/app/tagCategories", tags)])
    write("08-public-events.json", paged(events, "/app/publicEvents"))
    write("09-purchases.json", make_purchases(templates))


if __name__ == "__main__":
    main()
