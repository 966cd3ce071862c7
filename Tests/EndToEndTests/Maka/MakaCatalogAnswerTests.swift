import Testing
import Wire

/// The category lists of the "create" and "hot" tabs, byte for byte: each answer is exactly the
/// JSON writer's encoding of the tree it holds (compact, members in the documented order, text
/// escaped as everywhere else), and its first item is pinned as the seeded database answers it.
@Suite struct MakaCatalogAnswerTests {
    let server: MakaTestServer
    let client: MakaClient

    init() async throws {
        server = try await MakaTestServer(seeded: true)
        client = MakaClient(server: server)
    }

    @Test(arguments: [
        ("/app/specialCategories", 10, #"{"code":200,"msg":"ok","data":[{"id":1,"name":"婚礼请柬","icon":"http://img1.maka.im/category/wedding.png","sort":1,"templateCount":43},"#),
        ("/app/categoryApp", 10, #"{"code":200,"msg":"ok","data":[{"id":1,"name":"婚礼请柬"},{"id":2,"name":"企业年会"},"#),
        ("/app/pictureIndex", 12, #"{"code":200,"msg":"ok","data":[{"id":1,"name":"花卉","cover":"http://img1.maka.im/pictures/flower/0I89L54I06UFRB43XUI1_thumb.jpg","sort":1,"pictureCount":27},"#),
        ("/app/tagCategories", 10, #"{"code":200,"msg":"ok","data":[{"id":1,"name":"婚礼","icon":"http://img1.maka.im/tag/wedding.png","sort":1,"eventCount":18},"#),
    ])
    func categoryListIsTheWritersEncodingOfItsTree(path: String, count: Int, opening: String) async throws {
        let reply = try await client.get(path)
        #expect(reply.status == 200)
        #expect(reply.items.count == count)
        #expect(reply.text.hasPrefix(opening), "\(reply.text.prefix(300))")
        #expect(Array(reply.body) == reply.json.encoded(), "\(reply.text)")
        #expect(reply.text.hasSuffix("}]}"))
    }
}
