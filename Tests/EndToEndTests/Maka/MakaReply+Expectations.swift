import Testing
import APIRoutes

/// Checks a business error: HTTP 200, JSON, the expected code, a message naming `word`, null data.
func expectFailure(_ reply: MakaReply, code: Int, mentioning word: String,
                   sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(reply.status == 200, sourceLocation: sourceLocation)
    #expect(reply.contentType == "application/json; charset=utf-8", sourceLocation: sourceLocation)
    #expect(reply.code == code, "\(reply.text)", sourceLocation: sourceLocation)
    #expect(reply.message.contains(word), "\(reply.message)", sourceLocation: sourceLocation)
    #expect(reply.json["data"] != nil, "data is present (as null)", sourceLocation: sourceLocation)
    #expect(reply.data.isNull, sourceLocation: sourceLocation)
}
