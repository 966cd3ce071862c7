import Wire

/// The official app's topic screens (WIRE.md §3.2 Topic): topics, their collocations and
/// participants, and "my topics" — the topics of the collocations the caller likes.
extension YoufanDeclarations {
    static let topics: [YoufanDeclaration] = [
        YoufanDeclaration("Topic", "getTopicRandomList", .php, .anyone, [],
                          .custom(writes: false, YoufanTopics.randomList),
                          answer: "`data` = topics as `getTopicList` lists them, `page` from 0, `num` (10) a page"),
        YoufanDeclaration("Topic", "getTopicDetails", .php, .anyone, [.text("tid")],
                          .custom(writes: false, YoufanTopics.details),
                          answer: "`data` = `StopicDetailModel` `{id, name, info, img, big_img, create_time, look_num, allNum, selectNum, partUserCount, partUserList}` (counts are numbers); unknown `tid` → -100"),
        YoufanDeclaration("Topic", "getTopicLayout", .php, .anyone, [],
                          .custom(writes: false, YoufanTopics.layout),
                          answer: "`data` = `[{type \"15\", name, title, config:[topic]}]`, the first ten topics"),
        YoufanDeclaration("Topic", "getCollocationListForTopic", .php, .anyone, [.text("tid"), .text("tab", default: "")],
                          .collocations(.topic("tid", selected: false), paging: .php),
                          answer: "`data` = `[CollocationCard]` of topic `tid` with the viewer's `is_love`; unknown `tid` → -100"),
        YoufanDeclaration("Topic", "getCollocationListForSelectTopic", .php, .anyone, [.text("tid")],
                          .collocations(.topic("tid", selected: true), paging: .php),
                          answer: "`data` = `[CollocationCard]`, the first two of topic `tid` (精选); unknown `tid` → -100"),
        YoufanDeclaration("Topic", "getPartTopicUserList", .php, .anyone, [.text("tid")],
                          .custom(writes: false, YoufanTopics.participantList),
                          answer: "`data` = `[MBOtherUserInfoModel]`: the authors of topic `tid`'s collocations, then who liked them here, latest first"),
        YoufanDeclaration("Topic", "getMyTopic", .php, .signedIn, [], .custom(writes: false, YoufanTopics.mine),
                          answer: "`data` = `SMyTopicHeadModel` `{collCount, commentCount, likeCount, topicCount, userInfo}` (digit strings): the caller's liked topic collocations, their likes, the caller's comments, their topics"),
        YoufanDeclaration("Topic", "MyTopic", .php, .signedIn, [], .custom(writes: false, YoufanTopics.mine),
                          answer: "`data` as `getMyTopic`"),
        YoufanDeclaration("Topic", "getMyTopicList", .php, .signedIn, [], .custom(writes: false, YoufanTopics.myTopics),
                          answer: "`data` = the topics with a collocation the caller likes, as `getTopicList` lists them"),
        YoufanDeclaration("Topic", "getMyCollocationListForTopic", .php, .signedIn, [],
                          .custom(writes: false, YoufanTopics.myCollocations),
                          answer: "`data` = `[CollocationCard]` the caller likes that belong to a topic, newest like first"),
    ]
}
