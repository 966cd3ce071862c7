import CaptureFormats

/// The names of the Youfan request parameters that matter for matching and those that don't.
public enum YoufanParameters {
    /// Client parameters that ride on every call and never change the answer (API.md §4):
    /// iOS sends `_platform, appName, deviceId, osCode, osName, osVersion, token`, Android sends
    /// `source, version, osName, deviceCode, osVersion, osMode, …`. Capture matching ignores them.
    /// `cid` is not among them: it selects the channel.
    public static let volatile: Set<String> = [
        "_platform", "appName", "deviceId", "deviceCode", "osCode", "osName", "osVersion", "osMode",
        "source", "version", "idfa", "token",
    ]

    /// What capture matching ignores for Youfan: `volatile`, under its two front controllers only.
    public static let volatileParameters: VolatileParameters = [
        .init(pathPrefix: shopPath, names: volatile),
        .init(pathPrefix: configPath, names: volatile),
    ]

    /// The front controller of the shop API (`m` + `a` pick the action).
    public static let shopPath = "/mbfun_server/index.php"
    /// The front controller of the app configuration.
    public static let configPath = "/mbfun_config_server/index.php"
}
