import Testing
@testable import Store

@Suite struct MakaEventRepositoryTests {
    let fixture: MakaStoreFixture
    let owner: MakaUser
    let stranger: MakaUser

    init() throws {
        fixture = try MakaStoreFixture()
        owner = try fixture.register("owner@maka.im", nickname: "主人")
        stranger = try fixture.register("stranger@maka.im")
        try fixture.addTags(1...3)
        try fixture.database.write { connection in
            try MakaImport.upsert(MakaTemplate(id: "T_00000101", categoryId: 1, title: "樱花婚礼", thumb: "http://img.maka.im/t/101.jpg",
                                               pageCount: 2, useCount: 7, pages: #"[{"index":1},{"index":2}]"#), in: connection)
        }
    }

    @Test func aDraftFromATemplateCopiesItsPagesAndCoverAndCountsTheUse() throws {
        let event = try fixture.draft(by: owner.uid, title: "我们结婚啦", templateId: "T_00000101")
        #expect(event.status == .draft)
        #expect(event.pages == #"[{"index":1},{"index":2}]"#)
        #expect(event.pageCount == 2)
        #expect(event.firstImgUrl == "http://img.maka.im/t/101.jpg")
        #expect(event.author == "主人")
        #expect(event.publishTime == nil)
        #expect(try fixture.catalog.template(id: "T_00000101")?.useCount == 8)
    }

    @Test func givenPagesAndCoverWinOverTheTemplates() throws {
        let creation = try fixture.events.create(MakaEventDraft(
            uid: owner.uid, title: "t", firstImgUrl: "http://x/c.jpg", templateId: "T_00000101", pages: (json: "[{}]", count: 1)))
        guard case .created(let event) = creation else { Issue.record("not created: \(creation)"); return }
        #expect(event.pages == "[{}]")
        #expect(event.firstImgUrl == "http://x/c.jpg")
    }

    @Test func anUnknownTemplateCreatesNothing() throws {
        #expect(try fixture.events.create(MakaEventDraft(uid: owner.uid, title: "t", templateId: "T_00000999")) == .templateNotFound)
        #expect(try fixture.events.events(ofUser: owner.uid, offset: 0, limit: 20).total == 0)
    }

    @Test func onlyTheOwnerMayUpdateOrPublish() throws {
        let event = try fixture.draft(by: owner.uid, title: "草稿")
        #expect(try fixture.events.update(id: event.id, by: stranger.uid, changes: MakaEventChanges(title: "x")) == .forbidden)
        #expect(try fixture.events.publish(id: event.id, by: stranger.uid) == .forbidden)
        #expect(try fixture.events.update(id: 424242, by: owner.uid, changes: MakaEventChanges(title: "x")) == .notFound)
        #expect(try fixture.events.publish(id: 424242, by: owner.uid) == .notFound)
        #expect(try fixture.events.event(id: event.id)?.title == "草稿")
        #expect(try fixture.feed.page(tagId: nil, index: 1, size: 20).total == 0)
    }

    @Test func updateChangesOnlyTheGivenFields() throws {
        let event = try fixture.draft(by: owner.uid, title: "旧标题", templateId: "T_00000101")
        let outcome = try fixture.events.update(id: event.id, by: owner.uid,
                                                changes: MakaEventChanges(title: "新标题", pages: (json: "[]", count: 0)),
                                                now: "2026-01-01 00:00:00")
        guard case .done(let updated) = outcome else { Issue.record("\(outcome)"); return }
        #expect(updated.title == "新标题")
        #expect(updated.pageCount == 0)
        #expect(updated.firstImgUrl == event.firstImgUrl)
        #expect(updated.updateTime == "2026-01-01 00:00:00")
        #expect(updated.createTime == event.createTime)
    }

    @Test func publishingPutsTheEventOnTopAtOnceAndTwiceIsHarmless() throws {
        try fixture.publish(by: stranger.uid, title: "别人的", tagId: 1, at: "2015-01-01 00:00:00")
        let event = try fixture.draft(by: owner.uid, title: "我的", tagId: 1)
        guard case .done(let published) = try fixture.events.publish(id: event.id, by: owner.uid, now: "2026-05-01 10:00:00") else {
            Issue.record("not published"); return
        }
        #expect(published.status == .published)
        #expect(published.publishTime == "2026-05-01 10:00:00")
        #expect(try fixture.titles(index: 1, size: 20) == ["我的", "别人的"])
        #expect(try fixture.titles(tagId: 1, index: 1, size: 20) == ["我的", "别人的"])
        guard case .done(let again) = try fixture.events.publish(id: event.id, by: owner.uid, now: "2027-01-01 00:00:00") else {
            Issue.record("republish failed"); return
        }
        #expect(again.publishTime == "2026-05-01 10:00:00")
        #expect(try fixture.feed.page(tagId: nil, index: 1, size: 20).total == 2)
    }

    @Test func editingAPublishedEventUpdatesItsFeedItemAndMovesItBetweenTags() throws {
        let first = try fixture.publish(by: owner.uid, title: "一", tagId: 1)
        try fixture.publish(by: owner.uid, title: "二", tagId: 1)
        try fixture.publish(by: owner.uid, title: "三", tagId: 2)
        _ = try fixture.events.update(id: first.id, by: owner.uid, changes: MakaEventChanges(title: "壹", tagId: 2))
        #expect(try fixture.titles(index: 1, size: 20) == ["三", "二", "壹"])
        #expect(try fixture.titles(tagId: 1, index: 1, size: 20) == ["二"])
        #expect(try fixture.titles(tagId: 2, index: 1, size: 20) == ["三", "壹"])
        #expect(try fixture.feed.page(tagId: 2, index: 1, size: 1).total == 2)
        #expect(try fixture.catalog.tagCategories().map(\.eventCount) == [1, 2, 0])
    }

    @Test func publishingWithATagSetsItFirst() throws {
        let event = try fixture.draft(by: owner.uid, title: "带标签")
        _ = try fixture.events.publish(id: event.id, by: owner.uid, tagId: 3)
        #expect(try fixture.titles(tagId: 3, index: 1, size: 20) == ["带标签"])
        #expect(try fixture.events.event(id: event.id)?.tagId == 3)
    }

    @Test func myEventsListsEveryStateNewestFirstWithTheTotal() throws {
        for number in 1...5 { _ = try fixture.draft(by: owner.uid, title: "草稿\(number)") }
        try fixture.publish(by: owner.uid, title: "已发布")
        _ = try fixture.draft(by: stranger.uid, title: "别人的")
        let page = try fixture.events.events(ofUser: owner.uid, offset: 0, limit: 4)
        #expect(page.total == 6)
        #expect(page.events.map(\.title) == ["已发布", "草稿5", "草稿4", "草稿3"])
        #expect(try fixture.events.events(ofUser: owner.uid, offset: 4, limit: 4).events.map(\.title) == ["草稿2", "草稿1"])
    }
}
