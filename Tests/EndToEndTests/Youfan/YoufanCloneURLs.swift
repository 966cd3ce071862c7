// The literal URLs of the Android clones, copied verbatim from their constants (the
// citation of each enum): the clones send these strings, or a prefix + an id + a suffix, to
// OkHttp unchanged, device parameters, junk and stray spaces included.

/// TK `tpkeeper/youfan` `app/src/main/java/com/tk/youfan/utils/UrlContants.java` (`lowerCamel` of each constant).
enum TKURLs {
    static let homeMen = "http://api.funwear.com/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=1&deviceCode=ffffffff-a66b-bc18-95f9-8e737e716946&osCode=android&osVersion=19&deviceId=ffffffff-a66b-bc18-95f9-8e737e716946&token=&source=android&version=v4.2.2&osName=SM-G3818&appName=youfanguanfang"
    static let homeWomen = "http://api.funwear.com/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=2&deviceCode=00000000-6469-5d7a-ffff-ffff99d603a9&osCode=android&osVersion=19&deviceId=00000000-6469-5d7a-ffff-ffff99d603a9&token=&source=android&version=v4.2.2&osName=HTC+M8t&appName=youfanguanfang"
    static let homeLife = "http://api.funwear.com/mbfun_server/index.php?m=Home&a=getAppLayoutV2&page=home&cid=4&deviceCode=ffffffff-9cfa-8168-da21-d7df12092d03&osCode=android&osVersion=19&deviceId=ffffffff-9cfa-8168-da21-d7df12092d03&token=&source=android&version=v4.2.1&osName=HM+2A&appName=youfanguanfang"
    static let homecashManMore = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=getRecommendList&osCode=android&lKey=homeMen&cid=1&pageIndex=3&osVersion=19&deviceId=ffffffff-a66b-bc18-95f9-8e737e716946&token=&source=android&version=v4.2.2&osName=SM-G3818&pageSize=20&appName=youfanguanfang&product_sys_code="
    static let kindPinleiMan = "http://api.funwear.com/mbfun_server/index.php?m=Category&a=getCategoryList&cid=1&osCode=android&osVersion=19&deviceId=ffffffff-a66b-bc18-95f9-8e737e716946&token=&source=android&version=v4.2.2&osName=SM-G3818&appName=youfanguanfang"
    static let kindPinleiWoman = "http://api.funwear.com/mbfun_server/index.php?m=Category&a=getCategoryList&cid=2&osVersion=23&appName=youfanguanfang&source=android&osName=SM-C7000&version=v4.2.2&deviceId=00000000-692b-6411-ffff-ffffc905313a&token=80454872de770ff363de91ef688ab634&osCode=android"
    static let kindPinleiLife = "http://api.funwear.com/mbfun_server/index.php?m=Category&a=getCategoryList&cid=4&osCode=android&osVersion=19&deviceId=00000000-3723-aff8-ffff-ffff9e701acc&token=&source=android&version=v4.2.2&osName=VPhone&appName=youfanguanfang"
    static let kindPinpaiMan = "http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=0&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&source=android&version=v4.2.5&osName=genymotion4.2.2&pageSize=45&appName=youfanguanfang"
    static let kindPinpaiWoman = "http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&osVersion=23&pageIndex=0&appName=youfanguanfang&pageSize=45&source=android&osName=SM-C7000&version=v4.2.2&deviceId=00000000-692b-6411-ffff-ffffc905313a&cid=2&token=80454872de770ff363de91ef688ab634&osCode=android"
    static let kindPinpaiLife = "http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&osCode=android&cid=4&pageIndex=0&osVersion=19&deviceId=00000000-3723-aff8-ffff-ffff9e701acc&token=&source=android&version=v4.2.2&osName=VPhone&pageSize=45&appName=youfanguanfang"
    static let lg1 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=0"
    static let lg2 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=101"
    static let lg3 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=103"
    static let lg4 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1 &aid=95"
    static let lg5 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1& aid=2245"
    static let lg6 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=96"
    static let lg7 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=99"
    static let lg8 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&source=android&version=v4.2.5&osName=genymotion4.2.2&appName=youfanguanfang&aid=104"
    static let sortBrandBlackLife = "http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandListWithSort&osCode=android&cid=4&pageIndex=0&osVersion=19&deviceId=00000000-3723-aff8-ffff-ffff9e701acc&token=&source=android&version=v4.2.2&osName=VPhone&pageSize=45&appName=youfanguanfang%E2%80%99"
    static let brandStoryPre = "http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandDetail&brandCode="
    static let brandStoryTail = "&cid=1&osMode=genymotion4.2.2&osCode=android&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&source=android&version=v4.2.5&osName=genymotion4.2.2&appName=youfanguanfang"
    static let branddetailPre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductClsCommonSearchFilter&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=1&useNewSearchEngine=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&version=v4.2.5&CategoryId=1&osName=genymotion4.2.2&source=android&sortInfo=%7B%22desc%22%3A0%2C%22sortField%22%3A3%7D&brandCode="
    static let branddetailPricePre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductClsCommonSearchFilter&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=1&useNewSearchEngine=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&version=v4.2.5&CategoryId=1&osName=genymotion4.2.2&source=android&sortInfo=%7B%22desc%22%3A0%2C%22sortField%22%3A1%7D&brandCode="
    static let branddetailTail = "&inStock=1&pageSize=20&appName=youfanguanfang"
    static let pinleiNewPre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductClsCommonSearchFilter&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=1&useNewSearchEngine=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&version=v4.2.5&CategoryId="
    static let pinleiNewTail = "&osName=genymotion4.2.2&source=android&sortInfo=%7B%22desc%22%3A0%2C%22sortField%22%3A3%7D&inStock=1&pageSize=20&appName=youfanguanfang"
    static let pinleiHotSalePre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductClsCommonSearchFilter&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=1&useNewSearchEngine=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&version=v4.2.5&CategoryId="
    static let pinleiHotSaleTail = "&osName=genymotion4.2.2&source=android&sortInfo=%7B%22desc%22%3A0%2C%22sortField%22%3A2%7D&inStock=1&pageSize=20&appName=youfanguanfang"
    static let pinleiPricePre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductClsCommonSearchFilter&osMode=genymotion4.2.2&osCode=android&cid=1&pageIndex=1&useNewSearchEngine=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&version=v4.2.5&CategoryId="
    static let pinleiPriceTail = "&osName=genymotion4.2.2&source=android&sortInfo=%7B%22desc%22%3A0%2C%22sortField%22%3A1%7D&inStock=1&pageSize=20&appName=youfanguanfang"
    static let goodsDetailPre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=getProductDetails&code="
    static let goodsDetailTail = "&osVersion=21&osMode=M353&appName=youfanguanfang&source=android&osName=M353&version=v4.2.5&deviceToken=00000000-7267-e961-21c8-725162cce401&token=395d4f778969d0f1258b33f66656dc2a&osCode=android&cid=1"
    static let goodsDetailSelectPre = "http://api.funwear.com/mbfun_server/index.php?m=Product&a=ProductFilter&osMode=genymotion4.2.2&osCode=android&cid=1&osVersion=17&deviceId=ffffffff-e6e7-d772-ffff-ffff99d603a9&token=395d4f778969d0f1258b33f66656dc2a&version=v4.2.5&osName=genymotion4.2.2&prodClsIdList="
    static let goodsDetailSelectTail = "&source=android&appName=youfanguanfang"
}

