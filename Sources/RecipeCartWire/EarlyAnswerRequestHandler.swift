import HTTPTypes
import HummingbirdCore
import NIOCore
import NIOHTTPTypes

/// Sits between Hummingbird's connection state handler and its request stream, and answers there what its
/// `EarlyAnswerSource`s can; every other request goes on to the router. Answers leave in the order their requests
/// came: while the router owes an answer on this connection, every request goes to the router after it. While the
/// connection cannot take more (a client that sends requests and does not read the answers), requests go to the
/// router too, whose writes wait for the client and so stop the reading: answering here regardless had let four such
/// connections grow the server to a gigabyte in seconds.
package final class EarlyAnswerRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPRequestPart
    package typealias InboundOut = HTTPRequestPart
    package typealias OutboundIn = HTTPResponsePart
    package typealias OutboundOut = HTTPResponsePart

    private var answerer: EarlyAnswerSources
    /// Requests passed to the router whose answer has not ended yet.
    private var answersOwedByRouter = 0
    /// The rest of a request answered here is dropped, so the router never sees it.
    private var isDroppingRequest = false

    package init(answers: [any EarlyAnswerSource]) {
        answerer = EarlyAnswerSources(answers: answers)
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let request):
            if answersOwedByRouter == 0, context.channel.isWritable, let (head, body) = answerer.answer(request) {
                isDroppingRequest = true
                context.write(wrapOutboundOut(.head(head)), promise: nil)
                if let body { context.write(wrapOutboundOut(.body(body)), promise: nil) }
                context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                return
            }
            answersOwedByRouter += 1
        case .body:
            if isDroppingRequest { return }
        case .end:
            if isDroppingRequest {
                isDroppingRequest = false
                return
            }
        }
        context.fireChannelRead(data)
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        // A parse error's 400 is an answer the router writes for no request passed to it.
        if case .end = unwrapOutboundIn(data) { answersOwedByRouter = max(0, answersOwedByRouter - 1) }
        context.write(data, promise: promise)
    }
}
