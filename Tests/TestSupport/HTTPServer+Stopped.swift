import HTTPServer

extension HTTPServer {
    /// Returns once the server has stopped, waiting on a thread of its own rather than blocking
    /// the cooperative pool as `waitUntilStopped()` would.
    public func stopped() async {
        await DedicatedThread.run { self.waitUntilStopped() }
    }
}
