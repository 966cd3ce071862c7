/// The brand documents built from the stored brand items: a brand's story header and a channel's
/// brands grouped by initial. Brand codes match case-insensitively (`RJKK` is `rjkk`, WIRE.md §1.7).
extension YoufanBrandRepository {
    /// `BrandMb/getAppBrandDetail`'s `data` for a brand code, nil when no channel lists it; the
    /// shape SP's Gson bean binds (`bean/PinPaiStory.java`: `look_num`, `is_love` integers).
    public func story(code: String) throws -> [UInt8]? {
        try database.read { connection in
            try YoufanSQL.fragment("""
                SELECT json_object(
                    'id', json_extract(item, '$.id'), 'temp_id', json_extract(item, '$.id'),
                    'english_name', ifnull(json_extract(item, '$.ename'), ''),
                    'logo_img', ifnull(json_extract(item, '$.logo_img'), ''), 'brand_code', brand_code,
                    'ename', ifnull(json_extract(item, '$.ename'), ''), 'cname', ifnull(json_extract(item, '$.cname'), ''),
                    'first_letter', ifnull(json_extract(item, '$.first_letter'), ''),
                    'pic_img', ifnull(json_extract(item, '$.img'), ''), 'story', ifnull(json_extract(item, '$.story'), ''),
                    'look_num', CAST(ifnull(json_extract(item, '$.look_num'), 0) AS INTEGER), 'brandStoryUrl', '',
                    'youfan_img', ifnull(json_extract(item, '$.product_brand_img'), ''),
                    'little_img', ifnull(json_extract(item, '$.logo_img'), ''),
                    'story_img', ifnull(json_extract(item, '$.img'), ''), 'is_love', 0, 'tab', json('[]'))
                FROM youfan_brands WHERE lower(brand_code) = lower(?) ORDER BY cid, position LIMIT 1
                """, [.text(code)], in: connection)
        }
    }

    /// `BrandMb/getAppBrandListWithSort`'s `data`: a channel's brands grouped by initial,
    /// `[{sortString, brandInfo: [{id, brand_code, branD_NAME, cname, ename, first_letter, logO_URL}]}]`
    /// (RH `DataBean.java`, TK `domain/search/brandrequence/BrandInfo.java`), groups in letter order,
    /// brands in list order.
    public func byInitial(cid: Int) throws -> [UInt8] {
        try database.read { connection in
            try YoufanSQL.fragment("""
                SELECT json_group_array(json_object('sortString', letter, 'brandInfo', json(infos))) FROM (
                    SELECT letter, json_group_array(json(info)) AS infos FROM (
                        SELECT upper(substr(ifnull(json_extract(item, '$.first_letter'), brand_code), 1, 1)) AS letter,
                               json_object('id', json_extract(item, '$.id'), 'brand_code', brand_code,
                                           'branD_NAME', ifnull(json_extract(item, '$.ename'), brand_code),
                                           'cname', ifnull(json_extract(item, '$.cname'), ''),
                                           'ename', ifnull(json_extract(item, '$.ename'), ''),
                                           'first_letter', ifnull(json_extract(item, '$.first_letter'), ''),
                                           'logO_URL', ifnull(json_extract(item, '$.logo_img'), '')) AS info
                        FROM youfan_brands WHERE cid = ? ORDER BY letter, position)
                    GROUP BY letter ORDER BY letter)
                """, [SQLValue(cid)], in: connection) ?? Array("[]".utf8)
        }
    }
}
