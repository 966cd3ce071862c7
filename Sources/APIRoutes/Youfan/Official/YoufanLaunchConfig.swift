import Wire

/// `Config/getNewServerConfig` on the config front controller: the launch configuration the
/// official app fetches first (`Wefafa/AppDelegate.m` `requestServerConfig:`, `CONFIG_SERVER_URL`
/// `…/mbfun_config_server/index.php?m=Config&a=getNewServerConfig&type=1`) and reads as
/// `data.config`. `setRemoteConfig:` ignores a configuration of fewer than ten keys, and
/// otherwise assigns every global from it — a key left out becomes nil — so every key is sent.
/// The server addresses (`PHP_SERVER`, `MBSoaServer`, the SOA gateway, `WX_BEFORE_PAY_URL`, the
/// chat host) name the address the app reached this server on, so one setting in the app brings
/// all its traffic here; the other values are the app's own built-in ones (MB `ModelBase.m`), as
/// empty text where it has none (the share pages), and the payment and SDK keys are empty (there
/// is no Alipay, WeChat, QQ or Umeng account behind a mock).
/// Hand-written: its values come from the request's `Host`, which no declaration can say.
enum YoufanLaunchConfig {
    @Sendable static func answer(_ store: YoufanStore, _ query: YoufanQuery) throws -> JSON {
        guard let origin = query.origin else { throw YoufanFailure.notFound("请求没有 Host") }
        let shop = origin + YoufanParameters.shopPath
        let chatHost = origin.dropFirst("http://".count).split(separator: ":").first.map(String.init) ?? ""
        let members: [(String, String)] = [
            ("DEFAULT_SERVER", origin),
            ("MBSoaServer", origin),
            ("MBH5URL", "http://weixin.bonwe.com/stylist.web/fun/Detail.aspx"),
            ("SOA_SECRET", "eaf77458-a037-42a7-b94a-fd96612f0c12"),
            ("MAIN_SERVICE_SOA_TOKEN_URL", origin),
            ("MAIN_SERVICE_SOA_URL", origin + YoufanGateway.invokePath + "?"),
            ("WEFAFA_PLIST_URL", "https://www.51mb.com/apps/designer/designer.plist"),
            ("SOFTWARECODE", "MB.Designer.App"),
            ("EVMCODE", "MB.Designer.UAT"),
            ("ALIPAYNOTIFYURL", ""),
            ("WORDFONTURL", "http://img.51mb.com:5659/sources/$text_"),
            ("kHttpUrlString", "http://www.mixme.cn/web/im/dialogCustomer"),
            ("kIosKey", "eaf77458-a037-42a7-b94a-fd96612f0c12"),
            ("kInviteCodeUrl", "http://www.funwear.com/youfan/promotion/InvitationCode.aspx?"),
            ("kShareInviteCodeUrl", "http://www.funwear.com/youfan/promotion/InvitationCode.aspx?inviteCodeType=2"),
            ("MBFUN_CHAT_SERVER", chatHost),
            ("MBFUN_CHAT_PORT", "9000"),
            ("CONFIG_URL", shop),
            ("PHP_SERVER", shop),
            ("PHP_SERVER_CONFIG_URLS", shop),
            ("SHARE_URL", origin + "/mbfun_web/wx/?co=%@"),
            ("QQAppID", ""),
            ("QQAppKey", ""),
            ("UMENG_APPKEY", ""),
            ("LAUNCH_VIDEO", "http://7xjir4.com2.z0.glb.qiniucdn.com/welcome.mp4"),
            ("LAUNCH_VIDEO_SNAP", "http://7xjir4.com2.z0.glb.qiniucdn.com/welcome.mp4?vframe/jpg/offset/7/w/375/h/666"),
            ("LAUNCH_IMAGE", "http://metersbonwe.qiniucdn.com/welcome.mp4?vframe/jpg/offset/7/w/375/h/666"),
            ("LAUNCH_IMAGE_JUMP_INFO", "0"),
            ("LAUNCH_DEFAULT_PAGE", "0"),
            ("SIGN_KEY", YoufanAccount.signKey),
            ("SERVER_CDN", "http://metersbonwe.qiniucdn.com/"),
            ("PartnerID", ""),
            ("SellerID", ""),
            ("PartnerPrivKey", ""),
            ("AlipayPubKey", ""),
            ("HTML_ORDER_SUCCESS", "http://www.baidu.com"),
            ("U_SHARE_BRAND_URL", ""),
            ("U_SHARE_TOPIC_URL", ""),
            ("U_SHARE_USER_URL", ""),
            ("PRODUCT_SHARE_URL", ""),
            ("U_ORDER_RETURN_OPEN", "1"),
            ("VERSION_NAME", ""),
            ("VERSION_CODE", "1"),
            ("VERSION_INFO", ""),
            ("IS_FORCE_UPDATE", "0"),
            ("WX_APP_ID", ""),
            ("WX_PARNER_ID", ""),
            ("WX_APY_SINGN_KEY", ""),
            ("WX_BEFORE_PAY_URL", origin + YoufanOrders.paymentPath + "?format=json"),
        ]
        return .object([("config", .object(members.map { ($0.0, JSON.string($0.1)) }))])
    }
}
