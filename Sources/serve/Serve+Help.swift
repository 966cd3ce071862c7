/// The part of `serve --help` after the flags: the first things people do, and the variables.
extension Serve {
    static let examples = """
        EXAMPLES:
          Start with the bundled seeds (first start imports them into ./mock.sqlite):
            serve
            serve --reset                      # back to the seeds
          Record a real server while the app uses it; the next identical request is local:
            serve --upstream https://api.maka.im --record --record-dir captures/
          Reachable from a phone on the Wi-Fi (IPv4 and IPv6), admin API behind a token:
            serve --host :: --admin-token "$(openssl rand -hex 16)"
          Isolated sessions for parallel UI tests (one seeded copy per name):
            curl -H 'X-Mock-Session: test-1' http://127.0.0.1:8080/app/events
            curl -X POST http://127.0.0.1:8080/__session/test-1/__admin/reset
          Slow and flaky network, repeatable:
            serve --latency 200-1500ms --fault reset,status:503 --fault-rate 0.1 --seed 42
          Configured from the environment (a container, CI), logs for a collector:
            MOCK_PORT=9000 MOCK_DB=/data/mock.sqlite serve --log-format json
        """

    static var discussion: String { examples + "\n\n" + EnvironmentArguments.helpSection }
}