/// SP `spjcanfly/YouFan` `app/src/main/java/com/example/spj/youfan/utils/Constants.java` (`lowerCamel` of each constant);
/// where SP's text is TK's character for character, the TK constant.
enum SPURLs {
    static let homeMen = TKURLs.homeMen
    static let homeWomen = TKURLs.homeWomen
    static let homeLife = TKURLs.homeLife
    static let homecashManMore = TKURLs.homecashManMore
    static let kindPinlei = TKURLs.kindPinleiMan
    static let kindSortsWoman = TKURLs.kindPinleiWoman
    static let kindPinleiLife = TKURLs.kindPinleiLife
    static let kindPinpai = "http://api.funwear.com/mbfun_server/index.php?m=BrandMb&a=getAppBrandList&osVersion=22&pageIndex=0&appName=youfanguanfang&pageSize=45&cid=1"
    static let kindBrandWoman = TKURLs.kindPinpaiWoman
    static let kindPinpaiLife = TKURLs.kindPinpaiLife
    static let lingganZixun = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=1&pageIndex=2&osVersion=19&deviceId=ffffffff-a66b-bc18-95f9-8e737e716946&token=&source=android&version=v4.2.2&osName=SM-G3818&appName=youfanguanfang"
    static let lg1 = TKURLs.lg1
    static let lgMore = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex="
    static let lg2 = TKURLs.lg2
    static let lg3 = TKURLs.lg3
    static let lg4 = TKURLs.lg4
    static let lg6 = TKURLs.lg5
    static let lg9 = TKURLs.lg6
    static let lg10 = TKURLs.lg7
    static let lg12 = "http://api.funwear.com/mbfun_server/index.php?m=Special&a=getSpecialListForInsp&osCode=android&cid=4&pageIndex=1&aid=104"
    static let brandStoryPre = TKURLs.brandStoryPre
    static let branddetailPre = TKURLs.branddetailPre
    static let branddetailPricePre = TKURLs.branddetailPricePre
    static let branddetailTail = TKURLs.branddetailTail
    static let pinleiNewPre = TKURLs.pinleiNewPre
    static let pinleiNewTail = TKURLs.pinleiNewTail
    static let pinleiHotSalePre = TKURLs.pinleiHotSalePre
    static let pinleiHotSaleTail = TKURLs.pinleiHotSaleTail
    static let pinleiPricePre = TKURLs.pinleiPricePre
    static let pinleiPriceTail = TKURLs.pinleiPriceTail
    static let goodsHeader = TKURLs.goodsDetailPre
    static let goodsTail = "&osMode=MI+NOTE+LTE&appName=youfanguanfang&source=android&osName=MI+NOTE+LTE&version=v4.2.5&deviceId=00000000-275a-2797-ffff-ffffc032cf9a&osCode=android&token=&deviceToken=00000000-275a-2797-ffff-ffffc032cf9a&osVersion=23&cid=1"
}
