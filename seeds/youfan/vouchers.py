"""The demo account's 范票 (`Vouchers/MyselfCouponFilter`, WIRE.md §3.3 vouchers): one captured page.

The official app adds `_platform=1` and the login token to the call (MB
`UI/ViewController/Me/MyShoppingTrolly/SMBRedPacketViewController.m`), so the capture is the demo
account's own; importing it gives that account the vouchers of seeded promotions, two still to use
and one used, so "我的范票" and the checkout's voucher picker start with something to show. `aid`
names the promotion a voucher came from. Fixed content, no randomness.
"""

from urllib.parse import urlencode

from accounts import DEMO_TOKEN
from promotions import FIRST_ID, vouchers_of

# (promotion index, voucher index, status: 1 unused, 3 used)
HELD = [(0, 0, 1), (1, 0, 1), (2, 1, 3)]


def voucher_records():
    rows = []
    for promotion, voucher, status in HELD:
        offer = vouchers_of(promotion)[voucher]
        rows.append({"aid": str(FIRST_ID + promotion), "vouchers": offer["vouchers"], "name": offer["name"],
                     "info": offer["info"], "start_time": offer["use_start_time"], "end_time": offer["use_end_time"],
                     "trigger_type": offer["trigger_type"], "use_rule": "BRAND", "status": status})
    query = [("m", "Vouchers"), ("a", "MyselfCouponFilter"), ("pageIndex", "1"), ("pageSize", "14"),
             ("_platform", "1"), ("token", DEMO_TOKEN)]
    return [{
        "request": {"method": "GET", "url": "/mbfun_server/index.php?%s" % urlencode(query)},
        "response": {"status": 200, "body": {"isSuccess": 1, "message": "", "total": len(rows), "results": rows}},
    }]
