import APIRoutes
import Testing
import TestSupport
import Wire

/// Real answers of the earlier API generation's pages, imported through `POST /__admin/import`
/// into a running server, are what the server answers afterwards: `Home/getHotLayoutInfo` and
/// `Topic/getTopicList` per page, `Home/getAppLayoutInfo` per layout and tab (`cid=null` is tab
/// 0), `Product/ProductClsFilter` per product; pages and products not captured stay as built.
@Suite struct YoufanCapturedPagesImportTests {
    static let hotPage = #"""
        [{"type":"9","name":"热门滚动图","title":"","config":[{"id":"318","type":"1001","index":"1","img":"http://img.funwear.com/topic/318.jpg","img_width":"750","img_height":"344","jump_id":"318","end_time":"3015-01-04 10:28:02","jump_type":"4","name":"爱匡威","is_h5":"0","url":"0","tid":"77","share":"0"}]},
         {"type":"15","name":"热门话题","title":"","config":[{"id":"77","name":"爱匡威","info":"匡威帆布鞋的一百种穿法","img":"http://img.funwear.com/topic/77.jpg","create_time":"2016-03-18 10:00:00","obl":"","tag":"","top_index":"1","look_num":2316,"collocation_count":"4","collocation_list":[{"id":"7001","img":"http://img.funwear.com/c/7001.jpg","img_width":"640","img_height":"853","stick_img_url":"","video_url":""},{"id":"7002","img":"http://img.funwear.com/c/7002.jpg","img_width":"640","img_height":"853","stick_img_url":"","video_url":""},{"id":"7003","img":"http://img.funwear.com/c/7003.jpg","img_width":"640","img_height":"853","stick_img_url":"","video_url":""},{"id":"7004","img":"http://img.funwear.com/c/7004.jpg","img_width":"640","img_height":"853","stick_img_url":"","video_url":""}]}]}]
        """#
    static let topics = #"""
        [{"id":"77","obl":"","top_index":"1","tag":"","name":"爱匡威","create_time":"2016-03-18 10:00:00","img":"http://img.funwear.com/topic/77.jpg","collocation_list":[{"id":"7001","stick_img_url":"","video_url":"","img":"http://img.funwear.com/c/7001.jpg","img_height":"853","img_width":"640"}],"collocation_count":"4","info":"匡威帆布鞋的一百种穿法"}]
        """#
    static let classify = #"""
        [{"type":"9","name":"分类顶部滚动图","title":"","config":[{"id":"15563","type":"1001","index":"1","img":"http://img.funwear.com/s/15563.jpg","img_width":"750","img_height":"344","jump_id":"15563","end_time":"3015-01-04 10:28:02","jump_type":"1","name":"LAB","is_h5":"1","url":"http://m.funwear.com/wx-sp/special-insp.html?p=15563","tid":"15563","share":"1"}]},
         {"type":"10","name":"热门品牌","title":"","config":[{"id":"27","brand_code":"TP35","temp_id":"27","ename":"ADIDAS ORIGINALS","logo_img":"http://img.funwear.com/brand/tp35.png"}]},
         {"type":"99999","name":"间隔","title":"间隔","config":[{"img_width":"750","img_height":"16"}]},
         {"type":"11","name":"热门品类","title":"","config":[{"url":"http://img.funwear.com/cate/20.jpg","id":"20","index":"1","info":"男上装","name":"男上装","temp_id":"20","type":"2"}]}]
        """#
    static let header = #"""
        [{"clsInfo":{"id":"75278","code":"885906","marketTime":"2015-12-29 13:46:02","status":2,"stockCount":8,"statusname":"待售","sale_price":"565.000000","description":"adidas Originals 三叶草 Superstar","favoriteCount":92,"name":"贝壳头板鞋","price":"869.000000","brand":"ADIDAS ORIGINALS","brandUrl":"http://img.funwear.com/brand/tp35.png","branD_ID":"TP35","mainImage":"http://img.funwear.com/p/885906.jpg","showName":"ADIDAS ORIGINALS 贝壳头板鞋"},"isFavorite":false,"commonCountTotal":{"sourceID":0,"commentCount":5,"countScore":21,"browserCount":1619,"sharedCount":0,"favoritCount":92,"percent":"84%","avgComment":4,"avgCommentNew":"4.2","saleQty":15,"procodeCount":21,"collocationCount":0},"colorList":[{"code":"01","name":"白/金","picurl":"http://img.funwear.com/p/885906_01.jpg"}],"specList":[{"code":"268","name":"39"}],"proPicUrl":[],"clsPicUrl":[],"activity":[]}]
        """#

    static func exchange(_ url: String, data: String, soa: Bool = false) -> String {
        let body = soa ? #"{"isSuccess":1,"message":"","total":1,"results":\#(data)}"# : #"{"status":1,"info":"","data":\#(data)}"#
        return #"{"request":{"method":"GET","url":"\#(url)"},"response":{"status":200,"body":\#(body)}}"#
    }

    @Test func importedPagesAreAnsweredAsCaptured() async throws {
        let directory = try TemporaryDirectory("youfan-captured-pages")
        let server = try await AssembledServer.start(MockServerConfiguration(databasePath: directory.path("mock.sqlite")))
        let shop = "/mbfun_server/index.php?"
        func get(_ query: String) async throws -> JSON {
            let response = try await RawHTTPClient.exchangeUntilClose(port: server.port, "GET", shop + query)
            #expect(response.status == 200, "\(query)")
            return try JSON.parse(response.body)
        }
        let capturedHotPage = try JSON.parse(Array(Self.hotPage.utf8))
        #expect(try await get("m=Home&a=getHotLayoutInfo")["data"] != capturedHotPage)
        #expect(try await get("m=Product&a=ProductClsFilter&IDS=885906")["isSuccess"] == 0)

        let captures = "[" + [
            Self.exchange(shop + "m=Home&a=getHotLayoutInfo&page=0", data: Self.hotPage),
            Self.exchange(shop + "m=Topic&a=getTopicList&page=0&token=", data: Self.topics),
            Self.exchange(shop + "m=Home&a=getAppLayoutInfo&id=2&cid=null", data: Self.classify),
            Self.exchange(shop + "m=Product&a=ProductClsFilter&IDS=885906", data: Self.header, soa: true),
        ].joined(separator: ",") + "]"
        let imported = try await RawHTTPClient.exchangeUntilClose(port: server.port, "POST", "/__admin/import",
                                                                  headers: [("Content-Type", "application/json")],
                                                                  body: Array(captures.utf8))
        #expect(imported.status == 200)

        // As GF asks: no page, cid=null, IDS; the captured data comes back as captured.
        #expect(try await get("m=Home&a=getHotLayoutInfo")["data"] == capturedHotPage)
        #expect(try await get("m=Topic&a=getTopicList&page=0")["data"] == JSON.parse(Array(Self.topics.utf8)))
        #expect(try await get("m=Home&a=getAppLayoutInfo&id=2&cid=null")["data"] == JSON.parse(Array(Self.classify.utf8)))
        #expect(try await get("m=Home&a=getAppLayoutInfo&id=2&cid=0")["data"] == JSON.parse(Array(Self.classify.utf8)))
        let header = try await get("m=Product&a=ProductClsFilter&IDS=885906")
        let capturedHeader = try JSON.parse(Array(Self.header.utf8))
        #expect(header["isSuccess"] == 1 && header["total"] == 1 && header["results"] == capturedHeader)

        // What was not captured is still built (and, with nothing else stored, empty).
        #expect(try await get("m=Home&a=getHotLayoutInfo&page=1")["data"] == [])
        #expect(try await get("m=Home&a=getAppLayoutInfo&id=2&cid=3")["status"] == 1)
        await server.stop()
        directory.remove()
    }
}
