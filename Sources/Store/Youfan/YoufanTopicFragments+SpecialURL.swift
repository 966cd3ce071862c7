extension YoufanTopicFragments {
    /// The members of a special a topic or a banner of the earlier generation's layouts shows
    /// (`Home/getAppLayoutInfo` opens the special's `url`).
    static let specialBannerMembers = ["id", "title", "img", "url"]

    /// youfan.018: a special's `topic_json` holds its `url` too, so that the old home and
    /// classify layouts read their banners from the fragments instead of parsing the page's
    /// whole specials (~930 bytes each, ~0.6M instructions for the home's eight); the topics
    /// read the same fragment and do not read the `url`. The triggers of youfan.016 are made
    /// again with the longer list, and every row's fragment with them.
    static let specialURLMigration = Migration("youfan.018-special-fragments-url", sql: """
        DROP TRIGGER youfan_specials_topic_on_insert;
        DROP TRIGGER youfan_specials_topic_on_update;
        \(kept("topic", of: "youfan_specials", members: specialBannerMembers))
        """)
}
