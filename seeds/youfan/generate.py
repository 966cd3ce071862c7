#!/usr/bin/env python3
"""Writes the Youfan (有范儿 / Funwear) seed captures into this folder.

Every record is a captured GET of the ThinkPHP front controller, in the plain capture format of
API.md §5: {"request":{"method":"GET","url":…},"response":{"status":200,"body":{…}}}, with the
envelope {"status":1,"info":"","data":…}. Requests carry the volatile parameters of the iOS or
the Android client, as a proxy would have recorded them.

The content is invented for this project (names of real Chinese labels, made-up products) and
fully deterministic: a fixed random seed, no clock, no network. Python 3, stdlib only:
`python3 seeds/youfan/generate.py` rewrites the *.json files next to this script.
"""

import sys

sys.dont_write_bytecode = True

from accounts import account_records  # noqa: E402  (after the bytecode switch on purpose)
from common import write  # noqa: E402
from community import collocation_records, make_collocations, make_specials, special_records  # noqa: E402
from layouts import config_records, layout_records  # noqa: E402
from messages import message_records  # noqa: E402
from products import (brand_records, comment_records, consult_records, detail_records,  # noqa: E402
                      filter_records, make_brands, make_products, product_records)
from promotions import promotion_records  # noqa: E402
from settings import settings_records  # noqa: E402
from vouchers import voucher_records  # noqa: E402


def main():
    brands = make_brands()
    products = make_products(brands)
    specials = make_specials(products)
    collocations = make_collocations(products)

    write("config.json", config_records())
    write("layouts.json", layout_records(brands, products, specials))
    write("brands.json", brand_records(brands))
    write("products.json", product_records(products))
    write("product-details.json", detail_records(products))
    write("product-filters.json", filter_records(products))
    write("product-consults.json", consult_records(products))
    write("comments.json", comment_records(products))
    write("collocations.json", collocation_records(collocations))
    write("specials.json", special_records(specials))
    write("accounts.json", account_records())
    write("settings.json", settings_records())
    write("promotions.json", promotion_records(brands, products))
    write("messages.json", message_records())
    write("vouchers.json", voucher_records())


if __name__ == "__main__":
    main()
