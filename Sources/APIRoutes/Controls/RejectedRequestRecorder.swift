import HTTPServer
import Store

/// Puts the requests the server refused by itself into the journal, so that a client developer
/// sees a malformed or oversized request there and not only in the access log. Exchanges that
/// reached the application are journaled by `MockControls` and ignored here.
struct RejectedRequestRecorder: ExchangeObserver {
    let journal: Journal
    let observesAnsweredRequests = false

    func exchangeFinished(_ exchange: FinishedExchange) {
        guard exchange.request == nil, let rejection = exchange.rejection else { return }
        let milliseconds = exchange.duration.inMilliseconds
        journal.record(JournalEntry(
            startedAt: exchange.startedAt, client: exchange.remoteAddress, method: "", target: "",
            path: rejection.path ?? "", headers: [], body: [], bodySize: 0, status: exchange.status,
            durationMilliseconds: (milliseconds * 1000).rounded() / 1000, answeredBy: "server",
            rejection: rejection.message))
    }
}
