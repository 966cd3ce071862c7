/// Someone who takes part in a topic: an author of one of its collocations, or a user who liked one.
struct YoufanTopicParticipant: Sendable {
    let userID: String
    let nickName: String
    let headImage: String
}
