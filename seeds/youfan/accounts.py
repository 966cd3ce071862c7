"""The demo account of the official app (WIRE.md §3.1): one captured `User/login`.

The app signs `md5(account + "-" + SIGN_KEY + "-" + user id)` with its built-in SIGN_KEY and sends
the SOA user record as `json`; the server answered a token as `data`. Importing the capture creates
the user and that token, so the demo account works at once with the token below, and a fresh
`User/login` with the same account, record and sign gets a new one.
"""

import hashlib
import json

from common import record

SIGN_KEY = "7def8c7b4f8b6cbefbdd8bc13d1441d3"
DEMO_ACCOUNT = "13800138000"
DEMO_USER_ID = "10000001"
DEMO_NICKNAME = "有范体验官"
DEMO_TOKEN = hashlib.md5(b"youfan-demo-account-token").hexdigest()


def sign(account, user_id):
    return hashlib.md5(("%s-%s-%s" % (account, SIGN_KEY, user_id)).encode()).hexdigest()


def account_records():
    profile = {"id": DEMO_USER_ID, "nickName": DEMO_NICKNAME,
               "headPortrait": "http://img.funwear.com/avatar/demo.jpg", "phoneNumber": DEMO_ACCOUNT,
               "versionName": "3.2.1"}
    params = [("account", DEMO_ACCOUNT), ("pwd", "MTIzNDU2"),
              ("json", json.dumps(profile, ensure_ascii=False, separators=(",", ":"))),
              ("sign", sign(DEMO_ACCOUNT, DEMO_USER_ID))]
    return [record("User", "login", params, DEMO_TOKEN)]
