"""The demo account's notices (`Message/getMailList`, WIRE.md §3.2 Message): one captured page.

The official app adds `_platform=1` and the login token to the call, so the capture is the demo
account's own; importing it gives that account unread notices about seeded collocations and
products, and the home badge (`Home/getHomeDeatDetails` `messCount`) starts above zero. `jump_id`
is the collocation a notice opens. Fixed content, no randomness.
"""

from urllib.parse import urlencode

from accounts import DEMO_TOKEN

# (type, title, message, collocation id)
NOTICES = [
    ("1", "欢迎来到有范", "有范体验官你好！这里每天更新达人搭配，先去看看大橙子的工装风吧", "7040"),
    ("1", "你收藏的单品降价了", "木棉集 2016春季新款磨砂手机壳 现在有活动价，搭配灵感见「工装风回归，口袋越多越好」", "7040"),
    ("1", "本周搭配精选", "雨后彩虹：黑白灰永不过时的经典配色，山间经典款飞行员夹克正当季", "7039"),
    ("1", "春日出游灵感", "木子李的春日野餐穿搭上线了：碎花裙配草编包，还有素生复古头戴耳机", "7038"),
]


def message_records():
    rows = [{"type": kind, "title": title, "message": message, "jump_id": jump}
            for kind, title, message, jump in NOTICES]
    query = [("m", "Message"), ("a", "getMailList"), ("page", "0"), ("type", ""), ("_platform", "1"),
             ("token", DEMO_TOKEN)]
    return [{
        "request": {"method": "GET", "url": "/mbfun_server/index.php?%s" % urlencode(query)},
        "response": {"status": 200, "body": {"status": 1, "info": "", "data": rows}},
    }]
