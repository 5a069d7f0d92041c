import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1 channel with an `EarlyAnswerByteHandler` in front of its decoder and an
/// `EarlyAnswerRequestHandler` in front of its request stream.
package struct HTTP1ChannelWithEarlyAnswers: ServerChildChannel {
    package let channel: HTTP1Channel
    package let answers: [any EarlyAnswerSource]

    package init(channel: HTTP1Channel, answers: [any EarlyAnswerSource]) {
        self.channel = channel
        self.answers = answers
    }

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<HTTP1Channel.Value> {
        self.channel.setup(channel: channel, logger: logger).flatMapThrowing { value in
            // After the state handler, so that its graceful shutdown counts these answers too.
            let pipeline = channel.pipeline.syncOperations
            let state = try pipeline.handler(type: HTTPConnectionStateHandler.self)
            try pipeline.addHandler(EarlyAnswerRequestHandler(answers: answers), position: .after(state))
            let requestGuard = try? pipeline.handler(type: HTTP1RequestGuard.self)
            try pipeline.addHandler(
                EarlyAnswerByteHandler(answers: answers, requestGuard: requestGuard), position: .first)
            return value
        }
    }

    package func handle(value: HTTP1Channel.Value, logger: Logger) async {
        await channel.handle(value: value, logger: logger)
    }
}

extension HTTPServerBuilder {
    /// `.http1(configuration:)`, with what `answers` can answer answered on the event loop.
    package static func http1(
        configuration: HTTP1Channel.Configuration, earlyAnswers answers: [any EarlyAnswerSource]
    )
        -> HTTPServerBuilder
    {
        guard !answers.isEmpty else { return .http1(configuration: configuration) }
        return .init { responder in
            HTTP1ChannelWithEarlyAnswers(
                channel: HTTP1Channel(responder: responder, configuration: configuration), answers: answers)
        }
    }
}
